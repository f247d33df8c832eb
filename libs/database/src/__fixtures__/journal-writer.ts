// A process that writes to the embedded database until it is killed: each iteration inserts a row and
// updates an older one in one transaction, then prints "committed <n>" once the commit was answered.
// Checkpoints come every 256 kB of log, so a kill lands among page writes as often as between them.
import { EmbeddedDatabase } from '../embedded-database';

async function main(): Promise<void> {
  const db = await EmbeddedDatabase.open(process.argv[2], { intervalMs: 20, checkpointWalBytes: 256 * 1024 });
  await db.exec(`CREATE TABLE IF NOT EXISTS entries (id int PRIMARY KEY, n int NOT NULL DEFAULT 0, tag text NOT NULL);
                 CREATE INDEX IF NOT EXISTS ix_entries_tag ON entries (tag)`);
  const { rows } = await db.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM entries WHERE $1', [
    true,
  ]);
  for (let i = rows[0].last + 1; ; i++) {
    await db.exec('BEGIN');
    await db.query('INSERT INTO entries (id, tag) VALUES ($1, md5($2))', [i, String(i)]);
    await db.query('UPDATE entries SET n = n + 1 WHERE id = $1', [Math.ceil(i / 2)]);
    await db.exec('COMMIT');
    process.stdout.write(`committed ${i}\n`);
  }
}

void main();
