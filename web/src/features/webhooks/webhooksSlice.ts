import { createSlice } from '@reduxjs/toolkit';
import { newQvUserId, type OrderType } from './webhookPayload';

export interface WebhooksUiState {
  alertId: string | null;
  orderType: OrderType | null;
  /** Fresh per alert + order type selection (spec §3). */
  qvUserId: string;
}

const initialState: WebhooksUiState = { alertId: null, orderType: null, qvUserId: '' };

const webhooksSlice = createSlice({
  name: 'webhooks',
  initialState,
  reducers: {
    alertSelected: {
      reducer(state, action: { payload: { alertId: string | null; qvUserId: string } }) {
        state.alertId = action.payload.alertId;
        state.qvUserId = action.payload.qvUserId;
      },
      prepare: (alertId: string | null) => ({ payload: { alertId, qvUserId: newQvUserId() } }),
    },
    orderTypeSelected: {
      reducer(state, action: { payload: { orderType: OrderType | null; qvUserId: string } }) {
        state.orderType = action.payload.orderType;
        state.qvUserId = action.payload.qvUserId;
      },
      prepare: (orderType: OrderType | null) => ({ payload: { orderType, qvUserId: newQvUserId() } }),
    },
  },
  selectors: {
    selectWebhookSelection: (state) => state,
    /** 1 base, +1 for an alert, +1 for an order type (spec "Webhook Generator"). */
    selectProgress: (state) => 1 + (state.alertId ? 1 : 0) + (state.orderType ? 1 : 0),
  },
});

export const { alertSelected, orderTypeSelected } = webhooksSlice.actions;
export const { selectWebhookSelection, selectProgress } = webhooksSlice.selectors;
export default webhooksSlice;
