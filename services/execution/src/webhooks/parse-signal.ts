import { DomainError } from '@app/contracts';
import { MAX_PRICE, MAX_QUANTITY, MAX_SYMBOL_LENGTH, MAX_TICKS, ORDER_TYPES } from './signal';
import type { NamedAction } from '../logs/journalled-action';
import type { BracketLevel, Side, Signal, SignalKind, SignalOrderType } from './signal';

// No `\s*` before `[^{}]*`: the two overlapping runs made a 64 KB `{{   ...` body take seconds (ReDoS).
const PLACEHOLDER = /\{\{[^{}]*\}\}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bad = (message: string): DomainError => new DomainError('VALIDATION_FAILED', message);

/** Deeper JSON is kept as text in the log: TypeORM merges jsonb values recursively and overflows the stack. */
const MAX_LOG_DEPTH = 32;

/** The body as the trade log shows it: the JSON when it parses (and is not absurdly deep), else the raw text. */
export function bodyForLog(raw: string): unknown {
  if (hasNul(raw) || SURROGATE_ESCAPE.test(raw)) {
    return textForLog(raw);
  }
  try {
    const body = JSON.parse(raw.trim()) as unknown;
    // A JSON null would be stored as SQL NULL, which the journal refuses: the text "null" is kept instead.
    return body === null || deeperThan(body, MAX_LOG_DEPTH) ? raw : body;
  } catch {
    return raw;
  }
}

/** Postgres text and jsonb cannot hold U+0000 (the insert fails): a raw NUL or its JSON escape. */
const hasNul = (raw: string): boolean => raw.includes('\u0000') || raw.includes('\\u0000');

/**
 * jsonb refuses a lone surrogate escape (`"\ud800"`, which JSON.parse accepts): such bodies are kept
 * as text. Paired escapes are refused too by this cheap check; the log then shows the raw text.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** The raw body as a text column can store it (NUL and lone surrogates shown as U+FFFD). */
export const textForLog = (raw: string): string => raw.replaceAll('\u0000', '\uFFFD').toWellFormed();

/** Whether a parsed JSON value nests more than `max` levels (iterative: the value may be very deep). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'object' && v !== null) {
      if (depth >= max) {
        return true;
      }
      for (const child of Object.values(v)) {
        stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}

/** What a body the parser refused still says validly: its alert (so the trade log can name it), order type and side. */
export interface PeekedSignal extends NamedAction {
  alertId: string | null;
}

/** The parts of a refused body that can be read as the parser would read them, each null when it cannot; never throws. */
export function peekSignal(raw: string): PeekedSignal {
  let body: unknown;
  try {
    body = JSON.parse(raw.trim());
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { alertId: null, orderType: null, action: null };
  }
  const b = body as Record<string, unknown>;
  const named = (str(b.order_type) ?? '').toLowerCase() as SignalOrderType;
  const orderType = ORDER_TYPES.includes(named) ? named : null;
  let action: Side | null;
  try {
    // Read as the parser reads it; every order type but flatten reads its side alike.
    action = kindOf(orderType ?? 'market', b.action).action;
  } catch {
    action = null;
  }
  return { alertId: alertIdOf(b), orderType, action };
}

/** A body's `alert_id` when it is a well-formed alert id (trimmed), else null. */
const alertIdOf = (b: Record<string, unknown>): string | null => {
  const id = str(b.alert_id);
  return id !== undefined && UUID.test(id) ? id : null;
};

/**
 * Parses a webhook body whatever its content type: TradingView sends text/plain when the message is
 * not valid JSON, numbers often arrive as strings and actions in lower case. Every problem is a
 * VALIDATION_FAILED with a sentence the user can act on.
 */
export function parseSignal(raw: string): Signal {
  const text = raw.trim();
  if (hasNul(text)) {
    throw bad('The alert message contains a NUL character (\\u0000); remove it from the alert message.');
  }
  const placeholder = PLACEHOLDER.exec(text);
  if (placeholder) {
    throw bad(
      `The alert message still contains the TradingView placeholder ${shown(placeholder[0])}: TradingView did not replace it. Check its spelling in the alert message.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bad('The alert message is not valid JSON. Copy the message from the alert page again.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw bad('The alert message must be a JSON object.');
  }
  const b = body as Record<string, unknown>;
  const alertId = alertIdOf(b);
  if (!alertId) {
    throw bad('alert_id is missing or is not a valid alert id.');
  }
  if (absent(b.order_type)) {
    throw bad(`order_type is missing; use one of ${ORDER_TYPES.join(', ')}.`);
  }
  const orderType = (str(b.order_type) ?? '').toLowerCase() as SignalOrderType;
  if (!ORDER_TYPES.includes(orderType)) {
    throw bad(`order_type "${shown(b.order_type)}" is not supported; use one of ${ORDER_TYPES.join(', ')}.`);
  }
  const kind = kindOf(orderType, b.action);
  const quantity = orderType === 'flatten' && b.quantity === undefined ? 1 : parseQuantity(b.quantity);
  const price = b.price === undefined || b.price === null || b.price === '' ? null : parsePrice(b.price, 'price');
  if ((orderType === 'limit' || orderType === 'stop') && price === null) {
    const means = orderType === 'limit' ? 'the limit price' : 'the price that triggers it';
    throw bad(`A ${orderType} order needs a price: set "price" to ${means}.`);
  }
  const takeProfit = level(b.take_profit, 'take_profit');
  const stopLoss = level(b.stop_loss, 'stop_loss');
  checkBrackets(orderType, price, takeProfit, stopLoss);
  return {
    alertId,
    ...kind,
    quantity,
    price,
    symbol: parseSymbol(b.symbol),
    takeProfit,
    stopLoss,
    strategyName: str(b.strategy_name) ?? null,
  };
}

/** The order type with its side. A flatten closes whatever is open: its action may be left out, and then it has none. */
function kindOf(orderType: SignalOrderType, action: unknown): SignalKind {
  return orderType === 'flatten'
    ? { orderType, action: blank(action) ? null : parseSide(action) }
    : { orderType, action: parseSide(action) };
}

function parseSide(value: unknown): Side {
  const a = (str(value) ?? '').toLowerCase();
  if (a === 'buy' || a === 'sell') {
    return a === 'buy' ? 'Buy' : 'Sell';
  }
  if (absent(value)) {
    throw bad('action is missing; use buy or sell.');
  }
  throw bad(`action "${shown(value)}" is not supported; use buy or sell.`);
}

function parseQuantity(value: unknown): number {
  const q = num(value, 'quantity');
  if (!Number.isInteger(q) || q <= 0 || q > MAX_QUANTITY) {
    throw bad(
      `quantity must be a positive whole number of contracts, at most ${upTo(MAX_QUANTITY)} (got ${shown(value)}).`,
    );
  }
  return q;
}

/**
 * Text only: a futures symbol is never a bare number, so `"symbol": 5` is a mistake (an unquoted or wrong
 * placeholder), not a ticker. Absent or empty is null: the alert's mapped contract is used.
 */
function parseSymbol(value: unknown): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string') {
    throw bad(`symbol must be text in quotes, such as "MNQ1!" (got ${shown(value)}).`);
  }
  const symbol = value.trim();
  if (symbol.length > MAX_SYMBOL_LENGTH) {
    throw bad(`symbol must be at most ${MAX_SYMBOL_LENGTH} characters (got "${shown(symbol)}").`);
  }
  return symbol || null;
}

function level(value: unknown, name: string): BracketLevel | null {
  if (value === undefined || value === null) {
    return null;
  }
  const v = typeof value === 'object' ? (value as Record<string, unknown>) : { price: value };
  if (v.ticks !== undefined) {
    const ticks = num(v.ticks, `${name}.ticks`);
    if (!Number.isInteger(ticks) || ticks <= 0 || ticks > MAX_TICKS) {
      throw bad(`${name}.ticks must be a positive whole number, at most ${upTo(MAX_TICKS)} (got ${shown(v.ticks)}).`);
    }
    return { ticks };
  }
  return { price: parsePrice(v.price, `${name}.price`) };
}

/** A price: positive and at most MAX_PRICE (Infinity, from `1e309`, is out of range rather than not a number). */
function parsePrice(value: unknown, name: string): number {
  const n = num(value, name);
  if (!(n > 0 && n <= MAX_PRICE)) {
    throw bad(`${name} must be a positive number, at most ${upTo(MAX_PRICE)} (got ${shown(value)}).`);
  }
  return n;
}

const upTo = (max: number): string => max.toLocaleString('en-US');

function checkBrackets(
  type: SignalOrderType,
  price: number | null,
  tp: BracketLevel | null,
  sl: BracketLevel | null,
): void {
  if (type === 'oso' && !tp && !sl) {
    throw bad('An oso order needs take_profit, stop_loss or both.');
  }
  if (type === 'oco' && (!tp || !sl)) {
    throw bad('An oco order needs both take_profit and stop_loss.');
  }
  const usesTicks = [tp, sl].some((l) => l !== null && 'ticks' in l);
  if (usesTicks && price === null) {
    throw bad('take_profit/stop_loss in ticks need a price to count from.');
  }
}

/** A field left out, null or blank: TradingView sends `""` for a placeholder it had nothing for. */
const absent = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Nothing a side could be read from: absent, or neither a string nor a number. */
const blank = (value: unknown): boolean => str(value) === undefined;

function str(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.trim() || undefined;
  }
  return typeof value === 'number' ? String(value) : undefined;
}

/**
 * A decimal number as TradingView's placeholders write it ("21000.5", "-3", "1e3"). `Number()` alone would
 * also read "0x10" as 16, "0b11" as 3 and "Infinity", which no alert means as a quantity or a price.
 * `\d+(?:\.\d*)?`, not `\d+\.?\d*`: those two runs of digits could split a long one every way (quadratic time, ReDoS;
 * test/security/regex-safety.spec.ts).
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number or a decimal numeric string; ±Infinity (`1e309`) passes, so every caller checks its range. */
function num(value: unknown, name: string): number {
  const text = typeof value === 'string' ? value.trim() : null;
  const n = typeof value === 'number' ? value : text !== null && DECIMAL.test(text) ? Number(text) : NaN;
  if (Number.isNaN(n)) {
    throw bad(`${name} must be a number (got ${shown(value)}).`);
  }
  return n;
}

/**
 * A value quoted in an error message, at most 60 characters. Messages go to the trade log and the
 * reply: they must not grow with the input, and JSON.stringify overflows the stack on deep nesting.
 * Lone surrogates (from an escape in the body, or a pair cut by the truncation) become U+FFFD, as the
 * trade log's jsonb would refuse them.
 */
function shown(value: unknown): string {
  let text: string;
  try {
    // String(): JSON.stringify shows Infinity (`1e309` in the body) as null.
    text =
      typeof value === 'string'
        ? value
        : typeof value === 'number'
          ? String(value)
          : (JSON.stringify(value) ?? 'nothing');
  } catch {
    text = Array.isArray(value) ? 'a deeply nested list' : 'a deeply nested object';
  }
  return (text.length > 60 ? `${text.slice(0, 57)}...` : text).toWellFormed();
}
