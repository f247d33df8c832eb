import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface GroupsUiState {
  /** null: closed; 'new': creating; otherwise the id being renamed. */
  formTarget: string | null;
  addMembersTo: string | null;
}

const initialState: GroupsUiState = { formTarget: null, addMembersTo: null };

const groupsSlice = createSlice({
  name: 'groups',
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
    },
    addMembersOpened(state, action: PayloadAction<string>) {
      state.addMembersTo = action.payload;
    },
    addMembersClosed(state) {
      state.addMembersTo = null;
    },
  },
  selectors: {
    selectFormTarget: (state) => state.formTarget,
    selectAddMembersTo: (state) => state.addMembersTo,
  },
});

export const { createFormOpened, editFormOpened, formClosed, addMembersOpened, addMembersClosed } = groupsSlice.actions;
export const { selectFormTarget, selectAddMembersTo } = groupsSlice.selectors;
export default groupsSlice;
