import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

export interface Stat {
  title: string;
  value: ReactNode;
  color?: string;
}

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {stats.map((s) => (
        <Col key={s.title} xs={8}>
          <Card size="small" aria-label={s.title} role="group">
            <Statistic title={s.title} valueRender={() => <span style={{ color: s.color }}>{s.value}</span>} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
