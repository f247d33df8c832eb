import { createHmac } from 'node:crypto';

/** Small HTTP helpers for the auth e2e specs (global fetch against a started app). */
export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; raw?: string; contentType?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = {};
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
  const res = await fetch(`${url}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
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

export const detailText = (body: { detail?: unknown }): string =>
  Array.isArray(body.detail) ? body.detail.map((d: { msg: string }) => d.msg).join(', ') : String(body.detail);

/** Registers, approves with the admin token, and signs in: an active user's token. */
export async function activeUser(
  url: string,
  adminToken: string,
  email = newEmail(),
  password = 'user-password-1',
): Promise<{ id: string; email: string; token: string; password: string }> {
  const reg = await call<{ id: string }>(url, 'POST', '/api/auth/register', { body: { email, password } });
  await call(url, 'PUT', `/api/users/${reg.body.id}/status`, { token: adminToken, body: { is_active: true } });
  const login = await call<{ access_token: string }>(url, 'POST', '/api/auth/login', { body: { email, password } });
  return { id: reg.body.id, email, token: login.body.access_token, password };
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await call<{ access_token: string }>(url, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) {
    throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.access_token;
}
