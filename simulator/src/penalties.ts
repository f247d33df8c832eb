// Tradovate's rate-limit signals (reference §8): penalty tickets answered with HTTP 200
// {p-ticket, p-time[, p-captcha]}, honoured on a retry that carries the ticket after p-time, and a
// bare-429 mode for the user-level cap.
import { randomBytes } from 'node:crypto';
import type { Reply } from './http';
import { empty, json } from './http';
import type { PenaltyLimit } from './types';

interface Ticket {
  endpoint: string;
  notBefore: number;
  pTime: number;
  captcha: boolean;
}

export interface ForcedPenalty {
  pTime: number;
  captcha?: boolean;
  count?: number;
}

/** Endpoints whose penalties always demand a captcha (bad logins at Tradovate). */
const ALWAYS_CAPTCHA = new Set(['auth/accesstokenrequest']);
const DEFAULT_P_TIME = 1;

export class Penalties {
  readonly limits = new Map<string, PenaltyLimit>();
  private readonly hits = new Map<string, number[]>();
  private readonly forced = new Map<string, Required<ForcedPenalty>>();
  private readonly tickets = new Map<string, Ticket>();
  private tooMany: { endpoint: string; remaining: number } | undefined;

  constructor(initial: Record<string, PenaltyLimit>) {
    Object.entries(initial).forEach(([e, l]) => this.limits.set(e, l));
  }

  reset(initial: Record<string, PenaltyLimit>): void {
    this.limits.clear();
    this.hits.clear();
    this.forced.clear();
    this.tickets.clear();
    this.tooMany = undefined;
    Object.entries(initial).forEach(([e, l]) => this.limits.set(e, l));
  }

  penalize(endpoint: string, penalty: ForcedPenalty): void {
    this.forced.set(endpoint, { captcha: false, count: 1, ...penalty });
  }

  /** Bare 429s for `endpoint` ('*' = all), `count` times (default: until turned off with count 0). */
  setTooManyRequests(endpoint: string, count = Number.POSITIVE_INFINITY): void {
    this.tooMany = count > 0 ? { endpoint, remaining: count } : undefined;
  }

  /** A reply when the call must not run, undefined when it may. */
  gate(endpoint: string, ticket: string | undefined): Reply | undefined {
    if (this.tooMany && (this.tooMany.endpoint === '*' || this.tooMany.endpoint === endpoint)) {
      this.tooMany.remaining -= 1;
      if (this.tooMany.remaining <= 0) {
        this.tooMany = undefined;
      }
      return empty(429);
    }
    const limit = this.limits.get(endpoint);
    if (ticket !== undefined) {
      const held = this.tickets.get(ticket);
      if (held && held.endpoint === endpoint && Date.now() >= held.notBefore) {
        this.tickets.delete(ticket);
        return undefined;
      }
      // Early or unknown ticket: a fresh penalty, as long as the first one.
      return this.issue(endpoint, held?.pTime ?? limit?.pTime ?? DEFAULT_P_TIME, held?.captcha ?? false);
    }
    const forced = this.forced.get(endpoint);
    if (forced) {
      forced.count -= 1;
      if (forced.count <= 0) {
        this.forced.delete(endpoint);
      }
      return this.issue(endpoint, forced.pTime, forced.captcha);
    }
    if (limit) {
      const since = Date.now() - limit.windowMs;
      const recent = (this.hits.get(endpoint) ?? []).filter((t) => t > since);
      this.hits.set(endpoint, recent);
      if (recent.length >= limit.limit) {
        return this.issue(endpoint, limit.pTime, limit.captcha ?? false);
      }
    }
    return undefined;
  }

  record(endpoint: string, failed: boolean): void {
    const limit = this.limits.get(endpoint);
    if (!limit || (limit.failuresOnly && !failed)) {
      return;
    }
    const list = this.hits.get(endpoint) ?? [];
    list.push(Date.now());
    this.hits.set(endpoint, list);
  }

  private issue(endpoint: string, pTime: number, captcha: boolean): Reply {
    const ticket = randomBytes(16).toString('hex');
    const needsCaptcha = captcha || ALWAYS_CAPTCHA.has(endpoint);
    this.tickets.set(ticket, { endpoint, notBefore: Date.now() + pTime * 1000, pTime, captcha: needsCaptcha });
    return json({ 'p-ticket': ticket, 'p-time': pTime, ...(needsCaptcha ? { 'p-captcha': true } : {}) });
  }
}
