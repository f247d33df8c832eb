export * from './database.options';
export * from './pglite-driver';
export * from './pglite';
export * from './database-unavailable';
export * from './group-commit';
export * from './embedded-database';
export * from './housekeeping-log';
export * from './jsonb-param';
