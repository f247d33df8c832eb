import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Group } from '../types';
import { AccountDetailsCell } from './AccountDetailsCell';
import { GroupActions } from './GroupActions';

const columns: ColumnsType<Group> = [
  { title: 'Group Name', dataIndex: 'name', key: 'name' },
  {
    title: 'Accounts',
    key: 'accounts',
    render: (_: unknown, g) => (
      <Tag color={g.accountsCount === 0 ? 'default' : 'purple'}>{`${g.accountsCount} account(s)`}</Tag>
    ),
  },
  { title: 'Account Details', key: 'details', render: (_: unknown, g) => <AccountDetailsCell group={g} /> },
  { title: 'Actions', key: 'actions', render: (_: unknown, g) => <GroupActions group={g} /> },
];

export function GroupsTable({ groups }: { groups: Group[] }) {
  return <Table rowKey="id" columns={columns} dataSource={groups} pagination={false} scroll={{ x: 800 }} />;
}
