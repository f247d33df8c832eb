import {
  ApiOutlined,
  AppstoreAddOutlined,
  BellOutlined,
  FileSearchOutlined,
  LinkOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Typography } from 'antd';
import { QuickActionCard, type QuickAction } from './components/QuickActionCard';

const ACTIONS: QuickAction[] = [
  {
    title: 'Manage Connections',
    description: 'Link and monitor your Tradovate accounts',
    to: '/connections',
    icon: <ApiOutlined />,
  },
  { title: 'Trading Groups', description: 'Organise connections into groups', to: '/groups', icon: <TeamOutlined /> },
  {
    title: 'Trading Alerts',
    description: 'Define alerts and their destinations',
    to: '/alerts',
    icon: <BellOutlined />,
  },
  {
    title: 'Trade Logs',
    description: 'Inspect every webhook and its orders',
    to: '/logs',
    icon: <FileSearchOutlined />,
  },
  {
    title: 'Webhook Generator',
    description: 'Build TradingView webhook JSON',
    to: '/webhooks',
    icon: <LinkOutlined />,
  },
  { title: 'More Tools', description: 'coming soon', icon: <AppstoreAddOutlined /> },
];

export function HomePage() {
  return (
    <>
      <Typography.Title level={2}>Quick Actions</Typography.Title>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {ACTIONS.map((action) => (
          <QuickActionCard key={action.title} action={action} />
        ))}
      </div>
    </>
  );
}
