import type { NextFunction, Request, Response } from 'express';
import { v7 as uuidv7 } from 'uuid';

const VALID_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A request's id: the caller's X-Request-Id when it is sane, else a new one. The gateway's messages carry it as
 * their correlation id, and the log lines written for the request as their `requestId`.
 * Ours are UUIDv7, ordered by arrival: the journal indexes webhooks by request id, and execution's clOrdIds
 * begin with its time (docs/performance.md).
 */
export const requestIdOf = (incoming: string | undefined): string =>
  incoming && VALID_ID.test(incoming) ? incoming : uuidv7();

/** Gives every request its id (`requestIdOf`) and echoes it in the response. */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const id = requestIdOf(req.header('x-request-id'));
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
