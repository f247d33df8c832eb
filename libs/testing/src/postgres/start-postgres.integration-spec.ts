import { Client } from 'pg';
import { loadTestingConfig, testInfraEnv } from '../testing-config';
import { resetSchemas } from './reset-schemas';
import { startPostgres, type TestDatabase } from './start-postgres';
import { databaseNameOf, withDatabaseName } from './test-database-name';

const query = async <T extends object>(url: string, sql: string): Promise<T[]> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
};

const databaseExists = async (name: string): Promise<boolean> => {
  const rows = await query<{ datname: string }>(
    loadTestingConfig().adminDatabaseUrl,
    'SELECT datname FROM pg_database',
  );
  return rows.some((r) => r.datname === name);
};

describe(startPostgres.name, () => {
  it('should refuse a database name that does not contain "test"', async () => {
    await expect(startPostgres({ databaseName: 'orders' })).rejects.toThrow(/does not contain "test"/);
  });

  it('should create an empty database that drop() removes', async () => {
    const sut: TestDatabase = await startPostgres();

    const [{ name }] = await query<{ name: string }>(sut.url, 'SELECT current_database() AS name');
    expect(name).toBe(sut.name);
    expect(sut.name).toMatch(/^test_/);

    await sut.drop();
    expect(await databaseExists(sut.name)).toBe(false);
  });
});

describe(resetSchemas.name, () => {
  it('should empty every table of the given schemas and leave other schemas alone', async () => {
    const { databaseUrl } = testInfraEnv();
    await query(
      databaseUrl,
      `CREATE SCHEMA IF NOT EXISTS reset_a; CREATE SCHEMA IF NOT EXISTS reset_b;
       CREATE TABLE IF NOT EXISTS reset_a.items (id serial PRIMARY KEY);
       CREATE TABLE IF NOT EXISTS reset_a.migrations (id int);
       CREATE TABLE IF NOT EXISTS reset_b.items (id serial PRIMARY KEY);
       INSERT INTO reset_a.items DEFAULT VALUES; INSERT INTO reset_a.migrations VALUES (1);
       INSERT INTO reset_b.items DEFAULT VALUES;`,
    );

    await resetSchemas(databaseUrl, ['reset_a']);

    const counts = await query<{ a: string; m: string; b: string }>(
      databaseUrl,
      `SELECT (SELECT count(*) FROM reset_a.items) AS a, (SELECT count(*) FROM reset_a.migrations) AS m,
              (SELECT count(*) FROM reset_b.items) AS b`,
    );
    expect(counts[0]).toEqual({ a: '0', m: '1', b: '1' });
  });

  it('should refuse a database whose name does not contain "test"', async () => {
    const notATest = withDatabaseName(testInfraEnv().databaseUrl, 'postgres');

    await expect(resetSchemas(notATest, ['public'])).rejects.toThrow(/does not contain "test"/);
  });

  it('should run against the database the global setup published', () => {
    expect(databaseNameOf(testInfraEnv().databaseUrl)).toMatch(/^test_\d+_[0-9a-f]{8}$/);
  });
});
