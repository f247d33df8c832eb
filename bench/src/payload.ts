// The TradingView alert body both the product and the baseline receive. `quantity` is the webhook's
// sequence number within a step: orders at the simulator are linked back to their webhook by orderQty,
// which works the same for the product and the baseline and needs no knowledge of how clOrdIds are made.
// It also makes every body distinct, so the product's duplicate-signal window never swallows one.
export interface WebhookSignal {
  alertId: string;
  seq: number;
}

export const webhookBody = ({ alertId, seq }: WebhookSignal): string =>
  JSON.stringify({
    alert_id: alertId,
    order_type: 'market',
    action: 'buy',
    quantity: seq,
    price: '21000.25',
    symbol: 'MNQ1!',
    strategy_name: 'bench',
    timestamp: new Date().toISOString(),
  });
