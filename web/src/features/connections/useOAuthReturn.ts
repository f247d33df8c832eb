import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../../app/notify';

export const OAUTH_RELOAD_MS = 1000;

/**
 * The server's OAuth callback comes back to /connections with `added`, `error` or `code` (spec "Connections
 * screen"): say what happened, then clear the query so a reload does not repeat it.
 */
export function useOAuthReturn(reload: () => void): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) {
      return;
    }
    const added = params.get('added');
    const error = params.get('error');
    const code = params.get('code');
    if (!added && !error && !code) {
      return;
    }
    handled.current = true;
    setParams({}, { replace: true });
    if (added === '1') {
      notify.success('Connected', 'Tradovate connected successfully');
      setTimeout(reload, OAUTH_RELOAD_MS);
    } else if (error) {
      notify.error('OAuth Error', `Failed to connect to Tradovate: ${error}`);
    } else if (code) {
      notify.warning(
        'OAuth Code Received',
        'An authorization code was received, but backend processing may have failed. Please check your connections.',
      );
    }
  }, [params, reload, setParams]);
}
