import { Button, Space, Tag } from 'antd';
import { useAppDispatch } from '../../../app/hooks';
import { pageChanged } from '../logsSlice';

interface Props {
  page: number;
  totalPages: number;
  total: number;
  /** The spec shows 'Prev' above the table and 'Previous' below it. */
  previousLabel: 'Prev' | 'Previous';
  showCounts?: boolean;
}

export function LogsPager({ page, totalPages, total, previousLabel, showCounts }: Props) {
  const dispatch = useAppDispatch();
  return (
    <Space wrap style={{ margin: '12px 0' }}>
      {showCounts && (
        <>
          <Tag color="purple">{counted(total, 'item')}</Tag>
          <Tag>{counted(totalPages, 'page')}</Tag>
          <Tag>Page {page}</Tag>
        </>
      )}
      <Button disabled={page <= 1} onClick={() => dispatch(pageChanged(page - 1))}>
        {previousLabel}
      </Button>
      <Button disabled={page >= totalPages} onClick={() => dispatch(pageChanged(page + 1))}>
        Next
      </Button>
    </Space>
  );
}

/** "1 item", "0 items", "12 items". */
const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
