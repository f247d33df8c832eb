import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnNode } from '@app/testing';
import { EmbeddedDatabase } from './embedded-database';

/**
 * The embedded database runs with fsync and full-page writes off (pglite-worker.cjs): what it promises is to
 * survive its own process being killed, not the machine losing power. This kills a writer again and again in
 * the middle of its writes and checkpoints, and reads what every acknowledged commit left.
 */
describe('EmbeddedDatabase killed while writing', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-db-kill-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should keep every acknowledged commit, with consistent tables and indexes, after each SIGKILL', async () => {
    let acknowledged = 0;
    for (const kills of [1, 2, 3]) {
      const writer = spawnNode(path.join(__dirname, '__fixtures__/journal-writer.ts'), { args: [dataDir], name: `writer ${kills}` });
      const target = acknowledged + 1500 + Math.floor(Math.random() * 1000);
      await writer.waitForLine(new RegExp(`^committed ${target}$`), 90_000);
      await writer.kill('SIGKILL');
      acknowledged = Math.max(...[...writer.output().matchAll(/^committed (\d+)$/gm)].map((m) => Number(m[1])));

      const db = await EmbeddedDatabase.open(dataDir, { intervalMs: 3_600_000 });
      try {
        // The same totals read through the indexes alone and through the table alone: a page lost or half
        // written in either would make them differ.
        const read = async (scan: string) => {
          await db.exec(`BEGIN; ${scan}`);
          const { rows } = await db.query('SELECT count(*)::int AS n, sum(n)::int AS updates, count(DISTINCT tag)::int AS tags FROM entries WHERE id > $1 AND tag > $2', [0, '']);
          await db.exec('COMMIT');
          return rows;
        };
        const byIndex = await read('SET LOCAL enable_seqscan = off');
        const byHeap = await read('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off');
        const [{ rows, updates, kept }] = (await db.query<{ rows: number; updates: number; kept: number }>(
          'SELECT count(*)::int AS rows, sum(n)::int AS updates, count(*) FILTER (WHERE id <= $1)::int AS kept FROM entries', [acknowledged],
        )).rows;

        expect(kept).toBe(acknowledged);
        // The commit in flight when the process died may or may not have made it, whole.
        expect(rows === acknowledged || rows === acknowledged + 1).toBe(true);
        expect(updates).toBe(rows);
        expect(byIndex).toEqual(byHeap);
        acknowledged = rows;
      } finally {
        await db.close();
      }
    }
  });
});
