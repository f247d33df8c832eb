// Sets a product user up the way a person would, over the REST API: register → the admin approves →
// login → one connection per fan-out with the simulator user's credentials, tested (→ accounts) → a group
// holding that connection → an active alert on the group → the webhook URL.
import type { SimAccountSet } from '../sim-world';
import { SIM_APP } from '../sim-world';
import type { Route } from '../target';

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

type Json = Record<string, unknown>;

async function call<T>(base: string, method: string, path: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) {
    throw new Error(`${method} ${path} → ${res.status} ${text}`);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

const login = async (base: string, email: string, password: string): Promise<string> =>
  (await call<{ access_token: string }>(base, 'POST', '/api/auth/login', { email, password })).access_token;

export async function setUpProductUser(base: string, sets: SimAccountSet[]): Promise<Route[]> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-user-password';
  const registered = await call<Json>(base, 'POST', '/api/auth/register', { email, password });
  const admin = await login(base, ADMIN.email, ADMIN.password);
  const rawId = (registered.user as Json | undefined)?.id ?? registered.id;
  const userId = typeof rawId === 'string' ? rawId : '';
  const id = userId || (await findUserId(base, admin, email));
  await call(base, 'PUT', `/api/users/${id}/status`, { is_active: true }, admin);
  const token = await login(base, email, password);
  const routes: Route[] = [];
  for (const set of sets) {
    const conn = await call<{ id: string }>(
      base,
      'POST',
      '/api/connections',
      {
        nickname: `bench ×${set.fanOut}`,
        username: set.user,
        password: set.password,
        environment: 'demo',
        ...SIM_APP,
        cid: SIM_APP.cid,
      },
      token,
    );
    await call(base, 'POST', `/api/connections/${conn.id}/test`, {}, token);
    const group = await call<{ id: string }>(
      base,
      'POST',
      '/api/groups',
      { name: `bench group ×${set.fanOut}` },
      token,
    );
    await call(base, 'PUT', `/api/groups/${group.id}`, { connection_ids: [conn.id] }, token);
    const alert = await call<{ id: string }>(
      base,
      'POST',
      '/api/alerts',
      { name: `bench alert ×${set.fanOut}`, symbol: 'MNQ1!', groupIds: [group.id] },
      token,
    );
    const endpoint = await call<{ url: string }>(base, 'GET', '/api/webhooks/endpoint', undefined, token);
    routes.push({ fanOut: set.fanOut, webhookUrl: base + new URL(endpoint.url).pathname, alertId: alert.id });
  }
  return routes;
}

async function findUserId(base: string, admin: string, email: string): Promise<string> {
  const list = await call<unknown>(base, 'GET', `/api/users?search=${encodeURIComponent(email)}`, undefined, admin);
  const items = (Array.isArray(list) ? list : ((list as Json).items ?? (list as Json).users ?? [])) as Json[];
  const user = items.find((u) => u.email === email);
  if (!user) {
    throw new Error(`registered user ${email} not found in /api/users`);
  }
  return String(user.id);
}
