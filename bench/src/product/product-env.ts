// Environment shared by both product modes: the simulator as Tradovate, quiet logs, the bench admin,
// and webhook limits lifted (the per-user rate limit and duplicate window are product rules, not load).
import type { Simulator } from '@app/simulator';
import { ADMIN } from './setup-user';

export const productEnv = (sim: Simulator, publicUrl: string): Record<string, string> => ({
  NODE_OPTIONS: '',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: publicUrl,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRADOVATE_DEMO_URL: sim.demoUrl,
  TRADOVATE_LIVE_URL: sim.liveUrl,
  TRADOVATE_OAUTH_TOKEN_URL: sim.oauthTokenUrl,
  WEBHOOK_RATE_LIMIT_PER_MIN: '10000000',
  WEBHOOK_DEDUP_WINDOW_MS: '10000',
  WEBHOOK_REPLY_TIMEOUT_MS: '2900',
});
