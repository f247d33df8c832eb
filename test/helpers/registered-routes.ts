import type { INestApplication } from '@nestjs/common';
import { WEBHOOK_ROUTE } from '@app/gateway/webhooks/webhook-route';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every route the app serves, as "METHOD /path/:param": the express router's (read at runtime, so none is missed)
 * and TradingView's POST, which the HTTP server answers before Express (webhook-route.ts).
 */
export function registeredRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)?.stack ?? [];
  return [
    ...stack.flatMap((layer) =>
      layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : [],
    ),
    WEBHOOK_ROUTE,
  ];
}
