import { CopyOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { copyText } from '../copyText';
import type { WebhookPayload } from '../webhookPayload';

export function WebhookJsonCard({ payload }: { payload: WebhookPayload }) {
  const json = JSON.stringify(payload, null, 2);
  return (
    <Card
      title="Webhook JSON"
      style={{ marginBottom: 16 }}
      extra={
        <Button icon={<CopyOutlined />} onClick={() => void copyText(json, 'Webhook JSON')}>
          Copy JSON
        </Button>
      }
    >
      <pre className="json-block" aria-label="Webhook JSON">
        {json}
      </pre>
    </Card>
  );
}
