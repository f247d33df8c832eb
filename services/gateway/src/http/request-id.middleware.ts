import type { NextFunction, Request, Response } from 'express';
import { v7 as uuidv7 } from 'uuid';

const VALID_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (a caller's X-Request-Id is kept when it is sane), echoes it in the
 * response. The gateway's messages carry it as their correlation id, and the log lines written for the request as
 * their `requestId`.
 * Ours are UUIDv7, ordered by arrival: the journal indexes webhooks by request id, and execution's clOrdIds
 * begin with its time (docs/performance.md).
 */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const id = incoming && VALID_ID.test(incoming) ? incoming : uuidv7();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
