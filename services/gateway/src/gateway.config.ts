import { baseConfigShape, kafkaConfigShape } from '@app/common';
import { z } from 'zod';
import { gatewaySettings } from './gateway.settings';

/** The gateway's full config as its own process: logging, Kafka, shutdown and its settings (main.ts loads it). */
export const gatewayConfigSchema = z.object({
  ...baseConfigShape,
  ...kafkaConfigShape,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
  ...gatewaySettings,
});
