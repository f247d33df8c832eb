import { EmbeddedDatabase } from './embedded-database';
import { logHousekeeping, type FieldLogger } from './housekeeping-log';
import { createPgliteDriver, type PgliteDriver } from './pglite-driver';

/**
 * Opens (or creates) the embedded database of standalone mode under `dataDir`, with its TypeORM driver; with
 * `log`, its checkpoints (and, at debug, its vacuums) are logged there.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  log?: FieldLogger,
): Promise<{ db: EmbeddedDatabase; driver: PgliteDriver }> {
  const db = await EmbeddedDatabase.open(dataDir);
  if (log) {
    db.onHousekeeping((pass) => logHousekeeping(log, pass));
  }
  return { db, driver: createPgliteDriver(db) };
}
