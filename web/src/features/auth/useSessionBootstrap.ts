import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notify';
import { authApi } from './authApi';
import { selectStatus, selectToken, sessionEnded, sessionStarted, sessionUnverified, toSessionUser } from './authSlice';
import { isTokenExpired } from './jwt';

/** Set once the page starts to unload: a check cut short by leaving the page says nothing about the session. */
let leavingPage = false;
if (typeof window !== 'undefined') {
  const markLeaving = () => {
    leavingPage = true;
  };
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
}

/** Spec §4: a stored token is checked for expiry, then verified with the server, once at start. */
export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectStatus);
  const token = useAppSelector(selectToken);
  const started = useRef(false);

  useEffect(() => {
    if (status !== 'checking' || !token || started.current) {
      return;
    }
    started.current = true;
    if (isTokenExpired(token)) {
      dispatch(sessionEnded());
      notify.warning('Session Expired', 'Your session has expired. Please sign in again.');
      return;
    }
    // Dispatched to the store rather than through a query hook, so the check is not tied to this
    // component's lifetime (React's StrictMode remounts it in development, which aborted a hook's request).
    // The outcome is read as the cache entry's state, not unwrapped: a 401 ends the session in the API layer and
    // ending it empties the cache (store.ts), so unwrap() resolved with no user, and the error that followed was
    // taken for a server that could not be reached.
    void dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true })).then((check) => {
      if (check.isSuccess) {
        dispatch(sessionStarted(toSessionUser(check.data)));
        notify.success('Welcome Back!', `Signed in as ${check.data.email}`);
        return;
      }
      const status = check.isError ? (check.error as { status?: unknown }).status : undefined;
      if (check.isUninitialized || status === 401) {
        return; // The server refused the token; the API layer has already ended the session and said so.
      }
      if (typeof status === 'number' && status < 500) {
        dispatch(sessionEnded()); // The server answered, and not with the user: failed verification.
        notify.error('Authentication Error', 'Could not verify your session. Please sign in again.');
        return;
      }
      // No verdict on the token: a 5xx (a gateway restarting behind its load balancer, say), or no answer at all.
      // A reload or navigation away aborts the request; removing the token would sign the user out of the page
      // they are reloading.
      const answered = typeof status === 'number';
      if (!answered && leavingPage) {
        return;
      }
      dispatch(sessionUnverified());
      notify.error(
        'Authentication Error',
        answered
          ? 'The server could not verify your session just now. Reload in a moment, or sign in again.'
          : 'Could not reach the server to verify your session. Please sign in again.',
      );
    });
  }, [dispatch, status, token]);
}
