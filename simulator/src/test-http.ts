// Tiny fetch wrappers for the simulator's own specs (over real HTTP).
export interface HttpAnswer {
  status: number;
  text: string;
  body: unknown;
  location: string | null;
}

async function call(url: string, init: RequestInit): Promise<HttpAnswer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, text, body, location: res.headers.get('location') };
}

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export const getJson = (url: string, token?: string): Promise<HttpAnswer> => call(url, { headers: auth(token) });

export const postJson = (url: string, body: unknown, token?: string): Promise<HttpAnswer> =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth(token) },
    body: JSON.stringify(body),
  });

export const postForm = (url: string, form: Record<string, string>): Promise<HttpAnswer> =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

export const credentials = (overrides: Record<string, unknown> = {}) => ({
  name: 'demo',
  password: 'demo-password',
  appId: 'TVTradovate',
  appVersion: '1.0',
  deviceId: 'spec-device',
  cid: 8,
  sec: 'sim-secret',
  ...overrides,
});

/** A bearer token for a seeded user in one world. */
export async function login(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await postJson(`${baseUrl}/auth/accesstokenrequest`, credentials(overrides));
  return (answer.body as { accessToken: string }).accessToken;
}
