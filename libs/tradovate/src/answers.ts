// Reading Tradovate answers: most failures arrive as HTTP 200 with errorText, violations or
// failureReason in the body (reference §6.3, §8), so the body is checked as well as the status.
import { BrokerError } from './broker-error';
import type { Answer, Call } from './transport';

export interface Expect {
  /** errorText on a token request means bad credentials or app → BROKER_AUTH_FAILED. */
  authCall?: boolean;
  /** Answer null on 404 instead of throwing (find/item). */
  nullOn404?: boolean;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

function statusError(answer: Answer, call: Call, authCall: boolean): BrokerError {
  const { status } = answer;
  const info = { endpoint: call.endpoint, status };
  const text = typeof answer.body === 'string' && answer.body ? `: ${answer.body}` : '';
  if (status === 401 || status === 408) {
    // 408 is what Tradovate answers when another login dropped this session.
    return new BrokerError(
      'BROKER_AUTH_FAILED',
      `Tradovate refused the token for ${call.endpoint} (HTTP ${status}${text})`,
      info,
    );
  }
  if (status === 429) {
    return new BrokerError(
      'BROKER_RATE_LIMITED',
      `Tradovate rate limit reached on ${call.endpoint} (HTTP 429); wait before retrying`,
      info,
    );
  }
  if (status === 423) {
    return new BrokerError(
      'BROKER_CAPTCHA_REQUIRED',
      `Tradovate locked ${authCall ? 'logins' : call.endpoint} (HTTP 423); retry in about an hour`,
      info,
    );
  }
  if (status >= 500) {
    return new BrokerError(
      'BROKER_UNAVAILABLE',
      `Tradovate failed on ${call.endpoint} (HTTP ${status}${text}): outcome unknown`,
      { ...info, outcomeUnknown: true },
    );
  }
  return new BrokerError('BROKER_REJECTED', `Tradovate rejected ${call.endpoint} (HTTP ${status}${text})`, info);
}

/** The body of a successful answer, null for an allowed 404, else a BrokerError. */
export function expectOk<T>(answer: Answer, call: Call, expect: Expect = {}): T | null {
  if (answer.status === 404 && expect.nullOn404) {
    return null;
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw statusError(answer, call, expect.authCall ?? false);
  }
  const body = asRecord(answer.body);
  const info = { endpoint: call.endpoint, status: answer.status };
  if (body && typeof body.errorText === 'string' && body.errorText !== '') {
    throw new BrokerError(
      expect.authCall ? 'BROKER_AUTH_FAILED' : 'BROKER_REJECTED',
      `Tradovate: ${body.errorText}`,
      info,
    );
  }
  if (body && Array.isArray(body.violations) && body.violations.length > 0) {
    const list = body.violations
      .map((v) => {
        const description = asRecord(v)?.description;
        return typeof description === 'string' ? description : JSON.stringify(v);
      })
      .join('; ');
    throw new BrokerError('BROKER_REJECTED', `Tradovate rejected ${call.endpoint}: ${list}`, info);
  }
  if (body && typeof body.failureReason === 'string' && body.failureReason !== 'Success') {
    const failureText = typeof body.failureText === 'string' ? body.failureText : '';
    throw new BrokerError(
      'BROKER_REJECTED',
      `Tradovate rejected ${call.endpoint}: ${body.failureReason}${failureText ? `: ${failureText}` : ''}`,
      {
        ...info,
        failureReason: body.failureReason,
        failureText,
      },
    );
  }
  return answer.body as T;
}
