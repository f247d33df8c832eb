import { api } from '../../app/api';
import type { Account, Connection, ConnectionActionResult, ConnectionInput } from './types';

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConnections: build.query<Connection[], void>({
      query: () => '/connections',
      providesTags: (result) => [
        { type: 'Connection', id: 'LIST' },
        ...(result ?? []).map((c) => ({ type: 'Connection' as const, id: c.id })),
      ],
    }),
    createConnection: build.mutation<Connection, ConnectionInput>({
      query: (body) => ({ url: '/connections', method: 'POST', body }),
      invalidatesTags: [{ type: 'Connection', id: 'LIST' }, 'Account', 'Group'],
    }),
    updateConnection: build.mutation<Connection, { id: string; changes: Partial<ConnectionInput> }>({
      query: ({ id, changes }) => ({ url: `/connections/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Connection', id }, 'Account', 'Group'],
    }),
    deleteConnection: build.mutation<void, string>({
      query: (id) => ({ url: `/connections/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Connection', id: 'LIST' }, 'Account', 'Group'],
    }),
    testConnection: build.mutation<ConnectionActionResult, string>({
      query: (id) => ({ url: `/connections/${id}/test`, method: 'POST' }),
      // A test signs in afresh and re-reads the accounts, as a refresh does.
      invalidatesTags: (_r, _e, id) => [{ type: 'Connection', id }, 'Account'],
    }),
    refreshConnection: build.mutation<ConnectionActionResult, string>({
      query: (id) => ({ url: `/connections/${id}/refresh`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Connection', id }, 'Account'],
    }),
    getOAuthUrl: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/tradovate/oauth-url', method: 'GET' }),
    }),
    getAccounts: build.query<Account[], void>({
      query: () => '/accounts',
      providesTags: ['Account'],
    }),
  }),
});

export const {
  useGetConnectionsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useTestConnectionMutation,
  useRefreshConnectionMutation,
  useGetOAuthUrlMutation,
  useGetAccountsQuery,
} = connectionsApi;
