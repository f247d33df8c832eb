import { z } from 'zod';
import { request } from './contract';
import { Id } from './shared.schemas';
import { Topic } from './topics';

// Contracts owned by the auth service: request payload schemas, reply schemas and the events it emits.

/** The gateway checks every bearer token's user on each call: deleted, deactivated or logged-out users are refused. */
export const VerifySessionV1 = z.object({ userId: Id, issuedAt: z.number().int() });
export const SessionUserV1 = z.object({ id: Id, email: z.string(), isAdmin: z.boolean() });
export type SessionUserV1 = z.infer<typeof SessionUserV1>;

export const authContracts = {
  [Topic.AuthVerifySession]: request({ owner: 'auth', version: 1, request: VerifySessionV1, reply: SessionUserV1 }),
} as const;
