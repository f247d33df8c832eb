import { frontMonth } from './catalogue';
import { startSimulator } from './index';
import type { Simulator } from './index';
import { getJson, login, postJson } from './test-http';

const DEMO_ACCOUNT = 1_000_001;
const TRADER2_ACCOUNT = 1_000_004;
const symbol = frontMonth('MNQ');

const anOrder = (overrides: Record<string, unknown> = {}) => ({
  accountId: DEMO_ACCOUNT,
  action: 'Buy',
  symbol,
  orderQty: 1,
  orderType: 'Market',
  isAutomated: true,
  ...overrides,
});

describe('simulator orders', () => {
  let sut: Simulator;
  let token: string;
  const place = (path: string, body: unknown) => postJson(`${sut.demoUrl}/order/${path}`, body, token);
  const list = async <T>(path: string): Promise<T> => (await getJson(`${sut.demoUrl}/${path}`, token)).body as T;

  beforeAll(async () => {
    sut = await startSimulator();
    token = await login(sut.demoUrl);
  });
  beforeEach(() => sut.control.reset());
  afterAll(() => sut.close());

  describe('order/placeorder', () => {
    it('should fill a market order at the scripted price and update the position', async () => {
      sut.control.setPrice('MNQ', 21000.5);
      const first = await place('placeorder', anOrder({ orderQty: 2, clOrdId: 'c-1' }));
      sut.control.setPrice(symbol, 21010.5);
      await place('placeOrder', anOrder({ orderQty: 2 }));
      expect(first.body).toEqual({ orderId: expect.any(Number) });
      expect(await list('position/list')).toEqual([
        expect.objectContaining({ accountId: DEMO_ACCOUNT, netPos: 4, netPrice: 21005.5 }),
      ]);
      expect(await list('order/list')).toContainEqual(expect.objectContaining({ clOrdId: 'c-1', ordStatus: 'Filled' }));
      expect(await list('fill/list')).toHaveLength(2);
    });

    it('should keep a limit order Working with its version', async () => {
      const answer = await place('placeorder', anOrder({ orderType: 'Limit', price: 20000.25 }));
      const orderId = (answer.body as { orderId: number }).orderId;
      expect(await list(`orderVersion/deps?masterid=${orderId}`)).toEqual([
        expect.objectContaining({ orderQty: 1, orderType: 'Limit', price: 20000.25 }),
      ]);
      expect(await list('order/list')).toEqual([expect.objectContaining({ id: orderId, ordStatus: 'Working' })]);
    });

    it.each([
      ['isAutomated missing', { isAutomated: undefined }, 'UnknownReason'],
      ['an account of another user', { accountId: TRADER2_ACCOUNT }, 'UnknownReason'],
      ['an unknown symbol', { symbol: 'MNQZ0' }, 'InvalidContract'],
      ['a price off the tick grid', { orderType: 'Limit', price: 20000.1 }, 'InvalidPrice'],
      ['a stop without stopPrice', { orderType: 'Stop', price: 20000 }, 'InvalidPrice'],
      ['a zero quantity', { orderQty: 0 }, 'UnknownReason'],
    ])('should reject %s with HTTP 200 and a failureReason', async (_name, overrides, failureReason) => {
      const answer = await place('placeorder', anOrder(overrides));
      expect(answer).toMatchObject({ status: 200, body: { failureReason, failureText: expect.any(String) } });
      expect(answer.body).not.toHaveProperty('orderId');
    });

    it.each([
      ['a lower-case action', { action: 'buy' }],
      ['a string quantity', { orderQty: '1' }],
      ['no symbol', { symbol: undefined }],
    ])('should answer "Invalid or missed parameters" to %s', async (_name, overrides) => {
      expect((await place('placeorder', anOrder(overrides))).body).toEqual({
        errorText: 'Invalid or missed parameters',
      });
    });

    it('should log every order received with a high-resolution timestamp', async () => {
      const before = Date.now();
      await place('placeorder', anOrder({ clOrdId: 'log-1', symbol: 'NOPE' }));
      expect(sut.control.orders()).toEqual([
        expect.objectContaining({
          kind: 'order',
          clOrdId: 'log-1',
          accountId: DEMO_ACCOUNT,
          symbol: 'NOPE',
          failure: expect.any(String),
        }),
      ]);
      expect(sut.control.orders()[0].receivedAt).toBeGreaterThanOrEqual(before);
    });
  });

  describe('order/placeoso', () => {
    it('should activate both brackets as an OCO pair when the entry fills', async () => {
      const answer = await place(
        'placeoso',
        anOrder({
          bracket1: { action: 'Sell', orderType: 'Limit', price: 21100 },
          bracket2: { action: 'Sell', orderType: 'Stop', stopPrice: 20900 },
        }),
      );
      const { orderId, oso1Id, oso2Id } = answer.body as Record<string, number>;
      const orders = await list<Array<Record<string, unknown>>>('order/list');
      expect(orders.find((o) => o.id === oso1Id)).toMatchObject({
        parentId: orderId,
        ordStatus: 'Working',
        ocoId: oso2Id,
      });
      sut.control.fillOrder(oso1Id);
      const after = await list<Array<Record<string, unknown>>>('order/list');
      expect(after.find((o) => o.id === oso2Id)).toMatchObject({ ordStatus: 'Canceled' });
      expect(await list('position/list')).toEqual([expect.objectContaining({ netPos: 0 })]);
    });

    it('should answer without oso2Id when only one bracket is given', async () => {
      const answer = await place(
        'placeoso',
        anOrder({ orderType: 'Limit', price: 20000, bracket1: { action: 'Sell', orderType: 'Limit', price: 20100 } }),
      );
      expect(Object.keys(answer.body as object).sort()).toEqual(['orderId', 'oso1Id']);
    });
  });

  describe('order/placeoco', () => {
    it('should cancel the other order when one fills', async () => {
      const answer = await place(
        'placeoco',
        anOrder({ orderType: 'Limit', price: 20000, other: { action: 'Buy', orderType: 'Stop', stopPrice: 22000 } }),
      );
      const { orderId, ocoId } = answer.body as Record<string, number>;
      sut.control.fillOrder(orderId);
      const orders = await list<Array<Record<string, unknown>>>('order/list');
      expect(orders.find((o) => o.id === ocoId)).toMatchObject({ ordStatus: 'Canceled' });
    });
  });

  describe('order/liquidateposition', () => {
    it('should cancel working orders and flatten the position', async () => {
      await place('placeorder', anOrder({ orderQty: 3 }));
      await place('placeorder', anOrder({ orderType: 'Limit', price: 20000 }));
      const contract = (await list<{ id: number }>(`contract/find?name=${symbol}`)).id;
      const answer = await place('liquidatePosition', { accountId: DEMO_ACCOUNT, contractId: contract, admin: false });
      expect(answer.body).toEqual({ orderId: expect.any(Number) });
      expect(await list('position/list')).toEqual([expect.objectContaining({ netPos: 0 })]);
      expect((await list<Array<{ ordStatus: string }>>('order/list')).map((o) => o.ordStatus)).toEqual([
        'Filled',
        'Canceled',
        'Filled',
      ]);
    });

    it('should fail on a flat position', async () => {
      const contract = (await list<{ id: number }>(`contract/find?name=${symbol}`)).id;
      const answer = await place('liquidateposition', { accountId: DEMO_ACCOUNT, contractId: contract, admin: false });
      expect(answer.body).toMatchObject({ failureReason: 'UnknownReason' });
    });
  });

  describe('order/cancelorder', () => {
    it('should cancel a working order and refuse a filled one', async () => {
      const working = (await place('placeorder', anOrder({ orderType: 'Limit', price: 20000 }))).body as {
        orderId: number;
      };
      const filled = (await place('placeorder', anOrder())).body as { orderId: number };
      expect((await place('cancelorder', { orderId: working.orderId })).body).toEqual({
        commandId: expect.any(Number),
      });
      expect((await place('cancelorder', { orderId: filled.orderId })).body).toMatchObject({
        failureReason: 'TooLate',
      });
    });
  });

  describe('contracts', () => {
    it('should answer 404 with an empty body to an unknown contract name', async () => {
      expect(await getJson(`${sut.demoUrl}/contract/find?name=XYZZ9`, token)).toMatchObject({ status: 404, text: '' });
    });
  });
});
