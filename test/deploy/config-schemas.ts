import { distributedConfigSchema } from '@app/host';
import { authDefinition } from '@app/auth/auth.definition';
import { connectionsDefinition } from '@app/connections/connections.definition';
import { executionDefinition } from '@app/execution/execution.definition';
import { gatewayConfigSchema } from '@app/gateway/gateway.config';
import { tradingDefinition } from '@app/trading/trading.definition';
import type { z } from 'zod';

export const SERVICES = ['gateway', 'auth', 'connections', 'trading', 'execution'] as const;
export type Service = (typeof SERVICES)[number];

/** The config schema each service process loads at start: its keys are the environment variables. */
export const configSchemaOf: Record<Service, z.ZodObject> = {
  gateway: gatewayConfigSchema,
  auth: distributedConfigSchema(authDefinition),
  connections: distributedConfigSchema(connectionsDefinition),
  trading: distributedConfigSchema(tradingDefinition),
  execution: distributedConfigSchema(executionDefinition),
};

/** Variables the process reads. */
export const variablesOf = (service: Service): string[] => Object.keys(configSchemaOf[service].shape);

/** Variables without a default that the process refuses to start without. */
export const requiredVariablesOf = (service: Service): string[] =>
  Object.entries(configSchemaOf[service].shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
