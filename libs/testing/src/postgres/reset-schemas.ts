import { Client } from 'pg';
import { assertTestDatabaseName, databaseNameOf } from './test-database-name';

export interface ResetSchemasOptions {
  /** Tables left alone (bookkeeping that must survive, such as applied migrations). */
  keepTables?: string[];
}

const DEFAULT_KEEP = ['migrations', 'typeorm_metadata'];

/**
 * Empties every table of `schemas` (one TRUNCATE ... RESTART IDENTITY CASCADE) between tests.
 * Refuses a database whose name does not contain "test", checked against the server's answer too.
 */
export const resetSchemas = async (
  url: string,
  schemas: string[],
  options: ResetSchemasOptions = {},
): Promise<void> => {
  assertTestDatabaseName(databaseNameOf(url));
  const keep = options.keepTables ?? DEFAULT_KEEP;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: db } = await client.query<{ name: string }>('SELECT current_database() AS name');
    assertTestDatabaseName(db[0].name);
    const { rows } = await client.query<{ schemaname: string; tablename: string }>(
      'SELECT schemaname, tablename FROM pg_tables WHERE schemaname = ANY($1) AND NOT (tablename = ANY($2))',
      [schemas, keep],
    );
    if (rows.length === 0) {
      return;
    }
    const tables = rows.map((r) => `${quoteIdent(r.schemaname)}.${quoteIdent(r.tablename)}`).join(', ');
    await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
};

const quoteIdent = (s: string): string => `"${s.replace(/"/g, '""')}"`;
