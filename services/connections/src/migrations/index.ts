import { CreateSchema1763700000000 } from './1763700000000-create-schema';
import { CreateConnections1763800000000 } from './1763800000000-create-connections';

/** The Postgres schema this service owns; nobody else reads it. */
export const Connections_SCHEMA = 'connections';

/** Every migration of the service, oldest first. */
export const connectionsMigrations = [CreateSchema1763700000000, CreateConnections1763800000000];
