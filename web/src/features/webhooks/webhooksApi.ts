import { api, API_BASE_URL } from '../../app/api';
import type { WebhookEndpoint, WebhookResponse } from './types';
import type { WebhookPayload } from './webhookPayload';

/**
 * The webhook URL is absolute (TradingView calls it from outside). From the browser we call the same path on
 * the page's origin, which reaches the same gateway without a cross-origin request in development.
 */
export function webhookRequestUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.pathname.startsWith('/api/')) {
      return `${API_BASE_URL}${parsed.pathname.slice('/api'.length)}`;
    }
    return parsed.href;
  } catch {
    return url;
  }
}

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhookEndpoint: build.query<WebhookEndpoint, void>({
      query: () => '/webhooks/endpoint',
      providesTags: ['WebhookEndpoint'],
    }),
    rotateWebhookEndpoint: build.mutation<WebhookEndpoint, void>({
      query: () => ({ url: '/webhooks/endpoint/rotate', method: 'POST' }),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    sendTestWebhook: build.mutation<WebhookResponse, { url: string; payload: WebhookPayload }>({
      query: ({ url, payload }) => ({ url: webhookRequestUrl(url), method: 'POST', body: payload }),
      invalidatesTags: ['Log'],
    }),
  }),
});

export const { useGetWebhookEndpointQuery, useRotateWebhookEndpointMutation, useSendTestWebhookMutation } = webhooksApi;
