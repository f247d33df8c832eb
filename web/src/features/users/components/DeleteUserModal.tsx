import { Modal, Typography } from 'antd';
import { serverDetail } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { useDeleteUserMutation } from '../usersApi';
import { deleteDismissed, selectUsersUi } from '../usersSlice';

export function DeleteUserModal() {
  const dispatch = useAppDispatch();
  const { pendingDelete } = useAppSelector(selectUsersUi);
  const [remove, { isLoading }] = useDeleteUserMutation();

  const confirm = async () => {
    if (!pendingDelete) {
      return;
    }
    try {
      await remove(pendingDelete.id).unwrap();
      notify.success('User Deleted', `${pendingDelete.email} has been deleted`);
      dispatch(deleteDismissed());
    } catch (e) {
      notify.error('Error', serverDetail(e) ?? 'Failed to delete user');
    }
  };

  return (
    <Modal
      open={pendingDelete !== null}
      title="Delete User"
      okText="Delete"
      okButtonProps={{ danger: true, loading: isLoading, disabled: isLoading }}
      onOk={() => void confirm()}
      onCancel={() => dispatch(deleteDismissed())}
    >
      <Typography.Paragraph>Are you sure you want to delete user {pendingDelete?.email}?</Typography.Paragraph>
      <Typography.Paragraph type="danger">
        This action cannot be undone. All user data will be permanently removed.
      </Typography.Paragraph>
    </Modal>
  );
}
