import { errorMessage, serverDetail } from '../../app/errors';

/** Auth screens prefer the server's detail, then a transport message, then their own fallback (spec §8). */
export function authErrorMessage(error: unknown, fallback: string): string {
  const detail = serverDetail(error);
  if (detail) {
    return detail;
  }
  if ((error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR') {
    return errorMessage(error);
  }
  return fallback;
}
