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

export interface WebhookResponse {
  message: string;
  successful: number;
  failed: number;
  total: number;
  results: WebhookOrderResult[];
  request_id: string;
  processed_orders: number;
  failed_orders: number;
}
