import { Card } from 'antd';
import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notify';
import { ListState } from '../../app/ui/ListState';
import { PageHeader } from '../../app/ui/PageHeader';
import { StatCards } from '../../app/ui/StatCards';
import { DeleteUserModal } from './components/DeleteUserModal';
import { UsersTable } from './components/UsersTable';
import { UsersToolbar } from './components/UsersToolbar';
import { filterUsers } from './filterUsers';
import { useGetUsersQuery } from './usersApi';
import { selectUsersUi } from './usersSlice';

export function UserManagementPage() {
  const { data, isLoading, error, refetch } = useGetUsersQuery();
  const { search, statusFilter } = useAppSelector(selectUsersUi);
  const users = data ?? [];
  const shown = filterUsers(users, search, statusFilter);
  const active = users.filter((u) => u.is_active).length;

  useEffect(() => {
    if (error) {
      notify.error('Error', 'Failed to load users');
    }
  }, [error]);

  return (
    <>
      <PageHeader title="User Management" />
      <StatCards
        stats={[
          { title: 'Active', value: active, color: '#389e0d' },
          { title: 'Inactive', value: users.length - active, color: '#d46b08' },
          { title: 'Total', value: users.length },
        ]}
      />
      <Card>
        <UsersToolbar />
        <ListState
          label="users"
          isLoading={isLoading}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={shown.length === 0}
          emptyText={users.length === 0 ? 'No users yet.' : 'No users match the search.'}
        >
          <UsersTable users={shown} />
        </ListState>
      </Card>
      <DeleteUserModal />
    </>
  );
}
