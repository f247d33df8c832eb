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
 * `lingerMs` is for writes nobody is waiting on to act: the first call of a batch, when nothing is running,
 * waits that long for others before it runs. The fan-out's closing write comes after the orders are out, and
 * lingering 10 ms for it took a fifth off the embedded database's CPU per webhook at 500/s (docs/performance.md),
 * because under moderate load the database is usually free again before a second fan-out has finished.
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<{ item: I; resolve(o: O): void; reject(e: unknown): void }> = [];
  private running = false;

  constructor(
    private readonly runBatch: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 64,
    private readonly lingerMs = 0,
  ) {}

  /** Runs `item` in the next batch; resolves with its own result or rejects with its own error. */
  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        if (this.lingerMs > 0) {
          setTimeout(() => void this.drain(), this.lingerMs);
        } else {
          void this.drain();
        }
      }
    });
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
          await this.runBatch([c.item]).then(([o]) => c.resolve(o), (err: unknown) => c.reject(err));
        }
      }
    }
    this.running = false;
  }
}
