// One trading world (demo or live): orders, order versions, fills and positions, with a deterministic
// fill model: market orders fill at once at the scripted price; other types stay Working until a test
// fills them (control.fillOrder). OSO legs wait Suspended until their entry fills; OCO siblings cancel.
import type { FillRecord, OrderRecord, OrderSpec, OrdStatus, PositionRecord } from './world.types';

export type { Action, FillRecord, OrderRecord, OrderSpec, OrdStatus, PositionRecord } from './world.types';

const LIVE: ReadonlySet<OrdStatus> = new Set(['Working', 'Suspended']);
const tradeDate = (d = new Date()) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });

export class TradingWorld {
  readonly orders = new Map<number, OrderRecord>();
  readonly fills: FillRecord[] = [];
  private readonly positions = new Map<string, PositionRecord>();
  /** Indexes so a fill stays O(1) however many orders a benchmark has placed. */
  private readonly childrenOf = new Map<number, OrderRecord[]>();
  private readonly ocoGroups = new Map<number, OrderRecord[]>();
  private nextOrderId: number;
  private nextFillId: number;
  private nextCommandId: number;

  /** `base` keeps demo and live ids apart (demo 2xx million, live 3xx million). */
  constructor(private readonly base: number) {
    this.nextOrderId = base + 1;
    this.nextFillId = base + 500_000_001;
    this.nextCommandId = base + 700_000_001;
  }

  place(accountId: number, contractId: number, spec: OrderSpec, link: { parentId?: number } = {}): OrderRecord {
    const order: OrderRecord = {
      id: this.nextOrderId++,
      accountId,
      contractId,
      timestamp: new Date().toISOString(),
      action: spec.action,
      ordStatus: link.parentId === undefined ? 'Working' : 'Suspended',
      admin: false,
      spec,
      ...(link.parentId !== undefined ? { parentId: link.parentId } : {}),
      ...(spec.clOrdId !== undefined ? { clOrdId: spec.clOrdId } : {}),
    };
    this.orders.set(order.id, order);
    if (link.parentId !== undefined) {
      this.childrenOf.set(link.parentId, [...(this.childrenOf.get(link.parentId) ?? []), order]);
    }
    return order;
  }

  link(orders: OrderRecord[], ocoId: number): void {
    orders.forEach((o) => (o.ocoId = ocoId));
    this.ocoGroups.set(ocoId, orders);
  }

  commandId = (): number => this.nextCommandId++;

  isLive = (order: OrderRecord): boolean => LIVE.has(order.ordStatus);

  fill(order: OrderRecord, price: number): FillRecord {
    const fill: FillRecord = {
      id: this.nextFillId++,
      orderId: order.id,
      contractId: order.contractId,
      timestamp: new Date().toISOString(),
      tradeDate: tradeDate(),
      action: order.action,
      qty: order.spec.orderQty,
      price,
      active: true,
      finallyPaired: 0,
    };
    this.fills.push(fill);
    order.ordStatus = 'Filled';
    this.applyToPosition(order.accountId, order.contractId, order.action === 'Buy' ? fill.qty : -fill.qty, price);
    this.children(order).forEach((c) => (c.ordStatus = 'Working'));
    if (order.ocoId !== undefined) {
      this.siblings(order).forEach((s) => this.cancel(s));
    }
    return fill;
  }

  cancel(order: OrderRecord): void {
    if (!this.isLive(order)) {
      return;
    }
    order.ordStatus = 'Canceled';
    this.children(order).forEach((c) => this.cancel(c));
  }

  workingFor(accountId: number, contractId: number): OrderRecord[] {
    return [...this.orders.values()].filter(
      (o) => o.accountId === accountId && o.contractId === contractId && this.isLive(o),
    );
  }

  position(accountId: number, contractId: number): PositionRecord | undefined {
    return this.positions.get(`${accountId}:${contractId}`);
  }

  positionList = (): PositionRecord[] => [...this.positions.values()];

  private children = (order: OrderRecord): OrderRecord[] =>
    (this.childrenOf.get(order.id) ?? []).filter((o) => this.isLive(o));

  private siblings = (order: OrderRecord): OrderRecord[] =>
    (order.ocoId === undefined ? [] : (this.ocoGroups.get(order.ocoId) ?? [])).filter(
      (o) => o.id !== order.id && this.isLive(o),
    );

  private applyToPosition(accountId: number, contractId: number, signedQty: number, price: number): void {
    const key = `${accountId}:${contractId}`;
    const pos = this.positions.get(key) ?? {
      id: this.base + 900_000_000 + this.positions.size + 1,
      accountId,
      contractId,
      timestamp: new Date().toISOString(),
      tradeDate: tradeDate(),
      netPos: 0,
      bought: 0,
      boughtValue: 0,
      sold: 0,
      soldValue: 0,
      prevPos: 0,
    };
    const before = pos.netPos;
    const after = before + signedQty;
    if (signedQty > 0) {
      pos.bought += signedQty;
      pos.boughtValue += signedQty * price;
    } else {
      pos.sold -= signedQty;
      pos.soldValue -= signedQty * price;
    }
    if (after === 0) {
      delete pos.netPrice;
    } else if (before === 0 || Math.sign(before) !== Math.sign(after)) {
      pos.netPrice = price;
    } else if (Math.abs(after) > Math.abs(before)) {
      // Adding to a position: the average entry moves; reducing it leaves the average alone.
      pos.netPrice = ((pos.netPrice ?? price) * Math.abs(before) + price * Math.abs(signedQty)) / Math.abs(after);
    }
    pos.netPos = after;
    pos.timestamp = new Date().toISOString();
    this.positions.set(key, pos);
  }
}
