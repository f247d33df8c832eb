import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type DetailItem = { msg?: string; message?: string };

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The server's `detail` text alone (a list is joined by ', '), when the failure carried one. */
export function serverDetail(error: unknown): string | undefined {
  return isFetchError(error) ? detailOf(error.data) : undefined;
}

function detailOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('detail' in data)) {
    return undefined;
  }
  const detail = data.detail;
  if (typeof detail === 'string') {
    return detail;
  }
  if (Array.isArray(detail)) {
    return (detail as DetailItem[])
      .map((item) => item.msg ?? item.message ?? '')
      .filter(Boolean)
      .join(', ');
  }
  return undefined;
}

/**
 * Turns any RTK Query failure into the text the spec shows (§8): the server's `detail` first, then the
 * transport-level messages, then the caller's fallback.
 */
export function errorMessage(error: unknown, fallback = 'An error occurred. Please try again.'): string {
  if (isFetchError(error)) {
    const detail = detailOf(error.data);
    if (detail) {
      return detail;
    }
    if (error.status === 'FETCH_ERROR') {
      return error.error.includes('Failed to fetch')
        ? 'Server unavailable: Please make sure the backend server is running.'
        : 'Network error: Unable to connect to server. Please check your internet connection.';
    }
    if (typeof error.status === 'number') {
      return `HTTP error! status: ${error.status}`;
    }
    return fallback;
  }
  const serialized = error as SerializedError | undefined;
  return serialized?.message ?? fallback;
}
