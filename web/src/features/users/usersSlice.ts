import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface UsersUiState {
  search: string;
  statusFilter: StatusFilter;
  /** The user whose deletion awaits confirmation. */
  pendingDelete: { id: string; email: string } | null;
}

const initialState: UsersUiState = { search: '', statusFilter: 'all', pendingDelete: null };

const usersSlice = createSlice({
  name: 'users',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    statusFilterChanged(state, action: PayloadAction<StatusFilter>) {
      state.statusFilter = action.payload;
    },
    deleteRequested(state, action: PayloadAction<{ id: string; email: string }>) {
      state.pendingDelete = action.payload;
    },
    deleteDismissed(state) {
      state.pendingDelete = null;
    },
  },
  selectors: {
    selectUsersUi: (state) => state,
  },
});

export const { searchChanged, statusFilterChanged, deleteRequested, deleteDismissed } = usersSlice.actions;
export const { selectUsersUi } = usersSlice.selectors;
export default usersSlice;
