import { ArrowDownOutlined, ArrowUpOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTime } from '../../../app/ui/format';
import { StackingTable } from '../../../app/ui/StackingTable';
import type { StackingColumn } from '../../../app/ui/StackingTable';
import { detailOpened, selectLogsUi, sortToggled } from '../logsSlice';
import type { TradeLogItem } from '../types';

/**
 * Read at a glance: orders placed green (as the detail modal's outcomes), partly placed orange, nothing placed red,
 * still in flight blue. A duplicate placed nothing by design, so it stays neutral; an unknown status too.
 */
const STATUS_COLOR = new Map<string, string>([
  ['completed', 'green'],
  ['partial', 'orange'],
  ['failed', 'red'],
  ['rejected', 'red'],
  ['received', 'blue'],
  ['processing', 'blue'],
]);

export function LogsTable({ items }: { items: TradeLogItem[] }) {
  const dispatch = useAppDispatch();
  const { sortOrder } = useAppSelector(selectLogsUi);
  // Sorting is local to the page shown (spec: not sent to the server).
  const sorted = [...items].sort((a, b) => {
    const d = Date.parse(a.timestamp) - Date.parse(b.timestamp);
    return sortOrder === 'asc' ? d : -d;
  });

  const sortButton = (
    <Button
      type="text"
      size="small"
      aria-label={`Timestamp, sorted ${sortOrder === 'asc' ? 'ascending' : 'descending'}`}
      onClick={() => dispatch(sortToggled())}
      icon={sortOrder === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      iconPosition="end"
    >
      Timestamp
    </Button>
  );
  const columns: StackingColumn<TradeLogItem>[] = [
    {
      key: 'timestamp',
      title: sortButton,
      label: 'Timestamp',
      render: (_: unknown, l) => formatDateTime(l.timestamp, '-'),
    },
    { title: 'Request ID', dataIndex: 'requestId', key: 'requestId' },
    { title: 'Alert', key: 'alertName', render: (_: unknown, l) => l.alertName ?? '-' },
    { title: 'Symbol', key: 'symbol', render: (_: unknown, l) => l.symbol ?? '-' },
    {
      title: 'Action',
      key: 'action',
      // A refused webhook shows whichever of the two its body named validly.
      render: (_: unknown, l) =>
        l.action || l.orderType ? (
          <Space size={4}>
            {l.action && <Tag color={l.action === 'Buy' ? 'green' : 'red'}>{l.action}</Tag>}
            {l.orderType && <Typography.Text type="secondary">{l.orderType}</Typography.Text>}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, l) => <Tag color={STATUS_COLOR.get(l.status)}>{l.status}</Tag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      label: '',
      render: (_: unknown, l) => (
        <Button
          icon={<EyeOutlined />}
          aria-label={`View request ${l.requestId}`}
          onClick={() => dispatch(detailOpened(l.id))}
        />
      ),
    },
  ];

  return (
    <StackingTable rowKey="id" columns={columns} stackedTitle={sortButton} dataSource={sorted} pagination={false} />
  );
}
