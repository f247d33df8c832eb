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
      const writer = spawnNode(path.join(__dirname, '__fixtures__/journal-writer.ts'), {
        args: [dataDir],
        name: `writer ${kills}`,
      });
      const target = acknowledged + 1500 + Math.floor(Math.random() * 1000);
      await writer.waitForLine(new RegExp(`^committed ${target}$`), 90_000);
      await writer.kill('SIGKILL');
      acknowledged = Math.max(...[...writer.output().matchAll(/^committed (\d+)$/gm)].map((m) => Number(m[1])));

      const db = await EmbeddedDatabase.open(dataDir, { intervalMs: 3_600_000 });
      try {
        // The rows counted through the table alone and through each index alone: a page lost or half written in
        // any of them would make the counts differ.
        const countVia = async (scan: string, where: string) => {
          await db.exec(`BEGIN; ${scan}`);
          const { rows } = await db.query(
            `SELECT count(*)::int AS n, sum(n)::int AS updates FROM entries WHERE ${where}`,
          );
          await db.exec('COMMIT');
          return rows;
        };
        const byIndexOnly = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off';
        const viaTable = await countVia(
          'SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_bitmapscan = off',
          'id > 0',
        );
        const viaPrimaryKey = await countVia(byIndexOnly, 'id > 0');
        const viaTagIndex = await countVia(byIndexOnly, "tag > ''");
        const [{ rows, updates, kept }] = (
          await db.query<{ rows: number; updates: number; kept: number }>(
            'SELECT count(*)::int AS rows, sum(n)::int AS updates, count(*) FILTER (WHERE id <= $1)::int AS kept FROM entries',
            [acknowledged],
          )
        ).rows;

        expect(kept).toBe(acknowledged);
        // The commit in flight when the process died may or may not have made it, whole.
        expect(rows === acknowledged || rows === acknowledged + 1).toBe(true);
        expect(updates).toBe(rows);
        expect([viaPrimaryKey, viaTagIndex]).toEqual([viaTable, viaTable]);
        acknowledged = rows;
      } finally {
        await db.close();
      }
    }
  });
});
