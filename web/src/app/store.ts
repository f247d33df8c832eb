import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import authSlice, { initialAuthState, loggedOut, sessionEnded, tokenReceived } from '../features/auth/authSlice';
import { tokenStorage } from '../features/auth/tokenStorage';
import alertsSlice from '../features/alerts/alertsSlice';
import connectionsSlice from '../features/connections/connectionsSlice';
import groupsSlice from '../features/groups/groupsSlice';
import logsSlice from '../features/logs/logsSlice';
import usersSlice from '../features/users/usersSlice';
import webhooksSlice from '../features/webhooks/webhooksSlice';
import { api } from './api';

const rootReducer = combineSlices(
  api,
  authSlice,
  connectionsSlice,
  groupsSlice,
  alertsSlice,
  webhooksSlice,
  logsSlice,
  usersSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

function sessionListener() {
  const listener = createListenerMiddleware();
  // Browser storage mirrors the session; the reducers stay pure.
  listener.startListening({
    actionCreator: tokenReceived,
    effect: (action) => tokenStorage.write(action.payload),
  });
  listener.startListening({
    matcher: isAnyOf(loggedOut, sessionEnded),
    effect: (_action, listenerApi) => {
      tokenStorage.clear();
      // Cached server data belongs to the user who just left.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  return listener;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: initialAuthState(tokenStorage.read()),
      ...preloadedState,
    },
    middleware: (getDefault) => getDefault().prepend(sessionListener().middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
