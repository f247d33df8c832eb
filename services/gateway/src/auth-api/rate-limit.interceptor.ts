import { Inject, Injectable, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@app/contracts';
import { APP_CONFIG } from '@app/messaging';
import type { Request } from 'express';
import { catchError, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import type { GatewayConfig } from '../gateway.settings';
import { SlidingWindowLimiter } from './sliding-window.limiter';

export type LimitedRoute = 'login' | 'register' | 'forgot';
const ROUTE_KEY = 'auth-rate-limit-route';
export const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

interface Limits {
  perIp: number;
  perEmail: number;
  /** Count only failed attempts per email (a user signing in again and again is fine). */
  emailFailuresOnly: boolean;
}

/** Limits a route per client address and per email in the body: 429 once either is used up. */
@Injectable()
export class AuthRateLimitInterceptor implements NestInterceptor {
  private readonly limiter: SlidingWindowLimiter;
  private readonly limits: Record<LimitedRoute, Limits>;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly reflector: Reflector,
  ) {
    this.limiter = new SlidingWindowLimiter(config.RATE_LIMIT_WINDOW_MS);
    this.limits = {
      login: {
        perIp: config.RATE_LIMIT_LOGIN_PER_IP,
        perEmail: config.RATE_LIMIT_LOGIN_PER_EMAIL,
        emailFailuresOnly: true,
      },
      register: {
        perIp: config.RATE_LIMIT_REGISTER_PER_IP,
        perEmail: config.RATE_LIMIT_REGISTER_PER_EMAIL,
        emailFailuresOnly: false,
      },
      forgot: {
        perIp: config.RATE_LIMIT_FORGOT_PER_IP,
        perEmail: config.RATE_LIMIT_FORGOT_PER_EMAIL,
        emailFailuresOnly: false,
      },
    };
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<LimitedRoute | undefined>(ROUTE_KEY, ctx.getHandler());
    if (!route) {
      return next.handle();
    }
    const limits = this.limits[route];
    const req = ctx.switchToHttp().getRequest<Request>();
    const ipKey = `${route}|ip|${req.ip ?? 'unknown'}`;
    const email = emailOf(req.body);
    const emailKey = email ? `${route}|email|${email}` : null;
    if (
      this.limiter.isLimited(ipKey, limits.perIp) ||
      (emailKey && this.limiter.isLimited(emailKey, limits.perEmail))
    ) {
      throw new DomainError('RATE_LIMITED', TOO_MANY);
    }
    this.limiter.hit(ipKey);
    if (emailKey && !limits.emailFailuresOnly) {
      this.limiter.hit(emailKey);
    }
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (emailKey && limits.emailFailuresOnly) {
          this.limiter.hit(emailKey);
        }
        return throwError(() => err);
      }),
    );
  }
}

/** The email as the auth service will store it (trimmed, lower-case), bounded in length. */
const emailOf = (body: unknown): string | null => {
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase().slice(0, 254) : null;
};

/** Puts a route under the sign-in rate limits (settings RATE_LIMIT_*). */
export const RateLimited = (route: LimitedRoute) =>
  applyDecorators(SetMetadata(ROUTE_KEY, route), UseInterceptors(AuthRateLimitInterceptor));
