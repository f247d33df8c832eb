import path from 'node:path';
import { baseConfigShape, port } from '@app/common';
import { authSettings } from '@app/auth/auth.settings';
import { connectionsSettings } from '@app/connections/connections.settings';
import { executionSettings } from '@app/execution/execution.settings';
import { gatewaySettings } from '@app/gateway/gateway.settings';
import { tradingSettings } from '@app/trading/trading.settings';
import { z } from 'zod';

/**
 * Standalone mode reads every service's settings at once (one process, one environment); with no
 * variable set it runs as-is: embedded database under ./data, in-process transport.
 *
 * PUBLIC_URL, unset, follows PORT (`PORT=8080 npm start` is reached at http://localhost:8080, and its
 * webhook and OAuth URLs must say so); with PORT 0 (a free port, chosen when listening) it stays
 * http://localhost:3000, as in the other services.
 */
export const standaloneConfigSchema = z
  .object({
    ...baseConfigShape,
    ...authSettings,
    ...connectionsSettings,
    ...tradingSettings,
    ...executionSettings,
    ...gatewaySettings,
    DATA_DIR: z
      .string()
      .default('./data')
      .transform((p) => path.resolve(p)),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
    /** Port of the sandbox simulator (TRADOVATE_SANDBOX); 0 = random. */
    SIMULATOR_PORT: port(0),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    PUBLIC_URL: z.url().optional(),
  })
  .transform((c) => ({ ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}` }));

export type StandaloneConfig = z.output<typeof standaloneConfigSchema>;
