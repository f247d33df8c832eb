import { Empty } from 'antd';
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../app/ui/PageHeader';
import { useGetAlertsQuery } from '../alerts/alertsApi';
import { useGetAccountsQuery } from '../connections/connectionsApi';
import { useGetGroupsQuery } from '../groups/groupsApi';
import { AlertPicker } from './components/AlertPicker';
import { OrderTypeCards } from './components/OrderTypeCards';
import { ProgressHeader } from './components/ProgressHeader';
import { WebhookDetails } from './components/WebhookDetails';
import { WebhookEndpointCard } from './components/WebhookEndpointCard';
import { WebhookJsonCard } from './components/WebhookJsonCard';
import { targetAccounts } from './targets';
import { useReadyToast } from './useReadyToast';
import { buildWebhookPayload } from './webhookPayload';
import { selectProgress, selectWebhookSelection } from './webhooksSlice';

export function WebhooksPage() {
  const { alertId, orderType, qvUserId } = useAppSelector(selectWebhookSelection);
  const step = useAppSelector(selectProgress);
  const alerts = useGetAlertsQuery();
  const groups = useGetGroupsQuery();
  const accounts = useGetAccountsQuery();
  const alert = alerts.data?.find((a) => a.id === alertId);
  useReadyToast(alert ? step : Math.min(step, 2));

  const payload = useMemo(
    () => (alert && orderType ? buildWebhookPayload({ qvUserId, alert, orderType }) : null),
    [alert, orderType, qvUserId],
  );
  const targets = alert ? targetAccounts(alert, groups.data ?? [], accounts.data ?? []) : [];

  return (
    <>
      <PageHeader title="Webhook Generator" />
      <ProgressHeader step={step} />
      <AlertPicker alerts={alerts.data ?? []} loading={alerts.isLoading} alertId={alertId} />
      <OrderTypeCards value={orderType} />
      {alert && orderType && payload ? (
        <>
          <WebhookDetails
            alert={alert}
            orderType={orderType}
            qvUserId={qvUserId}
            groups={groups.data ?? []}
            accounts={targets}
          />
          <WebhookEndpointCard payload={payload} />
          <WebhookJsonCard payload={payload} />
        </>
      ) : (
        <Empty
          description={
            <>
              <strong>Ready to Generate Webhooks</strong>
              <br />
              Choose an alert and an order type.
            </>
          }
        />
      )}
    </>
  );
}
