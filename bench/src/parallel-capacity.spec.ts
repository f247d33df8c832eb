import { parallelCapacity, parallelRatio } from './parallel-capacity';

describe('parallelRatio', () => {
  it("should give the work of two threads at once as a multiple of one thread's alone, to 0.01", () => {
    expect(parallelRatio(1000, [800, 733])).toBe(1.53);
    expect(parallelRatio(1000, [1000, 1000])).toBe(2);
  });

  it('should refuse a round in which the thread alone did nothing', () => {
    expect(() => parallelRatio(0, [10, 10])).toThrow('the thread alone did no work');
  });
});

describe('parallelCapacity', () => {
  it('should measure two worker threads on this machine, as a share of two CPUs at most', async () => {
    const ratio = await parallelCapacity(1, 100);

    // Idle, this machine's two CPUs gave 1.47–1.65; the other test workers may take a CPU meanwhile, hence the low bound.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThanOrEqual(2.2);
  });
});
