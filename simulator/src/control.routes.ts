// /__control/<method> over HTTP (GET or POST, JSON body = the method's arguments as an object), so
// tests in other processes can drive the simulator. Answers {ok: true, result}.
import type { Body, Reply } from './http';
import { json, UNPARSABLE } from './http';
import type { SimulatorControl } from './control';
import type { NewUser } from './directory';
import type { PenaltyLimit } from './types';

type Args = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const accountsArg = (v: unknown): NewUser['demoAccounts'] =>
  typeof v === 'number' ? v : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;

const limitArg = (a: Args): PenaltyLimit | null => {
  const [limit, windowMs, pTime] = [num(a.limit), num(a.windowMs), num(a.pTime)];
  return limit === undefined || windowMs === undefined || pTime === undefined
    ? null
    : { limit, windowMs, pTime, captcha: a.captcha === true, failuresOnly: a.failuresOnly === true };
};

/** Each entry unpacks the JSON body into the programmatic call's arguments. */
const methods: Record<string, (c: SimulatorControl, a: Args) => unknown> = {
  orders: (c) => c.orders(),
  reset: (c) => c.reset(),
  setlatency: (c, a) => c.setLatency(num(a.ms) ?? 0, str(a.endpoint)),
  failnext: (c, { endpoint, ...spec }) => c.failNext(str(endpoint) ?? '*', spec),
  penalize: (c, a) =>
    c.penalize(str(a.endpoint) ?? '', { pTime: num(a.pTime) ?? 1, captcha: a.captcha === true, count: num(a.count) }),
  setlimit: (c, a) => c.setLimit(str(a.endpoint) ?? '', limitArg(a)),
  toomanyrequests: (c, a) => c.tooManyRequests(str(a.endpoint), num(a.count)),
  expiretokens: (c) => c.expireTokens(),
  settokenttl: (c, a) => c.setTokenTtl(num(a.seconds) ?? 4800),
  setprice: (c, a) => c.setPrice(str(a.symbol) ?? '', num(a.price) ?? 0),
  fillorder: (c, a) =>
    c.fillOrder(
      num(a.orderId) ?? 0,
      num(a.price),
      a.world === 'live' ? 'live' : a.world === 'demo' ? 'demo' : undefined,
    ),
  setflatliquidation: (c, a) => c.setFlatLiquidation(a.mode === 'accept' ? 'accept' : 'reject'),
  adduser: (c, a) =>
    c.addUser({
      name: str(a.name) ?? '',
      password: str(a.password) ?? '',
      fullName: str(a.fullName),
      email: str(a.email),
      demoAccounts: accountsArg(a.demoAccounts),
      liveAccounts: accountsArg(a.liveAccounts),
    }),
  users: (c) => c.users(),
  stats: (c) => c.stats(),
};

export function handleControl(control: SimulatorControl, method: string, body: Body): Reply {
  const fn = methods[method.toLowerCase()];
  if (!fn) {
    return json({ ok: false, error: `Unknown control method ${method}`, methods: Object.keys(methods) }, 404);
  }
  try {
    const result = fn(control, body && body !== UNPARSABLE ? body : {});
    return json({ ok: true, result: result ?? null });
  } catch (error) {
    return json({ ok: false, error: error instanceof Error ? error.message : String(error) }, 400);
  }
}
