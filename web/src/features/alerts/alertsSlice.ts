import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AlertsUiState {
  /** null: closed; 'new': creating; otherwise the id being edited. */
  formTarget: string | null;
  symbolSearchOpen: boolean;
}

const initialState: AlertsUiState = { formTarget: null, symbolSearchOpen: false };

const alertsSlice = createSlice({
  name: 'alerts',
  initialState,
  reducers: {
    createFormOpened(state) {
      state.formTarget = 'new';
    },
    editFormOpened(state, action: PayloadAction<string>) {
      state.formTarget = action.payload;
    },
    formClosed(state) {
      state.formTarget = null;
      state.symbolSearchOpen = false;
    },
    symbolSearchOpened(state) {
      state.symbolSearchOpen = true;
    },
    symbolSearchClosed(state) {
      state.symbolSearchOpen = false;
    },
  },
  selectors: {
    selectAlertFormTarget: (state) => state.formTarget,
    selectSymbolSearchOpen: (state) => state.symbolSearchOpen,
  },
});

export const { createFormOpened, editFormOpened, formClosed, symbolSearchOpened, symbolSearchClosed } =
  alertsSlice.actions;
export const { selectAlertFormTarget, selectSymbolSearchOpen } = alertsSlice.selectors;
export default alertsSlice;
