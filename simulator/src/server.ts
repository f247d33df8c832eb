// Routing over plain node:http (no framework: the simulator backs benchmarks). Every API call goes through
// one pipeline: injected failure → penalty gate → bearer check → handler → latency → answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withoutTrailingSlashes } from '@app/common/url';
import { authRoutes } from './auth.routes';
import type { SimulatorControl } from './control';
import { handleControl } from './control.routes';
import { normalizeEndpoint } from './faults';
import type { Body, Reply } from './http';
import { bearer, empty, json, parseBody, readBody, send, sleep, UNPARSABLE } from './http';
import { libraryRoutes } from './library.routes';
import { consentPage, consentSubmit, oauthTokenRoute } from './oauth.routes';
import { orderRoutes } from './order.routes';
import { readRoutes } from './reads.routes';
import type { RouteTable } from './route';
import { isFailure } from './route';
import type { SimState } from './state';
import type { World } from './types';

const routes: RouteTable = {
  ...authRoutes,
  'auth/oauthtoken': oauthTokenRoute,
  ...libraryRoutes,
  ...orderRoutes,
  ...readRoutes,
};

const API_PATH = /^\/(demo|live)\/v1\/(.+)$/i;

export function createHandler(state: SimState, control: SimulatorControl) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', 'http://sim');
      const path = withoutTrailingSlashes(url.pathname);
      const lower = path.toLowerCase();
      const body = (): Promise<Body> => readBody(req).then((raw) => parseBody(raw, req.headers['content-type']));
      if (lower.startsWith('/__control/')) {
        return send(res, handleControl(control, path.slice('/__control/'.length), await body()));
      }
      if (lower === '/oauth') {
        return send(
          res,
          req.method === 'POST' ? consentSubmit(state, await body()) : consentPage(state, url.searchParams),
        );
      }
      // The official OAuth tutorial posts to the host root without /v1; world is irrelevant for OAuth tokens.
      const match = lower === '/auth/oauthtoken' ? ['', 'live', 'auth/oauthtoken'] : API_PATH.exec(path);
      if (!match) {
        return send(res, empty(404));
      }
      const world = match[1].toLowerCase() as World;
      await api(state, world, normalizeEndpoint(match[2]), url.searchParams, req, res, await body());
    } catch (error) {
      send(res, json({ errorText: `Simulator error: ${error instanceof Error ? error.message : String(error)}` }, 500));
    }
  };
}

async function api(
  state: SimState,
  world: World,
  endpoint: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
  body: Body,
): Promise<void> {
  const route = routes[endpoint];
  state.countRequest(endpoint);
  // Read endpoints also answer POST (some clients send renewaccesstoken as POST).
  if (!route || (route.method === 'POST' && req.method !== 'POST')) {
    return send(res, empty(404));
  }
  const finish = async (reply: Reply): Promise<void> => {
    const latency = state.faults.latencyFor(endpoint);
    if (latency > 0) {
      await sleep(latency);
    }
    send(res, reply);
  };
  const fault = state.faults.take(endpoint);
  if (fault && !fault.dropAfterExecute) {
    return finish(
      fault.status !== undefined
        ? empty(fault.status)
        : fault.errorText !== undefined
          ? json({ errorText: fault.errorText })
          : json({
              failureReason: fault.failureReason ?? 'UnknownReason',
              failureText: fault.failureText ?? 'Injected failure',
            }),
    );
  }
  const parsed = body && body !== UNPARSABLE ? body : undefined;
  const ticket = typeof parsed?.['p-ticket'] === 'string' ? parsed['p-ticket'] : (query.get('p-ticket') ?? undefined);
  const penalty = state.penalties.gate(endpoint, ticket);
  if (penalty) {
    return finish(penalty);
  }
  const token = route.auth ? state.sessions.check(bearer(req), world) : undefined;
  const user = token ? state.directory.byId(token.userId) : undefined;
  if (route.auth && (!token || !user)) {
    return finish(empty(401));
  }
  // Unauthenticated routes never read ctx.token/ctx.user; the casts keep handlers free of undefined checks.
  const reply = route.handle({ state, world, endpoint, query, body, token: token as never, user: user as never });
  state.penalties.record(endpoint, isFailure(reply));
  if (fault?.dropAfterExecute) {
    res.destroy();
    return;
  }
  return finish(reply);
}
