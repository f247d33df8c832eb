import { call } from './http-client';

/** The hidden inputs and action of the simulator's consent form, as a browser would submit them. */
export function consentFormOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[m[1]] = m[2]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  }
  return { action, fields };
}

/**
 * Walks the OAuth consent like a browser: asks the product for the provider URL, signs in on the
 * simulator's page, decides, and answers where the provider sends the browser back to.
 */
export async function oauthConsent(
  appUrl: string,
  token: string,
  decision: 'authorize' | 'deny',
  login = { username: 'demo', password: 'demo-password' },
): Promise<URL> {
  const { body } = await call<{ url: string }>(appUrl, 'GET', '/api/tradovate/oauth-url', { token });
  const page = await fetch(body.url);
  const form = consentFormOf(await page.text());
  const submit = await fetch(new URL(form.action, body.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...login, decision }).toString(),
    redirect: 'manual',
  });
  if (submit.status !== 302) {
    throw new Error(`consent page answered ${submit.status}`);
  }
  return new URL(submit.headers.get('location') ?? '');
}

/** Completes the connection: the provider redirects to PUBLIC_URL; keep only the path for the test app. */
export const followToCallback = (appUrl: string, back: URL) => call(appUrl, 'GET', `${back.pathname}${back.search}`);
