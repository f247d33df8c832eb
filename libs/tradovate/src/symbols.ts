// TradingView tickers → Tradovate contract names. Tradovate writes root + month code + ONE year digit
// (MNQZ5); TradingView writes four digits (MNQZ2025), may prefix an exchange (CME_MINI:MNQZ2025), and uses
// continuous symbols (MNQ1!) that must be resolved to a real month (e.g. via contract/suggest).

export const MONTH_CODES = 'FGHJKMNQUVXZ';

const CONTRACT = /^(.+?)([FGHJKMNQUVXZ])(\d{1,4})$/;
const CONTINUOUS = /^([A-Z0-9]+?)(\d)!$/;

/** Drops an exchange prefix and whitespace, upper-cases. */
const bare = (symbol: string): string => {
  const trimmed = symbol.trim().toUpperCase();
  return trimmed.slice(trimmed.lastIndexOf(':') + 1);
};

export interface ContinuousSymbol {
  root: string;
  /** 1 = front month, 2 = the next one... */
  index: number;
}

/** `MNQ1!` → { root: 'MNQ', index: 1 }; anything else → null. */
export function parseContinuousSymbol(symbol: string): ContinuousSymbol | null {
  const match = CONTINUOUS.exec(bare(symbol));
  return match ? { root: match[1], index: Number(match[2]) } : null;
}

export const isContinuousSymbol = (symbol: string): boolean => parseContinuousSymbol(symbol) !== null;

/** `MNQ1!` → 'MNQ'; null when the symbol is not continuous. */
export const continuousRoot = (symbol: string): string | null => parseContinuousSymbol(symbol)?.root ?? null;

/**
 * `MNQZ2025` / `MNQZ25` / `CME_MINI:MNQZ2025` / `mnqz5` → 'MNQZ5'. Continuous symbols and bare roots come
 * back upper-cased without prefix (check `isContinuousSymbol` first and resolve them).
 */
export function toTradovateSymbol(symbol: string): string {
  const s = bare(symbol);
  if (isContinuousSymbol(s)) {
    return s;
  }
  const match = CONTRACT.exec(s);
  if (!match) {
    return s;
  }
  const [, root, month, year] = match;
  return `${root}${month}${year.slice(-1)}`;
}

/** The product root of a contract or continuous symbol: 'MNQZ5' → 'MNQ', 'ES1!' → 'ES', 'MNQ' → 'MNQ'. */
export function symbolRoot(symbol: string): string {
  const s = bare(symbol);
  return parseContinuousSymbol(s)?.root ?? CONTRACT.exec(s)?.[1] ?? s;
}
