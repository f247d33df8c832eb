// @ts-check
// The embedded database's thread (standalone mode): PGlite runs here, off the event loop that serves HTTP,
// so the WebAssembly Postgres and the product's own code use two cores instead of taking turns on one.
// Plain CommonJS on purpose: a worker thread loads its file with Node's own loader, in dist/ and under jest alike.
// Statements with parameters run as named prepared statements (PreparedStatements, below), and the thread
// vacuums and checkpoints the way Postgres' autovacuum and checkpointer would (Housekeeping, below).
// The protocol, one message each way per call, run one after another in the order sent (see embedded-database.ts):
//   in:  { id, op: 'query', text, values } | { id, op: 'exec', text } | { id, op: 'housekeeping' } | { id, op: 'close' }
//   out: { id, result } | { id, error }, once at start { ready: true } or { failed: error }, and after each
//        housekeeping pass that vacuumed or checkpointed { housekeeping: pass } (HousekeepingPass)
const { writeFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol, parse } = require('@electric-sql/pglite');

/** A Postgres error as plain data: message, name and every field (code, detail, constraint, …). */
function plainError(err) {
  if (!(err instanceof Error)) {
    return { message: String(err) };
  }
  const fields = {};
  for (const key of Object.keys(err)) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (err))[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { ...fields, name: err.name, message: err.message };
}

/** What the driver needs of a result; field types and blobs stay behind. */
const plainResult = (r) => ({
  rows: r.rows,
  affectedRows: r.affectedRows,
  fields: r.fields.map((f) => ({ name: f.name })),
});

/** The messages as one buffer: PGlite runs them in one call into the WebAssembly Postgres. */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Protocol messages run in one call; the first statement's result, as PGlite's `query()` gives it. */
async function resultOf(db, message) {
  return parse.parseResults(await db.execProtocolStream(message), db.parsers)[0];
}

/** "cached plan must not change result type": a prepared statement outlived a change to its table. */
const STALE_PLAN = '0A000';

/**
 * Statements with parameters, parsed and planned once per session and then only bound and executed.
 *
 * PGlite's own `query()` sends every statement through Parse, Describe, Bind, Describe, Execute and Sync as six
 * calls into the WebAssembly Postgres, and Postgres parses and plans it each time: most of a short statement's
 * cost (the webhook intake lookup: 0.8 ms that way, 0.12 ms prepared; docs/performance.md). Here a statement is
 * prepared under a name the first time its text is seen (Parse + Describe, which also gives the parameter types
 * the values are serialised by, exactly as `query()` does), and every call is then one buffer of Bind, Describe,
 * Execute and Sync. Texts are kept most-recently-used first, up to `limit`; the oldest is closed to make room
 * (TypeORM writes a new text for every length of an `IN (...)` list).
 *
 * The session plans prepared statements once, for any values (`plan_cache_mode = force_generic_plan`, set in
 * `main`). Left to choose, Postgres kept re-planning the journal's statements for every call's values, which
 * cost about a tenth of this thread's time per webhook (docs/performance.md); the hot statements are written to
 * find their rows by index whatever the values, and the other statements are the dashboards' small lookups.
 */
class PreparedStatements {
  /** @param {PGlite} db */
  constructor(db, limit = 500) {
    this.db = db;
    this.limit = limit;
    /** @type {Map<string, { name: string, types: number[] }>} */
    this.byText = new Map();
    this.counter = 0;
    /** Close messages for evicted statements, sent with the next statement prepared. */
    this.closing = [];
  }

  /** One statement: the same result PGlite's `query()` gives. */
  query(text, values) {
    return this.db.runExclusive(async () => {
      let result;
      try {
        result = await this.run(text, values);
      } catch (err) {
        if (!(err && err.code === STALE_PLAN)) {
          throw err;
        }
        this.forget(text);
        result = await this.run(text, values);
      }
      await this.db.syncToFs();
      return result;
    });
  }

  async run(text, values) {
    const statement = this.byText.get(text) ?? (await this.prepare(text));
    this.byText.delete(text);
    this.byText.set(text, statement);
    const params = values.map((value, i) => {
      if (value === null || value === undefined) {
        return null;
      }
      const serialize = this.db.serializers[statement.types[i]];
      return serialize ? serialize(value) : value.toString();
    });
    const s = protocol.serialize;
    return resultOf(
      this.db,
      concat([
        s.bind({ statement: statement.name, values: params }),
        s.describe({ type: 'P' }),
        s.execute({}),
        s.sync(),
      ]),
    );
  }

  async prepare(text) {
    while (this.byText.size >= this.limit) {
      const [oldest] = this.byText.keys();
      this.forget(oldest);
    }
    const name = `q${++this.counter}`;
    const s = protocol.serialize;
    const messages = await this.db.execProtocolStream(
      concat([...this.closing.splice(0), s.parse({ name, text }), s.describe({ type: 'S', name }), s.sync()]),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.byText.set(text, statement);
    return statement;
  }

  forget(text) {
    const statement = this.byText.get(text);
    if (statement) {
      this.byText.delete(text);
      this.closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
    }
  }
}

/**
 * Postgres' autovacuum and checkpointer, which PGlite does not have (it is one session, with no background workers).
 *
 * Vacuum. Without it every UPDATE leaves its old row version and index entries behind for good: the journal's
 * two writes per webhook cost 1.5 ms on a fresh database and 5.5 ms after 10 000 webhooks (docs/performance.md),
 * and the data directory only grows. A table is vacuumed when autovacuum would vacuum it, read with the table's
 * own settings (its reloptions) where it has them and Postgres' otherwise:
 * - its dead rows pass `autovacuum_vacuum_threshold` + `autovacuum_vacuum_scale_factor` × its live rows (50 + 20 %);
 * - the rows inserted since its last vacuum pass `autovacuum_vacuum_insert_threshold` +
 *   `autovacuum_vacuum_insert_scale_factor` × its live rows (1000 + 20 %): a table only ever inserted into, as the
 *   standalone's journal mostly is, has no dead rows;
 * - its oldest unfrozen transaction id is older than `autovacuum_freeze_max_age` (200 million transactions), catalogs
 *   included: a table nothing made due otherwise, such as one written once and then only read.
 * Every vacuum freezes what it visits (`VACUUM (FREEZE)`): row versions then no longer name the transaction that wrote
 * them, which is what keeps Postgres' 32-bit transaction ids from wrapping around. A Postgres server refuses writes
 * near the wraparound; a single-user one, which PGlite is, does not, and rows older than 2^31 transactions would read
 * as written in the future, that is, vanish. Freezing at every pass costs what the pass visits anyway (the pages
 * changed since the last one: the rest are marked all-frozen and skipped), where freezing only at the age limit
 * would read a whole table in one pass that holds the session.
 * A table whose updates are HOT can take a fixed threshold: a pass then costs what changed since the last one, where
 * with 20 % of a growing table each pass, which holds the one session, grows with it. A pass vacuums before it
 * checkpoints, so a table vacuumed at every pass (the journal's, under load) has its vacuum's marks written out with
 * pages the checkpoint writes anyway, not on pages an earlier checkpoint wrote (JournalVacuumEveryPass in the
 * execution service's migrations). No ANALYZE: sampling the
 * journal's jsonb columns took 0.5 s a time, and the hot statements are written not to depend on statistics.
 *
 * Checkpoint. A single-user Postgres never checkpoints on its own: neither `checkpoint_timeout` nor `max_wal_size`
 * is acted on without the postmaster's checkpointer, so the write-ahead log grew by every byte written until the
 * database was closed (1 GB of `pg_wal` after 100 000 journal-sized rows, and all of it to replay after a crash).
 * Once `checkpointWalBytes` of log have been written since the last checkpoint, a CHECKPOINT writes the dirty
 * buffers out and lets Postgres recycle the segments before it; with `fsync` off (PGlite's default) it holds the
 * session 9–23 ms for 4 MB of log on a slow VM (70–130 ms for 64 MB, the earlier threshold: a stall every webhook
 * arriving during it waits out), so the product checkpoints small and often (embedded-database.ts).
 *
 * A pass runs every `intervalMs`, only between statements and never inside an open transaction (VACUUM cannot
 * run in one, and a failed CHECKPOINT must not abort someone's transaction), so it holds the session for its few
 * milliseconds like any statement.
 */
/**
 * The tables (and materialised views, and TOAST tables, which can be due on their own) past one of autovacuum's
 * thresholds, each read from the table's reloptions or else from the server's setting; a threshold below zero turns
 * the insert trigger off, as in Postgres. Temporary tables belong to their session and are left to it.
 */
const VACUUM_DUE = `
  SELECT format('%I.%I', n.nspname, c.relname) AS "table"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
   CROSS JOIN LATERAL (
         SELECT coalesce(max(option_value) FILTER (WHERE option_name = 'autovacuum_vacuum_threshold'), current_setting('autovacuum_vacuum_threshold'))::float8 AS dead_base,
                coalesce(max(option_value) FILTER (WHERE option_name = 'autovacuum_vacuum_scale_factor'), current_setting('autovacuum_vacuum_scale_factor'))::float8 AS dead_scale,
                coalesce(max(option_value) FILTER (WHERE option_name = 'autovacuum_vacuum_insert_threshold'), current_setting('autovacuum_vacuum_insert_threshold'))::float8 AS insert_base,
                coalesce(max(option_value) FILTER (WHERE option_name = 'autovacuum_vacuum_insert_scale_factor'), current_setting('autovacuum_vacuum_insert_scale_factor'))::float8 AS insert_scale,
                least(coalesce(max(option_value) FILTER (WHERE option_name = 'autovacuum_freeze_max_age'), current_setting('autovacuum_freeze_max_age'))::float8,
                      current_setting('autovacuum_freeze_max_age')::float8) AS freeze_max_age
           FROM pg_options_to_table(c.reloptions)) o
   WHERE c.relkind IN ('r', 'm', 't') AND c.relpersistence <> 't'
     AND (s.n_dead_tup > o.dead_base + o.dead_scale * s.n_live_tup
          OR (o.insert_base >= 0 AND s.n_ins_since_vacuum > o.insert_base + o.insert_scale * s.n_live_tup)
          OR age(c.relfrozenxid) > o.freeze_max_age)
   ORDER BY 1`;

const tenths = (ms) => Math.round(ms * 10) / 10;

class Housekeeping {
  constructor(db, { intervalMs, checkpointWalBytes }) {
    this.db = db;
    this.checkpointWalBytes = checkpointWalBytes;
    // A failed pass (the database closing) is simply tried again at the next tick.
    this.timer = setInterval(() => void this.pass().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /**
   * One round: the tables due vacuumed one by one, then a checkpoint if due; what was done, and how long its
   * statements held the session (every other statement waited for each). A round that did something is also
   * announced to the main thread, which logs it: the checkpoint is the longest wait the database imposes on the
   * webhooks (docs/performance.md).
   */
  async pass() {
    const held = [];
    const due = await this.whenIdle(VACUUM_DUE, held);
    const vacuumed = [];
    for (const { table } of due ?? []) {
      if (await this.whenIdle(`VACUUM (FREEZE) ${table}`, held)) {
        vacuumed.push(table);
      }
    }
    const checkpoint = await this.checkpointIfDue(held);
    const pass = {
      vacuumed,
      checkpointed: checkpoint !== null,
      ms: tenths(held.reduce((a, b) => a + b, 0)),
      ...(checkpoint && { checkpoint }),
    };
    if (vacuumed.length > 0 || checkpoint) {
      parentPort.postMessage({ housekeeping: pass });
    }
    return pass;
  }

  /** A CHECKPOINT once `checkpointWalBytes` of log were written since the last one began: its time and that log, or null. */
  async checkpointIfDue(held) {
    const since = await this.whenIdle(
      'SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()',
      held,
    );
    if (!since || since[0].bytes < this.checkpointWalBytes) {
      return null;
    }
    const ran = await this.whenIdle('CHECKPOINT', held);
    return ran === null ? null : { ms: tenths(held[held.length - 1]), walBytes: since[0].bytes };
  }

  /**
   * A statement run only when no transaction is open (null otherwise), with nothing else between; how long it
   * held the session is added to `held` (ms).
   */
  whenIdle(sql, held) {
    return this.db.runExclusive(async () => {
      if (this.db.isInTransaction()) {
        return null;
      }
      const started = performance.now();
      const { rows } = await resultOf(this.db, protocol.serialize.query(sql));
      held.push(performance.now() - started);
      return rows;
    });
  }
}

/**
 * Settings of the embedded Postgres beyond PGlite's own.
 *
 * `full_page_writes = off`: after each checkpoint, Postgres logs the whole 8 kB of every page the first time it
 * changes, so that replay can repair a page an operating-system crash left half written. PGlite already runs
 * with `fsync = off`, so an operating-system crash is outside what the embedded database survives anyway, and
 * a killed process cannot tear a page (each is one write into the kernel's page cache). The images were half
 * of the log the journal wrote (the random-key indexes touch pages all over), so twice the checkpoints, each
 * one holding the database's one session for tens of milliseconds (docs/performance.md).
 */
const POSTGRES_SETTINGS = ['full_page_writes = off'];

/**
 * Names this thread `pglite` (Linux: a thread may rename itself), so that `top -H`, `ps -L` and the benchmark's
 * CPU breakdown tell the database's thread from V8's and libuv's helpers, which are all called `node`.
 */
function nameThread() {
  try {
    writeFileSync('/proc/thread-self/comm', 'pglite');
  } catch {
    // Not Linux, or no /proc: the name is only a convenience.
  }
}

async function main() {
  let db;
  try {
    db = await PGlite.create({ dataDir: workerData.dataDir, postgresqlconf: POSTGRES_SETTINGS });
  } catch (err) {
    parentPort.postMessage({ failed: plainError(err) });
    return;
  }
  // Named only now: PGlite reads its files through libuv's pool, whose threads, when this read starts them,
  // would inherit the name and pass for the database in `top -H` and the benchmark's CPU by thread.
  nameThread();
  await db.exec('SET plan_cache_mode = force_generic_plan');
  const prepared = new PreparedStatements(db);
  const housekeeping = new Housekeeping(db, workerData.housekeeping);
  // One message at a time, in the order they came: the driver sends statements without waiting for the
  // answers of those in flight, and PGlite's own locks would let a prepared statement overtake a plain one.
  let previous = Promise.resolve();
  parentPort.on('message', (msg) => {
    previous = previous.then(() => handle(msg));
  });
  async function handle(msg) {
    try {
      if (msg.op === 'query') {
        const result =
          msg.values && msg.values.length > 0 ? await prepared.query(msg.text, msg.values) : await db.query(msg.text);
        parentPort.postMessage({ id: msg.id, result: plainResult(result) });
      } else if (msg.op === 'exec') {
        const results = await db.exec(msg.text);
        parentPort.postMessage({
          id: msg.id,
          result: results.length ? plainResult(results[results.length - 1]) : null,
        });
      } else if (msg.op === 'housekeeping') {
        parentPort.postMessage({
          id: msg.id,
          result: { rows: [await housekeeping.pass()], fields: [{ name: 'vacuumed' }, { name: 'checkpointed' }] },
        });
      } else if (msg.op === 'close') {
        housekeeping.stop();
        await db.close();
        parentPort.postMessage({ id: msg.id, result: null });
        parentPort.close();
      }
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: plainError(err) });
    }
  }
  parentPort.postMessage({ ready: true });
}

void main();
