import type { z } from 'zod';

/** The trading service's own variables (logging, Kafka and the database come from the host). */
export const tradingSettings = {} satisfies z.ZodRawShape;

export type TradingConfig = z.output<z.ZodObject<typeof tradingSettings>>;
