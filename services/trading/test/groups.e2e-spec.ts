import { randomUUID } from 'node:crypto';
import type { GroupV1 } from '@app/contracts';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, detailText, login } from '@app/testing/http-client';
import { followToCallback, oauthConsent } from '@app/testing/oauth-consent';
import { TradingBus, connectionEvent } from './trading-fixtures';
import type { Answer } from './trading-fixtures';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

describe('trading groups (/api/groups)', () => {
  let sut: StandaloneApp;
  let bus: TradingBus;
  let admin: string;
  let me: { id: string; token: string };
  let other: { id: string; token: string };

  const groups = (token = me.token) => call<GroupV1[]>(sut.url, 'GET', '/api/groups', { token });
  const create = (name: unknown, token = me.token) =>
    call<Answer<GroupV1>>(sut.url, 'POST', '/api/groups', { token, body: { name } });
  const update = (id: string, body: unknown, token = me.token) =>
    call<Answer<GroupV1>>(sut.url, 'PUT', `/api/groups/${id}`, { token, body });

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    bus = new TradingBus(sut);
    admin = await login(sut.url, ADMIN.email, ADMIN.password);
  });

  beforeEach(async () => {
    // A fresh pair of users per test: nothing to clean, and no test sees another's data.
    me = await activeUser(sut.url, admin);
    other = await activeUser(sut.url, admin);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should refuse every call without a token with 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/groups'],
      ['POST', '/api/groups'],
      ['PUT', `/api/groups/${randomUUID()}`],
      ['DELETE', `/api/groups/${randomUUID()}`],
    ]) {
      const res = await call(sut.url, method, path, method === 'GET' ? {} : { body: { name: 'x' } });
      expect(res.status).toBe(401);
    }
  });

  describe('POST', () => {
    it('should create an empty group with a trimmed name and answer 201', async () => {
      const res = await create('  Scalpers  ');

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'Scalpers',
        accountsCount: 0,
        accountDetails: '',
        selectedConnectionIds: [],
        accounts: [],
        createdAt: expect.any(String),
      });
      expect((await groups()).body).toEqual([res.body]);
    });

    it.each([
      ['a missing name', undefined],
      ['a blank name', '   '],
      ['a numeric name', 42],
      ['an object name', { $ne: null }],
      ['a name over 100 characters', 'n'.repeat(101)],
      ['a huge name', 'n'.repeat(60000)],
    ])('should answer 400 for %s', async (_case, name) => {
      const res = await create(name);

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await groups()).body).toEqual([]);
    });

    it('should store script and SQL text as text and return it verbatim', async () => {
      const names = ['<script>alert(1)</script>', "'; DROP TABLE trading.groups; --"];
      for (const name of names) {
        expect((await create(name)).body.name).toBe(name);
      }
      expect((await groups()).body.map((g) => g.name)).toEqual(names);
    });

    it('should refuse a name the user already has, in any case, with 409 GROUP_NAME_TAKEN', async () => {
      await create('Scalpers');

      const res = await create('SCALPERS');

      expect(res.status).toBe(409);
      expect(res.body.code).toBe('GROUP_NAME_TAKEN');
      expect((await create('Scalpers', other.token)).status).toBe(201);
    });
  });

  describe('PUT', () => {
    it('should set members from connection_ids and show them as cards', async () => {
      const a = await bus.connectionChanged(connectionEvent(me.id, { username: 'alice', environment: 'live' }));
      const b = await bus.connectionChanged(connectionEvent(me.id, { username: undefined, nickname: 'Bob' }));
      const group = (await create('Desk')).body;

      const res = await update(group.id, { connection_ids: [a.connectionId, b.connectionId, a.connectionId] });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: group.id,
        name: 'Desk',
        accountsCount: 2,
        accountDetails: 'alice, Bob',
        selectedConnectionIds: [a.connectionId, b.connectionId],
        accounts: [
          { id: a.connectionId, username: 'alice', environment: 'live', provider: 'Tradovate' },
          { id: b.connectionId, username: 'Bob', environment: 'demo', provider: 'Tradovate' },
        ],
      });
      expect((await groups()).body).toEqual([res.body]);
    });

    it('should rename and set members in one call, and rename alone', async () => {
      const a = await bus.connectionChanged(connectionEvent(me.id));
      const group = (await create('Old')).body;

      expect((await update(group.id, { name: 'New', connection_ids: [a.connectionId] })).body).toMatchObject({
        name: 'New',
        accountsCount: 1,
      });
      expect((await update(group.id, { name: 'NEW' })).body).toMatchObject({ name: 'NEW', accountsCount: 1 });
      expect((await update(group.id, { connection_ids: [] })).body).toMatchObject({ name: 'NEW', accountsCount: 0 });
    });

    it("should refuse another user's or an unknown connection, naming it, and change nothing", async () => {
      const mine = await bus.connectionChanged(connectionEvent(me.id));
      const theirs = await bus.connectionChanged(connectionEvent(other.id));
      const unknown = randomUUID();
      const group = (await create('Desk')).body;

      const res = await update(group.id, { connection_ids: [mine.connectionId, theirs.connectionId, unknown] });

      expect(res.status).toBe(422);
      expect(res.body.code).toBe('UNPROCESSABLE');
      expect(detailText(res.body)).toContain(theirs.connectionId);
      expect(detailText(res.body)).toContain(unknown);
      expect((await groups()).body[0]?.accountsCount).toBe(0);
    });

    it.each([
      ['an empty body', {}],
      ['a malformed connection id', { connection_ids: ['not-a-uuid'] }],
      ['connection_ids that are not a list', { connection_ids: 'abc' }],
      ['a name over 100 characters', { name: 'n'.repeat(101) }],
    ])('should answer 400 for %s', async (_case, body) => {
      const group = (await create('Desk')).body;

      expect((await update(group.id, body)).status).toBe(400);
    });

    it('should refuse a name another group of the user has with 409', async () => {
      await create('One');
      const two = (await create('Two')).body;

      const res = await update(two.id, { name: ' one ' });

      expect(res.status).toBe(409);
      expect(res.body.code).toBe('GROUP_NAME_TAKEN');
    });

    it("should answer 404 for another user's group, an unknown id and a malformed id", async () => {
      const theirs = (await create('Theirs', other.token)).body;

      expect((await update(theirs.id, { name: 'Mine now' })).status).toBe(404);
      expect((await update(randomUUID(), { name: 'x' })).status).toBe(404);
      expect((await update('1 OR 1=1', { name: 'x' })).status).toBe(404);
      expect((await groups(other.token)).body[0]?.name).toBe('Theirs');
    });
  });

  describe('DELETE', () => {
    it('should delete the group with 204', async () => {
      const group = (await create('Desk')).body;

      const res = await call(sut.url, 'DELETE', `/api/groups/${group.id}`, { token: me.token });

      expect(res.status).toBe(204);
      expect((await groups()).body).toEqual([]);
    });

    it("should answer 404 for another user's group and leave it", async () => {
      const theirs = (await create('Theirs', other.token)).body;

      expect((await call(sut.url, 'DELETE', `/api/groups/${theirs.id}`, { token: me.token })).status).toBe(404);
      expect((await groups(other.token)).body).toHaveLength(1);
    });
  });

  describe('connection events', () => {
    it('should follow a renamed connection and drop a removed one from every group', async () => {
      const a = await bus.connectionChanged(connectionEvent(me.id));
      const b = await bus.connectionChanged(connectionEvent(me.id));
      const one = (await create('One')).body;
      const two = (await create('Two')).body;
      await update(one.id, { connection_ids: [a.connectionId, b.connectionId] });
      await update(two.id, { connection_ids: [a.connectionId] });

      await bus.connectionChanged({ ...b, username: 'renamed' });
      await bus.connectionRemoved({ connectionId: a.connectionId, userId: me.id });

      const list = (await groups()).body;
      expect(list.map((g) => [g.name, g.selectedConnectionIds, g.accountDetails])).toEqual([
        ['One', [b.connectionId], 'renamed'],
        ['Two', [], ''],
      ]);
    });

    it('should show the username of a connection made through /api/connections, not its nickname', async () => {
      const created = await call<{ id: string }>(sut.url, 'POST', '/api/connections', {
        token: me.token,
        body: { nickname: 'Alice Demo', username: 'demo', environment: 'demo' },
      });
      const group = (await create('Desk')).body;

      const res = await update(group.id, { connection_ids: [created.body.id] });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        accountDetails: 'demo',
        accounts: [{ id: created.body.id, username: 'demo', environment: 'demo', provider: 'Tradovate' }],
      });
    });

    it('should follow an edited username, and show the nickname once the username is cleared', async () => {
      const created = await call<{ id: string }>(sut.url, 'POST', '/api/connections', {
        token: me.token,
        body: { nickname: 'Alice Demo', username: 'demo' },
      });
      const group = (await create('Desk')).body;
      await update(group.id, { connection_ids: [created.body.id] });
      const edit = (body: object) =>
        call(sut.url, 'PUT', `/api/connections/${created.body.id}`, { token: me.token, body });

      await edit({ username: 'alice' });
      const renamed = (await groups()).body[0]?.accountDetails;
      await edit({ username: '' });
      const cleared = (await groups()).body[0]?.accountDetails;

      expect([renamed, cleared]).toEqual(['alice', 'Alice Demo']);
    });

    it('should show the Tradovate user name an OAuth connection signed in as, whatever its nickname', async () => {
      await followToCallback(sut.url, await oauthConsent(sut.url, me.token, 'authorize'));
      const [connection] = (await call<{ id: string }[]>(sut.url, 'GET', '/api/connections', { token: me.token })).body;
      await call(sut.url, 'PUT', `/api/connections/${connection.id}`, {
        token: me.token,
        body: { nickname: 'My OAuth' },
      });
      const group = (await create('Desk')).body;

      const res = await update(group.id, { connection_ids: [connection.id] });

      expect(res.body).toMatchObject({ accountDetails: 'demo', accounts: [{ id: connection.id, username: 'demo' }] });
    });

    it("should delete the user's groups when the user is deleted, and only theirs", async () => {
      await create('Mine');
      await create('Theirs', other.token);

      await bus.userDeleted(me.id);

      expect((await groups()).body).toEqual([]);
      expect((await groups(other.token)).body).toHaveLength(1);
    });
  });
});
