import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogEventV1, WebhookResultV1 } from '@app/contracts';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { EmbeddedDatabase } from '@app/database';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { OrderAttempt } from '../entities/order-attempt';
import { SystemRejectionEntity } from '../entities/read-model.entities';
import { WebhookEntity } from '../entities/webhook.entity';
import { Execution_SCHEMA, executionMigrations } from '../migrations';
import { clOrdIdOf } from './build-broker-call';
import { FanOutJournal, attemptOf, finishLingerFor } from './fan-out-journal';
import type { IntakeEntry } from './intake-log';
import { JournalRepository } from './journal.repository';
import type { NewWebhook } from './journal.repository';

/** The journal on the embedded database of standalone mode, which plans prepared statements once for any values. */
describe(JournalRepository.name, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-'));
  let db: EmbeddedDatabase;
  let dataSource: DataSource;
  let sut: JournalRepository;
  const userId = randomUUID();

  beforeAll(async () => {
    const embedded = await openEmbeddedDatabase(dataDir);
    db = embedded.db;
    const entities = [WebhookEntity, SystemRejectionEntity];
    dataSource = new DataSource(
      dataSourceOptions(
        { kind: 'pglite', driver: embedded.driver },
        { schema: Execution_SCHEMA, entities, migrations: executionMigrations },
      ),
    );
    await dataSource.initialize();
    sut = new JournalRepository(
      dataSource.getRepository(WebhookEntity),
      dataSource.getRepository(SystemRejectionEntity),
    );
  });

  afterAll(async () => {
    await dataSource?.destroy().catch(() => undefined);
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A webhook of `userId` to journal: received, its row written before its orders (distributed mode), but for `fields`. */
  const webhookOf = (requestId: string, fields: Partial<NewWebhook> = {}): NewWebhook => ({
    userId,
    requestId,
    alertId: null,
    alertName: null,
    symbol: 'MNQZ6',
    action: 'market buy',
    status: 'received',
    request: {},
    rawBody: '{}',
    bodyHash: 'hash',
    events: [],
    ...fields,
  });

  const receivedWebhook = (requestId: string, events: LogEventV1[] = []) =>
    sut.createWebhook(webhookOf(requestId, { events }));

  const resultOf = (requestId: string, successful: number): WebhookResultV1 => ({
    message: `Orders placed on ${successful} account(s)`,
    successful,
    failed: 0,
    total: successful,
    results: [],
    request_id: requestId,
    processed_orders: successful,
    failed_orders: 0,
  });

  /**
   * `n` webhooks of `owner` (the spec's user unless named) in one status, written as the journal writes them (listed as
   * unfinished while they are), each with `attempts` order attempts; `claim` is their lease, if any.
   */
  const journal = (
    n: number,
    status: string,
    {
      claim = null,
      owner = userId,
      attempts = 0,
    }: { claim?: { by: string; expiresInS: number } | null; owner?: string; attempts?: number } = {},
  ) =>
    db.query(
      `WITH w AS (
         INSERT INTO "execution"."webhooks" ("user_id", "request_id", "status", "executes", "request", "raw_body", "body_hash", "events", "claimed_by", "claim_expires", "created_at", "attempts")
         SELECT $1, gen_random_uuid()::text, $2, true, '{}', '{}', 'hash', '[]', $3, now() + make_interval(secs => $4), now() - make_interval(secs => $5 - i),
                (SELECT coalesce(jsonb_agg(jsonb_build_object('accountId', gen_random_uuid(), 'accountName', 'DEMO1', 'connectionId', gen_random_uuid(),
                          'clOrdId', gen_random_uuid()::text, 'kind', 'order', 'request', '{}'::jsonb, 'status', 'placed', 'orderId', 1, 'error', null, 'durationMs', 3)), '[]')
                   FROM generate_series(1, $6))
           FROM generate_series(1, $5) AS i
         RETURNING "id", "status")
       INSERT INTO "execution"."unfinished_webhooks" ("webhook_id") SELECT "id" FROM w WHERE "status" IN ('received', 'processing')`,
      [owner, status, claim?.by ?? null, claim?.expiresInS ?? 0, n, attempts],
    );

  describe('unfinished', () => {
    beforeAll(async () => {
      await journal(5000, 'completed');
      await journal(1, 'received');
      await journal(1, 'processing', { claim: { by: 'crashed-instance', expiresInS: -30 } });
      await journal(1, 'processing', { claim: { by: 'live-instance', expiresInS: 30 } });
    });

    it('should answer the unfinished webhooks whose lease is missing or lapsed, oldest first', async () => {
      const found = await sut.unfinished();

      expect(found.map((w) => [w.status, w.claimedBy])).toEqual([
        ['received', null],
        ['processing', 'crashed-instance'],
      ]);
    });

    it('should list a webhook journalled to execute as unfinished, and a rejection not', async () => {
      const [executing, rejected] = await Promise.all([
        sut.createWebhook(webhookOf('listed-received')),
        sut.createWebhook(webhookOf('listed-rejected', { status: 'rejected' })),
      ]);
      const listed = await db.query<{ webhook_id: string }>(
        'SELECT "webhook_id" FROM "execution"."unfinished_webhooks" WHERE "webhook_id" = ANY($1::uuid[])',
        [[executing.id, rejected.id]],
      );

      expect(listed.rows).toEqual([{ webhook_id: executing.id }]);
      await sut.setWebhook(executing.id, { status: 'failed' });
    });

    it('should write a refusal with its answer in the row it inserts', async () => {
      const response = {
        detail: 'Too many webhooks this minute',
        code: 'RATE_LIMITED' as const,
        requestId: 'refused-whole',
      };
      const refused = await sut.createWebhook(
        webhookOf('refused-whole', { status: 'rejected', httpStatus: 429, response }),
      );

      const row = await sut.webhooks.findOneByOrFail({ id: refused.id });
      expect([row.status, row.httpStatus, row.response]).toEqual(['rejected', 429, response]);
      expect([refused.httpStatus, refused.response]).toEqual([429, response]);
    });

    it('should find them from the list of unfinished webhooks by primary key even when planned once for any values, not by reading the whole journal', async () => {
      // The sweep runs every lease period for the life of the process; a plan that reads every webhook ever
      // journalled costs more with every webhook received.
      const [sql] = sut.unfinishedQuery().getQueryAndParameters();
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (GENERIC_PLAN) ${sql}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');

      expect(plan).toContain('unfinished_webhooks');
      expect(plan).toMatch(/Index Scan (on|using) webhooks_pkey/);
      expect(plan).not.toMatch(/Seq Scan on webhooks/);
    });
  });

  describe('fan-out journal', () => {
    const fanOuts = () => new FanOutJournal(dataSource, finishLingerFor('pglite'));
    const newWebhook = (requestId: string) =>
      receivedWebhook(requestId, [{ at: new Date().toISOString(), type: 'received', message: 'Webhook received' }]);
    const planned = (requestId: string, accountName: string) => {
      const accountId = randomUUID();
      return attemptOf({
        accountId,
        accountName,
        connectionId: randomUUID(),
        clOrdId: clOrdIdOf(requestId, accountId, 'entry'),
        kind: 'order',
        request: { accountId: 7, orderQty: 1 },
      });
    };
    const attemptsOf = async (webhookId: string) =>
      ((await sut.webhook(webhookId))?.attempts ?? []).map((a) => [
        a.accountName,
        a.clOrdId,
        a.status,
        a.orderId,
        a.error,
        a.durationMs,
        a.request,
      ]);

    it('should write every attempt once, with its outcome, and each webhook final, also for fan-outs ending together', async () => {
      const [one, two, three] = [uuidv7(), uuidv7(), uuidv7()];
      const [w1, w2, w3] = await Promise.all([newWebhook(one), newWebhook(two), newWebhook(three)]);
      const a = planned(one, 'DEMO1');
      const b = planned(one, 'DEMO2');
      const c = planned(two, 'DEMO3');
      const d = planned(three, 'DEMO4');
      const event = { at: new Date().toISOString(), type: 'completed' as const, message: 'done', outcome: 'partial' };
      const journal = fanOuts();

      // The first runs at once; the two that arrive while it runs share the next statement (group commit).
      await Promise.all([
        journal.finish(
          w1.id,
          [
            { ...a, status: 'placed', orderId: 101, durationMs: 4 },
            { ...b, status: 'failed', error: 'NoQuote', durationMs: 6 },
          ],
          { status: 'partial', response: resultOf(one, 1), events: [event] },
        ),
        journal.finish(w2.id, [{ ...c, status: 'placed', orderId: 102, durationMs: 5 }], {
          status: 'completed',
          response: resultOf(two, 1),
          events: [],
        }),
        journal.finish(w3.id, [{ ...d, status: 'placed', orderId: 103, durationMs: 5 }], {
          status: 'completed',
          response: resultOf(three, 1),
          events: [],
        }),
      ]);

      expect(await attemptsOf(w1.id)).toEqual([
        ['DEMO1', a.clOrdId, 'placed', 101, null, 4, { accountId: 7, orderQty: 1 }],
        ['DEMO2', b.clOrdId, 'failed', null, 'NoQuote', 6, { accountId: 7, orderQty: 1 }],
      ]);
      expect(await attemptsOf(w2.id)).toEqual([
        ['DEMO3', c.clOrdId, 'placed', 102, null, 5, { accountId: 7, orderQty: 1 }],
      ]);
      expect(await attemptsOf(w3.id)).toEqual([
        ['DEMO4', d.clOrdId, 'placed', 103, null, 5, { accountId: 7, orderQty: 1 }],
      ]);
      const final = await sut.webhook(w1.id);
      expect([final?.status, final?.httpStatus, final?.response, final?.events.map((e) => e.type)]).toEqual([
        'partial',
        200,
        resultOf(one, 1),
        ['received', 'completed'],
      ]);
      expect([(await sut.webhook(w2.id))?.response, (await sut.webhook(w3.id))?.response]).toEqual([
        resultOf(two, 1),
        resultOf(three, 1),
      ]);
      // Finished: no longer the sweep's to resume.
      expect((await sut.unfinished()).map((w) => w.id)).not.toContain(w1.id);
    });

    /** A webhook admitted in standalone mode: on record in the intake log only, its row not written yet. */
    const unwritten = (requestId: string): IntakeEntry => ({
      id: uuidv7(),
      userId,
      requestId,
      alertId: null,
      alertName: 'breakout',
      symbol: 'MNQZ6',
      action: 'market buy',
      request: { quantity: 1 },
      rawBody: '{"quantity":1}',
      bodyHash: 'hash',
      events: [{ at: '2026-11-27T10:00:00.000Z', type: 'received', message: 'Webhook received' }],
      createdAt: '2026-11-27T10:00:00.010Z',
    });

    it("should insert an unwritten webhook's row whole with its attempts in the closing write, beside a written one's update", async () => {
      const [one, two] = [uuidv7(), uuidv7()];
      const fresh = unwritten(one);
      const written = await newWebhook(two);
      const a = planned(one, 'DEMO1');
      const b = planned(two, 'DEMO2');
      const done = {
        at: '2026-11-27T10:00:00.030Z',
        type: 'completed' as const,
        message: 'done',
        outcome: 'completed',
      };
      const journal = fanOuts();

      await Promise.all([
        journal.finish(written.id, [{ ...b, status: 'placed', orderId: 111 }], {
          status: 'completed',
          response: resultOf(two, 1),
          events: [done],
        }),
        journal.finish(
          fresh.id,
          [{ ...a, status: 'placed', orderId: 110 }],
          { status: 'completed', response: resultOf(one, 1), events: [done] },
          fresh,
        ),
      ]);

      const row = await sut.webhook(fresh.id);
      expect(row).toMatchObject({
        requestId: one,
        userId,
        alertName: 'breakout',
        symbol: 'MNQZ6',
        action: 'market buy',
        status: 'completed',
        executes: true,
        httpStatus: 200,
        request: { quantity: 1 },
        rawBody: '{"quantity":1}',
        response: resultOf(one, 1),
        createdAt: new Date(fresh.createdAt),
      });
      expect(row?.events.map((e) => e.type)).toEqual(['received', 'completed']);
      expect(await attemptsOf(fresh.id)).toEqual([
        ['DEMO1', a.clOrdId, 'placed', 110, null, null, { accountId: 7, orderQty: 1 }],
      ]);
      expect((await sut.webhook(written.id))?.status).toBe('completed');
      // Written finished, it never was the sweep's.
      const listed = await db.query<{ webhook_id: string }>(
        'SELECT "webhook_id" FROM "execution"."unfinished_webhooks" WHERE "webhook_id" = $1',
        [fresh.id],
      );
      expect(listed.rows).toEqual([]);
    });

    it('should restore an interrupted webhook of the intake log as received and unfinished, and leave one whose row was written', async () => {
      const interrupted = unwritten(uuidv7());
      const finished = unwritten(uuidv7());
      await fanOuts().finish(
        finished.id,
        [],
        { status: 'completed', response: resultOf(finished.requestId, 0), events: [] },
        finished,
      );

      await expect(sut.restore([interrupted, finished])).resolves.toBe(1);

      expect(await sut.webhook(interrupted.id)).toMatchObject({
        requestId: interrupted.requestId,
        status: 'received',
        claimedBy: null,
        rawBody: '{"quantity":1}',
        createdAt: new Date(interrupted.createdAt),
      });
      expect((await sut.webhook(finished.id))?.status).toBe('completed');
      expect((await sut.unfinished()).map((w) => w.id)).toContain(interrupted.id);
      expect((await sut.unfinished()).map((w) => w.id)).not.toContain(finished.id);
    });

    it('should settle attempts an earlier version journalled pending in place, without writing them again', async () => {
      const requestId = uuidv7();
      const webhook = await newWebhook(requestId);
      const a = planned(requestId, 'DEMO1');
      // As AttemptsInWebhookRow1765000000000 leaves an attempt that was journalled pending before it was sent.
      await db.query('UPDATE "execution"."webhooks" SET "attempts" = $1::jsonb WHERE "id" = $2', [
        JSON.stringify([{ ...a, request: {} }]),
        webhook.id,
      ]);
      const [journalled] = (await sut.webhook(webhook.id))?.attempts ?? [];

      await fanOuts().finish(webhook.id, [{ ...journalled, status: 'placed', orderId: 106, durationMs: 3 }], {
        status: 'completed',
        response: resultOf(requestId, 1),
        events: [],
      });

      expect(await attemptsOf(webhook.id)).toEqual([['DEMO1', a.clOrdId, 'placed', 106, null, 3, {}]]);
      expect((await sut.webhook(webhook.id))?.status).toBe('completed');
    });

    it('should leave a finished webhook as its first closing write left it', async () => {
      // Two instances finishing one webhook (a lease lost while working): the second must not rewrite or double the log.
      const requestId = uuidv7();
      const webhook = await newWebhook(requestId);
      const a = planned(requestId, 'DEMO1');
      const done = { at: new Date().toISOString(), type: 'completed' as const, message: 'done', outcome: 'completed' };
      await fanOuts().finish(webhook.id, [{ ...a, status: 'placed', orderId: 104 }], {
        status: 'completed',
        response: resultOf(requestId, 1),
        events: [done],
      });

      await fanOuts().finish(webhook.id, [{ ...a, status: 'failed', error: 'late' }], {
        status: 'failed',
        response: resultOf(requestId, 0),
        events: [{ ...done, outcome: 'failed' }],
      });

      expect((await attemptsOf(webhook.id)).map((r) => [r[2], r[3]])).toEqual([['placed', 104]]);
      const row = await sut.webhook(webhook.id);
      expect([row?.status, row?.response, row?.events.map((e) => e.outcome ?? e.type)]).toEqual([
        'completed',
        resultOf(requestId, 1),
        ['received', 'completed'],
      ]);
    });
  });

  describe('webhook pages', () => {
    it("should write a webhook's outcome and its ten attempts in place (a HOT update), adding nothing to its indexes for a vacuum to read", async () => {
      // Every index entry an update adds is read again by every vacuum of the table, and those passes hold the
      // embedded database's one session: they grew with the journal (docs/performance.md).
      const fanOuts = new FanOutJournal(dataSource, finishLingerFor('pglite'));
      const hotUpdates = async () => {
        await db.query('SELECT pg_stat_force_next_flush()');
        const { rows } = await db.query<{ updates: number; hot: number }>(
          `SELECT n_tup_upd::int AS "updates", n_tup_hot_upd::int AS "hot" FROM pg_stat_user_tables WHERE schemaname = 'execution' AND relname = 'webhooks'`,
        );
        return rows[0];
      };
      const before = await hotUpdates();
      const request = {
        alert_id: randomUUID(),
        action: 'buy',
        quantity: 2,
        order_type: 'market',
        symbol: 'MNQZ6',
        comment: 'x'.repeat(100),
      };
      const received = {
        at: new Date().toISOString(),
        type: 'received' as const,
        message: 'Webhook received (application/json)',
      };
      // As under load: a few webhooks are journalled between a webhook's row and its outcome, on the same pages.
      const finishing: Promise<void>[] = [];
      for (let i = 0; i < 120; i += 1) {
        const requestId = uuidv7();
        const webhook = await sut.createWebhook({
          userId,
          requestId,
          alertId: request.alert_id,
          alertName: 'NQ breakout',
          symbol: 'MNQZ6',
          action: 'market buy',
          status: 'received',
          request,
          rawBody: JSON.stringify(request),
          bodyHash: 'hash',
          events: [received, { ...received, type: 'routed', message: 'market buy x2 to 10 account(s)' }],
        });
        const results = Array.from({ length: 10 }, (_, n) => ({
          account_name: `DEMO10000${n}`,
          success: true,
          data: { orderId: 200000000 + n },
          execution_time_ms: 3,
          error: null,
        }));
        const response = { ...resultOf(requestId, 10), results };
        const events = results.map((r) => ({
          at: new Date().toISOString(),
          type: 'broker_call' as const,
          accountName: r.account_name,
          durationMs: 3,
          message: `order placed, order ${r.data.orderId}`,
          outcome: 'placed',
        }));
        // Its attempts as the fan-out writes them: the exact order each account was sent, with its outcome.
        const attempts = results.map((r, n): OrderAttempt => {
          const accountId = randomUUID();
          return {
            ...attemptOf({
              accountId,
              accountName: r.account_name,
              connectionId: randomUUID(),
              clOrdId: clOrdIdOf(requestId, accountId, 'entry'),
              kind: 'order',
              request: { accountId: 100000 + n, contractId: 3570918, action: 'Buy', orderQty: 2, orderType: 'Market' },
            }),
            status: 'placed',
            orderId: r.data.orderId,
            durationMs: 3,
          };
        });
        finishing.push(fanOuts.finish(webhook.id, attempts, { status: 'completed', response, events }));
        if (finishing.length === 6) {
          await Promise.all(finishing.splice(0));
        }
      }
      const after = await hotUpdates();

      expect(after.updates - before.updates).toBe(120);
      expect(after.hot - before.hot).toBe(120);
    });
  });

  describe('keys', () => {
    const journalled: Array<{ webhookId: string; clOrdIds: string[] }> = [];

    // Gone again afterwards, so that no other test depends on the order.
    afterAll(() =>
      db.query('DELETE FROM "execution"."webhooks" WHERE "id" = ANY($1::uuid[])', [journalled.map((j) => j.webhookId)]),
    );

    it('should key every webhook and order later than the ones before it, so that the indexes grow at their end', async () => {
      // Random keys change index pages all over, and each changed page is written again at the next checkpoint:
      // with the journal's size, that grew without bound (docs/performance.md). Request ids are the gateway's.
      const fanOuts = new FanOutJournal(dataSource, finishLingerFor('pglite'));
      const accounts = [randomUUID(), randomUUID(), randomUUID()];
      for (let i = 0; i < 20; i += 1) {
        const requestId = uuidv7();
        const webhook = await receivedWebhook(requestId);
        const attempts = accounts.map((accountId) =>
          attemptOf({
            accountId,
            accountName: 'DEMO1',
            connectionId: randomUUID(),
            clOrdId: clOrdIdOf(requestId, accountId, 'entry'),
            kind: 'order',
            request: {},
          }),
        );
        await fanOuts.finish(
          webhook.id,
          attempts.map((a) => ({ ...a, status: 'placed', orderId: 1 })),
          { status: 'completed', response: resultOf(requestId, 3), events: [] },
        );
        const written = await sut.webhook(webhook.id);
        journalled.push({ webhookId: webhook.id, clOrdIds: (written?.attempts ?? []).map((a) => a.clOrdId) });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }

      const inOrder = (keys: string[]) => expect([...keys].sort()).toEqual(keys);
      inOrder(journalled.map((j) => j.webhookId));
      // Within one webhook the order does not matter (it is one statement); each webhook's come after the last one's.
      expect(journalled.every((j) => j.clOrdIds.length === 3)).toBe(true);
      inOrder(journalled.map((j) => [...j.clOrdIds].sort()).flat());
    });
  });

  describe('deleteUser', () => {
    const left = async (owner: string) => {
      const { rows } = await db.query<{ webhooks: number; attempts: number; unfinished: number }>(
        `SELECT (SELECT count(*)::int FROM "execution"."webhooks" WHERE "user_id" = $1) AS "webhooks",
                (SELECT coalesce(sum(jsonb_array_length("attempts")), 0)::int FROM "execution"."webhooks" WHERE "user_id" = $1) AS "attempts",
                (SELECT count(*)::int FROM "execution"."unfinished_webhooks" u
                   JOIN "execution"."webhooks" w ON w."id" = u."webhook_id" WHERE w."user_id" = $1) AS "unfinished"`,
        [owner],
      );
      return rows[0];
    };

    it("should remove the user's webhooks with their order attempts and leave everyone else's", async () => {
      const [doomed, other] = [randomUUID(), randomUUID()];
      await journal(3, 'completed', { owner: doomed, attempts: 2 });
      await journal(1, 'received', { owner: doomed, attempts: 2 });
      await journal(2, 'completed', { owner: other, attempts: 2 });
      await journal(1, 'processing', { owner: other, attempts: 2 });
      const listedBefore = await db.query<{ n: number }>(
        'SELECT count(*)::int AS "n" FROM "execution"."unfinished_webhooks"',
      );

      await sut.deleteUser(doomed);

      expect(await left(doomed)).toEqual({ webhooks: 0, attempts: 0, unfinished: 0 });
      expect(await left(other)).toEqual({ webhooks: 3, attempts: 6, unfinished: 1 });
      const after = await db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "execution"."unfinished_webhooks"');
      expect(after.rows[0].n).toBe(listedBefore.rows[0].n - 1);
    });
  });
});
