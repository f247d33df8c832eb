import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call } from '@app/testing/http-client';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';

const PUBLIC_URL = 'https://trade.example.com';
const EXTRA_ORIGIN = 'https://partner.example.org';

/** Security headers, CORS and body limits on every kind of response the gateway gives. */
describe('gateway HTTP hardening', () => {
  let sut: StandaloneApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'tvtrade-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    sut = await startStandaloneApp({ PUBLIC_URL, CORS_ORIGINS: EXTRA_ORIGIN, WEB_DIST_DIR: webDir });
  });

  afterAll(async () => {
    await sut?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const big = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
  const responses: [
    string,
    string,
    string,
    { raw?: string; contentType?: string; headers?: Record<string, string> },
    number,
  ][] = [
    ['an API success', 'GET', '/api/health', {}, 200],
    ['a liveness probe', 'GET', '/healthz', {}, 200],
    ['an API 401', 'GET', '/api/groups', {}, 401],
    ['an unknown API route', 'GET', '/api/nothing-here', {}, 404],
    ['malformed JSON', 'POST', '/api/auth/login', { raw: '{"email":' }, 400],
    ['an oversized JSON body', 'POST', '/api/auth/register', { raw: big }, 413],
    ['an oversized text body', 'POST', '/api/groups', { raw: 'x'.repeat(70 * 1024), contentType: 'text/plain' }, 413],
    ['an unknown webhook secret', 'POST', '/api/webhooks/tradingview/not-a-secret', { raw: '{}' }, 401],
    ['the web client page', 'GET', '/connections', {}, 200],
    ['a static asset', 'GET', '/assets/app.js', {}, 200],
    ['a missing static file', 'GET', '/assets/missing.js', { headers: { accept: 'application/javascript' } }, 404],
  ];

  describe.each(responses)('%s', (_name, method, route, opts, status) => {
    it('should carry the security headers and no framework banner', async () => {
      const res = await call(sut.url, method, route, {
        ...opts,
        headers: opts.headers ?? { accept: 'text/html,application/json' },
      });

      expect(res.status).toBe(status);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    });
  });

  it.each([
    ['an oversized JSON body', '/api/auth/register', big, 'application/json'],
    ['an oversized text body', '/api/groups', 'x'.repeat(70 * 1024), 'text/plain'],
  ])('should answer %s with 413 and the API error shape', async (_name, route, raw, contentType) => {
    const res = await call(sut.url, 'POST', route, { raw, contentType });

    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      detail: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
      requestId: expect.any(String),
    });
  });

  it.each(['null', '{"email":', '"text"'])(
    'should answer the JSON body %s, which does not parse as an object, with a plain 400',
    async (raw) => {
      const res = await call(sut.url, 'POST', '/api/auth/login', { raw });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: 'Request body is not valid JSON',
        code: 'VALIDATION_FAILED',
        requestId: expect.any(String),
      });
    },
  );

  it('should answer a body in a character set it cannot read with 415 and say so', async () => {
    const res = await call(sut.url, 'POST', '/api/auth/login', {
      raw: '{"email":"a@example.com"}',
      contentType: 'application/json; charset=klingon',
    });

    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      detail: 'The request body must be UTF-8 (unsupported character set or content encoding)',
      code: 'VALIDATION_FAILED',
      requestId: expect.any(String),
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      fetch(`${sut.url}/api/groups`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });

    it.each([PUBLIC_URL, EXTRA_ORIGIN])('should allow %s', async (origin) => {
      const simple = await fetch(`${sut.url}/api/health`, { headers: { origin } });
      const pre = await preflight(origin);

      expect(simple.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    });

    it.each(['https://evil.example.net', 'null', `${PUBLIC_URL}.evil.net`, 'http://trade.example.com'])(
      'should give no allow-origin to %s',
      async (origin) => {
        const simple = await fetch(`${sut.url}/api/health`, { headers: { origin } });
        const pre = await preflight(origin);

        expect(simple.headers.get('access-control-allow-origin')).toBeNull();
        expect(pre.headers.get('access-control-allow-origin')).toBeNull();
        expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
      },
    );
  });

  describe('keep-alive', () => {
    /** GET /healthz on `agent`; whether the request went out on a connection an earlier one had opened. */
    const reused = (agent: Agent): Promise<boolean> =>
      new Promise((resolve, reject) => {
        const req = get(`${sut.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(req.reusedSocket));
        });
        req.on('error', reject);
      });

    it("should keep an idle connection open past Node's 5-s default, as load balancers expect", async () => {
      // A balancer keeps idle connections to the gateway for up to a minute and reuses them; one the gateway
      // closed first would be answered 502 to a TradingView webhook.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await reused(agent)).toBe(false);
        await new Promise((r) => setTimeout(r, 6000));

        expect(await reused(agent)).toBe(true);
      } finally {
        agent.destroy();
      }
    });
  });
});
