import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IntakeLog } from './intake-log';
import type { IntakeEntry } from './intake-log';

const entry = (requestId: string, rawBody = '{}'): IntakeEntry => ({
  id: `id-${requestId}`,
  userId: 'u-1',
  requestId,
  alertId: null,
  alertName: 'breakout',
  symbol: 'MNQZ6',
  action: 'market buy',
  request: {},
  rawBody,
  bodyHash: 'hash',
  events: [{ at: '2026-11-27T10:00:00.000Z', type: 'received', message: 'Webhook received' }],
  createdAt: '2026-11-27T10:00:00.000Z',
});

describe(IntakeLog.name, () => {
  let dir: string;
  let sut: IntakeLog;

  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'intake-')), 'webhook-intake');
    sut = new IntakeLog(dir);
    sut.recover();
  });

  afterEach(() => {
    sut.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  const files = () => readdirSync(dir).sort();
  /** What a process started on this folder now would find. */
  const nextStart = () => new IntakeLog(dir).recover();

  it('should give the next start every entry not settled, in order', () => {
    const tickets = ['r-1', 'r-2', 'r-3'].map((r) => sut.append(entry(r)));
    sut.settle(tickets[1]);

    // Settled entries stay in the file until the segment empties: the next start finds their rows and skips them.
    expect(nextStart().map((e) => e.requestId)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(nextStart()[0]).toEqual(entry('r-1'));
    expect(sut.pending).toBe(2);
  });

  it('should empty a large idle segment once its last entry is settled, and keep writing to it', () => {
    const big = 'x'.repeat(IntakeLog.TRUNCATE_BYTES);
    const tickets = [sut.append(entry('r-1', big)), sut.append(entry('r-2'))];
    tickets.forEach((t) => sut.settle(t));

    expect(nextStart()).toEqual([]);
    sut.append(entry('r-3'));
    expect(nextStart().map((e) => e.requestId)).toEqual(['r-3']);
    expect(files()).toEqual(['intake-0.log']);
  });

  it('should leave a small idle segment as it is (no file-system change per webhook)', () => {
    sut.settle(sut.append(entry('r-1')));

    expect(statSync(path.join(dir, 'intake-0.log')).size).toBeGreaterThan(0);
  });

  it('should begin a new segment past its size while entries are in flight, and delete the old one once they are settled', () => {
    const big = 'x'.repeat(IntakeLog.SEGMENT_BYTES);
    const first = sut.append(entry('r-1', big));
    const second = sut.append(entry('r-2'));

    expect(files()).toEqual(['intake-0.log', 'intake-1.log']);
    sut.settle(first);
    expect(files()).toEqual(['intake-1.log']);
    expect(nextStart().map((e) => e.requestId)).toEqual(['r-2']);
    sut.settle(second);
    expect(sut.pending).toBe(0);
  });

  it('should skip and report a line it cannot read, and read the others', () => {
    sut.append(entry('r-1'));
    appendFileSync(path.join(dir, 'intake-0.log'), '{"id":"torn\n');
    sut.append(entry('r-2'));
    const unreadable: string[] = [];

    const found = new IntakeLog(dir).recover((_file, line) => unreadable.push(line));

    expect(found.map((e) => e.requestId)).toEqual(['r-1', 'r-2']);
    expect(unreadable).toEqual(['{"id":"torn']);
  });

  it('should number its segments after those it recovered, and delete those on clear', () => {
    sut.append(entry('r-1'));
    sut.close();
    const restarted = new IntakeLog(dir);

    expect(restarted.recover().map((e) => e.requestId)).toEqual(['r-1']);
    restarted.clear();
    restarted.append(entry('r-2'));
    expect(files()).toEqual(['intake-1.log']);
    expect(readFileSync(path.join(dir, 'intake-1.log'), 'utf8')).toContain('"requestId":"r-2"');
    restarted.close();
  });

  it('should delete a segment whose entries are settled after it was closed, and keep one with an entry still out', () => {
    const [first, second] = [sut.append(entry('r-1')), sut.append(entry('r-2'))];
    sut.close();

    sut.settle(first);
    expect(files()).toEqual(['intake-0.log']);
    sut.settle(second);
    expect(files()).toEqual([]);
  });
});
