// Credential auth: accesstokenrequest, renewaccesstoken and me (reference §3).
import { randomBytes } from 'node:crypto';
import { INVALID_PARAMS, json, UNPARSABLE } from './http';
import type { Ctx, RouteTable } from './route';
import type { TokenRecord } from './sessions';
import type { UserRecord } from './types';

const BAD_CREDENTIALS = 'Incorrect username or password. Please try again, noting that passwords are case-sensitive.';

export function tokenResponse(record: TokenRecord, user: UserRecord) {
  return {
    accessToken: record.token,
    mdAccessToken: `md-${randomBytes(18).toString('base64url')}`,
    expirationTime: new Date(record.expiresAt).toISOString(),
    userStatus: 'Active',
    userId: user.userId,
    name: user.name,
    hasLive: user.accounts.live.length > 0,
  };
}

function accessTokenRequest(ctx: Ctx) {
  const body = ctx.body;
  if (body === undefined || body === UNPARSABLE || typeof body.name !== 'string' || typeof body.password !== 'string') {
    return INVALID_PARAMS;
  }
  const cid = typeof body.cid === 'string' && body.cid.trim() !== '' ? Number(body.cid) : body.cid;
  const app = ctx.state.seed.apps.find((a) => a.cid === cid && a.sec === body.sec && a.appId === body.appId);
  if (!app) {
    return json({ errorText: 'The app is not registered' });
  }
  const user = ctx.state.directory.authenticate(body.name, body.password);
  if (!user) {
    return json({ errorText: BAD_CREDENTIALS });
  }
  return json(tokenResponse(ctx.state.sessions.issue(user.userId, ctx.world, 'credential'), user));
}

export const authRoutes: RouteTable = {
  'auth/accesstokenrequest': { method: 'POST', auth: false, handle: accessTokenRequest },
  'auth/renewaccesstoken': {
    method: 'GET',
    auth: true,
    handle: (ctx) => json(tokenResponse(ctx.state.sessions.renew(ctx.token), ctx.user)),
  },
  'auth/me': {
    method: 'GET',
    auth: true,
    handle: ({ user }) =>
      json({
        userId: user.userId,
        name: user.name,
        fullName: user.fullName,
        email: user.email,
        emailVerified: true,
        isTrial: false,
        organizationName: '',
      }),
  },
};
