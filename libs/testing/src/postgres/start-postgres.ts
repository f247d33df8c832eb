import { Client } from 'pg';
import { useDocker } from '../docker-available';
import { isProcessAlive } from '../process/process-alive';
import { loadTestingConfig } from '../testing-config';
import { assertTestDatabaseName, newTestDatabaseName, pidOfTestDatabase, withDatabaseName } from './test-database-name';

export interface TestDatabase {
  /** Connection URL of the fresh database. */
  url: string;
  name: string;
  /** Drops the database (and stops the container, if one was started). */
  drop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Defaults to a fresh `test_<pid>_<random>`; must contain "test". */
  databaseName?: string;
}

const POSTGRES_IMAGE = 'postgres:15-alpine';

/**
 * Creates a fresh, empty database for a test run: in a Postgres container when Docker answers,
 * otherwise on the server at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export const startPostgres = async (options: StartPostgresOptions = {}): Promise<TestDatabase> => {
  const name = options.databaseName ?? newTestDatabaseName();
  assertTestDatabaseName(name);
  if (await useDocker()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(POSTGRES_IMAGE).start();
    const admin = container.getConnectionUri();
    await createDatabase(admin, name);
    return { url: withDatabaseName(admin, name), name, drop: async () => void (await container.stop()) };
  }
  const admin = loadTestingConfig().adminDatabaseUrl;
  await dropAbandonedDatabases(admin);
  await createDatabase(admin, name);
  return { url: withDatabaseName(admin, name), name, drop: () => dropDatabase(admin, name) };
};

const withClient = async <T>(url: string, work: (c: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const createDatabase = (adminUrl: string, name: string): Promise<void> =>
  withClient(adminUrl, async (c) => void (await c.query(`CREATE DATABASE "${name}" TEMPLATE template0`)));

export const dropDatabase = (adminUrl: string, name: string): Promise<void> => {
  assertTestDatabaseName(name);
  return withClient(adminUrl, async (c) => void (await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
};

/**
 * A run killed before its teardown leaves its database behind. Drop those whose creating process is
 * gone; other engineers' runs on the same machine and server are alive and keep theirs.
 */
const dropAbandonedDatabases = async (adminUrl: string): Promise<void> => {
  const names = await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%'`,
    );
    return rows.map((r) => r.datname);
  });
  for (const name of names) {
    const pid = pidOfTestDatabase(name);
    if (pid !== undefined && pid !== process.pid && !isProcessAlive(pid)) {
      await dropDatabase(adminUrl, name).catch(() => undefined);
    }
  }
};
