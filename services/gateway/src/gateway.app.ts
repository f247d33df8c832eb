import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppLogger } from '@app/common';
import { readiness } from '@app/host';
import type { ServiceRuntime } from '@app/messaging';
import cors from 'cors';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { GatewayModule } from './gateway.module';
import type { GatewayConfig } from './gateway.settings';
import { requestIdMiddleware } from './http/request-id.middleware';
import { WebhookIntake } from './webhooks/webhook-intake.service';
import { answerWebhooksFirst } from './webhooks/webhook-route';

/** Builds the gateway application (both run modes): security headers, body limits, the API and the web client. */
export async function createGatewayApp(
  runtime: ServiceRuntime<GatewayConfig>,
  logger: AppLogger,
): Promise<NestExpressApplication> {
  const config = runtime.config;
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(runtime), {
    logger,
    bodyParser: false,
  });
  keepConnections(app, config.HTTP_KEEP_ALIVE_TIMEOUT_MS);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // helmet's defaults, except: antd injects its styles at run time ('unsafe-inline' styles, no
  // inline scripts), framing is refused outright, and plain-HTTP localhost is not upgraded.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  const origins = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  const corsPolicy = cors({ origin: (origin, cb) => cb(null, !origin || origins.has(origin)), credentials: false });
  app.use(requestIdMiddleware);
  app.use(securityHeaders);
  app.use(corsPolicy);
  answerWebhooksFirst(app.getHttpServer(), app.get(WebhookIntake), [securityHeaders, corsPolicy]);
  // Every API body is parsed here but TradingView's, which its route, answered before Express, reads raw (any
  // content type, 64 KB, logged even when too large).
  app.use('/api', plainParseErrors(express.json({ limit: '64kb', type: ['application/json', 'application/*+json'] })));
  app.use('/api', express.text({ limit: '64kb', type: () => true }));
  serveWebClient(app, path.resolve(config.WEB_DIST_DIR));
  // No app.enableShutdownHooks(): the process's own handler (installShutdown, @app/host) closes the app on
  // SIGTERM/SIGINT, which runs Nest's shutdown hooks, and then what Nest does not own (the bus, the embedded
  // database). Nest's handler would race it, and after its own hooks raise the signal again: the process
  // died by it (exit 143) in the middle of that close, the embedded database never closed.
  return app;
}

/**
 * Idle keep-alive connections last `ms`; a request's headers may take a second longer (Node wants them longer).
 * Once the process is stopping, every answer closes its connection: a sender that keeps its connection busy (a burst
 * of webhooks) would otherwise hold the server's close, and with it the whole stop, until the stop's timeout cut the
 * process off. Its next request then finds the listener closed and goes to another replica, or is refused.
 */
function keepConnections(app: NestExpressApplication, ms: number): void {
  const server: Server = app.getHttpServer();
  server.keepAliveTimeout = ms;
  server.headersTimeout = ms + 1000;
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (readiness.shuttingDown) {
      res.shouldKeepAlive = false;
    }
  });
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Every body-parser error is worded by ApiErrorFilter from its status. Nest turns a SyntaxError into a
 * BadRequestException carrying the parser's words first ("Unexpected token 'n', \"null\" is not valid JSON"),
 * so the JSON parser's syntax errors go on as plain errors with the same status and type.
 */
const plainParseErrors =
  (mw: Middleware): Middleware =>
  (req, res, next) =>
    mw(req, res, (err?: unknown) => {
      if (!(err instanceof SyntaxError)) {
        next(err);
        return;
      }
      const { status, type } = err as SyntaxError & { status?: number; type?: string };
      next(Object.assign(new Error('request body is not valid JSON'), { status, type }));
    });

function serveWebClient(app: NestExpressApplication, dir: string): void {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    return;
  }
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  // Client-side routes (/connections, /login, ...) all load the single page.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage =
      req.method === 'GET' && !req.path.startsWith('/api') && !['/healthz', '/readyz', '/metrics'].includes(req.path);
    if (isPage && req.accepts('html')) {
      res.sendFile(index);
      return;
    }
    next();
  });
}
