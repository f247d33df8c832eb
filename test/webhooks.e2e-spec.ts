import { randomBytes, randomUUID } from 'node:crypto';
import { SecretBox } from '@app/common';
import { Topic } from '@app/contracts';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { TradovateClient } from '@app/tradovate';

// Until auth/connections/trading are merged, the read model is seeded through the bus (as their events would).
describe('TradingView webhooks (e2e)', () => {
  const key = randomBytes(32).toString('base64');
  const box = new SecretBox(key);
  const userId = randomUUID();
  const otherUserId = randomUUID();
  let sim: Simulator;
  let sut: StandaloneApp;
  let bus: MessageBus;
  let url: string;
  let accountIds: Record<string, number>;
  let contract: { id: number; name: string };

  const ctx = (u = userId) => ({ correlationId: randomUUID(), userId: u });
  const post = (body: string, type = 'application/json', to = url) =>
    fetch(to, { method: 'POST', headers: { 'content-type': type }, body });
  const signal = (alertId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      qv_user_id: userId,
      alert_id: alertId,
      quantlynk: true,
      order_type: 'market',
      action: 'buy',
      price: '21000.1',
      symbol: 'MNQ1!',
      quantity: '2',
      strategy_name: 's',
      timestamp: new Date().toISOString(),
      ...extra,
    });

  async function connection(
    simUser: string,
    password: string,
  ): Promise<{ connectionId: string; accounts: { id: string; brokerAccountId: number; name: string }[] }> {
    const client = new TradovateClient({
      demoUrl: sim.demoUrl,
      liveUrl: sim.liveUrl,
      oauthTokenUrl: sim.oauthTokenUrl,
    });
    const token = await client.requestAccessToken('demo', {
      name: simUser,
      password,
      appId: 'TVTradovate',
      appVersion: '1',
      deviceId: 'd',
      cid: 8,
      sec: 'sim-secret',
    });
    const list = await client.listAccounts('demo', token.accessToken);
    if (!contract) {
      const c = (await client.findContract(
        'demo',
        token.accessToken,
        (await client.suggestContracts('demo', token.accessToken, 'MNQ', 1))[0].name,
      ))!;
      contract = { id: c.id, name: c.name };
    }
    await client.close();
    const connectionId = randomUUID();
    const accounts = list.map((a) => ({
      id: randomUUID(),
      brokerAccountId: a.id,
      name: a.name,
      accountType: 'Customer',
      environment: 'demo' as const,
    }));
    accounts.forEach((a) => (accountIds[a.name] = a.brokerAccountId));
    await bus.emit(
      Topic.ConnectionChanged,
      {
        connectionId,
        userId,
        nickname: simUser,
        environment: 'demo',
        status: 'active',
        accounts,
        session: {
          accessTokenEncrypted: box.encrypt(token.accessToken),
          expiresAt: new Date(token.expiresAt).toISOString(),
        },
      },
      ctx(),
      connectionId,
    );
    return { connectionId, accounts };
  }

  async function alert(
    targets: AlertRouteChangedV1['targets'],
    patch: Partial<AlertRouteChangedV1> = {},
    owner = userId,
  ): Promise<string> {
    const alertId = randomUUID();
    await bus.emit(
      Topic.AlertRouteChanged,
      {
        alertId,
        userId: owner,
        name: `alert-${alertId.slice(0, 4)}`,
        status: 'active',
        symbol: contract.name,
        symbolId: contract.id,
        groupIds: [],
        targets,
        ...patch,
      },
      ctx(owner),
      alertId,
    );
    await new Promise((r) => setTimeout(r, 50));
    return alertId;
  }

  let targets: AlertRouteChangedV1['targets'];

  const env = (): Record<string, string> => ({
    ENCRYPTION_KEY: key,
    TRADOVATE_DEMO_URL: sim.demoUrl,
    TRADOVATE_LIVE_URL: sim.liveUrl,
    TRADOVATE_TIMEOUT_MS: '1000',
    WEBHOOK_REPLY_TIMEOUT_MS: '1500',
    WEBHOOK_RATE_LIMIT_PER_MIN: '1000',
    WEBHOOK_DEDUP_WINDOW_MS: '2000',
  });

  /** Stops the product and starts it again on the same data (the webhook URL keeps its secret, the port changes). */
  async function restart(settings: Record<string, string> = {}): Promise<void> {
    await sut.app.close();
    const before = sut;
    sut = await startStandaloneApp({ ...env(), ...settings }, { restartOf: before });
    bus = sut.app.get(MessageBus);
    url = url.replace(before.url, sut.url);
  }

  beforeAll(async () => {
    sim = await startSimulator();
    sut = await startStandaloneApp(env());
    bus = sut.app.get(MessageBus);
    accountIds = {};
    const a = await connection('demo', 'demo-password');
    const b = await connection('trader2', 'trader2-password');
    // Two demo accounts of one connection + two of another; one listed twice (two groups) → still once.
    targets = [...a.accounts.slice(0, 2), ...b.accounts.slice(0, 2), a.accounts[0]].map((x, i) => ({
      accountId: x.id,
      connectionId: i < 2 || i === 4 ? a.connectionId : b.connectionId,
    }));
    const endpoint = await bus.send(Topic.WebhookEndpointGet, {}, ctx());
    url = endpoint.url.replace('http://localhost:3000', sut.url);
  });

  beforeEach(() => sim.control.reset());

  afterAll(async () => {
    await sut?.close();
    await sim?.close();
  });

  it('should place a market order once on every target account', async () => {
    const alertId = await alert(targets);
    const res = await post(signal(alertId));
    const body = (await res.json()) as {
      successful: number;
      total: number;
      results: { success: boolean; data: { orderId: number } }[];
    };

    expect(res.status).toBe(200);
    expect(body).toMatchObject({ successful: 4, failed: 0, total: 4 });
    const orders = sim.control.orders();
    expect(orders).toHaveLength(4);
    expect(new Set(orders.map((o) => o.accountId))).toEqual(
      new Set(['DEMO100001', 'DEMO100002', 'DEMO200001', 'DEMO200002'].map((n) => accountIds[n])),
    );
    expect(
      orders.every(
        (o) =>
          o.kind === 'order' &&
          o.orderType === 'Market' &&
          o.action === 'Buy' &&
          o.orderQty === 2 &&
          o.symbol === contract.name,
      ),
    ).toBe(true);
  });

  it('should place once on a broker account the alert reaches through the same login linked twice', async () => {
    // demo's login linked a second time: its own rows for DEMO100001 and DEMO100002, the same broker accounts.
    const again = await connection('demo', 'demo-password');
    const alertId = await alert([
      ...targets.slice(0, 2),
      ...again.accounts.slice(0, 2).map((a) => ({ accountId: a.id, connectionId: again.connectionId })),
    ]);
    const res = await post(signal(alertId));
    const body = (await res.json()) as { successful: number; total: number; request_id: string };

    expect(res.status).toBe(200);
    expect(body).toMatchObject({ successful: 2, failed: 0, total: 2 });
    expect(
      sim.control
        .orders()
        .map((o) => Number(o.accountId))
        .sort((x, y) => x - y),
    ).toEqual([accountIds.DEMO100001, accountIds.DEMO100002]);
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 10, q: body.request_id }, ctx());
    const detail = await bus.send(Topic.LogsGet, { id: list.items[0].id }, ctx());
    expect(detail.events.filter((e) => e.message.includes('left out')).map((e) => e.message)).toEqual([
      'DEMO100001 left out: the same broker account gets this order through another connection',
      'DEMO100002 left out: the same broker account gets this order through another connection',
    ]);
  });

  it.each([
    ['limit', {}, { kind: 'order', orderType: 'Limit', price: 21000 }],
    ['stop', { action: 'SELL ' }, { kind: 'order', orderType: 'Stop', stopPrice: 21000, action: 'Sell' }],
    [
      'oso',
      { take_profit: { ticks: 20 }, stop_loss: { ticks: 10 } },
      {
        kind: 'oso',
        orderType: 'Market',
        legs: [
          { action: 'Sell', orderType: 'Limit', price: 21005 },
          { action: 'Sell', orderType: 'Stop', stopPrice: 20997.5 },
        ],
      },
    ],
    [
      'oco',
      { action: 'sell', take_profit: { ticks: 20 }, stop_loss: { price: 20990.13 } },
      {
        kind: 'oco',
        orderType: 'Limit',
        price: 21005,
        legs: [{ action: 'Sell', orderType: 'Stop', stopPrice: 20990.25 }],
      },
    ],
  ])('should map a %s signal to the expected Tradovate order', async (type, extra, expected) => {
    const alertId = await alert(targets.slice(0, 2));
    const res = await post(signal(alertId, { order_type: type, price: 21000.1, ...extra }));

    expect(res.status).toBe(200);
    const orders = sim.control.orders();
    expect(orders).toHaveLength(2);
    for (const o of orders) {
      expect(o).toMatchObject(expected);
    }
  });

  it('should flatten the alert contract on each account', async () => {
    sim.control.setFlatLiquidation('accept');
    const alertId = await alert(targets.slice(0, 2));
    const res = await post(signal(alertId, { order_type: 'flatten' }));

    expect(res.status).toBe(200);
    expect(sim.control.orders().map((o) => [o.kind, o.contractId])).toEqual([
      ['liquidate', contract.id],
      ['liquidate', contract.id],
    ]);
  });

  it('should log a flatten that names no side without one, as the broker was sent none', async () => {
    sim.control.setFlatLiquidation('accept');
    const alertId = await alert(targets.slice(0, 2));
    const res = await post(signal(alertId, { order_type: 'flatten', action: undefined, quantity: undefined }));
    const { request_id: requestId } = (await res.json()) as { request_id: string };
    const [item] = (await bus.send(Topic.LogsList, { q: requestId }, ctx())).items;
    const detail = await bus.send(Topic.LogsGet, { id: item.id }, ctx());

    expect(res.status).toBe(200);
    expect([item.action, item.orderType]).toEqual([null, 'flatten']);
    expect(detail.events.find((e) => e.type === 'routed')?.message).toBe('flatten to 2 account(s)');
  });

  it('should accept a text/plain body with trailing whitespace', async () => {
    const alertId = await alert(targets.slice(0, 1));
    const res = await post(`${signal(alertId)}\n  \n`, 'text/plain');

    expect(res.status).toBe(200);
    expect(sim.control.orders()).toHaveLength(1);
  });

  it('should answer a repeat of the same signal with the first result and place nothing', async () => {
    const alertId = await alert(targets.slice(0, 2));
    const body = signal(alertId);
    const [first, second] = await Promise.all([post(body), post(body)]);
    const a = (await first.json()) as { request_id: string };
    const b = (await second.json()) as { request_id: string };

    expect(second.status).toBe(200);
    expect(b.request_id).toBe(a.request_id);
    expect(sim.control.orders()).toHaveLength(2);
  });

  it("should execute a request whose caller's X-Request-Id comes again once, answering the repeat with the first result", async () => {
    // The gateway keeps a caller's request id: only the journal's exactly-once index can tell that it came before.
    const alertId = await alert(targets.slice(0, 2));
    const requestId = `client-${randomUUID()}`;
    const send = (quantity: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: signal(alertId, { quantity }),
      });
    const first = await send('2');
    const firstBody: unknown = await first.json();
    // Another body, so not the duplicate window's repeat of a signal: the same request again by its id.
    const again = await send('3');

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(firstBody);
    expect(firstBody).toMatchObject({ request_id: requestId, successful: 2 });
    expect(sim.control.orders()).toHaveLength(2);
  });

  it.each([
    ['unknown secret', () => post('{}', 'application/json', url.replace(/[^/]+$/, 'nope')), 401],
    ['malformed JSON', () => post('{"alert_id": '), 400],
    ['a placeholder', () => post('{"price": {{close}}}'), 400],
    ['body over 64 KB', () => post('x'.repeat(70_000), 'text/plain'), 413],
  ])('should reject %s', async (_, send, status) => {
    const res = await send();
    const body = (await res.json()) as { detail: string };

    expect(res.status).toBe(status);
    expect(body.detail.length).toBeGreaterThan(5);
    expect(sim.control.orders()).toHaveLength(0);
  });

  it.each([
    ['an unknown order type', { order_type: 'trailing' }, 400],
    ['an unknown action', { action: 'hold' }, 400],
    ['a fractional quantity', { quantity: '1.5' }, 400],
    ['a zero quantity', { quantity: 0 }, 400],
    ['a quantity of 1e30', { quantity: 1e30 }, 400],
    ['a limit price of 1e308', { order_type: 'limit', price: 1e308 }, 400],
    ['a limit without price', { order_type: 'limit', price: null }, 400],
  ])('should reject %s', async (_, extra, status) => {
    const alertId = await alert(targets.slice(0, 1));
    const res = await post(signal(alertId, extra));

    expect(res.status).toBe(status);
    expect(sim.control.orders()).toHaveLength(0);
  });

  it('should journal a body whose strings hold lone surrogates (its text stored with U+FFFD), rejected or executed', async () => {
    const alertId = await alert(targets.slice(0, 1));
    // Unmapped, so that the message's symbol is the one traded, and the one the trade log shows.
    const unmapped = await alert(targets.slice(0, 1), { symbol: null, symbolId: null });
    const rejected = await post(signal(alertId, { action: 'buy\ud800', strategy_name: 'lone-1' }));
    const executed = await post(signal(unmapped, { symbol: 'MNQ\udc00', quantity: '3', strategy_name: 'lone-2' }));
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 2 }, ctx());

    expect([rejected.status, executed.status]).toEqual([400, 200]);
    expect(((await rejected.json()) as { detail: string }).detail).toBe(
      'action "buy\uFFFD" is not supported; use buy or sell.',
    );
    // No contract is called that: each account's order fails at planning, and the log says which symbol it was.
    expect(((await executed.json()) as { failed: number }).failed).toBe(1);
    expect(sim.control.orders()).toHaveLength(0);
    expect(list.items.map((i) => [i.status, i.symbol])).toEqual([
      ['failed', 'MNQ\uFFFD'],
      ['rejected', contract.name],
    ]);
  });

  it("should log the contract traded as the symbol: the alert's mapped one whatever the ticker, else the message's", async () => {
    const mapped = await alert(targets.slice(0, 1));
    const unmapped = await alert(targets.slice(0, 1), { symbol: null, symbolId: null });

    const onMapped = await post(signal(mapped, { symbol: 'ES1!', strategy_name: 'mapped' }));
    const onUnmapped = await post(signal(unmapped, { symbol: 'MNQ1!', strategy_name: 'unmapped' }));
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 2 }, ctx());

    expect([onMapped.status, onUnmapped.status]).toEqual([200, 200]);
    expect(sim.control.orders().map((o) => o.symbol)).toEqual([contract.name, contract.name]);
    expect(list.items.map((i) => [i.status, i.symbol])).toEqual([
      ['completed', 'MNQ1!'],
      ['completed', contract.name],
    ]);
  });

  it("should log a refused body under its alert's name when it names one of the user's alerts, and no other user's", async () => {
    const own = await alert(targets.slice(0, 1));
    const foreign = await alert(targets, { name: 'theirs', symbol: 'ESZ6' }, otherUserId);

    const missing = await post(signal(own, { order_type: undefined }));
    const theirs = await post(signal(foreign, { quantity: 0 }));
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 2 }, ctx());

    expect([missing.status, theirs.status]).toEqual([400, 400]);
    expect(((await missing.json()) as { detail: string }).detail).toBe(
      'order_type is missing; use one of market, limit, stop, oso, oco, flatten.',
    );
    expect(list.items.map((i) => [i.status, i.alertName, i.symbol])).toEqual([
      ['rejected', null, null],
      ['rejected', `alert-${own.slice(0, 4)}`, contract.name],
    ]);
    expect(sim.control.orders()).toHaveLength(0);
  });

  it('should log the side and order type a refused body named validly, and only those', async () => {
    const alertId = await alert(targets.slice(0, 1));

    const noPrice = await post(signal(alertId, { order_type: 'stop', action: 'buy', price: undefined }));
    const badType = await post(signal(alertId, { order_type: 'twap', action: 'sell' }));
    const badSide = await post(signal(alertId, { order_type: 'limit', action: 'hold' }));
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 3 }, ctx());

    expect([noPrice.status, badType.status, badSide.status]).toEqual([400, 400, 400]);
    expect(list.items.map((i) => [i.status, i.action, i.orderType])).toEqual([
      ['rejected', null, 'limit'],
      ['rejected', 'Sell', null],
      ['rejected', 'Buy', 'stop'],
    ]);
    expect(sim.control.orders()).toHaveLength(0);
  });

  it('should reject a body that is JSON but not an object (400) and journal it', async () => {
    for (const body of ['null', '[]', '"buy"']) {
      const res = await post(body);

      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe('The alert message must be a JSON object.');
    }
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 3 }, ctx());
    expect(list.items.map((i) => i.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('should reject an alert of another user (404), inactive (409) and without targets (422)', async () => {
    const foreign = await alert(targets, { name: 'x', symbol: null }, otherUserId);
    const inactive = await alert(targets, { status: 'inactive' });
    const empty = await alert([]);

    expect((await post(signal(foreign))).status).toBe(404);
    expect((await post(signal(inactive))).status).toBe(409);
    const res = await post(signal(empty));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('NO_TARGET_ACCOUNTS');
  });

  it("should never place twice when the broker's answer is lost after it executed", async () => {
    const alertId = await alert(targets.slice(0, 2));
    sim.control.failNext('order/placeorder', { dropAfterExecute: true });
    const res = await post(signal(alertId));
    const body = (await res.json()) as { successful: number };

    expect(res.status).toBe(200);
    expect(body.successful).toBe(2);
    // Two received (one dropped after executing, reconciled by clOrdId) — no third resend.
    expect(sim.control.orders()).toHaveLength(2);
  });

  it('should honour a penalty ticket and still place the order', async () => {
    const alertId = await alert(targets.slice(0, 1));
    sim.control.penalize('order/placeorder', { pTime: 0.2, count: 1 });
    const res = await post(signal(alertId));

    expect(res.status).toBe(200);
    expect(((await res.json()) as { successful: number }).successful).toBe(1);
  });

  it('should reconcile a broker timeout by clOrdId instead of placing again', async () => {
    const alertId = await alert(targets.slice(0, 1));
    sim.control.setLatency(1200, 'order/placeorder');
    const res = await post(signal(alertId, { strategy_name: 'timeout' }));

    expect(res.status).toBe(200);
    expect(((await res.json()) as { successful: number }).successful).toBe(1);
    expect(sim.control.orders()).toHaveLength(1);
  });

  it('should answer 202 when the broker is slower than the reply timeout, then log the result', async () => {
    const alertId = await alert(targets.slice(0, 1));
    sim.control.setLatency(600, 'order/placeorder');
    sim.control.penalize('order/placeorder', { pTime: 1, count: 1 });
    const res = await post(signal(alertId, { strategy_name: 'slow' }));
    const body = (await res.json()) as { request_id: string };

    expect(res.status).toBe(202);
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
    await new Promise((r) => setTimeout(r, 1500));
    const logs = await bus.send(Topic.LogsList, { q: body.request_id }, ctx());
    expect(logs.items[0].status).toBe('completed');
    expect(sim.control.orders().filter((o) => o.orderId !== undefined)).toHaveLength(1);
  });

  it('should not place a webhook again when its caller sends the request id of its 202 back while it is still being placed', async () => {
    const alertId = await alert(targets.slice(0, 1));
    sim.control.setLatency(600, 'order/placeorder');
    sim.control.penalize('order/placeorder', { pTime: 1, count: 1 });
    const first = await post(signal(alertId, { strategy_name: 'slow' }));
    const { request_id: requestId } = (await first.json()) as { request_id: string };
    // Its row is not written until its orders are answered: only the process knows the request is under way.
    const again = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: signal(alertId, { strategy_name: 'slow-again' }),
    });

    expect([first.status, [200, 202].includes(again.status)]).toEqual([202, true]);
    await new Promise((r) => setTimeout(r, 1500));
    const logs = await bus.send(Topic.LogsList, { q: requestId }, ctx());
    expect(logs.items.map((i) => i.status)).toEqual(['completed']);
    expect(sim.control.orders()).toHaveLength(1);
  });

  it('should keep each webhook of a burst to its own orders, result and trade log', async () => {
    // Webhooks that arrive together share the journal's statements (group commit); none may see another's rows.
    const alerts = [
      await alert(targets.slice(0, 1)),
      await alert(targets.slice(0, 2)),
      await alert(targets.slice(0, 4)),
    ];
    const sent = Array.from({ length: 24 }, (_, i) => ({
      alertId: alerts[i % 3],
      accounts: [1, 2, 4][i % 3],
      quantity: i + 1,
    }));
    const replies = await Promise.all(
      sent.map(async (s) => {
        const res = await post(
          signal(s.alertId, { quantity: String(s.quantity), strategy_name: `burst-${s.quantity}` }),
        );
        return { status: res.status, body: (await res.json()) as { total: number; successful: number } };
      }),
    );
    const orders = sim.control.orders();
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 24 }, ctx());
    const details = await Promise.all(list.items.map((item) => bus.send(Topic.LogsGet, { id: item.id }, ctx())));
    const logOf = new Map(details.map((d) => [(d.request as { strategy_name: string }).strategy_name, d]));

    expect(replies.map((r) => [r.status, r.body.total, r.body.successful])).toEqual(
      sent.map((s) => [200, s.accounts, s.accounts]),
    );
    expect(sent.map((s) => orders.filter((o) => o.orderQty === s.quantity).length)).toEqual(
      sent.map((s) => s.accounts),
    );
    expect(
      sent.map((s) => {
        const log = logOf.get(`burst-${s.quantity}`);
        return [log?.status, log?.events.filter((e) => e.type === 'broker_call').length];
      }),
    ).toEqual(sent.map((s) => ['completed', s.accounts]));
  });

  it('should list trade logs newest first with events, scoped to the user', async () => {
    const alertId = await alert(targets.slice(0, 1));
    await post(signal(alertId, { order_type: 'limit', action: 'sell', price: '21000.25', strategy_name: 'sold' }));
    const logged = await post(signal(alertId, { strategy_name: 'logged' }));
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 5 }, ctx());
    const detail = await bus.send(Topic.LogsGet, { id: list.items[0].id }, ctx());
    const foreign = await bus.request(Topic.LogsGet, { id: list.items[0].id }, ctx(otherUserId));

    expect(list.total).toBeGreaterThan(5);
    expect(list.items).toHaveLength(5);
    // The spec's trade log item: the side as Buy or Sell, the order type beside it.
    expect(list.items.slice(0, 2).map((i) => [i.action, i.orderType])).toEqual([
      ['Buy', 'market'],
      ['Sell', 'limit'],
    ]);
    expect([detail.action, detail.orderType]).toEqual(['Buy', 'market']);
    expect(detail.events.map((e) => e.type)).toEqual(['received', 'routed', 'broker_call', 'completed']);
    expect((detail.request as { strategy_name: string }).strategy_name).toBe('logged');
    // As the alert message was written, not in jsonb's order (shortest keys first).
    expect(Object.keys(detail.request as object)).toEqual(Object.keys(JSON.parse(signal(alertId)) as object));
    expect(Object.keys(detail.response as object)).toEqual(Object.keys((await logged.json()) as object));
    expect(Object.keys((detail.response as { results: object[] }).results[0])).toEqual([
      'account_name',
      'success',
      'data',
      'execution_time_ms',
      'error',
    ]);
    // Another user's log answers as one that does not exist, in the words the gateway uses for a malformed id.
    expect(foreign).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'Trade log not found' } });
  });

  it("should refuse an inactive user's webhooks (rejected or deactivated by an administrator) and take them again once approved", async () => {
    const alertId = await alert(targets.slice(0, 1));
    const status = async (isActive: boolean) => {
      await bus.emit(Topic.UserStatusChanged, { userId, isActive }, ctx(), userId);
      await new Promise((r) => setTimeout(r, 50));
    };

    await status(false);
    const refused = await post(signal(alertId, { strategy_name: 'while-inactive' }));
    const logged = await bus.send(Topic.LogsList, { page: 1, page_size: 1 }, ctx());
    await status(true);
    const placed = await post(signal(alertId, { strategy_name: 'approved-again' }));

    const refusal = (await refused.json()) as object;
    const detail = await bus.send(Topic.LogsGet, { id: logged.items[0].id }, ctx());
    expect(refused.status).toBe(403);
    expect(refusal).toMatchObject({
      code: 'FORBIDDEN',
      detail:
        'This account is inactive (not approved, or deactivated by an administrator): its webhooks are not executed.',
    });
    expect(logged.items[0].status).toBe('rejected');
    // The trade log shows the refusal as it was answered, keys in the same order.
    expect(detail.response).toEqual(refusal);
    expect(Object.keys(detail.response as object)).toEqual(Object.keys(refusal));
    expect(placed.status).toBe(200);
    expect(sim.control.orders()).toHaveLength(1);
  });

  it('should stop accepting the old URL after a rotation', async () => {
    const old = url;
    const rotated = await bus.send(Topic.WebhookEndpointRotate, {}, ctx());
    url = rotated.url.replace('http://localhost:3000', sut.url);

    expect((await post('{}', 'application/json', old)).status).toBe(401);
    expect((await post('{}')).status).toBe(400);
  });

  it('should trade after a restart on what it had stored: the webhook URL, routes, connections and inactive users', async () => {
    const active = await alert(targets.slice(0, 2));
    const inactive = await alert(targets.slice(0, 1), { status: 'inactive' });
    await bus.emit(Topic.UserStatusChanged, { userId: otherUserId, isActive: false }, ctx(otherUserId), otherUserId);
    const otherUrl = (await bus.send(Topic.WebhookEndpointGet, {}, ctx(otherUserId))).url.replace(
      'http://localhost:3000',
      sut.url,
    );

    await restart();
    const placed = await post(signal(active, { strategy_name: 'after-restart' }));
    const refused = await post(signal(inactive, { strategy_name: 'after-restart' }));
    const otherRefused = await post(
      signal(active, { strategy_name: 'other-user' }),
      'application/json',
      otherUrl.replace(/^http:\/\/127\.0\.0\.1:\d+/, sut.url),
    );

    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ successful: 2, total: 2 });
    expect(refused.status).toBe(409);
    expect(otherRefused.status).toBe(403);
    expect(sim.control.orders()).toHaveLength(2);
  });

  it("should refuse a user's webhooks past the minute's limit with 429, place nothing for them, and log each with its answer", async () => {
    await restart({ WEBHOOK_RATE_LIMIT_PER_MIN: '3' });
    const alertId = await alert(targets.slice(0, 1));

    const answers = [];
    for (const n of [1, 2, 3, 4, 5]) {
      answers.push(await post(signal(alertId, { quantity: String(n), strategy_name: `limit-${n}` })));
    }
    const list = await bus.send(Topic.LogsList, { page: 1, page_size: 5 }, ctx());
    const refusal = await bus.send(Topic.LogsGet, { id: list.items[0].id }, ctx());

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const detail = 'Too many webhooks this minute; this one was not executed.';
    expect(await answers[4].json()).toMatchObject({ detail, code: 'RATE_LIMITED' });
    expect(sim.control.orders().map((o) => o.orderQty)).toEqual([1, 2, 3]);
    expect(list.items.map((i) => i.status)).toEqual(['rejected', 'rejected', 'completed', 'completed', 'completed']);
    expect(refusal.response).toMatchObject({ detail, code: 'RATE_LIMITED' });
    expect(refusal.events.map((e) => [e.type, e.message])).toEqual([
      ['received', 'Webhook received'],
      ['rejected', detail],
    ]);
  });
});
