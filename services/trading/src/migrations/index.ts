import { CreateSchema1763700000000 } from './1763700000000-create-schema';
import { GroupsAlerts1763800000000 } from './1763800000000-groups-alerts';
import { RouteOutbox1764300000000 } from './1764300000000-route-outbox';

/** The Postgres schema this service owns; nobody else reads it. */
export const Trading_SCHEMA = 'trading';

/** Every migration of the service, oldest first. */
export const tradingMigrations = [CreateSchema1763700000000, GroupsAlerts1763800000000, RouteOutbox1764300000000];
