/** Remembers the outcome of each signal for a short window, so a resend returns it instead of acting again. */
export class DedupWindow<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; requestId: string }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): { value: Promise<T>; requestId: string } | undefined {
    const now = this.now();
    // Entries are in insertion (= time) order: drop the expired head and stop at the first live one,
    // so a lookup costs what expired since the last one, not the whole window.
    for (const [k, e] of this.entries) {
      if (now - e.at < this.windowMs) {
        break;
      }
      this.entries.delete(k);
    }
    return this.entries.get(key);
  }

  set(key: string, requestId: string, value: Promise<T>): void {
    if (this.windowMs > 0) {
      // A rejection is remembered too; nobody else may be awaiting it, so mark it handled.
      value.catch(() => undefined);
      this.entries.delete(key); // re-inserted at the tail, keeping the map in time order
      this.entries.set(key, { at: this.now(), value, requestId });
    }
  }

  /** Drops `key` if `requestId` holds it (its work failed for a reason a re-delivery may not meet). */
  forget(key: string, requestId: string): void {
    if (this.entries.get(key)?.requestId === requestId) {
      this.entries.delete(key);
    }
  }
}
