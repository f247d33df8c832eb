import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { useDeleteGroupMutation } from '../groupsApi';
import { addMembersOpened, editFormOpened } from '../groupsSlice';
import type { Group } from '../types';

export function GroupActions({ group }: { group: Group }) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading }] = useDeleteGroupMutation();

  const runDelete = async () => {
    try {
      await remove(group.id).unwrap();
      notify.success('Group Deleted', `${group.name} has been deleted.`);
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to delete group'));
    }
  };

  return (
    <Space>
      <Button
        icon={<PlusOutlined />}
        aria-label={`Add account to ${group.name}`}
        onClick={() => dispatch(addMembersOpened(group.id))}
      />
      <Button
        icon={<EditOutlined />}
        aria-label={`Edit ${group.name}`}
        onClick={() => dispatch(editFormOpened(group.id))}
      />
      <Button
        danger
        icon={<DeleteOutlined />}
        aria-label={`Delete ${group.name}`}
        loading={isLoading}
        disabled={isLoading}
        onClick={() => void runDelete()}
      />
    </Space>
  );
}
