// Broker failures as DomainErrors (codes cross processes, STYLE.md) with what a caller needs to decide
// what to do next: whether the order may have been executed, and the broker's own reason.
import type { ErrorCode } from '@app/contracts';
import { DomainError } from '@app/contracts';

export interface BrokerErrorInfo {
  /** The endpoint called, e.g. 'order/placeorder'. */
  endpoint: string;
  status?: number;
  failureReason?: string;
  failureText?: string;
  /** True when the broker may have acted (timeout, 5xx, dropped answer): reconcile before resending. */
  outcomeUnknown?: boolean;
  /** Seconds the broker asked us to wait (penalties). */
  pTime?: number;
}

export type BrokerErrorCode = Extract<ErrorCode, `BROKER_${string}` | 'OAUTH_FAILED'>;

export class BrokerError extends DomainError {
  constructor(
    code: BrokerErrorCode,
    message: string,
    readonly info: BrokerErrorInfo,
  ) {
    super(code, message);
    this.name = 'BrokerError';
  }
}

export const isBrokerError = (error: unknown, code?: BrokerErrorCode): error is BrokerError =>
  error instanceof BrokerError && (code === undefined || error.code === code);

/** Failure reasons worth one retry later (reference §8); anything else is final. */
export const TRANSIENT_FAILURE_REASONS: ReadonlySet<string> = new Set([
  'RiskCheckTimeout',
  'ExecutionProviderUnavailable',
  'AnotherCommandPending',
]);
