export interface GroupCommitOptions {
  /** At most this many calls in one batch. */
  maxBatch?: number;
  /**
   * For writes nobody waits on to act: when nothing is running, the first call of a batch waits up to this long
   * for others before it runs (0, the default: it runs at once).
   */
  lingerMs?: number;
}

/**
 * Group commit for one kind of statement: calls that arrive while a batch of them is running wait and run
 * together as the next batch, as one statement. An idle system runs each call at once, alone (no timer, no
 * added latency); a busy one pays a statement's fixed cost once per batch instead of once per call.
 * (docs/performance.md: on the embedded database a statement's fixed cost is most of its cost.)
 *
 * `run(items)` must answer one result per item, in order. When a batch fails, each of its items is run again
 * alone, so only the call that caused the failure (a constraint it violates, say) sees it; the others are
 * unaffected, exactly as if they had never shared a statement. (Why not DataLoader: its batches are cut at
 * the end of an event-loop tick; group commit cuts them when the database is free again.)
 *
 * A linger (`lingerMs`) is for writes off the path anyone is waiting on: under moderate load the database is
 * usually free again before a second call comes, so without it every call is a statement and a wake-up of the
 * database's thread of its own. The fan-out's closing write lingers 10 ms: a fifth off the embedded database's
 * CPU per webhook at 80–500/s (docs/performance.md).
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<{ item: I; resolve(o: O): void; reject(e: unknown): void }> = [];
  private running = false;
  private linger: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;
  private readonly lingerMs: number;

  constructor(
    private readonly runBatch: (items: I[]) => Promise<O[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.lingerMs = options.lingerMs ?? 0;
  }

  /** Runs `item` in the next batch; resolves with its own result or rejects with its own error. */
  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running) {
        return;
      }
      if (this.lingerMs === 0) {
        this.start();
      } else {
        this.linger ??= setTimeout(() => this.start(), this.lingerMs);
      }
    });
  }

  private start(): void {
    this.linger = undefined;
    this.running = true;
    void this.drain();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.runBatch(batch.map((c) => c.item));
        if (results.length !== batch.length) {
          throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
        }
        batch.forEach((c, i) => c.resolve(results[i]));
      } catch (err) {
        if (batch.length === 1) {
          batch[0].reject(err);
          continue;
        }
        for (const c of batch) {
          await this.runBatch([c.item]).then(
            ([o]) => c.resolve(o),
            (err: unknown) => c.reject(err),
          );
        }
      }
    }
    this.running = false;
  }
}
