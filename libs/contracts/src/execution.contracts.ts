import { z } from 'zod';
import { request } from './contract';
import { ERROR_CODES } from './errors';
import { AlertRouteChangedV1 } from './events.contracts';
import { Id } from './shared.schemas';
import { Topic } from './topics';

/**
 * Contracts owned by the execution service. A webhook is a request (the gateway waits for the
 * outcome up to WEBHOOK_REPLY_TIMEOUT_MS); its body travels raw and is parsed by execution.
 */
export const WebhookReceivedV1 = z.object({
  /** The secret from the URL path; execution hashes it and never stores it in clear. */
  secret: z.string().max(256),
  /** The body exactly as received (empty when it was over the limit). */
  body: z.string().max(65536),
  contentType: z.string().max(256).nullable(),
  receivedAt: z.string(),
  requestId: z.string().min(1).max(128),
  /**
   * The gateway made the request id itself (a new UUIDv7), so no other delivery of another request carries it.
   * Absent when the caller's X-Request-Id was kept: that id may come again, and only the journal can tell.
   */
  freshRequestId: z.literal(true).optional(),
  /** Set by the gateway when the body exceeded 64 KB (the body is then not forwarded). */
  tooLarge: z.boolean().optional(),
});

export const WebhookOrderResultV1 = z.object({
  account_name: z.string(),
  success: z.boolean(),
  data: z.object({ orderId: z.number().nullable() }).nullable(),
  execution_time_ms: z.number(),
  error: z.string().nullable(),
});

/** What TradingView gets back (and the trade log keeps as the response). */
export const WebhookResultV1 = z.object({
  message: z.string(),
  successful: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  results: z.array(WebhookOrderResultV1),
  request_id: z.string(),
  processed_orders: z.number().int(),
  failed_orders: z.number().int(),
});
export type WebhookResultV1 = z.infer<typeof WebhookResultV1>;

/**
 * What TradingView gets back for a webhook refused before any order (the API's error body, `detail` first), and the
 * trade log keeps as its response. Strict: a stored answer with any other field is not this one.
 */
export const WebhookRefusalV1 = z.strictObject({
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  requestId: z.string(),
});
export type WebhookRefusalV1 = z.infer<typeof WebhookRefusalV1>;

export const WebhookEndpointV1 = z.object({ url: z.string() });

export const LogsListV1 = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(128).optional(),
});

export const LogSummaryV1 = z.object({
  id: Id,
  timestamp: z.string(),
  requestId: z.string(),
  alertName: z.string().nullable(),
  symbol: z.string().nullable(),
  /** The signal's side, Buy or Sell (spec: the trade log item); null when the webhook was rejected before it was read. */
  action: z.enum(['Buy', 'Sell']).nullable(),
  /** The signal's order type (market, limit, stop, oso, oco, flatten), shown beside the side. */
  orderType: z.string().nullable(),
  status: z.string(),
});

export const LogEventV1 = z.object({
  at: z.string(),
  type: z.enum(['received', 'routed', 'broker_call', 'completed', 'rejected']),
  message: z.string(),
  accountName: z.string().optional(),
  durationMs: z.number().optional(),
  outcome: z.string().optional(),
});
export type LogEventV1 = z.infer<typeof LogEventV1>;

export const LogDetailV1 = LogSummaryV1.extend({
  request: z.unknown(),
  response: z.unknown(),
  events: z.array(LogEventV1),
});

export const executionContracts = {
  [Topic.WebhookReceived]: request({
    owner: 'execution',
    version: 1,
    request: WebhookReceivedV1,
    reply: WebhookResultV1,
    partitions: 12,
  }),
  [Topic.WebhookEndpointGet]: request({
    owner: 'execution',
    version: 1,
    request: z.object({}),
    reply: WebhookEndpointV1,
  }),
  [Topic.WebhookEndpointRotate]: request({
    owner: 'execution',
    version: 1,
    request: z.object({}),
    reply: WebhookEndpointV1,
  }),
  [Topic.LogsList]: request({
    owner: 'execution',
    version: 1,
    request: LogsListV1,
    reply: z.object({ items: z.array(LogSummaryV1), total: z.number().int(), total_pages: z.number().int() }),
  }),
  [Topic.LogsGet]: request({ owner: 'execution', version: 1, request: z.object({ id: Id }), reply: LogDetailV1 }),
} as const;

/**
 * Execution's fallback to trading (ConnectionsBrokerSession now lives in connections.contracts.ts). Owned by trading: registry.ts spreads
 * this object first, so once their contract files define these topics theirs win (delete these then).
 */
export const executionFallbackContracts = {
  [Topic.AlertsRoute]: request({
    owner: 'trading',
    version: 1,
    request: z.object({ alertId: Id }),
    reply: AlertRouteChangedV1,
  }),
} as const;
