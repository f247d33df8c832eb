export * from './database.options';
export * from './pglite-driver';
export * from './pglite';
export * from './database-unavailable';
export * from './embedded-database';
