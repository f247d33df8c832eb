import { Tag } from 'antd';
import { StackingTable } from '../../../app/ui/StackingTable';
import type { StackingColumn } from '../../../app/ui/StackingTable';
import type { Group } from '../types';
import { AccountDetailsCell } from './AccountDetailsCell';
import { GroupActions } from './GroupActions';

const columns: StackingColumn<Group>[] = [
  { title: 'Group Name', dataIndex: 'name', key: 'name' },
  {
    title: 'Accounts',
    key: 'accounts',
    render: (_: unknown, g) => (
      <Tag color={g.accountsCount === 0 ? 'default' : 'purple'}>{`${g.accountsCount} account(s)`}</Tag>
    ),
  },
  {
    title: 'Account Details',
    key: 'details',
    label: 'Details',
    render: (_: unknown, g) => <AccountDetailsCell group={g} />,
  },
  { title: 'Actions', key: 'actions', label: '', render: (_: unknown, g) => <GroupActions group={g} /> },
];

export function GroupsTable({ groups }: { groups: Group[] }) {
  return <StackingTable rowKey="id" columns={columns} dataSource={groups} pagination={false} />;
}
