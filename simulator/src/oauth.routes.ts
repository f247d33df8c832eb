// OAuth (reference §2): a real consent page with a login form, then a single-use code exchanged at
// /auth/oauthtoken (with or without /v1, form-encoded or JSON). OAuth tokens work on both hosts.
import type { Body, Reply } from './http';
import { json, UNPARSABLE } from './http';
import { REFRESH_TTL_SECONDS } from './sessions';
import type { SimState } from './state';
import type { Route } from './route';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Params = Record<string, string>;

function validate(state: SimState, p: Params): string | undefined {
  if (p.response_type !== 'code') {
    return 'response_type must be "code"';
  }
  const client = state.seed.oauthClients.find((c) => c.clientId === p.client_id);
  if (!client) {
    return 'Unknown client_id';
  }
  if (!p.redirect_uri) {
    return 'redirect_uri is required';
  }
  if (client.redirectUris?.length && !client.redirectUris.includes(p.redirect_uri)) {
    return 'redirect_uri does not match the registered one';
  }
  return undefined;
}

function page(p: Params, error?: string): string {
  const hidden = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope']
    .filter((k) => p[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(p[k])}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tradovate Simulator – Authorize</title></head>
<body>
  <main>
    <h1>Authorize ${esc(p.client_id ?? '')}</h1>
    <p>The application <strong>${esc(p.client_id ?? '')}</strong> asks to trade on your accounts.</p>
    ${error ? `<p role="alert">${esc(error)}</p>` : ''}
    <form method="post" action="/oauth">
      ${hidden}
      <label for="username">Username</label>
      <input id="username" name="username" autocomplete="username" required>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit" name="decision" value="authorize">Authorize</button>
      <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
    </form>
  </main>
</body></html>`;
}

const redirect = (uri: string, params: Params): Reply => {
  const url = new URL(uri);
  Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
  return { status: 302, location: url.toString() };
};

export function consentPage(state: SimState, query: URLSearchParams): Reply {
  const p = Object.fromEntries(query);
  const problem = validate(state, p);
  return problem ? { status: 400, html: page(p, problem) } : { status: 200, html: page(p) };
}

export function consentSubmit(state: SimState, body: Body): Reply {
  const p: Params =
    body && body !== UNPARSABLE ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) : {};
  const problem = validate(state, p);
  if (problem) {
    return { status: 400, html: page(p, problem) };
  }
  const echo: Params = p.state !== undefined ? { state: p.state } : {};
  if (p.decision !== 'authorize') {
    return redirect(p.redirect_uri, { error: 'access_denied', ...echo });
  }
  const user = state.directory.authenticate(p.username, p.password);
  if (!user) {
    return { status: 200, html: page(p, 'Incorrect username or password.') };
  }
  return redirect(p.redirect_uri, {
    code: state.sessions.issueCode(user.userId, p.client_id, p.redirect_uri),
    ...echo,
  });
}

const grantError = (error: string, description: string): Reply => json({ error, error_description: description });

export function oauthToken(state: SimState, body: Body): Reply {
  if (body === undefined || body === UNPARSABLE) {
    return grantError('invalid_request', 'A form-encoded or JSON body is required');
  }
  const str = (k: string): string | undefined => {
    const v = body[k];
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
  };
  const client = state.seed.oauthClients.find((c) => c.clientId === str('client_id'));
  if (!client || client.clientSecret !== str('client_secret')) {
    return grantError('invalid_client', 'Unknown client or wrong client secret');
  }
  let userId: number | undefined;
  if (str('grant_type') === 'authorization_code') {
    userId = state.sessions.redeemCode(str('code') ?? '', client.clientId, str('redirect_uri'));
  } else if (str('grant_type') === 'refresh_token') {
    userId = state.sessions.redeemRefresh(str('refresh_token') ?? '');
  } else {
    return grantError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
  if (userId === undefined) {
    return grantError('invalid_grant', 'The code or refresh token is invalid, expired or already used');
  }
  const token = state.sessions.issue(userId, 'any', 'oauth');
  return json({
    access_token: token.token,
    token_type: 'Bearer',
    expires_in: state.sessions.ttlSeconds,
    refresh_token: state.sessions.issueRefresh(userId),
    refresh_token_expires_in: REFRESH_TTL_SECONDS,
  });
}

export const oauthTokenRoute: Route = { method: 'POST', auth: false, handle: (ctx) => oauthToken(ctx.state, ctx.body) };
