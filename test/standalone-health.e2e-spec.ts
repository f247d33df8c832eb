import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';

describe('standalone process', () => {
  let sut: StandaloneApp;

  beforeAll(async () => {
    sut = await startStandaloneApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should report every service healthy through the gateway', async () => {
    const res = await fetch(`${sut.url}/api/health`);
    const body = (await res.json()) as { status: string; services: Record<string, { status: string; rttMs: number }> };

    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(Object.keys(body.services).sort()).toEqual(['auth', 'connections', 'execution', 'trading']);
    for (const s of Object.values(body.services)) {
      expect(s.status).toBe('ok');
      expect(s.rttMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('should answer liveness and readiness probes', async () => {
    expect((await fetch(`${sut.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${sut.url}/readyz`)).status).toBe(200);
  });

  it('should answer an unknown API path with the error shape', async () => {
    const res = await fetch(`${sut.url}/api/nope`);
    const body = (await res.json()) as { detail: string; code: string; requestId: string };

    expect(res.status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });
});
