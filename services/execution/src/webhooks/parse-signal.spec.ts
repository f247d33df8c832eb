import { randomUUID } from 'node:crypto';
import { DomainError } from '@app/contracts';
import { bodyForLog, parseSignal, peekSignal } from './parse-signal';
import { MAX_PRICE, MAX_QUANTITY, MAX_SYMBOL_LENGTH, MAX_TICKS } from './signal';

const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    alert_id: randomUUID(),
    order_type: 'market',
    action: 'buy',
    quantity: '2',
    price: '21000.5',
    symbol: 'MNQ1!',
    ...over,
  });

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

  it.each([
    ['left out', undefined, null],
    ['blank', ' ', null],
    ['named', 'BUY', 'Buy'],
  ])('should take a flatten whose action is %s, with the side it named or none', (_, action, expected) => {
    const sut = parseSignal(body({ order_type: 'flatten', action, quantity: undefined }));

    expect(sut).toMatchObject({ orderType: 'flatten', action: expected, quantity: 1 });
  });

  it('should refuse a flatten whose action names no side', () => {
    expect(failure(body({ order_type: 'flatten', action: 'hold' }))).toBe(
      'VALIDATION_FAILED: action "hold" is not supported; use buy or sell.',
    );
  });

  it('should read no side from a refused flatten that named none, and a market order still needs one', () => {
    expect(peekSignal(body({ order_type: 'flatten', action: undefined, quantity: 0 }))).toMatchObject({
      orderType: 'flatten',
      action: null,
    });
    expect(failure(body({ action: undefined }))).toBe('VALIDATION_FAILED: action is missing; use buy or sell.');
  });

  it.each([
    ['+3', 3],
    [' 7 ', 7],
    ['2.', 2],
    ['1e1', 10],
  ])('should read the quantity %j as %d', (quantity, expected) => {
    const sut = parseSignal(body({ quantity }));

    expect(sut.quantity).toBe(expected);
  });

  it.each([
    ['.25', 0.25],
    ['+0.5e1', 5],
  ])('should read the price %j as %d', (price, expected) => {
    expect(parseSignal(body({ order_type: 'market', price })).price).toBe(expected);
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
    [
      'an unknown order type',
      body({ order_type: 'trailing' }),
      'order_type "trailing" is not supported; use one of market, limit, stop, oso, oco, flatten.',
    ],
    [
      'a missing order type',
      body({ order_type: undefined }),
      'order_type is missing; use one of market, limit, stop, oso, oco, flatten.',
    ],
    ['a blank order type', body({ order_type: ' ' }), 'order_type is missing'],
    [
      'an order type given as an object',
      body({ order_type: { type: 'market' } }),
      'order_type "{"type":"market"}" is not supported',
    ],
    ['an unknown action', body({ action: 'hold' }), 'action "hold" is not supported; use buy or sell.'],
    ['a missing action', body({ action: undefined }), 'action is missing; use buy or sell.'],
    ['an action given as a number', body({ action: 1 }), 'action "1" is not supported'],
    ['a fractional quantity', body({ quantity: 1.5 }), 'whole number'],
    ['a negative quantity', body({ quantity: '-1' }), 'whole number'],
    [
      'a stop without price',
      body({ order_type: 'stop', price: '' }),
      'A stop order needs a price: set "price" to the price that triggers it.',
    ],
    [
      'a limit with its price under another name',
      body({ order_type: 'limit', price: undefined, limit_price: 21000 }),
      'A limit order needs a price: set "price" to the limit price.',
    ],
    ['an oco with one level', body({ order_type: 'oco', take_profit: { ticks: 4 } }), 'both'],
    ['ticks without a price', body({ order_type: 'oso', price: null, stop_loss: { ticks: 4 } }), 'price to count from'],
    [
      'a huge quantity',
      body({ quantity: 1e30 }),
      'quantity must be a positive whole number of contracts, at most 2,147,483,647 (got 1e+30).',
    ],
    [
      "a quantity beyond Tradovate's 32-bit orderQty",
      body({ quantity: '2147483648' }),
      'at most 2,147,483,647 (got 2147483648)',
    ],
    [
      'a limit price of 1e308',
      body({ order_type: 'limit', price: 1e308 }),
      'price must be a positive number, at most 10,000,000 (got 1e+308).',
    ],
    [
      'an infinite price',
      '{"alert_id":"5a6ab4f9-b2a8-4b96-b453-ac8f43248eec","order_type":"limit","action":"buy","quantity":1,"price":1e309}',
      'price must be a positive number, at most 10,000,000 (got Infinity).',
    ],
    [
      'a price given as "Infinity"',
      body({ order_type: 'stop', price: 'Infinity' }),
      'price must be a number (got Infinity).',
    ],
    ['a quantity in hexadecimal', body({ quantity: '0x10' }), 'quantity must be a number (got 0x10).'],
    ['a quantity in binary', body({ quantity: '0b11' }), 'quantity must be a number (got 0b11).'],
    [
      'a price with a thousands separator',
      body({ order_type: 'limit', price: '21,000.5' }),
      'price must be a number (got 21,000.5).',
    ],
    [
      'a huge take-profit price',
      body({ order_type: 'oco', take_profit: { price: '1e12' }, stop_loss: { ticks: 4 } }),
      'take_profit.price must be a positive number, at most 10,000,000 (got 1e12).',
    ],
    [
      'a huge stop-loss price given bare',
      body({ order_type: 'oso', stop_loss: 1e308 }),
      'stop_loss.price must be a positive number',
    ],
    [
      'a huge tick offset',
      body({ order_type: 'oso', stop_loss: { ticks: 1e20 } }),
      'stop_loss.ticks must be a positive whole number, at most 1,000,000 (got 100000000000000000000).',
    ],
    [
      'a 2000-character symbol',
      body({ symbol: 'M'.repeat(2000) }),
      `symbol must be at most 32 characters (got "${'M'.repeat(57)}...").`,
    ],
    ['a symbol as a bare number', body({ symbol: 5 }), 'symbol must be text in quotes, such as "MNQ1!" (got 5).'],
    ['a symbol as an object', body({ symbol: { ticker: 'MNQ1!' } }), 'symbol must be text in quotes'],
  ])('should reject %s with a readable detail', (_, raw, text) => {
    const sut = failure(raw);

    expect(sut).toMatch(/^VALIDATION_FAILED: /);
    expect(sut).toContain(text);
  });
});

describe(`${parseSignal.name} limits`, () => {
  it('should accept each limit itself', () => {
    const sut = parseSignal(
      body({
        order_type: 'oso',
        quantity: String(MAX_QUANTITY),
        price: MAX_PRICE,
        symbol: ` ${'M'.repeat(MAX_SYMBOL_LENGTH)} `,
        take_profit: { price: MAX_PRICE },
        stop_loss: { ticks: MAX_TICKS },
      }),
    );

    expect(sut).toMatchObject({
      quantity: 2_147_483_647,
      price: 10_000_000,
      symbol: 'M'.repeat(32),
      takeProfit: { price: 10_000_000 },
      stopLoss: { ticks: 1_000_000 },
    });
  });

  it.each([
    ['quantity', { quantity: MAX_QUANTITY + 1 }],
    ['price', { price: MAX_PRICE + 0.25 }],
    ['take_profit.price', { order_type: 'oso', take_profit: { price: MAX_PRICE + 0.25 } }],
    ['stop_loss.ticks', { order_type: 'oso', stop_loss: { ticks: MAX_TICKS + 1 } }],
    ['symbol', { symbol: 'M'.repeat(MAX_SYMBOL_LENGTH + 1) }],
  ])('should reject %s just past its limit', (field, over) => {
    const sut = failure(body(over));

    expect(sut).toMatch(/^VALIDATION_FAILED: /);
    expect(sut).toContain(`${field} must be `);
    expect(sut).toContain('at most');
  });

  it("should still read an absent, null or empty symbol as none (the alert's mapped contract is used)", () => {
    const symbols = [undefined, null, '', '  '].map((symbol) => parseSignal(body({ symbol })).symbol);

    expect(symbols).toEqual([null, null, null, null]);
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
    const raw =
      '{"alert_id":"5a6ab4f9-b2a8-4b96-b453-ac8f43248eec","order_type":"market","quantity":1,"action":"\\ud800"}';

    expect(() => parseSignal(raw)).toThrow('action "\uFFFD" is not supported; use buy or sell.');
  });

  it('should not cut an emoji in half when shortening a quoted value', () => {
    const raw = `{"alert_id":"5a6ab4f9-b2a8-4b96-b453-ac8f43248eec","order_type":"market","quantity":1,"action":"${'a'.repeat(56)}🚀🚀🚀"}`;

    expect(() => parseSignal(raw)).toThrow(`action "${'a'.repeat(56)}\uFFFD..." is not supported; use buy or sell.`);
  });
});
