import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useAppDispatch } from '../../app/hooks';
import { ListState } from '../../app/ui/ListState';
import { PageHeader } from '../../app/ui/PageHeader';
import { AddMembersModal } from './components/AddMembersModal';
import { GroupFormModal } from './components/GroupFormModal';
import { GroupsTable } from './components/GroupsTable';
import { useGetGroupsQuery } from './groupsApi';
import { createFormOpened } from './groupsSlice';

export function GroupsPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetGroupsQuery();
  const groups = data ?? [];
  return (
    <>
      <PageHeader
        title="Trading Groups"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => dispatch(createFormOpened())}>
            Create Group
          </Button>
        }
      />
      <ListState
        label="groups"
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={groups.length === 0}
        emptyText="No trading groups yet. Click Create Group to make one."
      >
        <GroupsTable groups={groups} />
      </ListState>
      <GroupFormModal groups={groups} />
      <AddMembersModal groups={groups} />
    </>
  );
}
