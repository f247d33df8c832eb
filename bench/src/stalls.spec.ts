import { StallLog, describeStalls, parseGcLine, parseHousekeepingLine } from './stalls';

const scavenge = (isolate: string, ms: number): string =>
  `[11167:${isolate}]       52 ms: Scavenge 3.8 (4.0) -> 3.4 (5.0) MB, ${ms} / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; `;
const markCompact = (isolate: string, ms: number): string =>
  `[11175:${isolate}]     4043 ms: Mark-Compact (reduce) 13.1 (24.0) -> 12.6 (15.0) MB, ${ms} / 0.00 ms  (+ 2.1 ms in 12 steps since start of marking, biggest step 0.4 ms) (average mu = 0.991, current mu = 0.990) finalize incremental marking via task; GC in old space requested`;
const checkpointLog = (ms: number, vacuumed: string[] = [], vacuumMs = 0): string =>
  JSON.stringify({
    level: 30,
    time: '2026-11-26T15:00:00.000Z',
    service: 'standalone',
    context: 'EmbeddedDatabase',
    passMs: ms + 2 + vacuumMs,
    vacuumed,
    checkpointMs: ms,
    walBytes: 67_200_000,
    msg: 'checkpoint: …',
  });
const vacuumLog = (ms: number): string =>
  JSON.stringify({
    level: 20,
    time: '2026-11-26T15:00:00.000Z',
    service: 'standalone',
    context: 'EmbeddedDatabase',
    passMs: ms,
    vacuumed: ['execution.webhooks'],
    msg: 'vacuumed …',
  });

describe('parseGcLine', () => {
  it("should read the thread and the pause from Node's --trace-gc lines", () => {
    expect(parseGcLine(scavenge('0x11477e20', 14.89))).toEqual({ isolate: '0x11477e20', full: false, ms: 14.89 });
    expect(parseGcLine(markCompact('0x7f923c000f00', 5.73))).toEqual({
      isolate: '0x7f923c000f00',
      full: true,
      ms: 5.73,
    });
  });

  it('should ignore every other line', () => {
    expect(parseGcLine('  QuantLynk is running: http://127.0.0.1:3000')).toBeNull();
    expect(parseGcLine(checkpointLog(100))).toBeNull();
  });
});

describe('parseHousekeepingLine', () => {
  it("should read a housekeeping pass's time and its checkpoint's from the product's log line", () => {
    expect(parseHousekeepingLine(checkpointLog(112.3))).toEqual({ passMs: 114.3, checkpointMs: 112.3 });
    expect(parseHousekeepingLine(vacuumLog(21))).toEqual({ passMs: 21, vacuumMs: 21 });
  });

  it("should read the vacuums' part of a pass that also checkpointed as the pass less its checkpoint", () => {
    expect(parseHousekeepingLine(checkpointLog(15.2, ['execution.webhooks'], 30))).toEqual({
      passMs: 47.2,
      checkpointMs: 15.2,
      vacuumMs: 32,
    });
  });

  it('should ignore other log lines and lines that only look like one', () => {
    expect(parseHousekeepingLine(JSON.stringify({ level: 30, msg: 'standalone: data in /tmp/x' }))).toBeNull();
    expect(parseHousekeepingLine('{"passMs": 12, unterminated')).toBeNull();
    expect(parseHousekeepingLine('text mentioning "passMs"')).toBeNull();
    expect(parseHousekeepingLine('{"passMs":"12"}')).toBeNull();
  });
});

describe('StallLog', () => {
  it("should sum each thread's collections and list the checkpoints of a step's time, the main thread being the first to collect", () => {
    const log = new StallLog();
    log.feed(scavenge('0x11477e20', 3), 5); // before the step
    log.feed(markCompact('0x7f923c000f00', 7), 12);
    log.feed(scavenge('0x11477e20', 2.5), 15);
    log.feed(markCompact('0x11477e20', 11.2), 18);
    log.feed(checkpointLog(104.6), 19);
    log.feed(vacuumLog(12.5), 19);
    log.feed(checkpointLog(20, ['execution.unfinished_webhooks'], 8), 19);
    log.feed('{"level":30,"msg":"standalone: data in /tmp/x"}', 19);
    log.feed(scavenge('0x11477e20', 4), 30); // after it

    expect(log.between(10, 20)).toEqual({
      mainGc: { count: 2, totalMs: 13.7, maxMs: 11.2 },
      mainFullGc: { count: 1, totalMs: 11.2, maxMs: 11.2 },
      otherGc: { count: 1, totalMs: 7, maxMs: 7 },
      checkpointsMs: [104.6, 20],
      vacuumsMs: [12.5, 10],
    });
  });

  it('should not count a step in the next one', () => {
    const log = new StallLog();
    log.feed(scavenge('0x11477e20', 3), 5);
    log.feed(checkpointLog(90), 6);
    expect(log.between(0, 10).checkpointsMs).toEqual([90]);

    log.feed(scavenge('0x11477e20', 2), 12);

    expect(log.between(0, 20)).toEqual({
      mainGc: { count: 1, totalMs: 2, maxMs: 2 },
      mainFullGc: { count: 0, totalMs: 0, maxMs: 0 },
      otherGc: { count: 0, totalMs: 0, maxMs: 0 },
      checkpointsMs: [],
      vacuumsMs: [],
    });
  });

  it('should say it in a few words', () => {
    expect(
      describeStalls({
        mainGc: { count: 40, totalMs: 160.2, maxMs: 11.3 },
        mainFullGc: { count: 1, totalMs: 11.3, maxMs: 11.3 },
        otherGc: { count: 3, totalMs: 15, maxMs: 7.9 },
        checkpointsMs: [104.6],
        vacuumsMs: [12.5, 21],
      }),
    ).toBe(
      'GC main 40× (max 11.3, total 160.2 ms; 1 full, max 11.3 ms), database thread 3× (max 7.9 ms), vacuum 2× (max 21 ms), checkpoint 104.6 ms',
    );
    expect(
      describeStalls({
        mainGc: { count: 1, totalMs: 2, maxMs: 2 },
        mainFullGc: { count: 0, totalMs: 0, maxMs: 0 },
        otherGc: { count: 0, totalMs: 0, maxMs: 0 },
        checkpointsMs: [],
        vacuumsMs: [],
      }),
    ).toBe('GC main 1× (max 2, total 2 ms), database thread 0× (max 0 ms), no checkpoint');
  });

  it("should sum a soak's many checkpoints up as their count, median and longest", () => {
    const none = { count: 0, totalMs: 0, maxMs: 0 };
    expect(
      describeStalls({
        mainGc: none,
        mainFullGc: none,
        otherGc: none,
        checkpointsMs: [14.5, 9.1, 48.2, 12, 11.3, 10],
        vacuumsMs: [],
      }),
    ).toBe('GC main 0× (max 0, total 0 ms), database thread 0× (max 0 ms), 6 checkpoints (median 11.3, max 48.2 ms)');
  });
});
