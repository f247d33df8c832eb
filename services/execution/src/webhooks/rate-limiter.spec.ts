import { DedupWindow } from './dedup-window';
import { RateLimiter } from './rate-limiter';

describe(RateLimiter.name, () => {
  describe('take', () => {
    it('should refuse hits over the limit within a minute and allow them again after it', () => {
      let now = 0;
      const sut = new RateLimiter(2, () => now);

      expect([sut.take('u'), sut.take('u'), sut.take('u'), sut.take('v')]).toEqual([true, true, false, true]);
      now = 60_000;
      expect(sut.take('u')).toBe(true);
    });

    it('should let each hit expire a minute after it, one by one', () => {
      let now = 0;
      const sut = new RateLimiter(3, () => now);
      const at = (t: number) => ((now = t), sut.take('u'));

      expect([at(0), at(20_000), at(40_000), at(50_000)]).toEqual([true, true, true, false]);
      // The refused hit at 50 s was not counted: only the one at 0 has expired at 60 s.
      expect([at(59_999), at(60_000), at(60_001), at(80_000), at(80_001)]).toEqual([false, true, false, true, false]);
    });

    it('should count exactly across a window of many thousand hits', () => {
      let now = 0;
      const sut = new RateLimiter(5_000, () => now);
      // 5 000 hits one every 10 ms fill the minute's limit by 50 s...
      for (let i = 0; i < 5_000; i += 1) {
        now = i * 10;
        expect(sut.take('u')).toBe(true);
      }
      now = 59_999;
      expect(sut.take('u')).toBe(false);
      // ...from 60 s on, each expiring hit makes room for exactly one more...
      for (let i = 0; i < 5_000; i += 1) {
        now = 60_000 + i * 10;
        expect([sut.take('u'), sut.take('u')]).toEqual([true, false]);
      }
      // ...and none expires until a minute after the first of those.
      now = 119_999;
      expect(sut.take('u')).toBe(false);
      now = 120_000;
      expect([sut.take('u'), sut.take('u'), sut.take('v')]).toEqual([true, false, true]);
    });

    it('should forget users whose hits have all expired, and count them afresh when they come back', () => {
      let now = 0;
      const sut = new RateLimiter(1, () => now);
      for (let i = 0; i < 1_000; i += 1) {
        sut.take(`user-${i}`);
      }
      now = 30_000;
      sut.take('active');

      now = 60_000;
      const refused = sut.take('active');
      now = 90_001;
      const again = sut.take('active');

      expect([refused, again]).toEqual([false, true]);
      expect(sut.trackedKeys).toBe(1);
      expect(sut.take('user-1')).toBe(true);
    });
  });
});

describe(DedupWindow.name, () => {
  describe('get', () => {
    it('should return the first outcome within the window and forget it after', async () => {
      let now = 0;
      const sut = new DedupWindow<number>(10_000, () => now);
      sut.set('k', 'req-1', Promise.resolve(7));

      now = 9_999;
      expect(sut.get('k')?.requestId).toBe('req-1');
      expect(await sut.get('k')?.value).toBe(7);
      now = 10_000;
      expect(sut.get('k')).toBeUndefined();
    });
  });
});
