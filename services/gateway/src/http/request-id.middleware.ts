import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from '@app/common';

const VALID_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (a caller's X-Request-Id is kept when it is sane), echoes it in the
 * response, and opens the request context that every log line and message of this request carries.
 */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  requestContext.run({ requestId: id }, () => next());
}
