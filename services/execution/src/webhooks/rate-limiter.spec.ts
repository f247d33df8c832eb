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
