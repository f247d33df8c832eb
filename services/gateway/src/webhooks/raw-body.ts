import type { Request } from 'express';

export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Reads a request body as text, up to `limit` bytes. Over the limit the rest is drained and
 * `tooLarge` is set, so the webhook can still be attributed and logged (a parser error could not).
 */
export async function readRawBody(
  req: Request,
  limit = WEBHOOK_BODY_LIMIT,
): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
    } else if (!tooLarge) {
      chunks.push(buf);
    }
  }
  return { text: tooLarge ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge };
}
