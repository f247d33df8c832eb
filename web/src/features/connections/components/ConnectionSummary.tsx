import { StatCards } from '../../../app/ui/StatCards';
import type { Connection } from '../types';

export function ConnectionSummary({ connections }: { connections: Connection[] }) {
  const active = connections.filter((c) => c.status === 'connected' || c.status === 'active').length;
  const expired = connections.filter((c) => c.status === 'expired' || c.status === 'error').length;
  return (
    <StatCards
      stats={[
        { title: 'Active', value: active, color: '#389e0d' },
        { title: 'Expired', value: expired, color: '#cf1322' },
        { title: 'Total', value: connections.length },
      ]}
    />
  );
}
