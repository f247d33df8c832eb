import { Card } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListState } from '../../app/ui/ListState';
import { PageHeader } from '../../app/ui/PageHeader';
import { LogDetailModal } from './components/LogDetailModal';
import { LogsPager } from './components/LogsPager';
import { LogsTable } from './components/LogsTable';
import { LogsToolbar } from './components/LogsToolbar';
import { logsApi, useGetLogsQuery } from './logsApi';
import { refreshed, selectLogsUi } from './logsSlice';

export function LogsPage() {
  const dispatch = useAppDispatch();
  const { page, pageSize, search } = useAppSelector(selectLogsUi);
  const { data, isLoading, isFetching, error, refetch } = useGetLogsQuery({ page, pageSize, q: search });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.max(data?.total_pages ?? 0, 0);

  const refresh = () => {
    dispatch(refreshed());
    // Ask the server for the list Refresh goes back to (page 1, no search): refetch() would repeat the request
    // being left, old search included, and the reset list's cache entry may be minutes old.
    void dispatch(
      logsApi.endpoints.getLogs.initiate({ page: 1, pageSize, q: '' }, { subscribe: false, forceRefetch: true }),
    );
  };

  return (
    <>
      <PageHeader title="Trade Logs" />
      <Card>
        <LogsToolbar onRefresh={refresh} />
        <LogsPager page={page} total={total} totalPages={totalPages} previousLabel="Prev" showCounts />
        <ListState
          label="trade logs"
          isLoading={isLoading || (isFetching && items.length === 0)}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={items.length === 0}
          emptyText="No trade logs found for the selected range."
        >
          <LogsTable items={items} />
        </ListState>
        <LogsPager page={page} total={total} totalPages={totalPages} previousLabel="Previous" />
      </Card>
      <LogDetailModal />
    </>
  );
}
