import { api } from '../../app/api';
import type { Alert, AlertInput, SymbolSearchResult } from './types';

export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<Alert[], void>({
      query: () => '/alerts',
      providesTags: ['Alert'],
    }),
    createAlert: build.mutation<Alert, AlertInput>({
      query: (body) => ({ url: '/alerts', method: 'POST', body }),
      invalidatesTags: ['Alert'],
    }),
    updateAlert: build.mutation<Alert, { id: string; body: AlertInput }>({
      query: ({ id, body }) => ({ url: `/alerts/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Alert'],
    }),
    deleteAlert: build.mutation<void, string>({
      query: (id) => ({ url: `/alerts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Alert'],
    }),
    searchSymbols: build.mutation<SymbolSearchResult, string>({
      query: (symbol) => ({ url: '/symbols/search', method: 'POST', body: { symbol } }),
    }),
  }),
});

export const {
  useGetAlertsQuery,
  useCreateAlertMutation,
  useUpdateAlertMutation,
  useDeleteAlertMutation,
  useSearchSymbolsMutation,
} = alertsApi;
