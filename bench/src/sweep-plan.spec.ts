import { parseOptions } from './options';
import { highestPassingRate } from './sweep-plan';

/** A system that passes every step below `limit`/s, and the rates the search tried on it, in order. */
const systemUpTo = (limit: number) => {
  const tried: number[] = [];
  return { tried, passes: (rate: number) => (tried.push(rate), Promise.resolve(rate < limit)) };
};

describe('highestPassingRate', () => {
  const plan = { start: 10, max: 5000 };

  it("should find a default run's rate within 1/16 of the octave it falls in", async () => {
    const { refine } = parseOptions([], '/out', '/root')!;
    const system = systemUpTo(1100);

    const rate = await highestPassingRate({ ...plan, refine }, system.passes);

    // Doubling passes 640 and fails 1280; four halvings try 960, 1120, 1040 and 1080.
    expect(rate).toBe(1080);
    expect(system.tried.slice(-5)).toEqual([1280, 960, 1120, 1040, 1080]);
  });

  it('should halve a --quick run once, leaving its rate within half the octave', async () => {
    const { refine } = parseOptions(['--quick'], '/out', '/root')!;

    expect(await highestPassingRate({ ...plan, refine }, systemUpTo(1100).passes)).toBe(960);
  });

  it('should stop halving once the gap is a single webhook a second', async () => {
    const system = systemUpTo(15);

    expect(await highestPassingRate({ ...plan, refine: 10 }, system.passes)).toBe(14);
    expect(system.tried).toEqual([10, 20, 15, 13, 14]);
  });

  it('should report the last rate tried when nothing up to the maximum failed', async () => {
    expect(await highestPassingRate({ start: 10, max: 100, refine: 4 }, systemUpTo(Infinity).passes)).toBe(80);
  });
});
