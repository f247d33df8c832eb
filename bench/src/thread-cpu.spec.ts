import { byRole, parseThreadStat, perWebhook, sampleThreads, sumRoles } from './thread-cpu';

// A /proc/<pid>/task/<tid>/stat line: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
const stat = (tid: number, name: string, utime: number, stime: number): string =>
  `${tid} (${name}) S 1 ${tid} ${tid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 7 0 12345 1000000 2000 18446744073709551615`;

describe('thread-cpu', () => {
  describe('parseThreadStat', () => {
    it('should read the name and user + system time in milliseconds', () => {
      expect(parseThreadStat(42, stat(42, 'pglite', 150, 25))).toEqual({ tid: 42, name: 'pglite', cpuMs: 1750 });
    });

    it('should read a name holding spaces and parentheses up to the last closing one', () => {
      expect(parseThreadStat(7, stat(7, 'a (b) c', 1, 2))).toEqual({ tid: 7, name: 'a (b) c', cpuMs: 30 });
    });

    it('should refuse a line without a name', () => {
      expect(() => parseThreadStat(1, '1 S 0 0')).toThrow('not a /proc stat line');
    });
  });

  describe('byRole', () => {
    it('should count the main thread, each named thread, and the threads named like the main one as helpers', () => {
      const threads = [
        { tid: 100, name: 'node', cpuMs: 5000 },
        { tid: 101, name: 'node', cpuMs: 300 },
        { tid: 102, name: 'node', cpuMs: 200 },
        { tid: 103, name: 'pglite', cpuMs: 4000 },
        { tid: 104, name: 'libuv-worker', cpuMs: 10 },
      ];

      expect(byRole(100, threads)).toEqual({ main: 5000, helpers: 500, pglite: 4000, 'libuv-worker': 10 });
    });
  });

  describe('perWebhook', () => {
    it('should divide what each role spent between two readings by the webhooks sent, a role new since the first counting from zero', () => {
      expect(perWebhook({ main: 1000, helpers: 100 }, { main: 2000, helpers: 150, pglite: 600 }, 100)).toEqual({ main: 10, helpers: 0.5, pglite: 6 });
    });

    it('should not divide by zero when nothing was sent', () => {
      expect(perWebhook({ main: 0 }, { main: 12.345 }, 0)).toEqual({ main: 12.35 });
    });
  });

  it('should add up the roles of several processes', () => {
    expect(sumRoles([{ main: 1, pglite: 2 }, { main: 3, helpers: 4 }])).toEqual({ main: 4, pglite: 2, helpers: 4 });
  });

  it("should read this very process: its main thread's time grows by what the main thread spends", () => {
    const before = sampleThreads(process.pid);
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 60_000) {
      // spin on the main thread for 60 ms of CPU
    }
    const after = sampleThreads(process.pid);

    expect(Object.keys(after)).toEqual(expect.arrayContaining(['main', 'helpers']));
    // /proc counts in 10-ms ticks.
    expect(after.main - before.main).toBeGreaterThanOrEqual(40);
  });
});
