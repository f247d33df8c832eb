import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const DATE_RANGES = ['Today', 'Yesterday', 'This Month', 'Past Month', 'This Year'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export type SortOrder = 'asc' | 'desc';

export interface LogsUiState {
  page: number;
  pageSize: number;
  /** The debounced search term that is sent to the server. */
  search: string;
  /** Bumped by Refresh so the search box (which owns its un-debounced text) clears itself. */
  resetCount: number;
  sortOrder: SortOrder;
  /** Spec: the chips do not change the request. */
  range: DateRange;
  detailId: string | null;
}

const initialState: LogsUiState = {
  page: 1,
  pageSize: 10,
  search: '',
  resetCount: 0,
  sortOrder: 'desc',
  range: 'Today',
  detailId: null,
};

const logsSlice = createSlice({
  name: 'logs',
  initialState,
  reducers: {
    pageChanged(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    pageSizeChanged(state, action: PayloadAction<number>) {
      state.pageSize = action.payload;
      state.page = 1;
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload.trim();
      state.page = 1;
    },
    refreshed(state) {
      state.page = 1;
      state.search = '';
      state.resetCount += 1;
    },
    sortToggled(state) {
      state.sortOrder = state.sortOrder === 'asc' ? 'desc' : 'asc';
    },
    rangeChosen(state, action: PayloadAction<DateRange>) {
      state.range = action.payload;
    },
    detailOpened(state, action: PayloadAction<string>) {
      state.detailId = action.payload;
    },
    detailClosed(state) {
      state.detailId = null;
    },
  },
  selectors: {
    selectLogsUi: (state) => state,
  },
});

export const {
  pageChanged,
  pageSizeChanged,
  searchChanged,
  refreshed,
  sortToggled,
  rangeChosen,
  detailOpened,
  detailClosed,
} = logsSlice.actions;
export const { selectLogsUi } = logsSlice.selectors;
export default logsSlice;
