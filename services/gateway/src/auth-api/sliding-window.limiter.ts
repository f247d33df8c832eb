/**
 * Counts hits per key within a sliding window, in this process's memory (one gateway instance; behind
 * several, each limits on its own, which is still a bound). Stale keys are swept as time passes and
 * the map is capped, so a flood of distinct keys cannot grow it without end.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Whether the key already has `limit` hits in the window (does not count as a hit). */
  isLimited(key: string, limit: number): boolean {
    return this.recent(key).length >= limit;
  }

  hit(key: string): void {
    this.sweep();
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
  }

  get size(): number {
    return this.hits.size;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) {
      this.hits.delete(key);
    }
    return list;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < this.windowMs && this.hits.size < this.maxKeys) {
      return;
    }
    this.lastSweep = now;
    for (const [key, times] of this.hits) {
      if ((times[times.length - 1] ?? 0) <= now - this.windowMs) {
        this.hits.delete(key);
      }
    }
    // Still full of live keys: drop the oldest entries (insertion order) rather than grow.
    for (const key of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) {
        break;
      }
      this.hits.delete(key);
    }
  }
}
