/** Remembers the outcome of each signal for a short window, so a resend returns it instead of acting again. */
export class DedupWindow<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; requestId: string }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): { value: Promise<T>; requestId: string } | undefined {
    const now = this.now();
    for (const [k, e] of this.entries) {
      if (now - e.at >= this.windowMs) {
        this.entries.delete(k);
      }
    }
    return this.entries.get(key);
  }

  set(key: string, requestId: string, value: Promise<T>): void {
    if (this.windowMs > 0) {
      // A rejection is remembered too; nobody else may be awaiting it, so mark it handled.
      value.catch(() => undefined);
      this.entries.set(key, { at: this.now(), value, requestId });
    }
  }
}
