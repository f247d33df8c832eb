import { Logger, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import { ApiErrorFilter } from './error.filter';

/** What the caller of one request gets from the filter: the status and the body. */
function answer(err: unknown): { status: number; body: unknown } {
  const res = { headersSent: false, statusCode: 0, body: undefined as unknown };
  const response = {
    get headersSent() {
      return res.headersSent;
    },
    status(code: number) {
      res.statusCode = code;
      return this;
    },
    json(body: unknown) {
      res.body = body;
    },
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => ({ id: 'req-7' }), getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ApiErrorFilter().catch(err, host);
  return { status: res.statusCode, body: res.body };
}

describe(ApiErrorFilter.name, () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it("should answer a domain error with its status, code and message and the request's id, without logging it", () => {
    expect(answer(new DomainError('ALERT_LIMIT_REACHED', 'You can have at most 20 alerts.'))).toEqual({
      status: 409,
      body: { detail: 'You can have at most 20 alerts.', code: 'ALERT_LIMIT_REACHED', requestId: 'req-7' },
    });
    expect(answer(new NotFoundException('Cannot GET /api/nope'))).toEqual({
      status: 404,
      body: { detail: 'Cannot GET /api/nope', code: 'NOT_FOUND', requestId: 'req-7' },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('should answer a bug with a 500 that tells nothing of it, and log it with the request id', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'token')");

    expect(answer(bug)).toEqual({
      status: 500,
      body: { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL', requestId: 'req-7' },
    });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: bug, status: 500, requestId: 'req-7' }),
      'request failed',
    );
  });
});
