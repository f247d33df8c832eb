import { Card, Descriptions, List, Tag, Typography } from 'antd';
import type { Alert } from '../../alerts/types';
import type { Group } from '../../groups/types';
import { ordersPerSignal } from '../targets';
import type { TargetAccount } from '../targets';
import { ORDER_TYPE_INFO, type OrderType } from '../webhookPayload';

interface Props {
  alert: Alert;
  orderType: OrderType;
  qvUserId: string;
  groups: Group[];
  accounts: TargetAccount[];
}

export function WebhookDetails({ alert, orderType, qvUserId, groups, accounts }: Props) {
  const alertGroups = groups.filter((g) => alert.groupIds.includes(g.id));
  return (
    <>
      <Card title="Details" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Symbol">{alert.symbol || '{{ticker}}'}</Descriptions.Item>
          <Descriptions.Item label="Alert Name">{alert.name}</Descriptions.Item>
          <Descriptions.Item label="Order Type">{ORDER_TYPE_INFO[orderType].title}</Descriptions.Item>
          <Descriptions.Item label="Accounts">{ordersPerSignal(accounts)}</Descriptions.Item>
          <Descriptions.Item label="User ID">
            <Typography.Text copyable={{ tooltips: ['Copy User ID', 'Copied'] }} code>
              {qvUserId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Alert ID">
            <Typography.Text copyable={{ tooltips: ['Copy Alert ID', 'Copied'] }} code>
              {alert.id}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Trading Groups" role="region" aria-label="Trading Groups" style={{ marginBottom: 16 }}>
        <List
          size="small"
          dataSource={alertGroups}
          locale={{ emptyText: 'No trading groups on this alert' }}
          renderItem={(g) => <List.Item>{g.name}</List.Item>}
        />
      </Card>
      <Card title="Connected Accounts" role="region" aria-label="Connected Accounts" style={{ marginBottom: 16 }}>
        <List
          size="small"
          dataSource={accounts}
          locale={{ emptyText: 'No accounts on this alert' }}
          renderItem={(a) => (
            <List.Item>
              <span>
                <Typography.Text strong>{a.accountName ?? a.username}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {a.accountName === undefined ? 'no accounts synchronised yet' : a.username}
                </Typography.Text>
              </span>
              <span>
                Tradovate <Tag color={a.environment === 'demo' ? 'gold' : 'green'}>{a.environment}</Tag>
              </span>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
