import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dirBytes } from './disk-usage';

describe('dirBytes', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'disk-usage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('should add up the files of every level of the tree', () => {
    mkdirSync(path.join(root, 'pg_wal', 'archive_status'), { recursive: true });
    writeFileSync(path.join(root, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(root, 'pg_wal', '000000010000000000000001'), Buffer.alloc(4096));
    writeFileSync(path.join(root, 'pg_wal', 'archive_status', 'x.done'), 'ab');

    expect(dirBytes(root)).toBe(3 + 4096 + 2);
  });

  it('should count a directory that is gone as empty', () => {
    expect(dirBytes(path.join(root, 'no-such-dir'))).toBe(0);
  });
});
