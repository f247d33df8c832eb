import { Alert } from './alerts/entities/alert.entity';
import { AlertAccount } from './alerts/entities/alert-account.entity';
import { AlertGroup } from './alerts/entities/alert-group.entity';
import { Group } from './groups/entities/group.entity';
import { GroupConnection } from './groups/entities/group-connection.entity';
import { AccountProjection } from './projection/entities/account-projection.entity';
import { ConnectionProjection } from './projection/entities/connection-projection.entity';

/** Every table of the trading schema. */
export const tradingEntities = [
  ConnectionProjection,
  AccountProjection,
  Group,
  GroupConnection,
  Alert,
  AlertGroup,
  AlertAccount,
];
