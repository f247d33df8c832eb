// A fresh process that opens the embedded database before anything else used libuv's thread pool (as the
// standalone product does), then uses the pool from the main thread and prints every thread's name as JSON.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../embedded-database';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'thread-names-'));
  const db = await EmbeddedDatabase.open(dataDir);
  try {
    await readFile(__filename);
    const names = readdirSync('/proc/self/task').map((tid) =>
      readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(),
    );
    process.stdout.write(`threads ${JSON.stringify(names)}\n`);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
