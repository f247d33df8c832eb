import { CopyOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Popconfirm, Space } from 'antd';
import { errorMessage, serverDetail } from '../../../app/errors';
import { notify } from '../../../app/notify';
import { copyText } from '../copyText';
import { buildTestPayload, type WebhookPayload } from '../webhookPayload';
import {
  useGetWebhookEndpointQuery,
  useRotateWebhookEndpointMutation,
  useSendTestWebhookMutation,
} from '../webhooksApi';

export function WebhookEndpointCard({ payload }: { payload: WebhookPayload }) {
  const endpoint = useGetWebhookEndpointQuery();
  const [sendTest, testState] = useSendTestWebhookMutation();
  const [rotate, rotateState] = useRotateWebhookEndpointMutation();
  const url = endpoint.data?.url ?? '';

  const runTest = async () => {
    try {
      const r = await sendTest({ url, payload: buildTestPayload(payload) }).unwrap();
      if (r.processed_orders === undefined) {
        notify.info('Test Webhook Accepted', `${r.message} See Trade Logs for request ${r.request_id}.`);
      } else {
        notify.success('Test Webhook Sent!', `Processed ${r.processed_orders} orders, ${r.failed_orders ?? 0} failed`);
      }
    } catch (e) {
      if ((e as { status?: unknown }).status === 'FETCH_ERROR') {
        notify.error('Test Webhook Error', 'Failed to send test webhook');
      } else {
        const message = (e as { data?: { message?: string } }).data?.message;
        notify.error('Test Webhook Failed', serverDetail(e) ?? message ?? 'Unknown error');
      }
    }
  };

  const runRotate = async () => {
    try {
      await rotate().unwrap();
      notify.success('Webhook URL Rotated', 'Update the URL in your TradingView alerts.');
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to rotate the webhook URL'));
    }
  };

  return (
    <Card title="Webhook Endpoint" style={{ marginBottom: 16 }}>
      {endpoint.error ? (
        <Alert
          type="error"
          showIcon
          message="Could not load your webhook URL"
          description={errorMessage(endpoint.error)}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input aria-label="Webhook URL" readOnly value={endpoint.isLoading ? 'Loading…' : url} />
          <Space wrap>
            <Button icon={<CopyOutlined />} disabled={!url} onClick={() => void copyText(url, 'Webhook URL')}>
              Copy URL
            </Button>
            {/* The test is a real webhook: on a live connection it places real orders, so it asks first. */}
            <Popconfirm
              title="Place a real test order?"
              description="A buy of 1 contract goes to every account of this alert, as from TradingView."
              okText="Place order"
              onConfirm={() => void runTest()}
            >
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={!url || testState.isLoading}
                loading={testState.isLoading}
              >
                Test Webhook
              </Button>
            </Popconfirm>
            <Popconfirm
              title="Rotate the webhook URL?"
              description="The current URL stops working at once."
              okText="Rotate"
              onConfirm={() => void runRotate()}
            >
              <Button danger disabled={!url || rotateState.isLoading} loading={rotateState.isLoading}>
                Rotate URL
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      )}
    </Card>
  );
}
