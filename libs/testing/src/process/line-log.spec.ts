import { PassThrough } from 'node:stream';
import { LineLog } from './line-log';

describe('LineLog', () => {
  it('should hand every whole line to a listener once, a line split across chunks included', async () => {
    const log = new LineLog();
    const stream = new PassThrough();
    const seen: string[] = [];
    log.follow(stream);
    log.onLine((line) => seen.push(line));

    stream.write('{"level":30,"msg":"ready"}\n[1:0x1] 52 ms: Scav');
    stream.write('enge 3.8 (4.0) -> 3.4 (5.0) MB, 1.20 / 0.00 ms\nunfinished');
    await new Promise((r) => setImmediate(r));

    expect(seen).toEqual([
      '{"level":30,"msg":"ready"}',
      '[1:0x1] 52 ms: Scavenge 3.8 (4.0) -> 3.4 (5.0) MB, 1.20 / 0.00 ms',
    ]);
    await expect(log.waitFor(/Scavenge/, 10)).resolves.toBeTruthy();
  });
});
