// What a route handler sees and returns.
import type { Body, Reply } from './http';
import type { TokenRecord } from './sessions';
import type { SimState } from './state';
import type { UserRecord, World } from './types';

export interface Ctx {
  state: SimState;
  world: World;
  endpoint: string;
  query: URLSearchParams;
  body: Body;
  /** Set on bearer routes: the caller's token and user. */
  token: TokenRecord;
  user: UserRecord;
}

export interface Route {
  method: 'GET' | 'POST';
  /** Bearer token required (401 otherwise). */
  auth: boolean;
  handle(ctx: Ctx): Reply;
}

export type RouteTable = Record<string, Route>;

export const isFailure = (reply: Reply): boolean => {
  const body = reply.body as Record<string, unknown> | undefined;
  return reply.status >= 400 || (typeof body === 'object' && body !== null && ('errorText' in body || 'error' in body));
};
