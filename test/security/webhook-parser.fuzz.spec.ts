import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DomainError } from '@app/contracts';
import { bodyForLog, parseSignal, peekSignal } from '../../services/execution/src/webhooks/parse-signal';
import {
  MAX_PRICE,
  MAX_QUANTITY,
  MAX_SYMBOL_LENGTH,
  MAX_TICKS,
  ORDER_TYPES,
} from '../../services/execution/src/webhooks/signal';
import type { BracketLevel } from '../../services/execution/src/webhooks/signal';
import { hostileBodyText, prototypePolluted } from '../helpers/hostile-json';

const VALID = {
  alert_id: randomUUID(),
  order_type: 'oso',
  action: 'buy',
  quantity: '2',
  price: '21000.5',
  symbol: 'MNQ1!',
  take_profit: { ticks: 8 },
  stop_loss: { price: 20990 },
  strategy_name: 's',
};

/** Raw webhook bodies: hostile JSON, near-valid signals, and text that is not JSON at all. */
const rawBodies = fc.oneof(
  { weight: 4, arbitrary: hostileBodyText(VALID) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => `{"alert_id":"${VALID.alert_id}",${s}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{{close}}', '{"price": {{close}}}', 'buy MNQ 1', '', ' ', 'null', '[]', '"x"'),
  },
);

const inRange = (l: BracketLevel | null): boolean =>
  l === null ||
  ('ticks' in l
    ? Number.isInteger(l.ticks) && l.ticks > 0 && l.ticks <= MAX_TICKS
    : l.price > 0 && l.price <= MAX_PRICE);

describe(parseSignal.name, () => {
  it('should return a well-formed signal or throw a VALIDATION_FAILED for any body', () => {
    fc.assert(
      fc.property(rawBodies, (raw) => {
        let sut;
        try {
          sut = parseSignal(raw);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          expect((err as DomainError).code).toBe('VALIDATION_FAILED');
          // The message is stored in the trade log and shown to the user: bounded, whatever the input.
          expect((err as DomainError).message.length).toBeLessThan(2_000);
          return;
        }
        expect(Number.isInteger(sut.quantity) && sut.quantity > 0 && sut.quantity <= MAX_QUANTITY).toBe(true);
        expect(sut.price === null || (sut.price > 0 && sut.price <= MAX_PRICE)).toBe(true);
        expect([sut.takeProfit, sut.stopLoss].every(inRange)).toBe(true);
        expect(sut.symbol === null || (typeof sut.symbol === 'string' && sut.symbol.length <= MAX_SYMBOL_LENGTH)).toBe(
          true,
        );
        expect(['Buy', 'Sell']).toContain(sut.action);
        expect(prototypePolluted()).toBe(false);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe(`${parseSignal.name} (pathological bodies)`, () => {
  // Whether its patterns can backtrack catastrophically is proven by regex-safety.spec.ts; here the parser meets
  // the bodies such a pattern would choke on, and must refuse each one with a message.
  it('should refuse any 64 KB body built from a repeated pathological fragment with a VALIDATION_FAILED', () => {
    const fragment = fc.constantFrom('{{', '{{ ', ' ', '{', '[', '"', '\\', '{"a":', '}}', '{{close', 'e1');
    fc.assert(
      fc.property(
        fc.array(fragment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', '{"alert_id":"'),
        (parts, head) => {
          const raw = (head + parts.join('').repeat(64 * 1024)).slice(0, 64 * 1024);

          expect(() => parseSignal(raw)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }) as Error);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe(peekSignal.name, () => {
  it('should never throw, and only return a uuid, an order type and a side the parser accepts, or null', () => {
    fc.assert(
      fc.property(rawBodies, (raw) => {
        const sut = peekSignal(raw);

        expect(sut.alertId === null || /^[0-9a-f-]{36}$/i.test(sut.alertId)).toBe(true);
        expect([null, ...ORDER_TYPES]).toContain(sut.orderType);
        expect([null, 'Buy', 'Sell']).toContain(sut.action);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe(bodyForLog.name, () => {
  const depthOf = (v: unknown): number =>
    typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;

  it('should never throw, and keep absurdly deep JSON as text (the journal could not store it)', () => {
    fc.assert(
      fc.property(rawBodies, (raw) => {
        const sut = bodyForLog(raw);

        expect(typeof sut === 'string' || depthOf(sut) <= 32).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
