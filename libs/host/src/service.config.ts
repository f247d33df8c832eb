import { baseConfigShape, databaseConfigShape, kafkaConfigShape, loadConfig, port } from '@app/common';
import { z } from 'zod';
import type { ServiceDefinition } from './service-definition';

/** The full config of a service running alone: its settings plus logging, HTTP, Kafka and the database. */
export function distributedConfigSchema(def: ServiceDefinition) {
  return z.object({
    ...baseConfigShape,
    ...kafkaConfigShape,
    ...databaseConfigShape,
    PORT: port(def.defaultPort),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    ...def.settings,
  });
}

export type DistributedConfig = z.output<ReturnType<typeof distributedConfigSchema>>;

export const loadDistributedConfig = (
  def: ServiceDefinition,
  env: NodeJS.ProcessEnv = process.env,
): DistributedConfig => loadConfig(distributedConfigSchema(def), env);
