import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { browser } from '../../../app/browser';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { useGetOAuthUrlMutation } from '../connectionsApi';
import { addModalOpened } from '../connectionsSlice';

export function ProviderBlock({ count }: { count: number }) {
  const dispatch = useAppDispatch();
  const [getOAuthUrl, { isLoading }] = useGetOAuthUrlMutation();

  // Adding goes through the provider's consent page; the server's callback brings the browser back.
  const startOAuth = async () => {
    try {
      const { url } = await getOAuthUrl().unwrap();
      browser.assign(url);
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Could not start the Tradovate connection.'));
    }
  };

  return (
    <Card style={{ marginBottom: 16 }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <ApiOutlined style={{ fontSize: 24, color: 'rgb(81 59 253)' }} aria-hidden />
          <div>
            <Typography.Text strong>Tradovate</Typography.Text>
            <br />
            <Typography.Text type="secondary">{count} connection(s)</Typography.Text>
          </div>
        </Space>
        <Space wrap>
          <Button onClick={() => dispatch(addModalOpened())}>Add Manually</Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={isLoading}
            disabled={isLoading}
            onClick={() => void startOAuth()}
          >
            Add Another
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
