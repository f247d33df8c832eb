import { Card, Space, Tag, Typography } from 'antd';
import { envColor, formatDateTime } from '../../../app/ui/format';
import { useGetAccountsQuery } from '../connectionsApi';
import type { Connection, ConnectionStatus, Environment } from '../types';
import { ConnectionActions } from './ConnectionActions';

const STATUS_COLOR: Record<ConnectionStatus, string> = {
  connected: 'green',
  active: 'green',
  expired: 'orange',
  error: 'red',
};

/**
 * Each connected account's own environment, from the accounts list: an OAuth connection holds demo and live accounts
 * whatever its own environment. A name with no listed account (typed in the form, or the list not loaded) can only
 * follow its connection.
 */
function useAccountEnvironment(connection: Connection): (name: string) => Environment {
  const { data: accounts } = useGetAccountsQuery();
  return (name) =>
    accounts?.find((a) => a.connectionId === connection.id && a.accountName === name)?.environment ??
    connection.environment;
}

export function ConnectionCard({ connection }: { connection: Connection }) {
  const title = connection.nickname || connection.username;
  const environmentOf = useAccountEnvironment(connection);
  return (
    <Card role="article" aria-label={`Connection ${title}`} style={{ marginBottom: 12 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{title}</Typography.Text>
          <Tag color={STATUS_COLOR[connection.status] ?? 'default'}>{connection.status}</Tag>
          {connection.sandbox && <Tag color="purple">Sandbox</Tag>}
          <Tag>{connection.environment}</Tag>
        </Space>
        <Typography.Text type="secondary">{connection.username || '—'}</Typography.Text>
        <Space wrap size={[4, 4]} aria-label="Connected accounts">
          {connection.connectedAccounts.length === 0 ? (
            <Typography.Text type="secondary">No connected accounts</Typography.Text>
          ) : (
            connection.connectedAccounts.map((a) => (
              <Tag key={a} color={envColor(environmentOf(a), 'green')}>
                {a}
              </Tag>
            ))
          )}
        </Space>
        <Typography.Text type="secondary">Last synced: {formatDateTime(connection.lastSyncAt)}</Typography.Text>
        <ConnectionActions connection={connection} />
      </Space>
    </Card>
  );
}
