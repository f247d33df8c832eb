import { Button, Space } from 'antd';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import {
  useDeleteConnectionMutation,
  useRefreshConnectionMutation,
  useTestConnectionMutation,
} from '../connectionsApi';
import { editModalOpened } from '../connectionsSlice';
import type { Connection } from '../types';

export function ConnectionActions({ connection }: { connection: Connection }) {
  const dispatch = useAppDispatch();
  const [test, testState] = useTestConnectionMutation();
  const [refresh, refreshState] = useRefreshConnectionMutation();
  const [remove, removeState] = useDeleteConnectionMutation();

  const runTest = async () => {
    try {
      const r = await test(connection.id).unwrap();
      if (r.success) {
        notify.success(`Connection test successful: ${r.message ?? 'OK'}`);
      } else {
        notify.error(`Connection test failed: ${r.error ?? 'Unknown error'}`);
      }
    } catch (e) {
      notify.error(`Connection test failed: ${errorMessage(e)}`);
    }
  };

  const runRefresh = async () => {
    try {
      const r = await refresh(connection.id).unwrap();
      if (r.success) {
        notify.success(`Connection refreshed: ${r.message ?? 'OK'}`);
      } else {
        notify.error(`Connection refresh failed: ${r.error ?? 'Unknown error'}`);
      }
    } catch (e) {
      notify.error(`Connection refresh failed: ${errorMessage(e)}`);
    }
  };

  const runDelete = async () => {
    try {
      await remove(connection.id).unwrap();
      notify.success('Connection deleted successfully!');
    } catch (e) {
      notify.error('Failed to delete connection', errorMessage(e));
    }
  };

  return (
    <Space wrap>
      {/* Spec: the dashboard button exists but does nothing yet. */}
      <Button>Dashboard</Button>
      <Button loading={testState.isLoading} disabled={testState.isLoading} onClick={() => void runTest()}>
        Test
      </Button>
      <Button loading={refreshState.isLoading} disabled={refreshState.isLoading} onClick={() => void runRefresh()}>
        Refresh
      </Button>
      <Button onClick={() => dispatch(editModalOpened(connection.id))}>Edit</Button>
      <Button danger loading={removeState.isLoading} disabled={removeState.isLoading} onClick={() => void runDelete()}>
        Disconnect
      </Button>
    </Space>
  );
}
