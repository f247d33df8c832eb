import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@app/contracts';
import type { Request } from 'express';

/** The authenticated caller, as the JWT strategy puts it on the request. */
export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/**
 * The message context of this HTTP call: its request id, and the user from the token (never
 * from the body).
 */
export const MsgCtx = createParamDecorator((_: unknown, ctx: ExecutionContext): MessageContext => {
  const req = ctx.switchToHttp().getRequest<Request & { id?: string; user?: AuthUser }>();
  return { correlationId: String(req.id), userId: req.user?.id ?? null };
});
