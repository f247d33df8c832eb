import { GroupCommit } from './group-commit';

/** A fake statement: records each batch it was given; resolves when the test says so. */
function statement(fail?: (items: number[]) => boolean) {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        fail?.(items) ? reject(new Error(`failed on ${items.join(',')}`)) : resolve(items.map((x) => x * 10)),
      );
    });
  };
  /** Answers the oldest batch still running. */
  const answerNext = () => pending.shift()?.();
  const finishNext = async () => {
    answerNext();
    await new Promise((r) => setImmediate(r));
  };
  return { run, batches, answerNext, finishNext };
}

describe('GroupCommit', () => {
  it('should run a call at once and alone when nothing else is running', async () => {
    const s = statement();
    const g = new GroupCommit(s.run);

    const one = g.run(1);
    await s.finishNext();

    await expect(one).resolves.toBe(10);
    expect(s.batches).toEqual([[1]]);
  });

  it('should gather the calls that arrive during a batch into the next one, each getting its own result', async () => {
    const s = statement();
    const g = new GroupCommit(s.run);

    const first = g.run(1);
    const later = [g.run(2), g.run(3), g.run(4)];
    await s.finishNext();
    await s.finishNext();

    await expect(first).resolves.toBe(10);
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
    expect(s.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('should cut the waiting calls into batches of at most the maximum size', async () => {
    const s = statement();
    const g = new GroupCommit(s.run, { maxBatch: 2 });

    const all = [1, 2, 3, 4, 5].map((x) => g.run(x));
    for (let i = 0; i < 3; i += 1) {
      await s.finishNext();
    }

    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(s.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('should fail only the call that makes a batch fail, running the others alone', async () => {
    const s = statement((items) => items.includes(3));
    const g = new GroupCommit(s.run);

    const first = g.run(1);
    const later = [g.run(2), g.run(3), g.run(4)].map((p) =>
      p.then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    for (let i = 0; i < 5; i += 1) {
      await s.finishNext();
    }

    await expect(first).resolves.toBe(10);
    await expect(Promise.all(later)).resolves.toEqual([20, 'failed on 3', 40]);
    expect(s.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('should keep serving calls after a failure', async () => {
    const s = statement((items) => items.includes(1));
    const g = new GroupCommit(s.run);

    const bad = g.run(1).catch((e: Error) => e.message);
    await s.finishNext();
    const good = g.run(2);
    await s.finishNext();

    await expect(bad).resolves.toBe('failed on 1');
    await expect(good).resolves.toBe(20);
  });

  describe('with a linger', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const after = (ms: number) => jest.advanceTimersByTimeAsync(ms);
    /** Answers the oldest running batch and lets its callers and the next batch go on. */
    const answer = async (s: ReturnType<typeof statement>) => {
      s.answerNext();
      await after(0);
    };
    /** A statement behind a group commit that lingers 10 ms. */
    const lingering = () => {
      const s = statement();
      return { s, g: new GroupCommit(s.run, { lingerMs: 10 }) };
    };

    it('should hold the first call for the linger, then run it with every call that came meanwhile', async () => {
      const { s, g } = lingering();

      const first = g.run(1);
      await after(4);
      const second = g.run(2);
      await after(5);
      expect(s.batches).toEqual([]);
      const third = g.run(3);
      await after(1);
      expect(s.batches).toEqual([[1, 2, 3]]);
      await answer(s);

      await expect(Promise.all([first, second, third])).resolves.toEqual([10, 20, 30]);
    });

    it('should not linger again for calls that arrive while a batch runs', async () => {
      const { s, g } = lingering();

      const first = g.run(1);
      await after(10);
      const later = g.run(2);
      await answer(s);

      expect(s.batches).toEqual([[1], [2]]);
      await answer(s);
      await expect(Promise.all([first, later])).resolves.toEqual([10, 20]);
    });
  });
});
