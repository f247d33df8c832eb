import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ServerUser } from './types';

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  isActive: boolean;
}

/** `checking` while a stored token is being verified, so guarded routes show a loader instead of bouncing. */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  status: SessionStatus;
}

export function initialAuthState(token: string | null): AuthState {
  return { token, user: null, status: token ? 'checking' : 'anonymous' };
}

export function toSessionUser(user: ServerUser): SessionUser {
  return { id: String(user.id), email: user.email, isAdmin: user.is_admin, isActive: user.is_active };
}

function signedOut(state: AuthState): void {
  state.token = null;
  state.user = null;
  state.status = 'anonymous';
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState(null),
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    sessionStarted(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.status = 'authenticated';
    },
    loggedOut: signedOut,
    /** The server refused the session (expired, invalid, or revoked). */
    sessionEnded: signedOut,
    /**
     * The stored session could not be checked (no answer from the server): signed out for this page view,
     * but the stored token stays, so the next load checks it again. Only a server's answer removes it
     * (the store's listener clears storage on loggedOut and sessionEnded, not on this one).
     */
    sessionUnverified: signedOut,
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectStatus: (state) => state.status,
    selectIsAdmin: (state) => state.user?.isAdmin ?? false,
  },
});

export const { tokenReceived, sessionStarted, loggedOut, sessionEnded, sessionUnverified } = authSlice.actions;
export const { selectToken, selectUser, selectStatus, selectIsAdmin } = authSlice.selectors;
export default authSlice;
