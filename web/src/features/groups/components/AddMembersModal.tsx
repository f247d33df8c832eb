import { Checkbox, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { ListState } from '../../../app/ui/ListState';
import { useGetConnectionsQuery } from '../../connections/connectionsApi';
import type { Connection } from '../../connections/types';
import { useUpdateGroupMutation } from '../groupsApi';
import { addMembersClosed, selectAddMembersTo } from '../groupsSlice';
import type { Group } from '../types';

export const shortId = (id: string) => String(id).replace(/-/g, '').slice(0, 8);
const labelOf = (c: Connection) => (c.username || c.nickname).toUpperCase();

function MembersChecklist({ group, onDone }: { group: Group; onDone: () => void }) {
  const { data, isLoading, error, refetch } = useGetConnectionsQuery();
  const [selected, setSelected] = useState<string[]>(group.selectedConnectionIds);
  const [update, { isLoading: saving }] = useUpdateGroupMutation();
  const connections = data ?? [];

  const add = async () => {
    try {
      await update({ id: group.id, connection_ids: selected }).unwrap();
      onDone();
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to add accounts'));
    }
  };

  return (
    <Modal
      open
      title={`Add Account to ${group.name}`}
      okText="Add"
      onOk={() => void add()}
      okButtonProps={{ loading: saving, disabled: saving || connections.length === 0 }}
      onCancel={onDone}
    >
      <ListState
        label="connections"
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={connections.length === 0}
        emptyText="No connections available. Please add connections first."
      >
        <Checkbox.Group value={selected} onChange={(v) => setSelected(v)} style={{ width: '100%' }}>
          <div style={{ maxHeight: 420, overflowY: 'auto', width: '100%' }}>
            {connections.map((c) => (
              <div key={c.id} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                <Checkbox value={c.id}>
                  <Space wrap>
                    <Typography.Text strong>{labelOf(c)}</Typography.Text>
                    <Tag color={c.environment === 'demo' ? 'gold' : 'red'}>{c.environment}</Tag>
                    <Typography.Text type="secondary" code>
                      {shortId(c.id)}
                    </Typography.Text>
                  </Space>
                </Checkbox>
              </div>
            ))}
          </div>
        </Checkbox.Group>
      </ListState>
    </Modal>
  );
}

export function AddMembersModal({ groups }: { groups: Group[] }) {
  const dispatch = useAppDispatch();
  const groupId = useAppSelector(selectAddMembersTo);
  // Spec §5: nothing happens without a selected group.
  const group = groups.find((g) => g.id === groupId);
  if (!group) {
    return null;
  }
  return <MembersChecklist key={group.id} group={group} onDone={() => dispatch(addMembersClosed())} />;
}
