import { parseCpuTimes, stealPct } from './cpu-steal';

// The first lines of /proc/stat on a 2-CPU VM: user nice system idle iowait irq softirq steal guest guest_nice.
const procStat = (steal: number, idle: number): string =>
  [`cpu  1000 20 300 ${idle} 50 0 30 ${steal} 400 0`, 'cpu0 500 10 150 100 25 0 15 0 200 0', 'intr 12345'].join('\n');

describe('cpu-steal', () => {
  describe('parseCpuTimes', () => {
    it('should read steal and the total of the distinct time fields from the aggregate line', () => {
      expect(parseCpuTimes(procStat(100, 8500))).toEqual({
        steal: 100,
        total: 1000 + 20 + 300 + 8500 + 50 + 0 + 30 + 100,
      });
    });

    it('should not count guest time twice (the kernel already counts it in user)', () => {
      const withGuest = parseCpuTimes('cpu  100 0 0 100 0 0 0 0 999 999');
      expect(withGuest.total).toBe(200);
    });

    it('should refuse a text without the aggregate line', () => {
      expect(() => parseCpuTimes('cpu0 1 2 3\nintr 1')).toThrow('no aggregate cpu line');
    });
  });

  describe('stealPct', () => {
    it('should give the stolen share of the CPU time that passed between two readings', () => {
      const before = parseCpuTimes(procStat(100, 8500));
      const after = { steal: before.steal + 300, total: before.total + 1000 };
      expect(stealPct(before, after)).toBe(30);
    });

    it('should give 0 when no time passed', () => {
      const t = parseCpuTimes(procStat(100, 8500));
      expect(stealPct(t, t)).toBe(0);
    });
  });
});
