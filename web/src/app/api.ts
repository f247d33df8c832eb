import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { sessionEnded, type AuthState } from '../features/auth/authSlice';
import { notify } from './notify';

/** Same origin as the page: the gateway serves both (Vite proxies /api in development). */
export const API_BASE_URL = `${window.location.origin}/api`;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as { auth: AuthState }).auth;
    if (token) {
      headers.set('authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** A 401 on any call made with a session ends that session, as a failed verification does (spec §4). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const hadSession = (api.getState() as { auth: AuthState }).auth.token !== null;
  if (result.error?.status === 401 && hadSession && api.endpoint !== 'login') {
    api.dispatch(sessionEnded());
    notify.error('Authentication Error', 'Your session is no longer valid. Please sign in again.');
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Connection', 'Account', 'Group', 'Alert', 'WebhookEndpoint', 'Log', 'User'],
  endpoints: () => ({}),
});
