import { setTimeout as sleep } from 'node:timers/promises';
import {
  byRole,
  describeUse,
  parseThreadStat,
  perWebhook,
  sampleAllThreads,
  sampleThreads,
  sumRoles,
  usePerWebhook,
  voluntarySwitches,
} from './thread-cpu';

// A /proc/<pid>/task/<tid>/stat line: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
const stat = (tid: number, name: string, utime: number, stime: number): string =>
  `${tid} (${name}) S 1 ${tid} ${tid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 7 0 12345 1000000 2000 18446744073709551615`;

// The part of a /proc/<pid>/task/<tid>/status that matters here, around the line read.
const status = (voluntary: number): string =>
  `Name:\tnode\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t${voluntary}\nnonvoluntary_ctxt_switches:\t9\n`;

describe('thread-cpu', () => {
  describe('voluntarySwitches', () => {
    it('should read the voluntary count, not the involuntary one after it', () => {
      expect(voluntarySwitches(status(1234))).toBe(1234);
    });

    it('should count nothing where the line is missing', () => {
      expect(voluntarySwitches('Name:\tnode\n')).toBe(0);
    });
  });

  describe('parseThreadStat', () => {
    it('should read the name and user + system time in milliseconds', () => {
      expect(parseThreadStat(42, stat(42, 'pglite', 150, 25), status(31))).toEqual({
        tid: 42,
        name: 'pglite',
        cpuMs: 1750,
        wakes: 31,
      });
    });

    it('should read a name holding spaces and parentheses up to the last closing one', () => {
      expect(parseThreadStat(7, stat(7, 'a (b) c', 1, 2))).toEqual({ tid: 7, name: 'a (b) c', cpuMs: 30, wakes: 0 });
    });

    it('should refuse a line without a name', () => {
      expect(() => parseThreadStat(1, '1 S 0 0')).toThrow('not a /proc stat line');
    });
  });

  describe('byRole', () => {
    it('should count the main thread, each named thread, and the threads named like the main one as helpers', () => {
      const threads = [
        { tid: 100, name: 'node', cpuMs: 5000, wakes: 40 },
        { tid: 101, name: 'node', cpuMs: 300, wakes: 7 },
        { tid: 102, name: 'node', cpuMs: 200, wakes: 3 },
        { tid: 103, name: 'pglite', cpuMs: 4000, wakes: 20 },
        { tid: 104, name: 'libuv-worker', cpuMs: 10, wakes: 1 },
      ];

      expect(byRole(100, threads)).toEqual({
        cpuMs: { main: 5000, helpers: 500, pglite: 4000, 'libuv-worker': 10 },
        wakes: { main: 40, helpers: 10, pglite: 20, 'libuv-worker': 1 },
      });
    });
  });

  describe('perWebhook', () => {
    it('should divide what each role spent between two readings by the webhooks sent, a role new since the first counting from zero', () => {
      expect(perWebhook({ main: 1000, helpers: 100 }, { main: 2000, helpers: 150, pglite: 600 }, 100)).toEqual({
        main: 10,
        helpers: 0.5,
        pglite: 6,
      });
    });

    it('should not divide by zero when nothing was sent', () => {
      expect(perWebhook({ main: 0 }, { main: 12.345 }, 0)).toEqual({ main: 12.35 });
    });
  });

  it('should add up the roles of several processes', () => {
    expect(
      sumRoles([
        { main: 1, pglite: 2 },
        { main: 3, helpers: 4 },
      ]),
    ).toEqual({ main: 4, pglite: 2, helpers: 4 });
  });

  it("should read this very process: its main thread's time grows by what the main thread spends", () => {
    const before = sampleThreads(process.pid);
    const start = process.cpuUsage();
    const startedAt = performance.now();
    // Spin on the main thread for 60 ms of the process's CPU and at least 80 ms of wall time: the process's CPU also
    // counts V8's helper threads, which can be busy beside it (compiling, marking) just after a test file loads.
    while (process.cpuUsage(start).user < 60_000 || performance.now() - startedAt < 80) {
      // spin
    }
    const after = sampleThreads(process.pid);

    expect(Object.keys(after.cpuMs)).toEqual(expect.arrayContaining(['main', 'helpers']));
    // /proc counts in 10-ms ticks.
    expect(after.cpuMs.main - before.cpuMs.main).toBeGreaterThanOrEqual(40);
  });

  it('should count a wake-up of the main thread for each time it sleeps on a timer', async () => {
    const before = sampleAllThreads([process.pid]);
    // 50 ms: a timer already due when the thread comes back to wait (after a collection or a load beside it, which took
    // 5 and 20 ms timers in runs of two test workers on two cores) is run without a sleep, and so without a wake-up.
    for (let i = 0; i < 10; i++) {
      await sleep(50);
    }
    const use = usePerWebhook(before, sampleAllThreads([process.pid]), 10);

    // At least one per sleep; the runtime may wake it for more (its own timers, the other threads' messages).
    expect(use.wakes.main).toBeGreaterThanOrEqual(1);
    expect(use.wakes.main).toBeLessThan(10);
  });

  it("should describe each role's wake-ups and CPU, the busiest first", () => {
    expect(
      describeUse({
        cpuMs: { helpers: 2.04, main: 6.5, pglite: 3.36 },
        wakes: { main: 4.8, pglite: 1.83, helpers: 1.2 },
      }),
    ).toBe('main 4.8 / 6.50 ms, pglite 1.8 / 3.36 ms, helpers 1.2 / 2.04 ms');
  });
});
