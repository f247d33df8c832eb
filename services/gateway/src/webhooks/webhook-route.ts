import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import { apiErrorOf } from '../http/error.filter';
import { requestIdOf } from '../http/request-id.middleware';
import { readRawBody } from './raw-body';
import type { WebhookIntake } from './webhook-intake.service';

/** A middleware that only sets response headers (helmet's, the CORS policy's), run on the webhook's answer too. */
export type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The route this file answers, as Express would list it (the access matrix lists it with Express' own). */
export const WEBHOOK_ROUTE = 'POST /api/webhooks/tradingview/:secret';
/** The secret as Express' router matched `:secret`: one path segment, case-insensitive prefix, an optional slash. */
const WEBHOOK_PATH = /^\/api\/webhooks\/tradingview\/([^/?#]+)\/?(?:[?#]|$)/i;

const logger = new Logger('WebhookRoute');
/** The header middlewares' `next`: they only set headers, and the answer comes from this route. */
const ignore = (): void => undefined;

/**
 * TradingView's POST is answered here, on the HTTP server, before Express: the busiest route skips the router, the
 * middleware chain and Nest's pipeline, which took a seventh of the main thread's CPU per webhook at fan-out 10 (the
 * route and its measurements: docs/performance.md). What those gave it, it keeps: the request id, the security
 * headers and the CORS policy (the same middleware functions every other route runs), and the API's error shape.
 * Every other request, and any other method on this path, goes to Express as before.
 */
export function answerWebhooksFirst(server: Server, intake: WebhookIntake, headers: HeaderMiddleware[]): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  const express = listeners.at(-1);
  if (!express) {
    throw new Error('answerWebhooksFirst: the HTTP server has no request listener (Express) yet');
  }
  server.removeListener('request', express);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = req.method === 'POST' ? WEBHOOK_PATH.exec(req.url ?? '') : null;
    if (!match) {
      express.call(server, req, res);
      return;
    }
    void answer(req, res, match[1], intake, headers);
  });
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  rawSecret: string,
  intake: WebhookIntake,
  headers: HeaderMiddleware[],
): Promise<void> {
  const incoming = req.headers['x-request-id'];
  const requestId = requestIdOf(typeof incoming === 'string' ? incoming : undefined);
  res.setHeader('X-Request-Id', requestId);
  try {
    for (const setHeaders of headers) {
      setHeaders(req, res, ignore);
    }
    const secret = decodeSecret(rawSecret);
    const body = await readRawBody(req).catch(() => null);
    if (!body) {
      return; // the sender went away mid-body: nothing was executed, nobody to answer
    }
    const { status, body: reply } = await intake.receive({
      secret,
      text: body.text,
      tooLarge: body.tooLarge,
      contentType: req.headers['content-type'] ?? null,
      requestId,
      freshRequestId: incoming !== requestId,
    });
    sendJson(res, status, reply);
  } catch (err) {
    const { status, body } = apiErrorOf(err, requestId);
    if (status >= 500) {
      // As ApiErrorFilter logs every other route's (a 503 for a broker that is down included).
      logger.error({ err, code: body.code, status, requestId }, 'request failed');
    }
    if (!res.headersSent) {
      sendJson(res, status, body);
    }
  }
}

function decodeSecret(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The webhook URL is malformed (a bad %-escape in its secret).');
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}
