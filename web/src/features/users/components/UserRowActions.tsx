import { Button, Space } from 'antd';
import { serverDetail } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { selectUser } from '../../auth/authSlice';
import type { ServerUser } from '../../auth/types';
import { useSetUserStatusMutation } from '../usersApi';
import { deleteRequested } from '../usersSlice';

export function UserRowActions({ user }: { user: ServerUser }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const [setStatus, { isLoading }] = useSetUserStatusMutation();
  // An administrator cannot lock themselves out from this screen.
  const isSelf = me?.id === String(user.id);

  const toggle = async () => {
    const approve = !user.is_active;
    try {
      await setStatus({ id: String(user.id), is_active: approve }).unwrap();
      if (approve) {
        notify.success('User Approved', `${user.email} has been approved`);
      } else {
        notify.success('User Rejected', `${user.email} has been rejected`);
      }
    } catch (e) {
      notify.error('Error', serverDetail(e) ?? 'Failed to update user status');
    }
  };

  return (
    <Space>
      <Button
        type={user.is_active ? 'default' : 'primary'}
        loading={isLoading}
        disabled={isLoading || isSelf}
        aria-label={`${user.is_active ? 'Reject' : 'Approve'} ${user.email}`}
        onClick={() => void toggle()}
      >
        {user.is_active ? 'Reject' : 'Approve'}
      </Button>
      <Button
        danger
        disabled={isSelf}
        aria-label={`Delete ${user.email}`}
        onClick={() => dispatch(deleteRequested({ id: String(user.id), email: user.email }))}
      >
        Delete
      </Button>
    </Space>
  );
}
