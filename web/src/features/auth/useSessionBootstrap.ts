import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notify';
import { useLazyMeQuery } from './authApi';
import { selectStatus, selectToken, sessionEnded, sessionStarted, toSessionUser } from './authSlice';
import { isTokenExpired } from './jwt';

/** Spec §4: a stored token is checked for expiry, then verified with the server, once at start. */
export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectStatus);
  const token = useAppSelector(selectToken);
  const [fetchMe] = useLazyMeQuery();
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
    fetchMe()
      .unwrap()
      .then((user) => {
        dispatch(sessionStarted(toSessionUser(user)));
        notify.success('Welcome Back!', `Signed in as ${user.email}`);
      })
      .catch((error: unknown) => {
        // A 401 has already ended the session and said so in the API layer.
        if ((error as { status?: unknown }).status !== 401) {
          dispatch(sessionEnded());
          notify.error('Authentication Error', 'Could not verify your session. Please sign in again.');
        }
      });
  }, [dispatch, fetchMe, status, token]);
}
