import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from './embedded-database';
import type { EmbeddedResult, SqlSession } from './embedded-database';
import { createPgliteDriver } from './pglite-driver';

/** The real embedded database, recording what was sent to it and how many statements were in flight at once. */
class RecordingSession implements SqlSession {
  readonly sent: string[] = [];
  inFlight = 0;
  mostInFlight = 0;

  constructor(private readonly db: EmbeddedDatabase) {}

  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<EmbeddedResult<T>> {
    return this.track(text, this.db.query<T>(text, values));
  }

  exec(text: string): Promise<EmbeddedResult | null> {
    return this.track(text, this.db.exec(text));
  }

  private async track<R>(text: string, answer: Promise<R>): Promise<R> {
    this.sent.push(text);
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      return await answer;
    } finally {
      this.inFlight -= 1;
    }
  }
}

type Client = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; release(): void };

describe('the PGlite driver (TypeORM over the one embedded session)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-driver-'));
  let db: EmbeddedDatabase;
  let session: RecordingSession;
  let pool: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; connect(): Promise<Client> };

  beforeAll(async () => {
    db = await EmbeddedDatabase.open(dataDir);
    await db.exec('CREATE TABLE fills (id serial PRIMARY KEY, who text NOT NULL)');
  });

  beforeEach(async () => {
    await db.exec('TRUNCATE fills');
    session = new RecordingSession(db);
    const { Pool } = createPgliteDriver(session);
    pool = new Pool() as unknown as typeof pool;
  });

  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const whoFilled = async (): Promise<string[]> =>
    ((await db.query('SELECT who FROM fills ORDER BY id')).rows as Array<{ who: string }>).map((r) => r.who);

  it("should send statements outside a transaction without waiting for each other's answers, and answer each its own rows", async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) => pool.query('INSERT INTO fills (who) VALUES ($1) RETURNING who', [who])),
    );

    expect(answers.map((a) => a.rows)).toEqual([[{ who: 'a' }], [{ who: 'b' }], [{ who: 'c' }], [{ who: 'd' }]]);
    expect(session.mostInFlight).toBe(4);
    expect(await whoFilled()).toEqual(['a', 'b', 'c', 'd']);
  });

  it("should hold another client's statement until a transaction's ROLLBACK is answered, so it is not rolled back with it", async () => {
    const trader = await pool.connect();
    await trader.query('START TRANSACTION');
    await trader.query('INSERT INTO fills (who) VALUES ($1)', ['in the transaction']);

    const other = pool.query('INSERT INTO fills (who) VALUES ($1)', ['another client']);
    await trader.query('SELECT pg_sleep(0.05)');
    expect(session.sent.filter((t) => t.startsWith('INSERT'))).toHaveLength(1);

    await trader.query('ROLLBACK');
    trader.release();
    await other;

    expect(await whoFilled()).toEqual(['another client']);
  });

  it('should keep the session held across ROLLBACK TO SAVEPOINT, and free it at COMMIT', async () => {
    const trader = await pool.connect();
    await trader.query('BEGIN');
    await trader.query('SAVEPOINT before_fill');
    await trader.query('INSERT INTO fills (who) VALUES ($1)', ['undone']);
    await trader.query('ROLLBACK TO SAVEPOINT before_fill');

    const other = pool.query('INSERT INTO fills (who) VALUES ($1)', ['after the commit']);
    await trader.query('INSERT INTO fills (who) VALUES ($1)', ['kept']);
    expect(session.sent.filter((t) => t.startsWith('INSERT'))).toHaveLength(2);

    await trader.query('COMMIT');
    await other;
    trader.release();

    expect(await whoFilled()).toEqual(['kept', 'after the commit']);
  });

  it('should free the session when a client is released with its transaction still holding it', async () => {
    // Releasing mid-transaction is the caller's bug; the session must not stay closed to everyone for it.
    const trader = await pool.connect();
    await trader.query('BEGIN');
    trader.release();
    await db.exec('ROLLBACK'); // what the caller forgot, straight on the session

    await expect(pool.query('INSERT INTO fills (who) VALUES ($1) RETURNING who', ['next'])).resolves.toMatchObject({
      rows: [{ who: 'next' }],
    });
  }, 10_000);

  it('should let waiting transactions take the session one after another, never two at once', async () => {
    const transfer = async (who: string): Promise<void> => {
      const client = await pool.connect();
      try {
        await client.query('START TRANSACTION');
        await client.query('INSERT INTO fills (who) VALUES ($1)', [`${who} 1`]);
        await client.query('INSERT INTO fills (who) VALUES ($1)', [`${who} 2`]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };

    await Promise.all([transfer('x'), transfer('y'), transfer('z')]);

    const rows = await whoFilled();
    expect(rows).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) {
      expect(rows[i + 1]).toBe(rows[i].replace(' 1', ' 2'));
    }
  });
});
