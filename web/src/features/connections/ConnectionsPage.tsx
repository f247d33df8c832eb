import { useCallback } from 'react';
import { ListState } from '../../app/ui/ListState';
import { PageHeader } from '../../app/ui/PageHeader';
import { ConnectionCard } from './components/ConnectionCard';
import { ConnectionFormModal } from './components/ConnectionFormModal';
import { ConnectionSummary } from './components/ConnectionSummary';
import { ProviderBlock } from './components/ProviderBlock';
import { useGetConnectionsQuery } from './connectionsApi';
import { useOAuthReturn } from './useOAuthReturn';

export function ConnectionsPage() {
  const { data, isLoading, error, refetch } = useGetConnectionsQuery();
  const connections = data ?? [];
  const reload = useCallback(() => void refetch(), [refetch]);
  useOAuthReturn(reload);

  return (
    <>
      <PageHeader title="Manage Connections" />
      <ConnectionSummary connections={connections} />
      <ProviderBlock count={connections.length} />
      <ListState
        label="connections"
        isLoading={isLoading}
        error={error}
        isEmpty={connections.length === 0}
        emptyText="No connections yet. Click Add Another to connect a Tradovate account."
        onRetry={reload}
      >
        <div role="list" aria-label="Connections">
          {connections.map((c) => (
            <div role="listitem" key={c.id}>
              <ConnectionCard connection={c} />
            </div>
          ))}
        </div>
      </ListState>
      <ConnectionFormModal connections={connections} />
    </>
  );
}
