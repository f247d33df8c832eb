import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, List, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchSymbolsMutation } from '../alertsApi';
import { symbolSearchError } from '../symbolSearchError';
import type { Contract } from '../types';

interface Props {
  onCancel: () => void;
  onPick: (contract: Contract) => void;
}

export function SymbolSearchModal({ onCancel, onPick }: Props) {
  const [text, setText] = useState('');
  const [blankError, setBlankError] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, { data, error, isLoading, reset }] = useSearchSymbolsMutation();
  const contracts = data?.success ? data.contracts : [];
  const message = blankError ? 'Please enter a symbol' : symbolSearchError(data, error);

  const run = () => {
    if (!text.trim()) {
      setBlankError(true);
      return;
    }
    setBlankError(false);
    setChosen(null);
    reset();
    void search(text.trim());
  };

  const picked = contracts.find((c) => String(c.contract_id) === chosen);
  return (
    <Modal
      open
      title="Add Symbol Mapping"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="add" type="primary" disabled={!picked} onClick={() => picked && onPick(picked)}>
          Add Symbol
        </Button>,
      ]}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          aria-label="Symbol"
          placeholder="Enter symbol (e.g., MNQ)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={run}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          loading={isLoading}
          disabled={!text.trim() || isLoading}
          onClick={run}
        >
          Search
        </Button>
      </Space.Compact>
      {message && <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} />}
      {contracts.length > 0 && (
        <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value as string)} style={{ width: '100%' }}>
          <List
            aria-label="Contracts"
            dataSource={contracts}
            renderItem={(c) => (
              <List.Item>
                <Radio value={String(c.contract_id)} aria-label={`${c.symbol} (ID ${c.contract_id})`}>
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{c.symbol}</Typography.Text>
                    <Typography.Text type="secondary">ID: {c.contract_id}</Typography.Text>
                    <Typography.Text>{c.description}</Typography.Text>
                    <Typography.Text type="secondary">Tick: {c.tick}</Typography.Text>
                  </Space>
                </Radio>
              </List.Item>
            )}
          />
        </Radio.Group>
      )}
    </Modal>
  );
}
