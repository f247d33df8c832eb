import { z } from 'zod';

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/**
 * Attempts per client address and per email on the sign-in routes, within a sliding window. The
 * per-address defaults are generous (tests and offices register many users from one address); the
 * per-email ones stop guessing one account's password. Login counts only failed attempts per email.
 */
export const authRateLimitSettings = {
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  RATE_LIMIT_LOGIN_PER_IP: perMinute(60),
  RATE_LIMIT_LOGIN_PER_EMAIL: perMinute(5),
  RATE_LIMIT_REGISTER_PER_IP: perMinute(100),
  RATE_LIMIT_REGISTER_PER_EMAIL: perMinute(5),
  RATE_LIMIT_FORGOT_PER_IP: perMinute(20),
  RATE_LIMIT_FORGOT_PER_EMAIL: perMinute(5),
};
