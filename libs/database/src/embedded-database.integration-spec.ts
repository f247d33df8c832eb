import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnNode } from '@app/testing';
import { EmbeddedDatabase } from './embedded-database';
import type { HousekeepingPass } from './embedded-database';
import { openEmbeddedDatabase } from './pglite';
import { recordingLog } from './__fixtures__/recording-log';

// 100 counters, indexed: their updates cannot be HOT (whose old versions a later read can prune), like the journal's.
const COUNTERS =
  'CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL); CREATE INDEX ix_counters_n ON counters (n); INSERT INTO counters SELECT g, 0 FROM generate_series(1, 100) g';

/** Three updates of every counter (300 dead rows, past autovacuum's threshold), their statistics flushed at once (see flushStats). */
async function leaveDeadRows(db: EmbeddedDatabase): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await db.query('UPDATE counters SET n = n + $1', [1]);
  }
  await db.exec('SELECT pg_stat_force_next_flush()');
}

describe('EmbeddedDatabase (PGlite on its own thread)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-db-'));
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    db = await EmbeddedDatabase.open(dataDir);
    await db.exec(
      'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, tags jsonb); CREATE UNIQUE INDEX uq_notes_body ON notes (body);',
    );
  });

  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // In a fresh process, as in the product, where the database thread is the first to use libuv's pool: the pool's
  // threads must not inherit the name.
  it('should run on one thread named pglite, which top -H and the benchmark tell from V8 and libuv helpers', async () => {
    const child = spawnNode(path.join(__dirname, '__fixtures__/thread-names.ts'));
    try {
      const [, json] = await child.waitForLine(/^threads (.*)$/, 60_000);
      const names = JSON.parse(json) as string[];

      expect(names.filter((n) => n === 'pglite')).toHaveLength(1);
    } finally {
      await child.kill();
    }
  });

  it('should run a parameterised statement and answer its rows as objects', async () => {
    const inserted = await db.query<{ id: number; tags: string[] }>(
      'INSERT INTO notes (body, tags) VALUES ($1, $2::jsonb) RETURNING id, tags',
      ['first', JSON.stringify(['a', 'b'])],
    );

    expect(inserted.rows).toEqual([{ id: 1, tags: ['a', 'b'] }]);
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.fields.map((f) => f.name)).toEqual(['id', 'tags']);
  });

  it("should answer the last statement's result when given several", async () => {
    const last = await db.exec("INSERT INTO notes (body) VALUES ('second'); SELECT count(*)::int AS n FROM notes");

    expect(last?.rows).toEqual([{ n: 2 }]);
  });

  it("should reject with Postgres' error fields, which callers match on", async () => {
    const err = (await db.query('INSERT INTO notes (body) VALUES ($1)', ['first']).catch((e: unknown) => e)) as Record<
      string,
      unknown
    >;

    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 'uq_notes_body',
      message: expect.stringContaining('duplicate key') as unknown,
    });
  });

  it('should keep working after a failed statement', async () => {
    await expect(db.query('SELECT body FROM notes WHERE id = $1', [1])).resolves.toMatchObject({
      rows: [{ body: 'first' }],
    });
  });

  it('should answer a statement run again with other values from its own values (prepared once, bound each time)', async () => {
    const select =
      'SELECT $1::int AS n, $2::text AS t, $3::boolean AS b, $4::jsonb AS j, $5::uuid[] AS ids, $6::timestamptz AS at, $7::text AS missing';
    const at = new Date('2026-11-22T10:00:00.000Z');
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const ids = [`00000000-0000-0000-0000-00000000000${n}`];
      const { rows } = await db.query(select, [n, `t${n}`, n % 2 === 0, JSON.stringify({ n }), ids, at, null]);

      expect(rows).toEqual([{ n, t: `t${n}`, b: n % 2 === 0, j: { n }, ids, at, missing: null }]);
    }
  });

  it("should plan a prepared statement once, not again for every call's values", async () => {
    // A text no other test sends, so that pg_prepared_statements counts this test's calls alone.
    const select = 'SELECT body FROM notes WHERE id = $1 AND body <> $2';
    for (const id of [1, 2, 1, 2, 1, 2, 1, 2]) {
      await db.query(select, [id, 'none']);
    }

    const { rows } = await db.query(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
      [select],
    );
    expect(rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
  });

  it('should re-prepare a statement whose table changed shape', async () => {
    await db.query('SELECT * FROM notes WHERE id = $1', [1]);
    await db.exec('ALTER TABLE notes ADD COLUMN pinned boolean NOT NULL DEFAULT false');

    await expect(db.query('SELECT * FROM notes WHERE id = $1', [1])).resolves.toMatchObject({
      rows: [{ id: 1, body: 'first', pinned: false }],
    });
  });

  it('should keep answering when more statements are seen than it keeps prepared', async () => {
    for (let n = 0; n < 520; n++) {
      const { rows } = await db.query(`SELECT $1::int + ${n} AS n`, [1]);
      expect(rows).toEqual([{ n: n + 1 }]);
    }
    await expect(db.query('SELECT $1::int + 0 AS n', [5])).resolves.toMatchObject({ rows: [{ n: 5 }] });
  });

  it('should report a statement that does not parse, every time', async () => {
    await expect(db.query('SELEC $1', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELEC $1', [1])).rejects.toMatchObject({ code: '42601' });
  });

  it('should run statements in the order they were sent when several are in flight', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.query('INSERT INTO notes (body) VALUES ($1) RETURNING id', [`burst ${i}`]),
      ),
    );
    const ids = results.map((r) => (r.rows[0] as { id: number }).id);

    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('should run plain and parameterised statements in the order they were sent, mixed', async () => {
    const sent = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? db.exec(`INSERT INTO notes (body) VALUES ('mixed ${i}') RETURNING id`)
        : db.query('INSERT INTO notes (body) VALUES ($1) RETURNING id', [`mixed ${i}`]),
    );
    const ids = (await Promise.all(sent)).map((r) => (r?.rows[0] as { id: number }).id);

    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('should keep what was written once closed and opened again, and refuse calls while closed', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('the embedded database stopped');

    db = await EmbeddedDatabase.open(dataDir);
    await expect(db.query('SELECT body FROM notes ORDER BY id')).resolves.toMatchObject({
      rows: [
        { body: 'first' },
        { body: 'second' },
        ...Array.from({ length: 20 }, (_, i) => ({ body: `burst ${i}` })),
        ...Array.from({ length: 20 }, (_, i) => ({ body: `mixed ${i}` })),
      ],
    });
  });

  describe('housekeeping (PGlite has no autovacuum and no checkpointer)', () => {
    // Its own database, whose passes run only when asked (an hour apart otherwise), until the last test.
    const houseDir = mkdtempSync(path.join(tmpdir(), 'embedded-db-house-'));
    let house: EmbeddedDatabase;
    const deadRows = async () =>
      (
        await house.query<{ n: number }>('SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = $1', [
          'counters',
        ])
      ).rows[0]?.n ?? 0;
    // Statistics reach pg_stat_* at most once a second, unless a flush is asked for.
    const flushStats = () => house.exec('SELECT pg_stat_force_next_flush()');

    beforeAll(async () => {
      house = await EmbeddedDatabase.open(houseDir, { intervalMs: 3_600_000 });
      await house.exec(COUNTERS);
    });

    it('should vacuum a table whose updates left many dead rows, but never inside an open transaction', async () => {
      await leaveDeadRows(house);
      await house.exec('BEGIN; INSERT INTO counters VALUES (101, 0)');

      // VACUUM cannot run in a transaction: it would have failed, and aborted the transaction with it.
      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: [] });
      await house.exec('COMMIT');
      await expect(house.query('SELECT count(*)::int AS n FROM counters WHERE n >= $1', [0])).resolves.toMatchObject({
        rows: [{ n: 101 }],
      });

      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: ['public.counters'] });
      await flushStats();
      expect(await deadRows()).toBe(0);
    });

    it('should leave a table with few dead rows alone', async () => {
      await house.query('UPDATE counters SET n = n + 1 WHERE id <= $1', [10]);
      await flushStats();

      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: [] });
    });

    it("should vacuum a table at its own autovacuum threshold, as Postgres' autovacuum would", async () => {
      // Ten dead rows are left from the test before: below 50 + 20 % of the live rows, above 5 + 0 %.
      await house.exec(
        'ALTER TABLE counters SET (autovacuum_vacuum_threshold = 5, autovacuum_vacuum_scale_factor = 0)',
      );
      await flushStats();

      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: ['public.counters'] });
      await house.exec('ALTER TABLE counters RESET (autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor)');
    });

    /** Whether every row of `table` is frozen: written before the oldest transaction id the table still names. */
    const allFrozen = async (table: string) =>
      (
        await house.query<{ frozen: boolean }>(
          `SELECT bool_and(age(t.xmin) > age(c.relfrozenxid)) AS frozen FROM ${table} t, pg_class c WHERE c.oid = $1::regclass`,
          [table],
        )
      ).rows[0].frozen;

    it('should vacuum a table only ever inserted into once its new rows pass its insert threshold, and freeze them', async () => {
      await house.exec(
        'CREATE TABLE entries (id int PRIMARY KEY) WITH (autovacuum_vacuum_insert_threshold = 100, autovacuum_vacuum_insert_scale_factor = 0)',
      );
      await house.query('INSERT INTO entries SELECT generate_series(1, $1::int)', [80]);
      await flushStats();
      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: [] });

      await house.query('INSERT INTO entries SELECT generate_series(81, $1::int)', [160]);
      await flushStats();
      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: ['public.entries'] });
      expect(await allFrozen('entries')).toBe(true);
    });

    it('should freeze a table nothing else made due before its transaction ids grow older than autovacuum_freeze_max_age', async () => {
      // A table written once: no dead rows, too few new ones for the insert threshold. Its own freeze age (the lowest
      // Postgres takes) stands in for the 200 million transactions of the server's setting.
      await house.exec(`CREATE TABLE settings (name text PRIMARY KEY, value text) WITH (autovacuum_freeze_max_age = 100000);
        INSERT INTO settings VALUES ('mode', 'live'), ('region', 'eu');
        CREATE PROCEDURE spend_transactions(n int) LANGUAGE plpgsql AS $$ BEGIN FOR i IN 1..n LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
      await flushStats();
      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: [] });
      expect(await allFrozen('settings')).toBe(false);

      await house.exec('CALL spend_transactions(100000)');

      await expect(house.housekeeping()).resolves.toMatchObject({ vacuumed: ['public.settings'] });
      expect(await allFrozen('settings')).toBe(true);
      await expect(house.query('SELECT value FROM settings WHERE name = $1', ['region'])).resolves.toMatchObject({
        rows: [{ value: 'eu' }],
      });
    });

    afterAll(async () => {
      await house?.close().catch(() => undefined);
      rmSync(houseDir, { recursive: true, force: true });
    });

    it('should vacuum on its own, every interval', async () => {
      await house.close();
      house = await EmbeddedDatabase.open(houseDir, { intervalMs: 200 });
      const announced: HousekeepingPass[] = [];
      house.onHousekeeping((pass) => announced.push(pass));
      await leaveDeadRows(house);
      const deadline = Date.now() + 5000;
      while (((await deadRows()) > 0 || announced.length === 0) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        await flushStats();
      }

      expect(await deadRows()).toBe(0);
      // A pass on its own is announced to the main thread, which logs it (logHousekeeping).
      expect(announced).toContainEqual(expect.objectContaining({ vacuumed: ['public.counters'], checkpointed: false }));
    });
  });

  describe('checkpoints (a single-user Postgres never checkpoints on its own)', () => {
    const walDir = mkdtempSync(path.join(tmpdir(), 'embedded-db-wal-'));
    const MB = 1024 * 1024;
    let wal: EmbeddedDatabase;
    const logSinceCheckpoint = async () =>
      (
        await wal.query<{ bytes: number }>(
          'SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS bytes FROM pg_control_checkpoint() WHERE $1',
          [true],
        )
      ).rows[0].bytes;
    /** A position in the log, in bytes from its start. */
    const walPosition = async (lsn: string) =>
      (await wal.query<{ at: number }>(`SELECT (${lsn} - '0/0'::pg_lsn)::float8 AS at WHERE $1`, [true])).rows[0].at;
    // Rows of random hex, which Postgres' compression leaves as they are: 8 kB of log a row.
    const write = (rows: number) =>
      wal.query(
        "INSERT INTO blobs (body) SELECT (SELECT string_agg(md5(random()::text || g || r), '') FROM generate_series(1, 250) g) FROM generate_series(1, $1::int) r",
        [rows],
      );

    beforeAll(async () => {
      wal = await EmbeddedDatabase.open(walDir, { intervalMs: 3_600_000, checkpointWalBytes: 2 * MB });
      await wal.exec('CREATE TABLE blobs (id serial PRIMARY KEY, body text NOT NULL)');
      await wal.housekeeping();
    });

    afterAll(async () => {
      await wal?.close().catch(() => undefined);
      rmSync(walDir, { recursive: true, force: true });
    });

    it('should checkpoint once the log written since the last checkpoint passes the threshold, and not inside a transaction', async () => {
      await write(100);
      await expect(wal.housekeeping()).resolves.toMatchObject({ vacuumed: [], checkpointed: false });
      expect(await logSinceCheckpoint()).toBeGreaterThan(0.5 * MB);

      await wal.exec('BEGIN');
      await write(300);
      await expect(wal.housekeeping()).resolves.toMatchObject({ vacuumed: [], checkpointed: false });
      await wal.exec('COMMIT');
      expect(await logSinceCheckpoint()).toBeGreaterThan(2 * MB);

      const announced: HousekeepingPass[] = [];
      wal.onHousekeeping((pass) => announced.push(pass));
      const pass = await wal.housekeeping();
      expect(pass).toMatchObject({
        vacuumed: [],
        checkpointed: true,
        checkpoint: { walBytes: expect.any(Number), ms: expect.any(Number) },
      });
      // It says what it wrote out and how long it held the session (the log and the main thread report it).
      expect(pass.checkpoint?.walBytes).toBeGreaterThan(2 * MB);
      expect(pass.ms).toBeGreaterThanOrEqual(pass.checkpoint?.ms ?? Infinity);
      expect(announced).toEqual([pass]);
      expect(await logSinceCheckpoint()).toBeLessThan(0.1 * MB);
      await expect(
        wal.query('SELECT count(*)::int AS n FROM blobs WHERE length(body) = $1', [8000]),
      ).resolves.toMatchObject({ rows: [{ n: 400 }] });
    });

    it('should log a change to a page after a checkpoint as the change, not as the whole page', async () => {
      // Rows of 3 kB kept in the page (neither compressed nor moved out), one a page (fillfactor 50), so the update
      // changes 100 pages, each for the first time since the checkpoint, and each new row version stays on its
      // page (logged as the bytes that changed).
      await wal.exec(`CREATE TABLE pages (id int PRIMARY KEY, n int NOT NULL, pad text NOT NULL) WITH (fillfactor = 50);
                      ALTER TABLE pages ALTER COLUMN pad SET STORAGE PLAIN;
                      INSERT INTO pages SELECT g, 0, repeat('x', 3000) FROM generate_series(1, 200) g`);
      await wal.exec('CHECKPOINT');

      await wal.exec('UPDATE pages SET n = n + 1 WHERE id % 2 = 0');

      // With page images, 100 × 3 kB and more; without, a hundred-odd bytes a row.
      expect(await logSinceCheckpoint()).toBeLessThan(100 * 1024);
    });

    it('should checkpoint on its own, every interval', async () => {
      await wal.close();
      wal = await EmbeddedDatabase.open(walDir, { intervalMs: 200, checkpointWalBytes: 1 * MB });
      const before = await walPosition('pg_current_wal_lsn()');
      await write(400);
      expect((await walPosition('pg_current_wal_lsn()')) - before).toBeGreaterThan(2 * MB);

      // Nothing here asks for one: the thread's own pass (every 200 ms, possibly already during the write on a
      // slow machine) finds more than 1 MB of log since the last checkpoint and starts one after the write.
      const deadline = Date.now() + 5000;
      while (
        (await walPosition('(SELECT redo_lsn FROM pg_control_checkpoint())')) < before + 2 * MB &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await walPosition('(SELECT redo_lsn FROM pg_control_checkpoint())')).toBeGreaterThan(before + 2 * MB);
      expect(await logSinceCheckpoint()).toBeLessThan(1 * MB);
    });
  });

  it("should log what the standalone product's database housekeeping did (openEmbeddedDatabase)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'embedded-db-log-'));
    const log = recordingLog();
    const { db } = await openEmbeddedDatabase(dir, log);
    try {
      await db.exec(COUNTERS);
      await leaveDeadRows(db);

      await db.housekeeping();

      expect(log.lines).toContainEqual({
        level: 'debug',
        fields: expect.objectContaining({ vacuumed: ['public.counters'] }),
        message: expect.stringMatching(/^vacuumed public\.counters in [\d.]+ ms$/),
      });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
