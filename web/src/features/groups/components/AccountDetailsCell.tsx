import { Space, Typography } from 'antd';
import { errorMessage } from '../../../app/errors';
import { notify } from '../../../app/notify';
import { useUpdateGroupMutation } from '../groupsApi';
import type { Group } from '../types';
import { MemberCard } from './MemberCard';

export function AccountDetailsCell({ group }: { group: Group }) {
  const [update, { isLoading, originalArgs }] = useUpdateGroupMutation();

  if (group.accounts.length === 0) {
    return (
      <div>
        <Typography.Text>No accounts added</Typography.Text>
        <br />
        <Typography.Text type="secondary">Click the + button to add accounts</Typography.Text>
      </div>
    );
  }

  const remove = async (memberId: string) => {
    const remaining = group.selectedConnectionIds.filter((id) => id !== memberId);
    try {
      await update({ id: group.id, connection_ids: remaining }).unwrap();
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to remove account'));
    }
  };

  const removingAll = isLoading && originalArgs?.id === group.id;
  return (
    <Space wrap>
      {group.accounts.map((m) => (
        <MemberCard
          key={m.id}
          member={m}
          groupName={group.name}
          removing={removingAll}
          onRemove={() => void remove(m.id)}
        />
      ))}
    </Space>
  );
}
