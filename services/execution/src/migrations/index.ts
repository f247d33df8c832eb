import { CreateSchema1763700000000 } from './1763700000000-create-schema';

/** The Postgres schema this service owns; nobody else reads it. */
export const Execution_SCHEMA = 'execution';

/** Every migration of the service, oldest first. */
export const executionMigrations = [CreateSchema1763700000000];
