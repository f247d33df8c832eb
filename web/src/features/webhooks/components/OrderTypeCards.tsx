import { Card, Col, Row, Typography } from 'antd';
import { useAppDispatch } from '../../../app/hooks';
import { ORDER_TYPE_INFO, ORDER_TYPES, type OrderType } from '../webhookPayload';
import { orderTypeSelected } from '../webhooksSlice';

export function OrderTypeCards({ value }: { value: OrderType | null }) {
  const dispatch = useAppDispatch();
  const choose = (t: OrderType) => dispatch(orderTypeSelected(t));
  return (
    <Card title="Step 2: Choose an order type" style={{ marginBottom: 16 }}>
      <Row gutter={[12, 12]} role="radiogroup" aria-label="Order type">
        {ORDER_TYPES.map((t) => {
          const checked = value === t;
          return (
            <Col key={t} xs={12} md={8}>
              <Card
                size="small"
                hoverable
                role="radio"
                aria-checked={checked}
                aria-label={ORDER_TYPE_INFO[t].title}
                tabIndex={0}
                onClick={() => choose(t)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose(t)}
                style={{
                  height: '100%',
                  borderColor: checked ? 'rgb(81 59 253)' : undefined,
                  borderWidth: checked ? 2 : 1,
                }}
              >
                <Typography.Text strong>{ORDER_TYPE_INFO[t].title}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{ORDER_TYPE_INFO[t].description}</Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
