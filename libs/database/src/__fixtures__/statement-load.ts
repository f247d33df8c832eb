// A process that passes statements the size of the webhook journal's closing write through the embedded database at
// a steady pace, between the lines "loading" and "loaded". embedded-database-heap.integration-spec.ts runs it with
// `--trace-gc --expose-gc` and reads the database thread's collections from the trace: one collection of this (the
// main) thread is forced first, so that the trace names the main thread's heap (reason "testing") and any other heap
// is the database thread's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedDatabase } from '../embedded-database';

/** About what one closing write carries for three webhooks at fan-out 10: 26 kB of JSON. */
const DOC = JSON.stringify({
  attempts: Array.from({ length: 30 }, (_, i) => ({ clOrdId: `req-${i}`, status: 'placed', pad: 'x'.repeat(800) })),
});

async function main(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const dir = mkdtempSync(path.join(tmpdir(), 'statement-load-'));
  const db = await EmbeddedDatabase.open(dir, { intervalMs: 3_600_000 });
  try {
    await db.exec('CREATE TABLE docs (id serial PRIMARY KEY, doc jsonb NOT NULL)');
    process.stdout.write('loading\n');
    for (let i = 0; i < Number(process.argv[2]); i++) {
      await db.query('INSERT INTO docs (doc) VALUES ($1::jsonb)', [DOC]);
      // A few milliseconds apart, as a busy product's closing writes come (they linger 10 ms for company).
      await sleep(3);
    }
    process.stdout.write('loaded\n');
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
