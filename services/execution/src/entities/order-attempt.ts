export type BrokerCallKind = 'order' | 'oso' | 'oco' | 'liquidate';

/**
 * One broker call for one account of a webhook, journalled with its outcome in its webhook's row (`webhooks.attempts`,
 * AttemptsInWebhookRow1765000000000). Attempts of versions before 2026-11-25 may be `pending`: written before the
 * call was sent, and settled by the resume.
 */
export interface OrderAttempt {
  accountId: string;
  accountName: string;
  connectionId: string;
  clOrdId: string;
  kind: BrokerCallKind;
  /** The exact Tradovate request body (resent identically on resume). */
  request: Record<string, unknown>;
  status: 'pending' | 'placed' | 'failed';
  orderId: number | null;
  error: string | null;
  durationMs: number | null;
}
