import { z } from 'zod';

/** Ids are UUIDs everywhere; a malformed one is a validation error, never a database error. */
export const Id = z.uuid({ message: 'must be a valid id' });
export const Environment = z.enum(['demo', 'live']);
export type Environment = z.infer<typeof Environment>;

/** A symbol as a trader gives it (a search, an alert's mapping, a webhook's `symbol`): futures symbols are short. */
export const SYMBOL_MAX_LENGTH = 32;
