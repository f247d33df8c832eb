import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** A statement's result, as PGlite gives it (rows as objects; field names only). */
export interface EmbeddedResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string }[];
}

/** One embedded Postgres session: the part of PGlite the product uses. */
export interface SqlSession {
  /** One statement with `$n` parameters. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<EmbeddedResult<T>>;
  /** Several statements without parameters (migrations); the last one's result. */
  exec(text: string): Promise<EmbeddedResult | null>;
}

type Reply =
  | { id: number; result: EmbeddedResult | null }
  | { id: number; error: Record<string, unknown> }
  | { housekeeping: HousekeepingPass };
type Start = { ready: true } | { failed: Record<string, unknown> };

/** What the thread does in place of Postgres' autovacuum and checkpointer (`Housekeeping` in pglite-worker.cjs). */
export interface HousekeepingOptions {
  /** How often a pass runs. */
  intervalMs: number;
  /** A pass checkpoints once this much write-ahead log was written since the last checkpoint. */
  checkpointWalBytes: number;
}

/** What one housekeeping pass did. */
export interface HousekeepingPass {
  /** The tables vacuumed, schema-qualified. */
  vacuumed: string[];
  checkpointed: boolean;
  /** How long the pass's statements held the database's one session (every other statement waited), ms. */
  ms: number;
  /** The checkpoint, when there was one: its own time (ms) and the write-ahead log it wrote out (bytes). */
  checkpoint?: { ms: number; walBytes: number };
}

/**
 * A checkpoint holds the database's one session for as long as it takes, so many small ones rather than a few large:
 * 9–23 ms every few seconds for 4 MB of log against 70–130 ms for 64 MB on a slow VM, for the same CPU in all (the
 * page images that made frequent checkpoints costly are off, `full_page_writes`; docs/performance.md).
 */
const DEFAULT_HOUSEKEEPING: HousekeepingOptions = { intervalMs: 5000, checkpointWalBytes: 4 * 1024 * 1024 };

/**
 * The first old generation of the database thread's heap, MB. V8 sizes a new heap's old generation small (about
 * 15 MB for this thread, whose live heap is PGlite's 11 MB), and the buffers each statement passes through count
 * against it: under load the thread collected its whole heap twice a second and never ran a scavenge (24 full
 * collections in 15 s at 300 webhooks/s, fan-out 10). With 64 MB it runs scavenges and about two full collections in
 * the same 15 s, and V8's helper threads spend about 0.09 ms less a webhook marking it (docs/performance.md). 32 MB
 * changed nothing and 48 MB halved the full collections; the cost is the thread's heap, up to about 50 MB more.
 */
const DATABASE_THREAD_OLD_SPACE_MB = 64;

/** Rebuilds a Postgres error sent from the worker, with its fields (`code`, `detail`, `constraint`, …). */
function rebuildError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message));
  return Object.assign(err, data, { message: err.message });
}

/**
 * The embedded database of standalone mode: PGlite (Postgres in WebAssembly) on its own worker thread
 * (`pglite-worker.cjs`), stored under `dataDir`. Statements cross the thread as messages and run one
 * after another in order; the single session's locking stays with the driver (pglite-driver.ts).
 *
 * Why a thread: PGlite is about half the CPU of a webhook (docs/performance.md), and in the same thread as
 * HTTP it made the whole product one core. A worker's messages cost tens of microseconds; a statement, hundreds.
 */
export class EmbeddedDatabase implements SqlSession {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(r: EmbeddedResult | null): void; reject(e: Error): void }>();
  private failure: Error | null = null;
  private readonly housekeepingListeners: ((pass: HousekeepingPass) => void)[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (msg: Reply) => {
      if ('housekeeping' in msg) {
        this.housekeepingListeners.forEach((listener) => listener(msg.housekeeping));
        return;
      }
      const call = this.pending.get(msg.id);
      if (!call) {
        return;
      }
      this.pending.delete(msg.id);
      if ('error' in msg) {
        call.reject(rebuildError(msg.error));
      } else {
        call.resolve(msg.result);
      }
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const call of this.pending.values()) {
        call.reject(err);
      }
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database stopped (worker exit ${code})`)));
  }

  /**
   * Opens (or creates) the database under `dataDir`; resolves once PGlite is up. Every `intervalMs` (5 s) the
   * thread vacuums tables with many dead rows and checkpoints once `checkpointWalBytes` (4 MB) of log were
   * written: PGlite has neither autovacuum nor a checkpointer of its own.
   */
  static async open(dataDir: string, housekeeping: Partial<HousekeepingOptions> = {}): Promise<EmbeddedDatabase> {
    mkdirSync(dataDir, { recursive: true });
    // V8 reads the flag when it makes a heap: set here, it sizes the heap of the worker made below, not this
    // thread's, which exists already (a worker's resourceLimits have no such field). The product starts no other
    // thread; one started later would get the same first old generation.
    setFlagsFromString(`--initial-old-space-size=${DATABASE_THREAD_OLD_SPACE_MB}`);
    const worker = new Worker(path.join(__dirname, 'pglite-worker.cjs'), {
      workerData: { dataDir, housekeeping: { ...DEFAULT_HOUSEKEEPING, ...housekeeping } },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database did not start (worker exit ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (msg: Start) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if ('failed' in msg) {
          void worker.terminate();
          reject(rebuildError(msg.failed));
        } else {
          resolve();
        }
      });
    });
    return new EmbeddedDatabase(worker);
  }

  async query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<EmbeddedResult<T>> {
    return (await this.call({ op: 'query', text, values })) as EmbeddedResult<T>;
  }

  exec(text: string): Promise<EmbeddedResult | null> {
    return this.call({ op: 'exec', text });
  }

  /** A housekeeping pass now, as the thread runs one every `intervalMs`: what it did. */
  async housekeeping(): Promise<HousekeepingPass> {
    const result = await this.call({ op: 'housekeeping' });
    return result?.rows[0] as unknown as HousekeepingPass;
  }

  /** Called after every housekeeping pass that vacuumed or checkpointed, timed or asked for. */
  onHousekeeping(listener: (pass: HousekeepingPass) => void): void {
    this.housekeepingListeners.push(listener);
  }

  /** Flushes and closes PGlite, then ends the thread. */
  async close(): Promise<void> {
    if (this.failure) {
      return;
    }
    await this.call({ op: 'close' });
    await new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
  }

  private call(msg: {
    op: 'query' | 'exec' | 'housekeeping' | 'close';
    text?: string;
    values?: unknown[];
  }): Promise<EmbeddedResult | null> {
    if (this.failure) {
      return Promise.reject(this.failure);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...msg });
    });
  }
}
