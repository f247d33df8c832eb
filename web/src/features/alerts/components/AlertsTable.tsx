import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { StackingTable } from '../../../app/ui/StackingTable';
import type { StackingColumn } from '../../../app/ui/StackingTable';
import { useGetAccountsQuery } from '../../connections/connectionsApi';
import { useGetGroupsQuery } from '../../groups/groupsApi';
import { useDeleteAlertMutation } from '../alertsApi';
import { editFormOpened } from '../alertsSlice';
import type { Alert } from '../types';

function Badges({ ids, names, fallback }: { ids: string[]; names: Map<string, string>; fallback: string }) {
  if (ids.length === 0) {
    return <span>-</span>;
  }
  return (
    <Space size={[4, 4]} wrap>
      {ids.map((id) => (
        <Tag key={id}>{names.get(id) ?? fallback}</Tag>
      ))}
    </Space>
  );
}

function RowActions({ alert }: { alert: Alert }) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading }] = useDeleteAlertMutation();
  // Spec: delete acts at once, without confirmation.
  const runDelete = async () => {
    try {
      await remove(alert.id).unwrap();
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to delete alert'));
    }
  };
  return (
    <Space>
      <Button
        icon={<EditOutlined />}
        aria-label={`Edit ${alert.name}`}
        onClick={() => dispatch(editFormOpened(alert.id))}
      />
      <Button
        danger
        icon={<DeleteOutlined />}
        aria-label={`Delete ${alert.name}`}
        loading={isLoading}
        disabled={isLoading}
        onClick={() => void runDelete()}
      />
    </Space>
  );
}

export function AlertsTable({ alerts }: { alerts: Alert[] }) {
  const groups = useGetGroupsQuery();
  const accounts = useGetAccountsQuery();
  const groupNames = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const accountNames = new Map((accounts.data ?? []).map((a) => [a.id, a.accountName]));

  const columns: StackingColumn<Alert>[] = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    {
      title: 'Symbol',
      key: 'symbol',
      render: (_: unknown, a) => (
        <Space size={4} wrap>
          <span>{a.symbol || '-'}</span>
          {a.symbolId !== null && a.symbolId !== '' && <Tag color="purple">{a.symbolId}</Tag>}
        </Space>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, a) => <Tag color={a.status === 'active' ? 'green' : 'default'}>{a.status}</Tag>,
    },
    {
      title: 'Groups',
      key: 'groups',
      render: (_: unknown, a) => <Badges ids={a.groupIds} names={groupNames} fallback="Group" />,
    },
    {
      title: 'Accounts',
      key: 'accounts',
      render: (_: unknown, a) => <Badges ids={a.accountIds} names={accountNames} fallback="Account" />,
    },
    { title: 'Actions', key: 'actions', label: '', render: (_: unknown, a) => <RowActions alert={a} /> },
  ];

  return <StackingTable rowKey="id" columns={columns} dataSource={alerts} pagination={false} />;
}
