import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteDriver, type PgliteDriver } from './pglite-driver';

/** Opens (or creates) the embedded database of standalone mode under `dataDir`. */
export async function openEmbeddedDatabase(dataDir: string): Promise<{ db: PGlite; driver: PgliteDriver }> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir });
  return { db, driver: createPgliteDriver(db) };
}
