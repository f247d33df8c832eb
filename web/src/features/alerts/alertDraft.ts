import type { Alert, AlertInput } from './types';

export function draftOf(alert: Alert | undefined): AlertInput {
  return {
    name: alert?.name ?? '',
    symbol: alert?.symbol ?? '',
    symbolId: alert?.symbolId ?? null,
    status: alert?.status ?? 'active',
    source: alert?.source ?? 'external',
    groupIds: alert?.groupIds ?? [],
    accountIds: alert?.accountIds ?? [],
    atmEnabled: alert?.atmEnabled ?? false,
  };
}

/** Spec §5: selecting adds the id without duplicates; clearing removes it. */
export function toggleId(ids: string[], id: string, checked: boolean): string[] {
  if (checked) {
    return ids.includes(id) ? ids : [...ids, id];
  }
  return ids.filter((x) => x !== id);
}
