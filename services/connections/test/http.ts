/** HTTP helpers for the connections e2e specs (global fetch against a started standalone app). */
export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
  location: string | null;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
  }
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // HTML or empty redirect bodies stay text
  }
  return { status: res.status, body: body as T, location: res.headers.get('location') };
}

let counter = 0;
export const newEmail = (prefix = 'conn'): string => `${prefix}-${Date.now()}-${++counter}@example.com`;

export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await call<{ access_token: string }>(url, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) {
    throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.access_token;
}

/** Registers, approves with the admin token and signs in: an active user. */
export async function activeUser(url: string, adminToken: string): Promise<{ id: string; token: string }> {
  const email = newEmail();
  const password = 'user-password-1';
  const reg = await call<{ id: string }>(url, 'POST', '/api/auth/register', { body: { email, password } });
  await call(url, 'PUT', `/api/users/${reg.body.id}/status`, { token: adminToken, body: { is_active: true } });
  return { id: reg.body.id, token: await login(url, email, password) };
}

/** The credentials the sandbox simulator is seeded with (simulator/src/seed.ts). */
export const SIM_LOGIN = { username: 'demo', password: 'demo-password', cid: 8, sec: 'sim-secret' };
