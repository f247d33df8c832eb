import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { WebhookIntake, WebhookRequest } from './webhook-intake.service';
import { answerWebhooksFirst } from './webhook-route';
import type { HeaderMiddleware } from './webhook-route';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server whose Express stand-in answers 299 "express", with the webhook route in front of it (closed after each test). */
async function serve(receive: (req: WebhookRequest) => Promise<unknown>, headers: HeaderMiddleware[] = []) {
  const seen: WebhookRequest[] = [];
  const server: Server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(299, { 'content-type': 'text/plain' });
    res.end('express');
  });
  const intake = {
    receive: (req: WebhookRequest) => {
      seen.push(req);
      return receive(req);
    },
  } as unknown as WebhookIntake;
  answerWebhooksFirst(server, intake, headers);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const send = async (method: string, path: string, body = '', extra: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...extra },
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      headers: Object.fromEntries([...(res.headers as unknown as Iterable<[string, string]>)]),
      body: type.startsWith('application/json') ? (JSON.parse(text) as unknown) : text,
    };
  };
  return { port, seen, send };
}

const placed = { status: 200 as const, body: { message: 'Orders placed on 1 account(s)', total: 1 } };

describe('answerWebhooksFirst', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it("should hand TradingView's POST to the intake with its secret, body, content type and a fresh request id", async () => {
    const app = await serve(() => Promise.resolve(placed));
    const res = await app.send('POST', '/api/webhooks/tradingview/s3cr%2Bt?x=1', '{"alert_id":"a"}');

    expect(res).toMatchObject({ status: 200, body: placed.body });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['etag']).toBeUndefined();
    expect(app.seen).toEqual([
      {
        secret: 's3cr+t',
        text: '{"alert_id":"a"}',
        tooLarge: false,
        contentType: 'application/json',
        requestId: res.headers['x-request-id'],
        freshRequestId: true,
      },
    ]);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it("should keep a caller's sane X-Request-Id (not fresh) and replace an unusable one", async () => {
    const app = await serve(() => Promise.resolve(placed));
    const kept = await app.send('POST', '/api/webhooks/tradingview/s', '{}', { 'x-request-id': 'retry-0001' });
    const replaced = await app.send('POST', '/api/webhooks/tradingview/s', '{}', { 'x-request-id': 'bad id!' });

    expect(kept.headers['x-request-id']).toBe('retry-0001');
    expect(app.seen[0]).toMatchObject({ requestId: 'retry-0001', freshRequestId: false });
    expect(replaced.headers['x-request-id']).not.toBe('bad id!');
    expect(app.seen[1]).toMatchObject({ requestId: replaced.headers['x-request-id'], freshRequestId: true });
  });

  it('should match the path as the router did (any case, one trailing slash) and leave everything else to Express', async () => {
    const app = await serve(() => Promise.resolve(placed));
    const answers = await Promise.all(
      [
        ['POST', '/API/Webhooks/TradingView/s'],
        ['POST', '/api/webhooks/tradingview/s/'],
        ['GET', '/api/webhooks/tradingview/s'],
        ['PUT', '/api/webhooks/tradingview/s'],
        ['POST', '/api/webhooks/tradingview/'],
        ['POST', '/api/webhooks/tradingview/s/more'],
        ['POST', '/api/webhooks/endpoint/rotate'],
        ['POST', '/api/webhooks/tradingviewx/s'],
      ].map(([method, path]) => app.send(method, path, '{}').then((r) => `${method} ${path} ${r.status}`)),
    );

    expect(answers).toEqual([
      'POST /API/Webhooks/TradingView/s 200',
      'POST /api/webhooks/tradingview/s/ 200',
      'GET /api/webhooks/tradingview/s 299',
      'PUT /api/webhooks/tradingview/s 299',
      'POST /api/webhooks/tradingview/ 299',
      'POST /api/webhooks/tradingview/s/more 299',
      'POST /api/webhooks/endpoint/rotate 299',
      'POST /api/webhooks/tradingviewx/s 299',
    ]);
    expect(app.seen).toHaveLength(2);
  });

  it('should mark a body over 64 KB too large and hand it on without its text', async () => {
    const app = await serve(() => Promise.resolve(placed));
    await app.send('POST', '/api/webhooks/tradingview/s', 'x'.repeat(64 * 1024 + 1));
    await app.send('POST', '/api/webhooks/tradingview/s', 'y'.repeat(64 * 1024));

    expect(app.seen.map((r) => [r.tooLarge, r.text.length])).toEqual([
      [true, 0],
      [false, 64 * 1024],
    ]);
  });

  it('should run the shared header middlewares on the answer', async () => {
    const securityHeaders: HeaderMiddleware = (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    };
    const app = await serve(() => Promise.resolve(placed), [securityHeaders]);
    const res = await app.send('POST', '/api/webhooks/tradingview/s', '{}');

    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("should answer a refusal in the API's error shape with its status, without logging it", async () => {
    const app = await serve(() =>
      Promise.reject(new DomainError('WEBHOOK_SECRET_UNKNOWN', 'This webhook URL is not valid.')),
    );
    const res = await app.send('POST', '/api/webhooks/tradingview/nope', '{}');

    expect(res).toMatchObject({
      status: 401,
      body: {
        detail: 'This webhook URL is not valid.',
        code: 'WEBHOOK_SECRET_UNKNOWN',
        requestId: res.headers['x-request-id'],
      },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('should log a refusal answered with a 5xx, as every route does', async () => {
    const app = await serve(() => Promise.reject(new DomainError('SERVICE_UNAVAILABLE', 'The broker is down.')));
    const res = await app.send('POST', '/api/webhooks/tradingview/s', '{}');

    expect(res).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', detail: 'The broker is down.' } });
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('should answer a bad %-escape in the secret with a 400 and not ask the intake', async () => {
    const app = await serve(() => Promise.resolve(placed));
    const res = await app.send('POST', '/api/webhooks/tradingview/%E0%A4%A', '{}');

    expect(res).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', detail: 'The webhook URL is malformed (a bad %-escape in its secret).' },
    });
    expect(app.seen).toHaveLength(0);
  });

  it('should answer an unexpected failure with a logged 500 that says nothing of its cause, and keep serving', async () => {
    let calls = 0;
    const app = await serve(() =>
      calls++ === 0 ? Promise.reject(new Error('connection string postgres://u:pw@db')) : Promise.resolve(placed),
    );
    const failed = await app.send('POST', '/api/webhooks/tradingview/s', '{}');
    const next = await app.send('POST', '/api/webhooks/tradingview/s', '{}');

    expect(failed).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL', detail: 'Something went wrong on our side. Please try again.' },
    });
    expect(JSON.stringify(failed.body)).not.toContain('pw@');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(next.status).toBe(200);
  });

  it('should execute nothing for a request cut off mid-body, and keep serving', async () => {
    const app = await serve(() => Promise.resolve(placed));
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: app.port,
        method: 'POST',
        path: '/api/webhooks/tradingview/s',
        headers: { 'content-length': '100' },
      });
      req.on('error', () => resolve());
      req.write('{"alert_id":', () => setTimeout(() => req.destroy(), 20));
    });
    const next = await app.send('POST', '/api/webhooks/tradingview/s', '{}');

    expect(next.status).toBe(200);
    expect(app.seen.map((r) => r.text)).toEqual(['{}']);
  });
});
