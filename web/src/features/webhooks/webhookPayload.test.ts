import { describe, expect, it } from 'vitest';
import { buildTestPayload, buildWebhookPayload, newQvUserId, TV_PLACEHOLDERS } from './webhookPayload';

const alert = { id: 'al-1', name: 'NQ breakout', symbol: 'MNQZ5' };

describe('buildWebhookPayload', () => {
  it('should fill ids, name and TradingView placeholders for a market order', () => {
    expect(buildWebhookPayload({ qvUserId: 'q1', alert, orderType: 'market' })).toEqual({
      qv_user_id: 'q1',
      alert_id: 'al-1',
      quantlynk: 'NQ breakout',
      order_type: 'market',
      action: '{{strategy.order.action}}',
      price: '{{close}}',
      symbol: 'MNQZ5',
      quantity: '{{strategy.order.contracts}}',
      account_id: 'all',
      strategy_name: '{{strategy.order.id}}',
      timestamp: '{{timenow}}',
    });
  });

  it('should use the ticker placeholder when the alert has no symbol', () => {
    const payload = buildWebhookPayload({ qvUserId: 'q1', alert: { ...alert, symbol: '' }, orderType: 'limit' });
    expect(payload.symbol).toBe(TV_PLACEHOLDERS.ticker);
  });

  it.each(['oso', 'oco'] as const)('should add tick brackets for %s', (orderType) => {
    const payload = buildWebhookPayload({ qvUserId: 'q1', alert, orderType });
    expect(payload.take_profit).toEqual({ ticks: 20 });
    expect(payload.stop_loss).toEqual({ ticks: 10 });
  });

  it.each(['market', 'limit', 'stop', 'flatten'] as const)('should have no brackets for %s', (orderType) => {
    expect(buildWebhookPayload({ qvUserId: 'q1', alert, orderType })).not.toHaveProperty('take_profit');
  });
});

describe('buildTestPayload', () => {
  it('should buy one at a sample price and keep the ids', () => {
    const payload = buildWebhookPayload({ qvUserId: 'q1', alert, orderType: 'market' });
    const sut = buildTestPayload(payload, new Date('2025-01-01T00:00:00Z'));
    expect(sut).toMatchObject({ action: 'buy', quantity: '1', alert_id: 'al-1', qv_user_id: 'q1', symbol: 'MNQZ5' });
    expect(Number(sut.price)).toBeGreaterThan(0);
    expect(sut.timestamp).toBe('2025-01-01T00:00:00.000Z');
  });
});

describe('newQvUserId', () => {
  it('should be fresh each time', () => {
    expect(newQvUserId()).not.toBe(newQvUserId());
  });
});
