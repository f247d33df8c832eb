import { EmbeddedDatabase } from './embedded-database';
import { createPgliteDriver, type PgliteDriver } from './pglite-driver';

/** Opens (or creates) the embedded database of standalone mode under `dataDir`, with its TypeORM driver. */
export async function openEmbeddedDatabase(dataDir: string): Promise<{ db: EmbeddedDatabase; driver: PgliteDriver }> {
  const db = await EmbeddedDatabase.open(dataDir);
  return { db, driver: createPgliteDriver(db) };
}
