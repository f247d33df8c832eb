import { Checkbox, Space, Typography } from 'antd';
import { useGetAccountsQuery } from '../../connections/connectionsApi';
import { useGetGroupsQuery } from '../../groups/groupsApi';
import { toggleId } from '../alertDraft';
import type { AlertInput } from '../types';

interface Props {
  draft: AlertInput;
  onChange: (patch: Partial<AlertInput>) => void;
}

const listStyle = {
  maxHeight: 240,
  overflowY: 'auto' as const,
  display: 'flex',
  flexDirection: 'column' as const,
  gap: 6,
};

export function TargetsSection({ draft, onChange }: Props) {
  const groups = useGetGroupsQuery();
  const accounts = useGetAccountsQuery();

  return (
    <>
      <section aria-label="Destinations">
        <h4 className="form-section-title">Destinations</h4>
        {groups.isLoading ? (
          <Typography.Text type="secondary">Loading groups…</Typography.Text>
        ) : (groups.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">No trading groups available. Please create a group first.</Typography.Text>
        ) : (
          <div style={listStyle}>
            {(groups.data ?? []).map((g) => (
              <Checkbox
                key={g.id}
                checked={draft.groupIds.includes(g.id)}
                onChange={(e) => onChange({ groupIds: toggleId(draft.groupIds, g.id, e.target.checked) })}
              >
                {g.name}
              </Checkbox>
            ))}
          </div>
        )}
      </section>
      <section aria-label="Account Selection">
        <h4 className="form-section-title">Account Selection</h4>
        {accounts.isLoading ? (
          <Typography.Text type="secondary">Loading accounts…</Typography.Text>
        ) : (accounts.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">No accounts available. Please add connections first.</Typography.Text>
        ) : (
          <div style={listStyle}>
            {(accounts.data ?? []).map((a) => (
              <Checkbox
                key={a.id}
                checked={draft.accountIds.includes(a.id)}
                onChange={(e) => onChange({ accountIds: toggleId(draft.accountIds, a.id, e.target.checked) })}
              >
                <Space size={4} wrap>
                  <Typography.Text strong>{a.accountName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {a.connectionName} · {a.accountType} · {a.environment}
                  </Typography.Text>
                </Space>
              </Checkbox>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
