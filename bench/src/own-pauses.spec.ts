import { watchOwnPauses } from './own-pauses';

describe('watchOwnPauses', () => {
  it("should report how long the process's event loop was held, and its collections", async () => {
    const stop = watchOwnPauses();
    await new Promise((r) => setTimeout(r, 50));
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // The event loop held for 120 ms, as a long collection or a synchronous walk of a directory would hold it.
    }
    // Enough short-lived garbage for the young generation to be collected a few times.
    let kept = 0;
    for (let i = 0; i < 200_000; i++) {
      kept += new Array<number>(32).fill(i).length;
    }
    await new Promise((r) => setTimeout(r, 50));
    const pauses = stop();

    expect(pauses.loopDelayMaxMs).toBeGreaterThanOrEqual(100);
    expect(pauses.loopDelayMaxMs).toBeLessThan(2000);
    expect(kept).toBe(6_400_000);
    expect(pauses.gc.count).toBeGreaterThan(0);
    expect(pauses.gc.totalMs).toBeGreaterThanOrEqual(pauses.gc.maxMs);
  });
});
