import { describe, expect, it } from 'vitest';
import { isTokenExpired } from './jwt';
import { validateCredentials } from './validation';
import { makeJwt } from '../../test-utils';

describe('validateCredentials', () => {
  it.each([
    ['', 'password1', undefined, 'Please fill in all fields'],
    ['nope', 'password1', undefined, 'Please enter a valid email address'],
    ['a@b.co', 'short', undefined, 'Password must be at least 8 characters long'],
    ['a@b.co', 'password1', '', 'Please confirm your password'],
    ['a@b.co', 'password1', 'password2', 'Passwords do not match'],
  ])('should reject %s / %s / %s', (email, password, confirm, message) => {
    expect(validateCredentials(email, password, confirm)?.message).toBe(message);
  });

  it('should accept valid input', () => {
    expect(validateCredentials('a@b.co', 'password1', 'password1')).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('should treat an unreadable token as expired', () => {
    expect(isTokenExpired('garbage')).toBe(true);
  });

  it('should read exp', () => {
    expect(isTokenExpired(makeJwt({ exp: 2000 }), 1_000_000)).toBe(false);
    expect(isTokenExpired(makeJwt({ exp: 999 }), 1_000_000)).toBe(true);
  });
});
