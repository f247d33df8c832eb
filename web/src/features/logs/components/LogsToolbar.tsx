import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DATE_RANGES, pageSizeChanged, rangeChosen, searchChanged, selectLogsUi } from '../logsSlice';
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '../types';

export function LogsToolbar({ onRefresh }: { onRefresh: () => void }) {
  const dispatch = useAppDispatch();
  const { pageSize, range, resetCount, search } = useAppSelector(selectLogsUi);
  // The box starts with the search in force (coming back to the page keeps it, as the list does) and empties on
  // every Refresh (a new `resetCount`): adjusting the state while rendering
  // (https://react.dev/learn/you-might-not-need-an-effect), not in an effect that would first show the stale text.
  const [text, setText] = useState(search);
  const [clearedFor, setClearedFor] = useState(resetCount);
  if (clearedFor !== resetCount) {
    setClearedFor(resetCount);
    setText('');
  }

  useEffect(() => {
    if (text.trim() === search) {
      return;
    }
    const timer = setTimeout(() => dispatch(searchChanged(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, search, text]);

  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {/* Spec: the range chips are shown but do not change the request. They wrap: on a phone a single row hid
          the last ones. */}
      <Flex wrap gap={8} role="group" aria-label="Date range">
        {DATE_RANGES.map((r) => (
          <Button
            key={r}
            shape="round"
            type={r === range ? 'primary' : 'default'}
            aria-pressed={r === range}
            onClick={() => dispatch(rangeChosen(r))}
          >
            {r}
          </Button>
        ))}
      </Flex>
      <Space wrap>
        <Input.Search
          aria-label="Search by request ID"
          placeholder="Search by request ID"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Select
          aria-label="Page size"
          value={pageSize}
          onChange={(v: number) => dispatch(pageSizeChanged(v))}
          options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
          style={{ width: 120 }}
        />
        <Button icon={<ReloadOutlined />} onClick={onRefresh}>
          Refresh
        </Button>
      </Space>
    </Space>
  );
}
