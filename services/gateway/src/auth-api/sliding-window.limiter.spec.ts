import { SlidingWindowLimiter } from './sliding-window.limiter';

describe(SlidingWindowLimiter.name, () => {
  let now: number;
  const make = (maxKeys?: number) => new SlidingWindowLimiter(60_000, () => now, maxKeys);

  beforeEach(() => {
    now = 1_000_000;
  });

  describe('isLimited', () => {
    it('should limit a key once it has the allowed hits in the window', () => {
      const sut = make();
      sut.hit('k');
      sut.hit('k');

      expect(sut.isLimited('k', 3)).toBe(false);
      sut.hit('k');
      expect(sut.isLimited('k', 3)).toBe(true);
      expect(sut.isLimited('other', 3)).toBe(false);
    });

    it('should free a key as its hits slide out of the window', () => {
      const sut = make();
      sut.hit('k');
      now += 30_000;
      sut.hit('k');

      now += 30_001;

      expect(sut.isLimited('k', 2)).toBe(false);
      expect(sut.isLimited('k', 1)).toBe(true);
    });
  });

  describe('hit', () => {
    it('should forget stale keys and never hold more than its cap', () => {
      const sut = make(10);
      for (let i = 0; i < 50; i++) {
        sut.hit(`k${i}`);
      }

      expect(sut.size).toBeLessThanOrEqual(10);
      now += 61_000;
      sut.hit('fresh');
      expect(sut.size).toBe(1);
    });
  });
});
