import { Alert, Modal, Spin, Tabs, Tag } from 'antd';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTime } from '../../../app/ui/format';
import { StackingTable } from '../../../app/ui/StackingTable';
import { useGetLogDetailQuery } from '../logsApi';
import { detailClosed, selectLogsUi } from '../logsSlice';
import type { ExecutionEvent, TradeLogDetail } from '../types';

// "completed" ends a run whose orders were placed: green too (it showed red beside green "placed" rows).
const GOOD_OUTCOME = /success|ok|fill|accept|placed|complete/i;

function asText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  return JSON.stringify(value ?? null, null, 2);
}

function EventsTable({ events }: { events: ExecutionEvent[] }) {
  return (
    <StackingTable
      size="small"
      rowKey={(e) => `${e.at}-${e.type}-${e.accountName ?? ''}`}
      dataSource={events}
      pagination={false}
      scrollX={600}
      locale={{ emptyText: 'No execution events recorded.' }}
      columns={[
        { title: 'Time', key: 'at', render: (_: unknown, e) => formatDateTime(e.at, '-') },
        { title: 'Type', dataIndex: 'type', key: 'type' },
        { title: 'Message', dataIndex: 'message', key: 'message' },
        { title: 'Account', key: 'account', render: (_: unknown, e) => e.accountName ?? '-' },
        {
          title: 'Duration',
          key: 'duration',
          render: (_: unknown, e) => (e.durationMs === undefined ? '-' : `${e.durationMs} ms`),
        },
        {
          title: 'Outcome',
          key: 'outcome',
          render: (_: unknown, e) =>
            e.outcome ? <Tag color={GOOD_OUTCOME.test(e.outcome) ? 'green' : 'red'}>{e.outcome}</Tag> : '-',
        },
      ]}
    />
  );
}

function DetailTabs({ detail }: { detail: TradeLogDetail }) {
  return (
    <Tabs
      items={[
        { key: 'request', label: 'Webhook JSON', children: <pre className="json-block">{asText(detail.request)}</pre> },
        {
          key: 'response',
          label: 'Webhook Response',
          children: <pre className="json-block">{asText(detail.response)}</pre>,
        },
        { key: 'events', label: 'Execution Events', children: <EventsTable events={detail.events ?? []} /> },
      ]}
    />
  );
}

export function LogDetailModal() {
  const dispatch = useAppDispatch();
  const { detailId } = useAppSelector(selectLogsUi);
  const { data, isFetching, error } = useGetLogDetailQuery(detailId ?? '', { skip: !detailId });

  return (
    <Modal
      open={detailId !== null}
      width={820}
      title={data ? `Request ${data.requestId}` : 'Request details'}
      footer={null}
      onCancel={() => dispatch(detailClosed())}
      destroyOnHidden
    >
      {isFetching ? (
        <Spin aria-label="Loading request details" />
      ) : error ? (
        <Alert type="error" showIcon message="Could not load this request" description={errorMessage(error)} />
      ) : data ? (
        <DetailTabs detail={data} />
      ) : null}
    </Modal>
  );
}
