import { Input, Select, Space } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { searchChanged, selectUsersUi, statusFilterChanged, type StatusFilter } from '../usersSlice';

export function UsersToolbar() {
  const dispatch = useAppDispatch();
  const { search, statusFilter } = useAppSelector(selectUsersUi);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        aria-label="Search by email or ID"
        placeholder="Search by email or ID"
        allowClear
        value={search}
        onChange={(e) => dispatch(searchChanged(e.target.value))}
        style={{ width: 280, maxWidth: '100%' }}
      />
      <Select<StatusFilter>
        aria-label="Status filter"
        value={statusFilter}
        onChange={(v) => dispatch(statusFilterChanged(v))}
        style={{ width: 160 }}
        options={[
          { value: 'all', label: 'All Users' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
      />
    </Space>
  );
}
