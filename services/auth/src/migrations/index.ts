import { CreateSchema1763700000000 } from './1763700000000-create-schema';
import { Users1763800000000 } from './1763800000000-users';

export { Auth_SCHEMA } from './schema';

/** Every migration of the service, oldest first. */
export const authMigrations = [CreateSchema1763700000000, Users1763800000000];
