import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { DomainError, Topic } from '@app/contracts';
import { APP_CONFIG, MessageBus } from '@app/messaging';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { GatewayConfig } from '../gateway.settings';
import type { AuthUser } from '../http/msg-context.decorator';

interface JwtClaims {
  sub: string;
  email: string;
  is_admin: boolean;
  iat: number;
  exp: number;
}

/**
 * Bearer tokens: HS256 only (so `alg: none` and other keys are refused), not expired, and the user
 * must still exist and be active — the auth service answers that, so a deleted, deactivated or
 * reset user's old tokens stop working at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly bus: MessageBus,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(req: Request & { id?: string }, claims: JwtClaims): Promise<AuthUser> {
    const ctx = { correlationId: req.id ?? 'jwt', userId: claims.sub };
    try {
      const user = await this.bus.send(Topic.AuthVerifySession, { userId: claims.sub, issuedAt: claims.iat }, ctx);
      return { id: user.id, email: user.email, isAdmin: user.isAdmin };
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.code === 'UNAUTHORIZED' || err.code === 'NOT_FOUND' || err.code === 'BAD_MESSAGE')
      ) {
        throw new DomainError('UNAUTHORIZED', 'Your session is no longer valid. Please sign in again.');
      }
      throw err;
    }
  }
}
