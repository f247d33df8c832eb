import { randomBytes } from 'node:crypto';
import { buildServer, freePort, spawnService } from '@app/testing';
import type { NodeProcess } from '@app/testing';

const SERVICES = ['auth', 'connections', 'trading', 'execution'] as const;

/**
 * The distributed shape of the product: five processes over the real Kafka broker and the real
 * Postgres of the test run, exactly as `node dist/services/<name>/src/main.js` runs in a container.
 */
describe('distributed processes over Kafka', () => {
  const processes: NodeProcess[] = [];
  let gatewayUrl: string;

  beforeAll(async () => {
    buildServer();
    const env = {
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: process.env.TEST_KAFKA_BROKERS ?? '',
      KAFKA_MAX_WAIT_MS: '10',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_HEARTBEAT_MS: '500',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      DATABASE_POOL_SIZE: '2',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    const ports = await Promise.all([...SERVICES, 'gateway'].map(() => freePort()));
    gatewayUrl = `http://127.0.0.1:${ports[4]}`;
    // Services first, one after another: each runs its migrations on the shared database.
    for (const [i, name] of SERVICES.entries()) {
      const proc = spawnService(name, {
        env: { ...env, PORT: String(ports[i]) },
      });
      processes.push(proc);
      await proc.waitForHttp(`http://127.0.0.1:${ports[i]}/readyz`, 60_000);
    }
    const gateway = spawnService('gateway', {
      env: { ...env, PORT: String(ports[4]), PUBLIC_URL: gatewayUrl },
    });
    processes.push(gateway);
    await gateway.waitForHttp(`${gatewayUrl}/healthz`, 60_000);
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGTERM', 5000)));
  });

  it('should report every service healthy through the gateway', async () => {
    const res = await fetch(`${gatewayUrl}/api/health`);
    const body = (await res.json()) as {
      status: string;
      services: Record<string, { status: string; rttMs: number; checks: object }>;
    };

    if (body.status !== 'ok') {
      throw new Error(`unhealthy: ${JSON.stringify(body)}\n${processes.map((p) => p.output()).join('\n')}`);
    }
    expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
    for (const s of Object.values(body.services)) {
      expect(s).toMatchObject({ status: 'ok', checks: { database: 'up' } });
    }
  });

  it('should be ready once every service reaches its database over the transport', async () => {
    const res = await fetch(`${gatewayUrl}/readyz`);

    expect(res.status).toBe(200);
  });

  it('should start without a warning for an operator to read', () => {
    // pino's levels: 40 warn, 50 error, 60 fatal. Each process starts at LOG_LEVEL=warn, so this is all it logged.
    const warnings = processes.flatMap((p) =>
      p
        .output()
        .split('\n')
        .filter((line) => /"level":[456]0\b/.test(line)),
    );

    expect(warnings).toEqual([]);
  });

  it('should stop a service gracefully on SIGTERM, leaving its consumer group', async () => {
    const trading = processes[2];

    const exit = await trading.kill('SIGTERM', 10_000);

    expect(exit).toEqual({ code: 0, signal: null });
    const res = await fetch(`${gatewayUrl}/api/health`);
    const body = (await res.json()) as { status: string; services: Record<string, { status: string }> };
    expect(body.status).toBe('degraded');
    expect(body.services.trading.status).toBe('down');
    expect(body.services.auth.status).toBe('ok');
  });

  it('should stop the gateway gracefully on SIGTERM, exiting 0', async () => {
    const gateway = processes[4];

    const exit = await gateway.kill('SIGTERM', 10_000);

    expect({ exit, output: gateway.output() }).toEqual({
      exit: { code: 0, signal: null },
      output: expect.not.stringContaining('shutdown took longer'),
    });
  });
});
