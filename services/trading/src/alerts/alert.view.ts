import type { AlertV1 } from '@app/contracts';
import type { AlertRecord } from './alerts.repository';

export function toAlertView({ alert, groupIds, accountIds }: AlertRecord): AlertV1 {
  return {
    id: alert.id,
    name: alert.name,
    symbol: alert.symbol,
    symbolId: alert.symbolId,
    status: alert.status,
    source: alert.source,
    groupIds,
    accountIds,
    atmEnabled: alert.atmEnabled,
    // The driver may hand back a Date or a string, depending on PGlite or node-postgres.
    createdAt: new Date(alert.createdAt).toISOString(),
    updatedAt: new Date(alert.updatedAt).toISOString(),
  };
}
