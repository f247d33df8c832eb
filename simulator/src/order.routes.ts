// Order placement: placeorder, placeoso, placeoco, liquidateposition, cancelorder (reference §6, §10.7-10).
import { performance } from 'node:perf_hooks';
import type { Reply } from './http';
import { INVALID_PARAMS, json, UNPARSABLE } from './http';
import type { Ctx, RouteTable } from './route';
import type { OrderKind, ReceivedOrder } from './state';
import {
  ACCESS_DENIED,
  checkOrder,
  failure,
  isObject,
  priceProblem,
  toSpec,
  wellFormedLeg,
  wellFormedOrder,
} from './order-validation';
import type { OrderRecord } from './world';

const now = (): number => performance.timeOrigin + performance.now();

function record(ctx: Ctx, kind: OrderKind, legs: unknown[]): ReceivedOrder {
  const b = isObject(ctx.body) ? ctx.body : {};
  const entry: ReceivedOrder = {
    world: ctx.world,
    kind,
    accountId: b.accountId,
    clOrdId: b.clOrdId,
    action: b.action,
    symbol: b.symbol,
    contractId: b.contractId,
    orderQty: b.orderQty,
    orderType: b.orderType,
    price: b.price,
    stopPrice: b.stopPrice,
    legs: legs
      .filter(isObject)
      .map((l) => ({ action: l.action, orderType: l.orderType, price: l.price, stopPrice: l.stopPrice })),
    receivedAt: now(),
  };
  ctx.state.received.push(entry);
  return entry;
}

/** Notes the outcome on the received entry, then answers. */
const outcome = (entry: ReceivedOrder, reply: Reply): Reply => {
  const body = reply.body as Record<string, unknown>;
  if (typeof body.orderId === 'number') {
    entry.orderId = body.orderId;
  } else {
    const text = body.failureText ?? body.errorText;
    entry.failure = typeof text === 'string' ? text : 'failed';
  }
  return reply;
};

/** Market orders fill at once at the scripted price; everything else rests. */
function execute(ctx: Ctx, order: OrderRecord): void {
  if (order.spec.orderType === 'Market' && order.ordStatus === 'Working') {
    const contract = ctx.state.library.item(order.contractId);
    if (contract) {
      ctx.state.worlds[ctx.world].fill(order, ctx.state.priceOf(contract));
    }
  }
}

function place(ctx: Ctx, kind: 'order' | 'oso' | 'oco'): Reply {
  const b = ctx.body;
  const legs = !isObject(b)
    ? []
    : kind === 'oso'
      ? [b.bracket1, b.bracket2].filter((l) => l !== undefined)
      : kind === 'oco'
        ? [b.other]
        : [];
  const entry = record(ctx, kind, legs);
  if (
    b === UNPARSABLE ||
    !isObject(b) ||
    !wellFormedOrder(b) ||
    (kind !== 'order' && legs.length === 0) ||
    !legs.every(wellFormedLeg)
  ) {
    return outcome(entry, INVALID_PARAMS);
  }
  const valid = checkOrder(ctx, b);
  if ('status' in valid) {
    return outcome(entry, valid);
  }
  for (const leg of legs.filter(isObject)) {
    const problem = priceProblem(leg, valid.tick);
    if (problem) {
      return outcome(entry, problem);
    }
  }
  const world = ctx.state.worlds[ctx.world];
  const qty = b.orderQty as number;
  const parent = world.place(valid.account.id, valid.contract.id, toSpec(b, qty));
  if (kind === 'oco') {
    const other = world.place(valid.account.id, valid.contract.id, toSpec(legs[0], qty));
    world.link([parent, other], other.id);
    execute(ctx, parent);
    execute(ctx, other);
    return outcome(entry, json({ orderId: parent.id, ocoId: other.id }));
  }
  const brackets = legs.map((l) =>
    world.place(valid.account.id, valid.contract.id, toSpec(l as Record<string, unknown>, qty), {
      parentId: parent.id,
    }),
  );
  if (brackets.length === 2) {
    world.link(brackets, brackets[1].id);
  }
  execute(ctx, parent);
  const ids = brackets.length ? { oso1Id: brackets[0].id, ...(brackets[1] ? { oso2Id: brackets[1].id } : {}) } : {};
  return outcome(entry, json({ orderId: parent.id, ...ids }));
}

function liquidate(ctx: Ctx): Reply {
  const b = ctx.body;
  const entry = record(ctx, 'liquidate', []);
  if (!isObject(b) || typeof b.accountId !== 'number' || typeof b.contractId !== 'number') {
    return outcome(entry, INVALID_PARAMS);
  }
  const account = ctx.state.accountOf(ctx.world, ctx.user.userId, b.accountId);
  const contract = ctx.state.library.item(b.contractId);
  if (!account) {
    return outcome(entry, ACCESS_DENIED);
  }
  if (!contract) {
    return outcome(entry, failure('InvalidContract', `Unknown contract ${b.contractId}`));
  }
  entry.symbol = contract.name;
  const world = ctx.state.worlds[ctx.world];
  world.workingFor(account.id, contract.id).forEach((o) => world.cancel(o));
  const netPos = world.position(account.id, contract.id)?.netPos ?? 0;
  if (netPos === 0 && ctx.state.flatLiquidation === 'reject') {
    return outcome(entry, failure('UnknownReason', 'No open position to liquidate'));
  }
  const order = world.place(account.id, contract.id, {
    action: netPos > 0 ? 'Sell' : 'Buy',
    orderType: 'Market',
    orderQty: Math.abs(netPos),
  });
  entry.action = order.action;
  entry.orderQty = order.spec.orderQty;
  entry.orderType = 'Market';
  if (netPos === 0) {
    order.ordStatus = 'Completed';
  } else {
    execute(ctx, order);
  }
  return outcome(entry, json({ orderId: order.id }));
}

function cancel(ctx: Ctx): Reply {
  const b = ctx.body;
  if (!isObject(b) || typeof b.orderId !== 'number') {
    return INVALID_PARAMS;
  }
  if (!ctx.state.ownsOrder(ctx.world, ctx.user.userId, b.orderId)) {
    return ACCESS_DENIED;
  }
  const world = ctx.state.worlds[ctx.world];
  const order = world.orders.get(b.orderId) as OrderRecord;
  if (!world.isLive(order)) {
    return failure('TooLate', `Order ${order.id} is ${order.ordStatus}`);
  }
  world.cancel(order);
  return json({ commandId: world.commandId() });
}

export const orderRoutes: RouteTable = {
  'order/placeorder': { method: 'POST', auth: true, handle: (ctx) => place(ctx, 'order') },
  'order/placeoso': { method: 'POST', auth: true, handle: (ctx) => place(ctx, 'oso') },
  'order/placeoco': { method: 'POST', auth: true, handle: (ctx) => place(ctx, 'oco') },
  'order/liquidateposition': { method: 'POST', auth: true, handle: liquidate },
  'order/cancelorder': { method: 'POST', auth: true, handle: cancel },
};
