import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** `editingId` null with the modal open means "adding manually". */
export interface ConnectionsUiState {
  modalOpen: boolean;
  editingId: string | null;
}

const initialState: ConnectionsUiState = { modalOpen: false, editingId: null };

const connectionsSlice = createSlice({
  name: 'connections',
  initialState,
  reducers: {
    addModalOpened(state) {
      state.modalOpen = true;
      state.editingId = null;
    },
    editModalOpened(state, action: PayloadAction<string>) {
      state.modalOpen = true;
      state.editingId = action.payload;
    },
    modalClosed(state) {
      state.modalOpen = false;
      state.editingId = null;
    },
  },
  selectors: {
    selectConnectionModal: (state) => state,
  },
});

export const { addModalOpened, editModalOpened, modalClosed } = connectionsSlice.actions;
export const { selectConnectionModal } = connectionsSlice.selectors;
export default connectionsSlice;
