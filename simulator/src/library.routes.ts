// Read-only entities: accounts of the caller in this world, and the contract library (reference §4, §5).
import type { Reply } from './http';
import { empty, INVALID_PARAMS, json } from './http';
import type { Ctx, RouteTable } from './route';

/** Tradovate answers an unknown id or name with 404 and an empty body. */
const found = (value: unknown): Reply => (value === undefined ? empty(404) : json(value));

const idParam = (ctx: Ctx, name = 'id'): number | undefined => {
  const raw = ctx.query.get(name);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(n) ? n : undefined;
};

const byId =
  (lookup: (ctx: Ctx, id: number) => unknown) =>
  (ctx: Ctx): Reply => {
    const id = idParam(ctx);
    return id === undefined ? INVALID_PARAMS : found(lookup(ctx, id));
  };

const byName =
  (lookup: (ctx: Ctx, name: string) => unknown) =>
  (ctx: Ctx): Reply => {
    const name = ctx.query.get('name');
    return name ? found(lookup(ctx, name)) : INVALID_PARAMS;
  };

export const libraryRoutes: RouteTable = {
  'account/list': { method: 'GET', auth: true, handle: (ctx) => json(ctx.user.accounts[ctx.world]) },
  'account/item': {
    method: 'GET',
    auth: true,
    handle: byId((ctx, id) => ctx.user.accounts[ctx.world].find((a) => a.id === id)),
  },
  'contract/suggest': {
    method: 'GET',
    auth: true,
    handle: (ctx) => {
      const t = ctx.query.get('t');
      const l = Number(ctx.query.get('l'));
      return t === null || !Number.isInteger(l) ? INVALID_PARAMS : json(ctx.state.library.suggest(t, l));
    },
  },
  'contract/find': { method: 'GET', auth: true, handle: byName((ctx, name) => ctx.state.library.find(name)) },
  'contract/item': { method: 'GET', auth: true, handle: byId((ctx, id) => ctx.state.library.item(id)) },
  'contract/items': {
    method: 'GET',
    auth: true,
    handle: (ctx) => {
      const ids = (ctx.query.get('ids') ?? '').split(',').map(Number).filter(Number.isInteger);
      return json(ids.map((id) => ctx.state.library.item(id)).filter((c) => c !== undefined));
    },
  },
  'contractmaturity/item': { method: 'GET', auth: true, handle: byId((ctx, id) => ctx.state.library.maturity(id)) },
  'product/item': { method: 'GET', auth: true, handle: byId((ctx, id) => ctx.state.library.product(id)) },
  'product/find': { method: 'GET', auth: true, handle: byName((ctx, name) => ctx.state.library.productByName(name)) },
};
