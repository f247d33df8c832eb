import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { DatabaseLog } from './database-log';
import type { PgliteDriver } from './pglite-driver';

/** Where a service's tables live: a Postgres server, or the embedded PGlite of standalone mode. */
export type DatabaseRuntime =
  | { kind: 'postgres'; url: string; poolSize: number }
  | {
      kind: 'pglite';
      driver: PgliteDriver;
      /**
       * The standalone product's data folder, where a service may keep files beside the embedded database (execution's
       * write-ahead file of webhooks in flight). Absent for a database in memory, whose services then keep none.
       */
      dataDir?: string;
    };

export interface ServiceDatabaseOptions {
  /** The Postgres schema the service owns; its entities declare it and its first migration creates it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/**
 * TypeORM options for one service. Migrations run at start and are tracked per service in
 * `public.<schema>_migrations`, so the schema itself can be created by the first migration.
 */
export function dataSourceOptions(runtime: DatabaseRuntime, opts: ServiceDatabaseOptions): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: opts.entities,
    migrations: opts.migrations,
    migrationsRun: true,
    migrationsTableName: `${opts.schema}_migrations`,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    uuidExtension: 'pgcrypto' as const,
    installExtensions: false,
    logging: ['error' as const],
    logger: new DatabaseLog(),
  };
  if (runtime.kind === 'postgres') {
    // A connection attempt gives up after 5 s (pg waits forever by default) and idle connections carry TCP
    // keepalives, so a database that vanished without closing its sockets surfaces as an error, not a hang.
    return {
      ...common,
      url: runtime.url,
      extra: { max: runtime.poolSize, connectionTimeoutMillis: 5000, keepAlive: true },
    };
  }
  return { ...common, driver: runtime.driver, extra: { max: 1 } };
}
