import { z } from 'zod';

/** The execution service's own variables (logging, Kafka and the database come from the host). */
export const executionSettings = {} satisfies z.ZodRawShape;

export type ExecutionConfig = z.output<z.ZodObject<typeof executionSettings>>;
