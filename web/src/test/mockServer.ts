import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export interface MockReply {
  status: number;
  body?: unknown;
}

type Handler = (req: MockRequest) => MockReply | Promise<MockReply>;

/** A route answers with a handler, or with plain data as a 200. Keys are 'METHOD /path' (no query). */
export type Routes = Record<string, Handler | object | string | number | boolean | null>;

export const reply = (status: number, body?: unknown): MockReply => ({ status, body });

/**
 * Replaces `fetch` with an in-memory server; records every request so tests can assert what was sent.
 */
export function mockServer(routes: Routes) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const req: MockRequest = {
      method: request.method,
      path: url.pathname,
      url,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    };
    calls.push(req);
    const route = routes[`${req.method} ${req.path}`];
    let answer: MockReply;
    if (route === undefined) {
      answer = reply(404, { detail: `not mocked: ${req.method} ${req.path}`, code: 'NOT_FOUND' });
    } else if (typeof route === 'function') {
      // `typeof` narrows `Handler | object` to `Handler | Function` (an untyped call); every function in a route
      // table is a Handler.
      answer = await (route as Handler)(req);
    } else {
      answer = reply(200, route);
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
