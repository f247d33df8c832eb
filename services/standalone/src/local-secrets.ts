import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Standalone mode needs a JWT secret and an encryption key but must run with no variable set: it
 * generates each once and keeps it in the data folder (mode 0600), so sessions and encrypted
 * secrets survive a restart. An explicitly set variable always wins.
 */
export function ensureLocalSecrets(env: NodeJS.ProcessEnv): void {
  const dir = path.resolve(env.DATA_DIR || './data', 'secrets');
  const secrets: Record<string, () => string> = {
    JWT_SECRET: () => randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  };
  for (const [name, make] of Object.entries(secrets)) {
    if (env[name]) {
      continue;
    }
    const file = path.join(dir, name.toLowerCase());
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(file, make(), { mode: 0o600 });
    }
    env[name] = readFileSync(file, 'utf8').trim();
  }
}
