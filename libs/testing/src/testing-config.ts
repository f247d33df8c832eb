import * as path from 'node:path';

/**
 * The only place the test infrastructure reads the environment (STYLE.md: config loading only).
 * - TEST_INFRA: `auto` (default: Docker when an engine answers, else local), `docker`, or `local`.
 * - DATABASE_URL: the local Postgres server used when Docker is not used (an admin connection;
 *   each run creates and drops its own `test_*` database on it).
 */
export type InfraMode = 'auto' | 'docker' | 'local';

export interface TestingConfig {
  infra: InfraMode;
  adminDatabaseUrl: string;
  dockerHost: string | undefined;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const loadTestingConfig = (env: NodeJS.ProcessEnv = process.env): TestingConfig => {
  const infra = env.TEST_INFRA ?? 'auto';
  if (infra !== 'auto' && infra !== 'docker' && infra !== 'local') {
    throw new Error(`TEST_INFRA must be auto, docker or local, got "${infra}"`);
  }
  return {
    infra,
    adminDatabaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    dockerHost: env.DOCKER_HOST,
  };
};

/**
 * The monorepo root (holds `.cache/`); this file lives at libs/testing/src, or at dist/libs/testing/src
 * when the bench runs it from the SWC build.
 */
export const repoRoot = (): string => {
  const up = path.resolve(__dirname, '..', '..', '..');
  return path.basename(up) === 'dist' ? path.dirname(up) : up;
};

export interface TestInfraEnv {
  databaseUrl: string;
  kafkaBrokers: string[];
}

/** What the jest global setup published for the tests (TEST_DATABASE_URL, TEST_KAFKA_BROKERS). */
export const testInfraEnv = (env: NodeJS.ProcessEnv = process.env): TestInfraEnv => {
  const databaseUrl = env.TEST_DATABASE_URL;
  const brokers = env.TEST_KAFKA_BROKERS;
  if (!databaseUrl || !brokers) {
    throw new Error(
      'TEST_DATABASE_URL / TEST_KAFKA_BROKERS are not set: run this file in the integration or e2e jest project ' +
        '(its globalSetup starts Postgres and Kafka), e.g. npx jest --selectProjects integration <file>',
    );
  }
  return { databaseUrl, kafkaBrokers: brokers.split(',') };
};
