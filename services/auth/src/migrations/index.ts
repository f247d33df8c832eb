import { CreateSchema1763700000000 } from './1763700000000-create-schema';

/** The Postgres schema this service owns; nobody else reads it. */
export const Auth_SCHEMA = 'auth';

/** Every migration of the service, oldest first. */
export const authMigrations = [CreateSchema1763700000000];
