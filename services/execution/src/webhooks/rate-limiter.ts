/**
 * A sliding one-minute window per key (user), in memory: webhooks of one alert land on one consumer.
 *
 * Each key keeps the times of its counted hits in arrival order, oldest first, so a hit only drops the
 * expired ones at the front: constant work per hit, however many the window holds. (Filtering the whole
 * window on every hit copied up to a minute of hits per webhook: 24 000 entries at 400/s with the limit
 * lifted, most of the webhook path's allocation; docs/performance.md.)
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** The keys with a hit in the last minute (at most, until the next sweep): what the limiter holds. */
  get trackedKeys(): number {
    return this.windows.size;
  }

  /** Counts a hit; false when the key is over its limit (the hit is then not counted). */
  take(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w) {
      w = new Window();
      this.windows.set(key, w);
    }
    w.dropBefore(now - WINDOW_MS);
    if (w.size >= this.perMinute) {
      return false;
    }
    w.push(now);
    return true;
  }

  /**
   * Once a minute, forgets the keys whose every hit has expired, so the map holds the users of the last
   * two minutes rather than every user ever seen. One pass over the map per minute: constant per hit.
   */
  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) {
      return;
    }
    this.lastSweep = now;
    for (const [key, w] of this.windows) {
      w.dropBefore(now - WINDOW_MS);
      if (w.size === 0) {
        this.windows.delete(key);
      }
    }
  }
}

const WINDOW_MS = 60_000;

/** Times in arrival order; `head` is the oldest still counted. The array is compacted once half of it is dead. */
class Window {
  private times: number[] = [];
  private head = 0;

  get size(): number {
    return this.times.length - this.head;
  }

  push(t: number): void {
    this.times.push(t);
  }

  /** Forgets every time at or before `limit`. */
  dropBefore(limit: number): void {
    const { times } = this;
    while (this.head < times.length && times[this.head] <= limit) {
      this.head += 1;
    }
    if (this.head === times.length) {
      this.times = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= times.length) {
      this.times = times.slice(this.head);
      this.head = 0;
    }
  }
}
