// One HTTP exchange with Tradovate over a keep-alive undici pool: per-call timeouts, penalty tickets
// (wait p-time, resend the identical body plus p-ticket), and every failure mapped to a BrokerError.
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { BrokerError } from './broker-error';
import type { BrokerErrorCode } from './broker-error';

export interface TransportOptions {
  timeoutMs: number;
  penaltyMaxWaitMs: number;
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  /** For messages and errors: 'order/placeorder'. */
  endpoint: string;
  token?: string;
  body?: Record<string, unknown>;
  /** Send the body form-encoded (OAuth token exchange). */
  form?: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

const MAX_PENALTY_ROUNDS = 5;
/** Errors raised before the request could reach the server: safe to retry, nothing happened. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The request went out and no answer (or no more of it) came in time: the broker may have acted. */
const ANSWER_TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const defaultSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export class Transport {
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ??
      new Agent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connections: 256,
        connect: { timeout: options.timeoutMs },
      });
    this.sleep = options.sleep ?? defaultSleep;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) {
      await this.dispatcher.close();
    }
  }

  /** Sends the call, honouring penalty tickets; returns the final answer (status and parsed body). */
  async send(call: Call): Promise<Answer> {
    let waitedMs = 0;
    let ticket: string | undefined;
    for (let round = 0; ; round += 1) {
      const answer = await this.once(call, ticket);
      const body = asRecord(answer.body);
      if (answer.status !== 200 || !body || typeof body['p-ticket'] !== 'string') {
        return answer;
      }
      const pTime = Number(body['p-time'] ?? 0);
      const info = { endpoint: call.endpoint, status: 200, pTime };
      if (body['p-captcha'] === true) {
        throw new BrokerError(
          'BROKER_CAPTCHA_REQUIRED',
          `Tradovate requires a captcha for ${call.endpoint}; retry in about an hour`,
          info,
        );
      }
      const waitMs = Math.max(0, pTime * 1000);
      if (round >= MAX_PENALTY_ROUNDS || waitedMs + waitMs > this.options.penaltyMaxWaitMs) {
        throw new BrokerError(
          'BROKER_PENALTY',
          `Tradovate penalised ${call.endpoint} (wait ${pTime} s); gave up after ${waitedMs} ms`,
          info,
        );
      }
      await this.sleep(waitMs);
      waitedMs += waitMs;
      ticket = body['p-ticket'];
    }
  }

  private async once(call: Call, ticket: string | undefined): Promise<Answer> {
    const { url, headers, payload } = this.encode(call, ticket);
    try {
      // The timeout is undici's own, per phase: the answer's headers, then each wait in its body (and connecting,
      // the agent's). No AbortController and timer of our own per call: ten a webhook at fan-out 10, they were a
      // measurable share of the webhook path's CPU (docs/performance.md).
      const res = await request(url, {
        method: call.method,
        headers,
        body: payload,
        dispatcher: this.dispatcher,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      const text = await res.body.text();
      return { status: res.statusCode, body: parse(text) };
    } catch (error) {
      throw this.networkError(call, error);
    }
  }

  private encode(call: Call, ticket: string | undefined) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.token) {
      headers.authorization = `Bearer ${call.token}`;
    }
    if (call.method === 'GET') {
      const url = new URL(call.url);
      if (ticket) {
        url.searchParams.set('p-ticket', ticket);
      }
      return { url: url.toString(), headers, payload: undefined };
    }
    const body = { ...(call.body ?? {}), ...(ticket ? { 'p-ticket': ticket } : {}) };
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams(
        Object.entries(body)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]): [string, string] => [k, String(v)]),
      );
      return { url: call.url, headers, payload: form.toString() };
    }
    headers['content-type'] = 'application/json';
    return { url: call.url, headers, payload: JSON.stringify(body) };
  }

  private networkError(call: Call, error: unknown): BrokerError {
    const code = (error as { code?: string } | undefined)?.code ?? '';
    const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code ?? '';
    if (ANSWER_TIMEOUT.has(code)) {
      return fail(
        'BROKER_TIMEOUT',
        `Tradovate did not answer ${call.endpoint} within ${this.options.timeoutMs} ms: outcome unknown`,
        call,
        true,
      );
    }
    if (UNREACHABLE.has(code) || UNREACHABLE.has(cause)) {
      return fail('BROKER_UNAVAILABLE', `Tradovate is unreachable (${code || cause})`, call, false);
    }
    // The request went out and the connection died before the answer: the broker may have acted.
    return fail(
      'BROKER_TIMEOUT',
      `Connection lost during ${call.endpoint} (${code || String(error)}): outcome unknown`,
      call,
      true,
    );
  }
}

const fail = (code: BrokerErrorCode, message: string, call: Call, outcomeUnknown: boolean): BrokerError =>
  new BrokerError(code, message, { endpoint: call.endpoint, outcomeUnknown });

function parse(text: string): unknown {
  if (text.trim() === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
