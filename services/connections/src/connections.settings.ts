import type { z } from 'zod';

/** The connections service's own variables (logging, Kafka and the database come from the host). */
export const connectionsSettings = {} satisfies z.ZodRawShape;

export type ConnectionsConfig = z.output<z.ZodObject<typeof connectionsSettings>>;
