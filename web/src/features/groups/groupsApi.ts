import { api } from '../../app/api';
import type { Group } from './types';

export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroups: build.query<Group[], void>({
      query: () => '/groups',
      providesTags: ['Group'],
    }),
    createGroup: build.mutation<Group, { name: string }>({
      query: (body) => ({ url: '/groups', method: 'POST', body }),
      invalidatesTags: ['Group'],
    }),
    updateGroup: build.mutation<Group, { id: string; name?: string; connection_ids?: string[] }>({
      query: ({ id, ...body }) => ({ url: `/groups/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Group'],
    }),
    deleteGroup: build.mutation<void, string>({
      query: (id) => ({ url: `/groups/${id}`, method: 'DELETE' }),
      // Alerts drop a deleted group from their destinations.
      invalidatesTags: ['Group', 'Alert'],
    }),
  }),
});

export const { useGetGroupsQuery, useCreateGroupMutation, useUpdateGroupMutation, useDeleteGroupMutation } = groupsApi;
