/**
 * Domain error codes. They cross process boundaries as strings, never as `instanceof`
 * (STYLE.md); the gateway maps each to an HTTP status in one exhaustive switch.
 */
export const ERROR_CODES = [
  // generic
  'VALIDATION_FAILED',
  'BAD_MESSAGE',
  'NOT_FOUND',
  'CONFLICT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'INTERNAL',
  // auth
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING_APPROVAL',
  'INVALID_RESET_TOKEN',
  'CANNOT_MODIFY_SELF',
  // connections and the broker
  'NO_ACTIVE_CONNECTION',
  'BROKER_REJECTED',
  'BROKER_AUTH_FAILED',
  'BROKER_PENALTY',
  'BROKER_CAPTCHA_REQUIRED',
  'BROKER_RATE_LIMITED',
  'BROKER_UNAVAILABLE',
  'BROKER_TIMEOUT',
  'OAUTH_FAILED',
  // trading
  'ALERT_LIMIT_REACHED',
  'GROUP_NAME_TAKEN',
  // webhooks
  'WEBHOOK_SECRET_UNKNOWN',
  'ALERT_INACTIVE',
  'NO_TARGET_ACCOUNTS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  msg: string;
  /** Dotted path of the offending field, when there is one. */
  loc?: string;
}

/** The error half of a reply, as it travels between services. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** A business rule said no. Thrown in services, carried as a code, never as a class. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }

  static fromBody(body: ErrorBody): DomainError {
    return new DomainError(body.code, body.message, body.details);
  }
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
