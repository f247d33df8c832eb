import { createHmac } from 'node:crypto';

/**
 * HTTP helpers for specs that drive a started app with global fetch (one copy for every suite).
 * Bodies are parsed as JSON when they are JSON and kept as text otherwise (HTML pages, redirects).
 */
export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  location: string | null;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** Sent as is instead of `body` (malformed JSON, other content types). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
  }
  let payload: string | undefined;
  if (opts.raw !== undefined) {
    payload = opts.raw;
    headers['content-type'] = opts.contentType ?? 'application/json';
  } else if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${url}${path}`, { method, headers, body: payload, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // HTML or empty redirect bodies stay text
  }
  return { status: res.status, body: body as T, headers: res.headers, location: res.headers.get('location') };
}

let counter = 0;
/** A fresh, valid address per call. */
export const newEmail = (prefix = 'user'): string => `${prefix}-${Date.now()}-${++counter}@example.com`;

const b64 = (v: object | string): string =>
  Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** A JWT signed with `secret` (HS256), or unsigned with alg none when `secret` is null. */
export function signJwt(claims: object, secret: string | null): string {
  if (secret === null) {
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  }
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The error body's `detail` as one line (a string, or the `msg` of each item). */
export const detailText = (body: { detail?: unknown }): string =>
  Array.isArray(body.detail) ? body.detail.map((d: { msg: string }) => d.msg).join(', ') : String(body.detail);

export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await call<{ access_token: string }>(url, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) {
    throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.access_token;
}

export interface ActiveUser {
  id: string;
  email: string;
  token: string;
  password: string;
}

/** Registers, approves with the admin token, and signs in: an active user's token. */
export async function activeUser(
  url: string,
  adminToken: string,
  email = newEmail(),
  password = 'user-password-1',
): Promise<ActiveUser> {
  const reg = await call<{ id: string }>(url, 'POST', '/api/auth/register', { body: { email, password } });
  await call(url, 'PUT', `/api/users/${reg.body.id}/status`, { token: adminToken, body: { is_active: true } });
  return { id: reg.body.id, email, token: await login(url, email, password), password };
}

/** The credentials the sandbox simulator is seeded with (simulator/src/seed.ts). */
export const SIM_LOGIN = { username: 'demo', password: 'demo-password', cid: 8, sec: 'sim-secret' };

export interface TradingAlert {
  alertId: string;
  /** The alert's contract, e.g. MNQZ6. */
  symbol: string;
  /** The last part of the user's webhook URL: POST /api/webhooks/tradingview/<secret>. */
  secret: string;
}

/**
 * What a user sets up in the app before a webhook trades, through the API: a credentials connection to the simulator
 * (SIM_LOGIN), tested; a group holding it; an active alert named "breakout" on MNQ's first contract, targeting the group;
 * and the secret of the user's webhook URL.
 */
export async function tradingAlert(url: string, token: string): Promise<TradingAlert> {
  const conn = await call<{ id: string }>(url, 'POST', '/api/connections', {
    token,
    body: { nickname: 'sim', environment: 'demo', ...SIM_LOGIN },
  });
  await call(url, 'POST', `/api/connections/${conn.body.id}/test`, { token });
  const group = await call<{ id: string }>(url, 'POST', '/api/groups', { token, body: { name: 'desk' } });
  await call(url, 'PUT', `/api/groups/${group.body.id}`, { token, body: { connection_ids: [conn.body.id] } });
  const search = await call<{ contracts: { contract_id: number; symbol: string }[] }>(
    url,
    'POST',
    '/api/symbols/search',
    { token, body: { symbol: 'MNQ' } },
  );
  const [contract] = search.body.contracts;
  const alert = await call<{ id: string }>(url, 'POST', '/api/alerts', {
    token,
    body: {
      name: 'breakout',
      symbol: contract.symbol,
      symbolId: contract.contract_id,
      status: 'active',
      groupIds: [group.body.id],
    },
  });
  const secret = (await call<{ url: string }>(url, 'GET', '/api/webhooks/endpoint', { token })).body.url
    .split('/')
    .pop()!;
  return { alertId: alert.body.id, symbol: contract.symbol, secret };
}
