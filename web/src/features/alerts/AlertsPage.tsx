import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ListState } from '../../app/ui/ListState';
import { PageHeader } from '../../app/ui/PageHeader';
import { StatCards } from '../../app/ui/StatCards';
import { useGetGroupsQuery } from '../groups/groupsApi';
import { useGetAlertsQuery } from './alertsApi';
import { createFormOpened } from './alertsSlice';
import { AlertFormModal } from './components/AlertFormModal';
import { AlertsTable } from './components/AlertsTable';
import { MAX_ACTIVE_ALERTS } from './types';

export function AlertsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data, isLoading, error, refetch } = useGetAlertsQuery();
  const groups = useGetGroupsQuery();
  const alerts = data ?? [];
  const active = alerts.filter((a) => a.status === 'active').length;

  return (
    <>
      <PageHeader
        title="Trading Alerts"
        extra={
          <>
            <Button onClick={() => void navigate('/webhooks')}>Webhook Generator</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => dispatch(createFormOpened())}>
              Create Alert
            </Button>
          </>
        }
      />
      <StatCards
        stats={[
          { title: 'Active Alerts', value: `${active}/${MAX_ACTIVE_ALERTS}` },
          { title: 'Total Alerts', value: alerts.length },
          { title: 'Groups', value: groups.data?.length ?? 0 },
        ]}
      />
      <Card title="Your Alerts">
        <ListState
          label="alerts"
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={alerts.length === 0}
          emptyText="No alerts yet. Click Create Alert to define one."
        >
          <AlertsTable alerts={alerts} />
        </ListState>
      </Card>
      <AlertFormModal alerts={alerts} />
    </>
  );
}
