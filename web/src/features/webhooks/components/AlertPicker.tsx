import { Card, Select } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { Alert } from '../../alerts/types';
import { alertSelected } from '../webhooksSlice';

interface Props {
  alerts: Alert[];
  loading: boolean;
  alertId: string | null;
}

export function AlertPicker({ alerts, loading, alertId }: Props) {
  const dispatch = useAppDispatch();

  // A remembered alert that has since been deleted no longer counts as chosen.
  useEffect(() => {
    if (!loading && alertId && !alerts.some((a) => a.id === alertId)) {
      dispatch(alertSelected(null));
    }
  }, [alertId, alerts, dispatch, loading]);

  return (
    <Card title="Step 1: Choose an alert" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Alert"
        style={{ width: '100%' }}
        placeholder="Search and select an alert"
        showSearch
        allowClear
        loading={loading}
        value={alertId ?? undefined}
        optionFilterProp="label"
        options={alerts.map((a) => ({ value: a.id, label: `${a.name}${a.symbol ? ` (${a.symbol})` : ''}` }))}
        onChange={(value: string | undefined) => dispatch(alertSelected(value ?? null))}
        notFoundContent={loading ? 'Loading alerts…' : 'No alerts. Create one on the Trading Alerts page.'}
      />
    </Card>
  );
}
