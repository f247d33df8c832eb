import { Catch, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { ErrorCode, ErrorDetail } from '@app/contracts';
import type { Request, Response } from 'express';
import { httpStatusOf } from './error-status';

/** The one error shape of the API: `detail` (shown as is by the web client), a stable `code`, the request id. */
export interface ApiErrorBody {
  detail: string | ErrorDetail[];
  code: ErrorCode;
  requestId: string;
}

@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiErrorFilter.name);

  catch(err: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { id?: string }>();
    const res = http.getResponse<Response>();
    const { status, body } = apiErrorOf(err, String(req.id ?? ''));
    if (status >= 500) {
      this.logger.error({ err, code: body.code, status, requestId: body.requestId }, 'request failed');
    }
    if (!res.headersSent) {
      res.status(status).json(body);
    }
  }
}

/** The status and body the API answers `err` with (also the webhook route's, which answers outside Nest). */
export function apiErrorOf(err: unknown, requestId: string): { status: number; body: ApiErrorBody } {
  if (err instanceof DomainError) {
    const detail = err.details && err.details.length > 0 ? err.details : err.message;
    return { status: httpStatusOf(err.code), body: { detail, code: err.code, requestId } };
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    return { status, body: { detail: messageOf(err), code: codeOfStatus(status), requestId } };
  }
  // Body-parser errors (malformed JSON, too large) carry a status of their own.
  const parserStatus = (err as { status?: unknown; type?: unknown }).status;
  if (typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500) {
    const detail = PARSER_DETAIL[parserStatus] ?? 'Request body is not valid JSON';
    return { status: parserStatus, body: { detail, code: codeOfStatus(parserStatus), requestId } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL', requestId },
  };
}

/** What a body parser's own status means to the caller (its messages quote the parser, not the request). */
const PARSER_DETAIL: Record<number, string> = {
  413: 'Request body is too large',
  415: 'The request body must be UTF-8 (unsupported character set or content encoding)',
};

const messageOf = (err: HttpException): string => {
  const response = err.getResponse();
  if (typeof response === 'string') {
    return response;
  }
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join(', ') : typeof message === 'string' ? message : err.message;
};

const codeOfStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
  }
};
