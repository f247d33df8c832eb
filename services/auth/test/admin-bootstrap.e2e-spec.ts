import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { AppLogger, createRootLogger, loadConfig } from '@app/common';
import { ensureLocalSecrets } from '../../standalone/src/local-secrets';
import { runStandalone } from '../../standalone/src/run-standalone';
import { standaloneConfigSchema } from '../../standalone/src/standalone.config';
import { DEFAULT_ADMIN_EMAIL } from '../src/admin/admin-bootstrap';
import { call } from '@app/testing/http-client';

/** Starts the product on `dataDir` (kept between starts, unlike startStandaloneApp) and collects stdout. */
async function start(dataDir: string, stdout: string[]): Promise<{ app: INestApplication; url: string }> {
  const vars: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  ensureLocalSecrets(vars);
  const config = loadConfig(standaloneConfigSchema, vars);
  const write = process.stdout.write.bind(process.stdout);
  const spy = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      stdout.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
  try {
    const app = await runStandalone(config, new AppLogger(createRootLogger({ level: 'warn', service: 'test' })));
    return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
  } finally {
    spy.mockRestore();
  }
}

describe('first administrator without ADMIN_EMAIL/ADMIN_PASSWORD', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tvtrade-admin-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should print working credentials on the first start and nothing on the next', async () => {
    const first: string[] = [];
    const second: string[] = [];

    const one = await start(dataDir, first);
    const password = /password: (\S+)/.exec(first.join(''))?.[1] ?? '';
    const signIn = await call<{ access_token: string }>(one.url, 'POST', '/api/auth/login', {
      body: { email: DEFAULT_ADMIN_EMAIL, password },
    });
    const me = await call(one.url, 'GET', '/api/auth/me', { token: signIn.body.access_token });
    await one.app.close();
    const two = await start(dataDir, second);
    const again = await call(two.url, 'POST', '/api/auth/login', { body: { email: DEFAULT_ADMIN_EMAIL, password } });
    await two.app.close();

    expect(first.join('')).toContain(DEFAULT_ADMIN_EMAIL);
    expect(signIn.status).toBe(200);
    expect(me.body).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, is_admin: true, is_active: true });
    expect(second.join('')).not.toContain('password:');
    expect(again.status).toBe(200);
  });
});
