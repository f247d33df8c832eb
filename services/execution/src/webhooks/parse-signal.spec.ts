import { randomUUID } from 'node:crypto';
import { DomainError } from '@app/contracts';
import { bodyForLog, parseSignal } from './parse-signal';

const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ alert_id: randomUUID(), order_type: 'market', action: 'buy', quantity: '2', price: '21000.5', symbol: 'MNQ1!', ...over });

const failure = (raw: string): string => {
  try {
    parseSignal(raw);
  } catch (err) {
    return err instanceof DomainError ? `${err.code}: ${err.message}` : 'other';
  }
  return 'none';
};

describe('parseSignal', () => {
  it('should accept string numbers, lower-case actions and trailing whitespace', () => {
    const sut = parseSignal(`${body({ action: ' sell ' })}\n \n`);

    expect(sut).toMatchObject({ action: 'Sell', quantity: 2, price: 21000.5, orderType: 'market', symbol: 'MNQ1!' });
  });

  it('should read brackets in ticks or as prices', () => {
    const sut = parseSignal(body({ order_type: 'OSO', take_profit: { ticks: '20' }, stop_loss: { price: 20990 } }));

    expect(sut).toMatchObject({ orderType: 'oso', takeProfit: { ticks: 20 }, stopLoss: { price: 20990 } });
  });

  it.each([
    ['an unexpanded placeholder', '{"price": {{close}}}', 'placeholder {{close}}'],
    ['malformed JSON', '{"a":', 'not valid JSON'],
    ['a JSON array', '[1]', 'JSON object'],
    ['a missing alert id', body({ alert_id: undefined }), 'alert_id'],
    ['an unknown order type', body({ order_type: 'trailing' }), 'order_type'],
    ['an unknown action', body({ action: 'hold' }), 'action'],
    ['a fractional quantity', body({ quantity: 1.5 }), 'whole number'],
    ['a negative quantity', body({ quantity: '-1' }), 'whole number'],
    ['a stop without price', body({ order_type: 'stop', price: '' }), 'needs a price'],
    ['an oco with one level', body({ order_type: 'oco', take_profit: { ticks: 4 } }), 'both'],
    ['ticks without a price', body({ order_type: 'oso', price: null, stop_loss: { ticks: 4 } }), 'price to count from'],
  ])('should reject %s with a readable detail', (_, raw, text) => {
    const sut = failure(raw);

    expect(sut).toMatch(/^VALIDATION_FAILED: /);
    expect(sut).toContain(text);
  });
});

describe(bodyForLog.name, () => {
  it('should keep a body with a lone surrogate escape as text, which jsonb can store', () => {
    const raw = '{"alert_id":"x","__proto__":"\\ud800"}';

    expect(bodyForLog(raw)).toBe(raw);
  });

  it('should keep a JSON null body as its text (the journal has no room for an absent body)', () => {
    expect(bodyForLog(' null ')).toBe(' null ');
  });

  it('should keep an ordinary JSON body as JSON', () => {
    expect(bodyForLog('{"a":1}')).toEqual({ a: 1 });
  });

  it('should quote a lone surrogate from the body as U+FFFD in its message, which the trade log can store', () => {
    const raw = '{"alert_id":"5a6ab4f9-b2a8-4b96-b453-ac8f43248eec","order_type":"market","quantity":1,"action":"\\ud800"}';

    expect(() => parseSignal(raw)).toThrow('action "\uFFFD" is not supported; use buy or sell.');
  });

  it('should not cut an emoji in half when shortening a quoted value', () => {
    const raw = `{"alert_id":"5a6ab4f9-b2a8-4b96-b453-ac8f43248eec","order_type":"market","quantity":1,"action":"${'a'.repeat(56)}🚀🚀🚀"}`;

    expect(() => parseSignal(raw)).toThrow(`action "${'a'.repeat(56)}\uFFFD..." is not supported; use buy or sell.`);
  });
});
