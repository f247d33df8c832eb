import type { NextFunction, Request, Response } from 'express';
import { requestIdMiddleware } from './request-id.middleware';

/** The id one request gets, as the response's X-Request-Id header shows it. */
const idOf = (incoming?: string): string => {
  const headers: Record<string, string> = {};
  const req = {
    header: (name: string) => (name.toLowerCase() === 'x-request-id' ? incoming : undefined),
  } as unknown as Request;
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
  requestIdMiddleware(req, res, (() => undefined) as NextFunction);
  return headers['X-Request-Id'];
};

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdMiddleware', () => {
  it('should give requests UUIDs that sort in the order the requests came', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      ids.push(idOf());
      if (i % 10 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }

    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });

  it("should keep a caller's sane X-Request-Id and replace one that is not", () => {
    expect(idOf('tradingview.alert-42')).toBe('tradingview.alert-42');
    // An id of our own replaces it; a hex UUID may well contain "bad", so the test asks for the UUID itself.
    expect(idOf('bad id\n')).toMatch(UUID_V7);
    expect(idOf('short')).toMatch(UUID_V7);
  });
});
