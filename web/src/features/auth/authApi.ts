import { api } from '../../app/api';
import type {
  Credentials,
  ForgotPasswordResponse,
  LoginResponse,
  ServerUser,
  ValidateResetTokenResponse,
} from './types';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<ServerUser, Credentials>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    // A lazy query: the session is verified at start and after login, never refetched on its own.
    me: build.query<ServerUser, void>({
      query: () => '/auth/me',
      keepUnusedDataFor: 0,
    }),
    forgotPassword: build.mutation<ForgotPasswordResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    validateResetToken: build.mutation<ValidateResetTokenResponse, { token: string }>({
      query: (body) => ({ url: '/auth/validate-reset-token', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; new_password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useLazyMeQuery,
  useForgotPasswordMutation,
  useValidateResetTokenMutation,
  useResetPasswordMutation,
} = authApi;
