// Small node:http helpers: body reading and parsing, and one reply shape every route returns.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  /** JSON-encoded unless `html` or `empty` says otherwise. */
  body?: unknown;
  html?: string;
  location?: string;
  /** Send no body at all (Content-Length: 0), as Tradovate does for 401/404/429. */
  empty?: boolean;
}

export const json = (body: unknown, status = 200): Reply => ({ status, body });
export const empty = (status: number): Reply => ({ status, empty: true });
export const INVALID_PARAMS: Reply = json({ errorText: 'Invalid or missed parameters' });

/** Marker for a body that could not be parsed: routes answer "Invalid or missed parameters". */
export const UNPARSABLE = Symbol('unparsable');
export type Body = Record<string, unknown> | undefined | typeof UNPARSABLE;

const MAX_BODY = 1_000_000;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function parseBody(raw: string, contentType: string | undefined): Body {
  if (raw.trim() === '') {
    return undefined;
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : UNPARSABLE;
  } catch {
    return UNPARSABLE;
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) {
    return;
  }
  if (reply.location) {
    res.writeHead(reply.status, { location: reply.location, 'content-length': 0 });
    res.end();
    return;
  }
  if (reply.empty) {
    res.writeHead(reply.status, { 'content-length': 0 });
    res.end();
    return;
  }
  const isHtml = reply.html !== undefined;
  const text = isHtml ? (reply.html as string) : JSON.stringify(reply.body ?? null);
  res.writeHead(reply.status, {
    'content-type': isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export const bearer = (req: IncomingMessage): string | undefined => {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S.*)$/i.exec(header) : null;
  return match ? match[1].trim() : undefined;
};

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
