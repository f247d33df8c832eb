import { api } from '../../app/api';
import type { TradeLogDetail, TradeLogPage, TradeLogQuery } from './types';

export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLogs: build.query<TradeLogPage, TradeLogQuery>({
      query: ({ page, pageSize, q }) => ({
        url: '/logs',
        // Spec §7: q only when searching.
        params: { page, page_size: pageSize, ...(q ? { q } : {}) },
      }),
      providesTags: ['Log'],
    }),
    getLogDetail: build.query<TradeLogDetail, string>({
      query: (id) => `/logs/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Log', id }],
    }),
  }),
});

export const { useGetLogsQuery, useGetLogDetailQuery } = logsApi;
