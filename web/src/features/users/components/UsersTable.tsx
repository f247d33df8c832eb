import { Tag, Typography } from 'antd';
import { formatDateTime } from '../../../app/ui/format';
import { StackingTable } from '../../../app/ui/StackingTable';
import type { StackingColumn } from '../../../app/ui/StackingTable';
import type { ServerUser } from '../../auth/types';
import { UserRowActions } from './UserRowActions';

const columns: StackingColumn<ServerUser>[] = [
  {
    title: 'Email',
    key: 'email',
    render: (_: unknown, u) => (
      <div>
        <Typography.Text strong>{u.email}</Typography.Text>
        {u.is_admin && (
          <Tag color="purple" style={{ marginLeft: 8 }}>
            Admin
          </Tag>
        )}
        <br />
        <Typography.Text type="secondary">ID: {u.id}</Typography.Text>
      </div>
    ),
  },
  {
    title: 'Registration Date',
    key: 'created',
    label: 'Registered',
    render: (_: unknown, u) => formatDateTime(u.created_at, '-'),
  },
  { title: 'Last Login', key: 'lastLogin', render: (_: unknown, u) => formatDateTime(u.last_login, 'Never') },
  {
    title: 'Status',
    key: 'status',
    render: (_: unknown, u) => (
      <Tag color={u.is_active ? 'green' : 'orange'}>{u.is_active ? 'Active' : 'Inactive'}</Tag>
    ),
  },
  { title: 'Actions', key: 'actions', label: '', render: (_: unknown, u) => <UserRowActions user={u} /> },
];

export function UsersTable({ users }: { users: ServerUser[] }) {
  return (
    <StackingTable
      rowKey="id"
      columns={columns}
      dataSource={users}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
    />
  );
}
