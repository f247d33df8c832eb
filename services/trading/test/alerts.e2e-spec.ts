import { randomUUID } from 'node:crypto';
import { Topic } from '@app/contracts';
import type { AlertV1, GroupV1 } from '@app/contracts';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, detailText, login } from '@app/testing/http-client';
import { TradingBus, connectionEvent } from './trading-fixtures';
import type { Answer } from './trading-fixtures';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
const LIMIT_DETAIL = 'You can have at most 20 active alerts. Deactivate or delete one first.';

describe('trading alerts (/api/alerts)', () => {
  let sut: StandaloneApp;
  let bus: TradingBus;
  let admin: string;
  let me: { id: string; token: string };
  let other: { id: string; token: string };

  const alerts = (token = me.token) => call<AlertV1[]>(sut.url, 'GET', '/api/alerts', { token });
  const create = (body: unknown, token = me.token) =>
    call<Answer<AlertV1>>(sut.url, 'POST', '/api/alerts', { token, body });
  const update = (id: string, body: unknown, token = me.token) =>
    call<Answer<AlertV1>>(sut.url, 'PUT', `/api/alerts/${id}`, { token, body });
  const remove = (id: string, token = me.token) => call(sut.url, 'DELETE', `/api/alerts/${id}`, { token });
  const group = async (connectionIds: string[], token = me.token) => {
    const g = await call<GroupV1>(sut.url, 'POST', '/api/groups', { token, body: { name: `g-${randomUUID()}` } });
    return (
      await call<GroupV1>(sut.url, 'PUT', `/api/groups/${g.body.id}`, {
        token,
        body: { connection_ids: connectionIds },
      })
    ).body;
  };

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    bus = new TradingBus(sut);
    admin = await login(sut.url, ADMIN.email, ADMIN.password);
    other = await activeUser(sut.url, admin);
  });

  beforeEach(async () => {
    // A fresh user per test: no cleanup, and the alert limit starts at zero.
    me = await activeUser(sut.url, admin);
    bus.clear();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should refuse every call without a token with 401', async () => {
    expect((await call(sut.url, 'GET', '/api/alerts')).status).toBe(401);
    expect((await call(sut.url, 'POST', '/api/alerts', { body: { name: 'x' } })).status).toBe(401);
    expect((await call(sut.url, 'PUT', `/api/alerts/${randomUUID()}`, { body: { name: 'x' } })).status).toBe(401);
    expect((await call(sut.url, 'DELETE', `/api/alerts/${randomUUID()}`)).status).toBe(401);
  });

  describe('POST', () => {
    it('should create with defaults and answer 201', async () => {
      const res = await create({ name: '  CPI release  ' });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'CPI release',
        symbol: null,
        symbolId: null,
        status: 'active',
        source: 'external',
        groupIds: [],
        accountIds: [],
        atmEnabled: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await alerts()).body).toEqual([res.body]);
    });

    it.each([
      ['a number', 3570918, 3570918],
      ['a numeric string', '3570918', 3570918],
      ['null', null, null],
      ['an empty string', '', null],
    ])('should accept symbolId as %s', async (_case, symbolId, stored) => {
      const res = await create({ name: 'a', symbol: 'MNQZ5', symbolId });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ symbol: 'MNQZ5', symbolId: stored });
    });

    it.each([
      ['a missing name', { symbol: 'ES' }],
      ['a blank name', { name: ' ' }],
      ['a name over 100 characters', { name: 'n'.repeat(101) }],
      ['a huge name', { name: 'n'.repeat(60000) }],
      ['a numeric name', { name: 7 }],
      ['a symbol over 32 characters', { name: 'a', symbol: 'S'.repeat(33) }],
      ['a non-numeric symbolId', { name: 'a', symbolId: 'abc' }],
      ['a negative symbolId', { name: 'a', symbolId: -5 }],
      ['a zero symbolId', { name: 'a', symbolId: '0' }],
      ['a fractional symbolId', { name: 'a', symbolId: 1.5 }],
      ['an out-of-range symbolId', { name: 'a', symbolId: 99999999999 }],
      ['an unknown status', { name: 'a', status: 'paused' }],
      ['an unknown source', { name: 'a', source: 'tv' }],
      ['a string atmEnabled', { name: 'a', atmEnabled: 'yes' }],
      ['groupIds that are not a list', { name: 'a', groupIds: 'all' }],
      ['a malformed account id', { name: 'a', accountIds: ["1' OR '1'='1"] }],
    ])('should answer 400 for %s and store nothing', async (_case, body) => {
      const res = await create(body);

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await alerts()).body).toEqual([]);
    });

    it('should store script text as text, return it verbatim, and strip unknown fields', async () => {
      const name = '<img src=x onerror=alert(1)><script>fetch("/x")</script>';

      const res = await create({
        name,
        symbol: '<b>ES</b>',
        userId: other.id,
        id: randomUUID(),
        isAdmin: true,
        extra: 'x',
      });

      expect(res.status).toBe(201);
      expect(res.body.name).toBe(name);
      expect(res.body.symbol).toBe('<b>ES</b>');
      expect(Object.keys(res.body).sort()).toEqual([
        'accountIds',
        'atmEnabled',
        'createdAt',
        'groupIds',
        'id',
        'name',
        'source',
        'status',
        'symbol',
        'symbolId',
        'updatedAt',
      ]);
      expect((await alerts(other.token)).body.some((a) => a.id === res.body.id)).toBe(false);
    });

    it('should collapse duplicate ids and keep the order given', async () => {
      const c = await bus.connectionChanged(connectionEvent(me.id));
      const [a1, a2] = c.accounts.map((a) => a.id);
      const g = await group([c.connectionId]);

      const res = await create({ name: 'a', groupIds: [g.id, g.id], accountIds: [a2, a1, a2] });

      expect(res.body).toMatchObject({ groupIds: [g.id], accountIds: [a2, a1] });
    });

    it("should refuse another user's group and account ids, naming them", async () => {
      const theirs = await bus.connectionChanged(connectionEvent(other.id));
      const theirGroup = await group([theirs.connectionId], other.token);
      const theirAccount = theirs.accounts[0].id;

      const res = await create({
        name: 'a',
        groupIds: [theirGroup.id],
        accountIds: [theirAccount, theirs.connectionId],
      });

      expect(res.status).toBe(422);
      expect(detailText(res.body)).toContain(theirGroup.id);
      expect(detailText(res.body)).toContain(theirAccount);
      // A connection id is not an account id.
      expect(detailText(res.body)).toContain(theirs.connectionId);
      expect((await alerts()).body).toEqual([]);
    });
  });

  describe('PUT', () => {
    it('should change only the fields sent and move updatedAt', async () => {
      const created = (await create({ name: 'a', symbol: 'ES', symbolId: 1, atmEnabled: true })).body;

      const res = await update(created.id, { name: 'b', status: 'inactive', symbolId: '2', ignored: true });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'b', status: 'inactive', symbol: 'ES', symbolId: 2, atmEnabled: true });
      expect(res.body).not.toHaveProperty('ignored');
      expect(res.body.createdAt).toBe(created.createdAt);
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    });

    it("should answer 404 for another user's alert, an unknown and a malformed id", async () => {
      const theirs = (await create({ name: 'theirs' }, other.token)).body;

      expect((await update(theirs.id, { name: 'mine' })).status).toBe(404);
      expect((await update(randomUUID(), { name: 'x' })).status).toBe(404);
      expect((await update('../../etc', { name: 'x' })).status).toBe(404);
      expect((await alerts(other.token)).body.find((a) => a.id === theirs.id)?.name).toBe('theirs');
    });

    it('should answer 400 for invalid fields', async () => {
      const created = (await create({ name: 'a' })).body;

      expect((await update(created.id, { status: 'on' })).status).toBe(400);
      expect((await update(created.id, { name: '' })).status).toBe(400);
      expect((await update(created.id, { symbolId: 'x1' })).status).toBe(400);
    });
  });

  describe('DELETE', () => {
    it('should delete with 204 and announce the removal', async () => {
      const created = (await create({ name: 'a' })).body;

      expect((await remove(created.id)).status).toBe(204);
      expect((await alerts()).body).toEqual([]);
      expect(bus.removed).toEqual([{ alertId: created.id, userId: me.id }]);
    });

    it("should answer 404 for another user's alert and leave it", async () => {
      const theirs = (await create({ name: 'theirs' }, other.token)).body;

      expect((await remove(theirs.id)).status).toBe(404);
      expect((await alerts(other.token)).body.some((a) => a.id === theirs.id)).toBe(true);
    });
  });

  describe('the active alert limit', () => {
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) {
        expect((await create({ name: `a${i}` })).status).toBe(201);
      }
    };

    it('should refuse a 21st active alert with 409 and the limit message, but accept an inactive one', async () => {
      await fill(20);

      const res = await create({ name: 'one too many' });

      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'ALERT_LIMIT_REACHED', detail: LIMIT_DETAIL });
      expect((await create({ name: 'parked', status: 'inactive' })).status).toBe(201);
    });

    it('should refuse activating an inactive alert at the limit, and allow it once one is deactivated', async () => {
      const parked = (await create({ name: 'parked', status: 'inactive' })).body;
      await fill(20);
      const first = (await alerts()).body.find((a) => a.name === 'a0')!;

      const refused = await update(parked.id, { status: 'active' });
      await update(first.id, { status: 'inactive' });
      const accepted = await update(parked.id, { status: 'active' });

      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(LIMIT_DETAIL);
      expect(accepted.status).toBe(200);
      // Editing an already active alert at the limit is not activating one.
      expect((await update(parked.id, { name: 'renamed', status: 'active' })).status).toBe(200);
    });

    it('should hold under 25 concurrent creates: exactly 20 active', async () => {
      const results = await Promise.all(Array.from({ length: 25 }, (_, i) => create({ name: `c${i}` })));

      expect(results.filter((r) => r.status === 201)).toHaveLength(20);
      expect(results.filter((r) => r.status === 409)).toHaveLength(5);
      expect((await alerts()).body.filter((a) => a.status === 'active')).toHaveLength(20);
    });
  });

  describe('routes', () => {
    it('should publish the resolved targets: accounts of the groups and its own, each once', async () => {
      const c1 = await bus.connectionChanged(connectionEvent(me.id));
      const c2 = await bus.connectionChanged(connectionEvent(me.id));
      const g = await group([c1.connectionId]);
      const own = c2.accounts[0].id;

      const alert = (
        await create({
          name: 'a',
          symbol: 'MNQ',
          symbolId: '42',
          groupIds: [g.id],
          accountIds: [own, c1.accounts[0].id],
        })
      ).body;

      const route = bus.lastRoute(alert.id);
      expect(route).toEqual({
        alertId: alert.id,
        userId: me.id,
        name: 'a',
        status: 'active',
        symbol: 'MNQ',
        symbolId: 42,
        groupIds: [g.id],
        targets: expect.any(Array),
      });
      expect(new Set(route!.targets.map((t) => t.accountId))).toEqual(new Set([...c1.accounts.map((a) => a.id), own]));
      expect(route!.targets).toHaveLength(3);
      expect(route!.targets.find((t) => t.accountId === own)?.connectionId).toBe(c2.connectionId);
    });

    it('should republish when a group, an account or a connection the alert uses changes', async () => {
      const c1 = await bus.connectionChanged(connectionEvent(me.id));
      const c2 = await bus.connectionChanged(connectionEvent(me.id));
      const g = await group([c1.connectionId]);
      const alert = (await create({ name: 'a', groupIds: [g.id], accountIds: c2.accounts.map((a) => a.id) })).body;
      const targets = () =>
        bus
          .lastRoute(alert.id)!
          .targets.map((t) => t.accountId)
          .sort();

      await call(sut.url, 'PUT', `/api/groups/${g.id}`, { token: me.token, body: { connection_ids: [] } });
      expect(targets()).toEqual(c2.accounts.map((a) => a.id).sort());

      await bus.connectionChanged({ ...c2, accounts: [c2.accounts[1]] });
      expect(targets()).toEqual([c2.accounts[1].id]);
      expect((await alerts()).body[0].accountIds).toEqual([c2.accounts[1].id]);

      await bus.connectionRemoved({ connectionId: c2.connectionId, userId: me.id });
      expect(targets()).toEqual([]);

      await call(sut.url, 'DELETE', `/api/groups/${g.id}`, { token: me.token });
      expect(bus.lastRoute(alert.id)!.groupIds).toEqual([]);
      expect((await alerts()).body[0]).toMatchObject({ groupIds: [], accountIds: [] });
    });

    it('should not republish when a connection is re-sent with the same accounts', async () => {
      const c = await bus.connectionChanged(connectionEvent(me.id));
      await create({ name: 'a', accountIds: [c.accounts[0].id] });
      bus.clear();

      await bus.connectionChanged({ ...c, nickname: 'token refreshed' });

      expect(bus.routes).toEqual([]);
    });

    it('should answer the route on request, scoped to the webhook owner', async () => {
      const alert = (await create({ name: 'a' })).body;
      const ask = (userId: string | null) =>
        bus.bus.request(Topic.AlertsRoute, { alertId: alert.id }, { correlationId: 'test', userId });

      expect(await ask(me.id)).toMatchObject({ ok: true, data: { alertId: alert.id, userId: me.id, targets: [] } });
      expect(await ask(null)).toMatchObject({ ok: true, data: { alertId: alert.id } });
      expect(await ask(other.id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect(
        await bus.bus.request(Topic.AlertsRoute, { alertId: randomUUID() }, { correlationId: 't', userId: null }),
      ).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
    });

    it("should delete the user's alerts when the user is deleted, announcing each", async () => {
      const a = (await create({ name: 'a' })).body;
      const theirs = (await create({ name: 'theirs' }, other.token)).body;

      await bus.userDeleted(me.id);

      expect((await alerts()).body).toEqual([]);
      expect(bus.removed).toEqual([{ alertId: a.id, userId: me.id }]);
      expect((await alerts(other.token)).body.some((x) => x.id === theirs.id)).toBe(true);
    });
  });
});
