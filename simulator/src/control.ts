// The test-only control surface: inspect received orders, script prices and inject faults. Also served
// over HTTP under /__control/ (control.routes.ts) for tests running in other processes.
import type { NewUser } from './directory';
import type { FailSpec } from './faults';
import { normalizeEndpoint } from './faults';
import type { ForcedPenalty } from './penalties';
import type { ReceivedOrder, SimState } from './state';
import type { PenaltyLimit, UserRecord, World } from './types';

export interface UserSummary {
  userId: number;
  name: string;
  password: string;
  fullName: string;
  email: string;
  accounts: Record<World, Array<{ id: number; name: string }>>;
}

export interface SimulatorControl {
  /** Every order request received (accepted or not), oldest first. */
  orders(): ReceivedOrder[];
  /** Orders, positions, fills, faults, penalties and prices back to the seed. Users and tokens survive. */
  reset(): void;
  /** Delay answers by `ms` (after executing), for one endpoint ('order/placeorder') or all. */
  setLatency(ms: number, endpoint?: string): void;
  failNext(endpoint: string, spec?: FailSpec): void;
  /** The next `count` (default 1) calls to the endpoint get a penalty ticket. */
  penalize(endpoint: string, penalty: ForcedPenalty): void;
  /** A rolling-window limit for an endpoint; null removes it. */
  setLimit(endpoint: string, limit: PenaltyLimit | null): void;
  /** Bare HTTP 429s for an endpoint ('*' = all, the default), `count` times (default: until called with 0). */
  tooManyRequests(endpoint?: string, count?: number): void;
  /** Every token issued so far is now expired (401 on use, renew fails). */
  expireTokens(): void;
  /** Lifetime of tokens issued from now on. */
  setTokenTtl(seconds: number): void;
  /** Market fill price for a contract (MNQZ6) or every contract of a root (MNQ). */
  setPrice(symbol: string, price: number): void;
  /** Fill a working order (limit, stop, bracket leg) at `price` (default the scripted price). */
  fillOrder(orderId: number, price?: number, world?: World): boolean;
  setFlatLiquidation(mode: 'reject' | 'accept'): void;
  addUser(user: NewUser): UserSummary;
  /** TCP connections accepted and API calls per endpoint ('order/placeorder') since start or reset. */
  stats(): { connections: number; requests: Record<string, number> };
  users(): UserSummary[];
}

const summary = (u: UserRecord): UserSummary => ({
  userId: u.userId,
  name: u.name,
  password: u.password,
  fullName: u.fullName,
  email: u.email,
  accounts: {
    demo: u.accounts.demo.map(({ id, name }) => ({ id, name })),
    live: u.accounts.live.map(({ id, name }) => ({ id, name })),
  },
});

export function createControl(state: SimState): SimulatorControl {
  return {
    orders: () => state.received.map((o) => ({ ...o, legs: [...o.legs] })),
    reset: () => state.resetTrading(),
    setLatency: (ms, endpoint) => state.faults.setLatency(ms, endpoint),
    failNext: (endpoint, spec = { status: 500 }) => state.faults.failNext(endpoint, spec),
    penalize: (endpoint, penalty) => state.penalties.penalize(normalizeEndpoint(endpoint), penalty),
    setLimit: (endpoint, limit) =>
      limit
        ? state.penalties.limits.set(normalizeEndpoint(endpoint), limit)
        : state.penalties.limits.delete(normalizeEndpoint(endpoint)),
    tooManyRequests: (endpoint = '*', count) =>
      state.penalties.setTooManyRequests(endpoint === '*' ? '*' : normalizeEndpoint(endpoint), count),
    expireTokens: () => state.sessions.expireAll(),
    setTokenTtl: (seconds) => {
      state.sessions.ttlSeconds = seconds;
    },
    setPrice: (symbol, price) => state.setPrice(symbol, price),
    fillOrder: (orderId, price, world) => {
      for (const w of world ? [world] : (['demo', 'live'] as const)) {
        const order = state.worlds[w].orders.get(orderId);
        const contract = order && state.library.item(order.contractId);
        if (order && contract && state.worlds[w].isLive(order)) {
          state.worlds[w].fill(order, price ?? order.spec.price ?? order.spec.stopPrice ?? state.priceOf(contract));
          return true;
        }
      }
      return false;
    },
    setFlatLiquidation: (mode) => {
      state.flatLiquidation = mode;
    },
    addUser: (user) => summary(state.directory.add(user)),
    users: () => state.directory.all().map(summary),
    stats: () => ({ connections: state.stats.connections, requests: { ...state.stats.requests } }),
  };
}
