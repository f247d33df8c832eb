import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it('should show a string detail', () => {
    expect(errorMessage({ status: 409, data: { detail: 'Limit reached' } })).toBe('Limit reached');
  });

  it('should join a list detail with commas', () => {
    expect(errorMessage({ status: 422, data: { detail: [{ msg: 'a' }, { message: 'b' }] } })).toBe('a, b');
  });

  it('should explain a failed fetch', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Server unavailable: Please make sure the backend server is running.',
    );
  });

  it('should fall back to the HTTP status', () => {
    expect(errorMessage({ status: 502, data: 'Bad gateway' })).toBe('HTTP error! status: 502');
  });
});
