import { api } from '../../app/api';
import type { ServerUser } from '../auth/types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<ServerUser[], void>({
      query: () => '/users',
      providesTags: ['User'],
    }),
    setUserStatus: build.mutation<ServerUser, { id: string; is_active: boolean }>({
      query: ({ id, is_active }) => ({ url: `/users/${id}/status`, method: 'PUT', body: { is_active } }),
      // Spec §4: applied locally once the server has accepted it, without a refetch.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            usersApi.util.updateQueryData('getUsers', undefined, (users) =>
              users.map((u) => (String(u.id) === String(data.id) ? data : u)),
            ),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            usersApi.util.updateQueryData('getUsers', undefined, (users) => users.filter((u) => String(u.id) !== id)),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const { useGetUsersQuery, useSetUserStatusMutation, useDeleteUserMutation } = usersApi;
