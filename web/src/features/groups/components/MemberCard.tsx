import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Typography } from 'antd';
import type { GroupMember } from '../types';

interface Props {
  member: GroupMember;
  groupName: string;
  removing: boolean;
  onRemove: () => void;
}

export function MemberCard({ member, groupName, removing, onRemove }: Props) {
  return (
    <Card size="small" style={{ minWidth: 180 }} role="group" aria-label={`Member ${member.username}`}>
      <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space direction="vertical" size={2}>
          <Typography.Text strong>{member.username}</Typography.Text>
          <Space size={4} wrap>
            <Tag color={member.environment === 'demo' ? 'gold' : 'red'}>{member.environment}</Tag>
            <Typography.Text type="secondary">{member.provider || 'Tradovate'}</Typography.Text>
          </Space>
          <Typography.Text type="secondary" code>
            {String(member.id).slice(0, 6)}
          </Typography.Text>
        </Space>
        <Button
          size="small"
          type="text"
          danger
          icon={<CloseOutlined />}
          loading={removing}
          disabled={removing}
          aria-label={`Remove ${member.username} from ${groupName}`}
          onClick={onRemove}
        />
      </Space>
    </Card>
  );
}
