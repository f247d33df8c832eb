import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { DomainError } from '@app/contracts';

/** Requires a valid bearer token; answers 401 with a readable detail otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T | false): T {
    if (err instanceof Error) {
      throw err;
    }
    if (!user) {
      throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
    }
    return user;
  }
}
