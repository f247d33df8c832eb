export interface WebhookEndpoint {
  url: string;
}

export interface WebhookOrderResult {
  account_name: string;
  success: boolean;
  data?: { orderId?: string | number } | null;
  execution_time_ms?: number;
  error?: string | null;
}

/** 200 carries the counts; a 202 (the gateway stopped waiting) carries only message and request_id. */
export interface WebhookResponse {
  message: string;
  request_id: string;
  successful?: number;
  failed?: number;
  total?: number;
  results?: WebhookOrderResult[];
  processed_orders?: number;
  failed_orders?: number;
}
