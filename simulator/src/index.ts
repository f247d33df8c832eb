// @app/simulator: a Tradovate REST API simulator for tests, benchmarks and sandbox mode.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorControl } from './control';
import { createControl } from './control';
import { resolveSeed } from './seed';
import { createHandler } from './server';
import { SimState } from './state';
import type { SeedData } from './types';

export interface SimulatorOptions {
  /** 0 (default) = a random free port. */
  port?: number;
  host?: string;
  /** Lifetime of access tokens (default 4800 s = 80 min, Tradovate's current figure). */
  tokenTtlSeconds?: number;
  seed?: SeedData;
}

export interface Simulator {
  url: string;
  demoUrl: string;
  liveUrl: string;
  /** The OAuth consent page. */
  oauthUrl: string;
  oauthTokenUrl: string;
  control: SimulatorControl;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const state = new SimState(resolveSeed(options.seed), options.tokenTtlSeconds ?? 4800);
  const control = createControl(state);
  const handler = createHandler(state, control);
  const server = createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 30_000;
  server.on('connection', () => {
    state.stats.connections += 1;
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    demoUrl: `${url}/demo/v1`,
    liveUrl: `${url}/live/v1`,
    oauthUrl: `${url}/oauth`,
    oauthTokenUrl: `${url}/auth/oauthtoken`,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export { frontMonth, maturities, PRODUCTS, productByName, MONTH_CODES } from './catalogue';
export type { Maturity, ProductSpec } from './catalogue';
export { ContractLibrary } from './contract-library';
export type { ContractEntity, MaturityEntity, ProductEntity } from './contract-library';
export { DEFAULT_APP, DEFAULT_OAUTH_CLIENT, DEFAULT_USERS } from './seed';
export type { SimulatorControl, UserSummary } from './control';
export type { FailSpec } from './faults';
export type { ReceivedOrder, ReceivedLeg, OrderKind } from './state';
export type { NewUser } from './directory';
export type { SeedData, SeedUser, SeedApp, SeedOAuthClient, PenaltyLimit, World } from './types';
