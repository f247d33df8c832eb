import { CreateSchema1763700000000 } from './1763700000000-create-schema';
import { GroupsAlerts1763800000000 } from './1763800000000-groups-alerts';

/** The Postgres schema this service owns; nobody else reads it. */
export const Trading_SCHEMA = 'trading';

/** Every migration of the service, oldest first. */
export const tradingMigrations = [CreateSchema1763700000000, GroupsAlerts1763800000000];
