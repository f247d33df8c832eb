import { Alert, Button, Form, Input, Space, Switch, Tag } from 'antd';
import type { AlertInput } from '../types';

interface Props {
  draft: AlertInput;
  onChange: (patch: Partial<AlertInput>) => void;
  onMapSymbol: () => void;
}

export function BasicSection({ draft, onChange, onMapSymbol }: Props) {
  return (
    <section aria-label="Basic Configuration">
      <h4 className="form-section-title">Basic Configuration</h4>
      <Form.Item label="Alert Name" htmlFor="alert-name">
        <Input id="alert-name" value={draft.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label="Symbol" htmlFor="alert-symbol">
        <Space.Compact style={{ width: '100%' }}>
          <Input id="alert-symbol" value={draft.symbol} readOnly placeholder="Map a symbol" />
          <Button onClick={onMapSymbol}>Map Symbol</Button>
        </Space.Compact>
      </Form.Item>
      {draft.symbolId !== null && draft.symbolId !== '' ? (
        // On its own line: inline it ran into the Status switch that follows.
        <div style={{ marginBottom: 12 }}>
          <Tag color="purple">Symbol ID: {draft.symbolId}</Tag>
        </div>
      ) : (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          message="Note: You need an active Tradovate connection to map symbols. Go to Connections page first."
        />
      )}
      <Space size="large" wrap>
        <Space>
          <span>Status</span>
          <Switch
            aria-label="Status"
            checkedChildren="Active"
            unCheckedChildren="Inactive"
            checked={draft.status === 'active'}
            onChange={(on) => onChange({ status: on ? 'active' : 'inactive' })}
          />
        </Space>
        <Space>
          <span>Source</span>
          <Switch
            aria-label="Source"
            checkedChildren="External"
            unCheckedChildren="Internal"
            checked={draft.source === 'external'}
            onChange={(on) => onChange({ source: on ? 'external' : 'internal' })}
          />
        </Space>
      </Space>
    </section>
  );
}
