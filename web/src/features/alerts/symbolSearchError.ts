import { serverDetail } from '../../app/errors';
import type { SymbolSearchResult } from './types';

const NO_CONNECTION = 'No active Tradovate connection';

/** Spec §8 "Symbol search": the red box's text for a failed or empty search. */
export function symbolSearchError(result: SymbolSearchResult | undefined, error: unknown): string | null {
  if (error) {
    if ((error as { status?: unknown }).status === 'FETCH_ERROR') {
      return 'Unable to connect to the server. Please check your internet connection.';
    }
    return explain(serverDetail(error) ?? 'Failed to search symbols');
  }
  if (!result) {
    return null;
  }
  if (!result.success) {
    return explain(result.error ?? 'Failed to search symbols');
  }
  if (result.contracts.length === 0) {
    return 'No contracts found for this symbol';
  }
  return null;
}

function explain(message: string): string {
  return message.includes(NO_CONNECTION)
    ? 'No active Tradovate connection found. Please go to the Connections page and add a Tradovate connection first.'
    : message;
}
