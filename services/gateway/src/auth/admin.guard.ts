import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { AuthUser } from '../http/msg-context.decorator';

/** Administrators only (use after JwtAuthGuard). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user?.isAdmin) {
      throw new DomainError('FORBIDDEN', "You don't have permission to access this page.");
    }
    return true;
  }
}
