import type { INestApplication } from '@nestjs/common';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the app's express router serves, as "METHOD /path/:param" (read at runtime, so none is missed). */
export function registeredRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)?.stack ?? [];
  return stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : [],
  );
}
