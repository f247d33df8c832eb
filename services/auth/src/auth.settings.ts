import type { z } from 'zod';

/** The auth service's own variables (logging, Kafka and the database come from the host). */
export const authSettings = {} satisfies z.ZodRawShape;

export type AuthConfig = z.output<z.ZodObject<typeof authSettings>>;
