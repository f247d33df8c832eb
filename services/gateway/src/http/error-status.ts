import { HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '@app/contracts';

/** The one place where a domain error code becomes an HTTP status (exhaustive: a new code must be mapped). */
export function httpStatusOf(code: ErrorCode): HttpStatus {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'BAD_MESSAGE':
      return HttpStatus.BAD_REQUEST;
    case 'UNAUTHORIZED':
    case 'INVALID_CREDENTIALS':
    case 'WEBHOOK_SECRET_UNKNOWN':
      return HttpStatus.UNAUTHORIZED;
    case 'FORBIDDEN':
    case 'ACCOUNT_PENDING_APPROVAL':
    case 'CANNOT_MODIFY_SELF':
      return HttpStatus.FORBIDDEN;
    case 'NOT_FOUND':
      return HttpStatus.NOT_FOUND;
    case 'CONFLICT':
    case 'EMAIL_TAKEN':
    case 'ALERT_LIMIT_REACHED':
    case 'GROUP_NAME_TAKEN':
    case 'ALERT_INACTIVE':
      return HttpStatus.CONFLICT;
    case 'PAYLOAD_TOO_LARGE':
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case 'UNPROCESSABLE':
    case 'NO_TARGET_ACCOUNTS':
    case 'NO_ACTIVE_CONNECTION':
    case 'INVALID_RESET_TOKEN':
    case 'OAUTH_FAILED':
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case 'RATE_LIMITED':
      return HttpStatus.TOO_MANY_REQUESTS;
    // The broker said no or could not be reached: the request was fine, the upstream was not.
    case 'BROKER_REJECTED':
    case 'BROKER_AUTH_FAILED':
    case 'BROKER_PENALTY':
    case 'BROKER_CAPTCHA_REQUIRED':
    case 'BROKER_RATE_LIMITED':
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case 'BROKER_UNAVAILABLE':
    case 'BROKER_TIMEOUT':
      return HttpStatus.BAD_GATEWAY;
    case 'SERVICE_UNAVAILABLE':
      return HttpStatus.SERVICE_UNAVAILABLE;
    case 'TIMEOUT':
      return HttpStatus.GATEWAY_TIMEOUT;
    case 'INTERNAL':
      return HttpStatus.INTERNAL_SERVER_ERROR;
  }
}
