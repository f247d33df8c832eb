import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface QuickAction {
  title: string;
  description: string;
  icon: ReactNode;
  /** No destination: the card is shown disabled. */
  to?: string;
}

export function QuickActionCard({ action }: { action: QuickAction }) {
  const navigate = useNavigate();
  const disabled = !action.to;
  const open = () => {
    if (action.to) {
      void navigate(action.to);
    }
  };
  return (
    <Card
      hoverable={!disabled}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      aria-label={disabled ? `${action.title}: ${action.description}` : action.title}
      onClick={open}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open()}
      style={disabled ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
    >
      <Card.Meta
        avatar={<span style={{ fontSize: 24 }}>{action.icon}</span>}
        title={action.title}
        description={action.description}
      />
    </Card>
  );
}
