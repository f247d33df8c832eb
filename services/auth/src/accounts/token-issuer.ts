import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG } from '@app/messaging';
import type { AuthConfig } from '../auth.settings';
import type { UserEntity } from '../users/entities/user.entity';

/** Signs access tokens: HS256, claims sub, email, is_admin, iat, exp (what the gateway's strategy reads). */
@Injectable()
export class TokenIssuer {
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) private readonly config: AuthConfig) {
    this.jwt = new JwtService({ secret: config.JWT_SECRET, signOptions: { algorithm: 'HS256' } });
  }

  /**
   * `iat` is whole seconds and never earlier than the user's revocation instant (itself rounded up to
   * a whole second), so a login right after a password reset is not mistaken for an old session.
   */
  issue(user: UserEntity, now: Date): string {
    const validAfter = user.sessionsValidAfter ? Math.ceil(user.sessionsValidAfter.getTime() / 1000) : 0;
    const iat = Math.max(Math.floor(now.getTime() / 1000), validAfter);
    return this.jwt.sign({
      sub: user.id,
      email: user.email,
      is_admin: user.isAdmin,
      iat,
      exp: iat + this.config.JWT_EXPIRES_IN,
    });
  }
}
