// The simulator's in-memory world: users, sessions, the contract library, two trading worlds, scripted
// prices, the log of every order received, injected faults and penalties.
import { productByName } from './catalogue';
import { ContractLibrary } from './contract-library';
import type { ContractEntity } from './contract-library';
import { Directory } from './directory';
import { Faults } from './faults';
import { Penalties } from './penalties';
import type { ResolvedSeed } from './seed';
import { Sessions } from './sessions';
import type { World } from './types';
import { TradingWorld } from './world';
import type { Action } from './world';

export type OrderKind = 'order' | 'oso' | 'oco' | 'liquidate';

export interface ReceivedLeg {
  action: unknown;
  orderType: unknown;
  price?: unknown;
  stopPrice?: unknown;
}

/** Every order request the simulator received, accepted or not, in arrival order. */
export interface ReceivedOrder {
  world: World;
  kind: OrderKind;
  accountId: unknown;
  clOrdId?: unknown;
  action?: unknown;
  symbol?: unknown;
  contractId?: unknown;
  orderQty?: unknown;
  orderType?: unknown;
  price?: unknown;
  stopPrice?: unknown;
  legs: ReceivedLeg[];
  /** Milliseconds since the epoch, sub-millisecond resolution. */
  receivedAt: number;
  /** The outcome: the order id(s) or the failure text. */
  orderId?: number;
  failure?: string;
}

const WORLD_BASE: Record<World, number> = { demo: 200_000_000, live: 300_000_000 };

export class SimState {
  readonly directory: Directory;
  readonly sessions: Sessions;
  readonly library: ContractLibrary;
  readonly faults = new Faults();
  readonly penalties: Penalties;
  worlds!: Record<World, TradingWorld>;
  received: ReceivedOrder[] = [];
  flatLiquidation: 'reject' | 'accept';
  /** TCP connections accepted and API calls per endpoint since start or the last reset. */
  stats = { connections: 0, requests: {} as Record<string, number> };
  private prices = new Map<string, number>();

  constructor(
    readonly seed: ResolvedSeed,
    tokenTtlSeconds: number,
  ) {
    this.directory = new Directory(seed.users);
    this.sessions = new Sessions(tokenTtlSeconds);
    this.library = new ContractLibrary(seed.catalogueDate);
    this.penalties = new Penalties(seed.limits);
    this.flatLiquidation = seed.flatLiquidation;
    this.resetTrading();
  }

  /** Trading state, faults, penalties and prices back to the seed; users and tokens survive. */
  resetTrading(): void {
    this.worlds = { demo: new TradingWorld(WORLD_BASE.demo), live: new TradingWorld(WORLD_BASE.live) };
    this.received = [];
    this.stats = { connections: 0, requests: {} };
    this.faults.reset();
    this.penalties.reset(this.seed.limits);
    this.flatLiquidation = this.seed.flatLiquidation;
    this.prices = new Map(Object.entries(this.seed.prices).map(([k, v]) => [k.toUpperCase(), v]));
  }

  countRequest(endpoint: string): void {
    this.stats.requests[endpoint] = (this.stats.requests[endpoint] ?? 0) + 1;
  }

  /** `symbol` is a contract name (MNQZ6) or a root (MNQ, every month). */
  setPrice(symbol: string, price: number): void {
    this.prices.set(symbol.toUpperCase(), price);
  }

  priceOf(contract: ContractEntity): number {
    const spec = this.library.specOf(contract.id);
    const root = spec?.name ?? '';
    return this.prices.get(contract.name) ?? this.prices.get(root) ?? productByName(root)?.defaultPrice ?? 100;
  }

  accountOf(world: World, userId: number, accountId: unknown) {
    const user = this.directory.byId(userId);
    return typeof accountId === 'number' ? user?.accounts[world].find((a) => a.id === accountId) : undefined;
  }

  ownsOrder(world: World, userId: number, orderId: number): boolean {
    const order = this.worlds[world].orders.get(orderId);
    return order !== undefined && this.accountOf(world, userId, order.accountId) !== undefined;
  }

  opposite = (action: Action): Action => (action === 'Buy' ? 'Sell' : 'Buy');
}
