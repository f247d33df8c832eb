// Reading trading state (reference §7): orders (with clOrdId, for reconciliation), order versions,
// positions and fills, limited to the caller's accounts in this world.
import type { Reply } from './http';
import { empty, INVALID_PARAMS, json } from './http';
import type { Ctx, RouteTable } from './route';
import type { OrderRecord } from './world';

const ownAccountIds = (ctx: Ctx): Set<number> => new Set(ctx.user.accounts[ctx.world].map((a) => a.id));

const ownOrders = (ctx: Ctx): OrderRecord[] => {
  const ids = ownAccountIds(ctx);
  return [...ctx.state.worlds[ctx.world].orders.values()].filter((o) => ids.has(o.accountId));
};

/** The Order entity: no qty/price/type, those live on the OrderVersion. */
const toOrder = ({ spec: _spec, ...order }: OrderRecord) => order;

const toVersion = (o: OrderRecord) => ({ id: o.id, orderId: o.id, ...o.spec });

const numberParam = (ctx: Ctx, name: string): number | undefined => {
  const n = Number(ctx.query.get(name) ?? Number.NaN);
  return Number.isInteger(n) ? n : undefined;
};

const withParam =
  (name: string, fn: (ctx: Ctx, id: number) => Reply) =>
  (ctx: Ctx): Reply => {
    const id = numberParam(ctx, name);
    return id === undefined ? INVALID_PARAMS : fn(ctx, id);
  };

export const readRoutes: RouteTable = {
  'order/list': { method: 'GET', auth: true, handle: (ctx) => json(ownOrders(ctx).map(toOrder)) },
  'order/item': {
    method: 'GET',
    auth: true,
    handle: withParam('id', (ctx, id) => {
      const order = ownOrders(ctx).find((o) => o.id === id);
      return order ? json(toOrder(order)) : empty(404);
    }),
  },
  'order/deps': {
    method: 'GET',
    auth: true,
    handle: withParam('masterid', (ctx, id) =>
      json(
        ownOrders(ctx)
          .filter((o) => o.accountId === id)
          .map(toOrder),
      ),
    ),
  },
  'orderversion/deps': {
    method: 'GET',
    auth: true,
    handle: withParam('masterid', (ctx, id) =>
      json(
        ownOrders(ctx)
          .filter((o) => o.id === id)
          .map(toVersion),
      ),
    ),
  },
  'position/list': {
    method: 'GET',
    auth: true,
    handle: (ctx) => {
      const ids = ownAccountIds(ctx);
      return json(ctx.state.worlds[ctx.world].positionList().filter((p) => ids.has(p.accountId)));
    },
  },
  'fill/list': {
    method: 'GET',
    auth: true,
    handle: (ctx) => {
      const orderIds = new Set(ownOrders(ctx).map((o) => o.id));
      return json(ctx.state.worlds[ctx.world].fills.filter((f) => orderIds.has(f.orderId)));
    },
  },
};
