// Typed calls to the Tradovate REST API (demo or live per call). All failures are BrokerErrors
// (DomainError codes BROKER_* / OAUTH_FAILED); order placements resolve only when accepted.
import { withoutTrailingSlashes } from '@app/common';
import type { Dispatcher } from 'undici';
import { expectOk } from './answers';
import type { Expect } from './answers';
import { BrokerError } from './broker-error';
import { toAccessToken, toOAuthToken } from './token-answers';
import { Transport } from './transport';
import type { Call } from './transport';
import type {
  AccessToken,
  AccessTokenRequest,
  Account,
  CancelOrderRequest,
  CancelOrderResult,
  Contract,
  ContractMaturity,
  Environment,
  Fill,
  LiquidatePositionRequest,
  Me,
  OAuthCodeExchange,
  OAuthToken,
  Order,
  OrderVersion,
  PlaceOcoRequest,
  PlaceOrderRequest,
  PlaceOrderResult,
  PlaceOsoRequest,
  Position,
  Product,
} from './types';

export interface TradovateClientOptions {
  demoUrl: string;
  liveUrl: string;
  oauthTokenUrl: string;
  /** Per HTTP attempt (default 5000). */
  timeoutMs?: number;
  /** Longest total wait for penalty tickets before giving up with BROKER_PENALTY (default 10000). */
  penaltyMaxWaitMs?: number;
  /** A shared undici dispatcher; by default the client owns a keep-alive Agent. */
  dispatcher?: Dispatcher;
}

type Query = Record<string, string | number>;

export class TradovateClient {
  private readonly transport: Transport;
  private readonly bases: Record<Environment, string>;

  constructor(private readonly options: TradovateClientOptions) {
    this.transport = new Transport({
      timeoutMs: options.timeoutMs ?? 5000,
      penaltyMaxWaitMs: options.penaltyMaxWaitMs ?? 10_000,
      dispatcher: options.dispatcher,
    });
    this.bases = { demo: withoutTrailingSlashes(options.demoUrl), live: withoutTrailingSlashes(options.liveUrl) };
  }

  close = (): Promise<void> => this.transport.close();

  async requestAccessToken(env: Environment, credentials: AccessTokenRequest): Promise<AccessToken> {
    const body = await this.post<AccessToken>(
      env,
      'auth/accesstokenrequest',
      undefined,
      { ...credentials },
      { authCall: true },
    );
    return toAccessToken(body, 'auth/accesstokenrequest');
  }

  async renewAccessToken(env: Environment, token: string): Promise<AccessToken> {
    return toAccessToken(await this.get<AccessToken>(env, 'auth/renewaccesstoken', token), 'auth/renewaccesstoken');
  }

  me = (env: Environment, token: string): Promise<Me> => this.get<Me>(env, 'auth/me', token);

  /** Form-encoded to oauthTokenUrl, as Tradovate's own OAuth example does. */
  async exchangeOAuthCode(input: OAuthCodeExchange): Promise<OAuthToken> {
    return this.oauthGrant({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
      client_secret: input.clientSecret,
    });
  }

  async refreshOAuthToken(input: {
    refreshToken: string;
    clientId: string;
    clientSecret: string;
  }): Promise<OAuthToken> {
    return this.oauthGrant({
      grant_type: 'refresh_token',
      refresh_token: input.refreshToken,
      client_id: input.clientId,
      client_secret: input.clientSecret,
    });
  }

  listAccounts = (env: Environment, token: string): Promise<Account[]> =>
    this.get<Account[]>(env, 'account/list', token);

  suggestContracts = (env: Environment, token: string, text: string, limit: number): Promise<Contract[]> =>
    this.get<Contract[]>(env, 'contract/suggest', token, { t: text, l: limit });

  findContract = (env: Environment, token: string, name: string): Promise<Contract | null> =>
    this.getOrNull<Contract>(env, 'contract/find', token, { name });

  getContract = (env: Environment, token: string, id: number): Promise<Contract | null> =>
    this.getOrNull<Contract>(env, 'contract/item', token, { id });

  getContractMaturity = (env: Environment, token: string, id: number): Promise<ContractMaturity | null> =>
    this.getOrNull<ContractMaturity>(env, 'contractMaturity/item', token, { id });

  getProduct = (env: Environment, token: string, id: number): Promise<Product | null> =>
    this.getOrNull<Product>(env, 'product/item', token, { id });

  findProduct = (env: Environment, token: string, name: string): Promise<Product | null> =>
    this.getOrNull<Product>(env, 'product/find', token, { name });

  /** The contract's providerTickSize, else its product's tickSize via contractMaturity → product. */
  async tickSize(env: Environment, token: string, contract: Contract): Promise<number> {
    if (typeof contract.providerTickSize === 'number' && contract.providerTickSize > 0) {
      return contract.providerTickSize;
    }
    const maturity = await this.getContractMaturity(env, token, contract.contractMaturityId);
    const product = maturity ? await this.getProduct(env, token, maturity.productId) : null;
    if (!product) {
      throw new BrokerError('BROKER_REJECTED', `No product found for contract ${contract.name}`, {
        endpoint: 'product/item',
        status: 404,
      });
    }
    return product.tickSize;
  }

  placeOrder = (env: Environment, token: string, order: PlaceOrderRequest): Promise<PlaceOrderResult> =>
    this.place(env, token, 'order/placeorder', order);

  placeOso = (env: Environment, token: string, order: PlaceOsoRequest): Promise<PlaceOrderResult> =>
    this.place(env, token, 'order/placeoso', order);

  placeOco = (env: Environment, token: string, order: PlaceOcoRequest): Promise<PlaceOrderResult> =>
    this.place(env, token, 'order/placeoco', order);

  liquidatePosition = (env: Environment, token: string, request: LiquidatePositionRequest): Promise<PlaceOrderResult> =>
    this.place(env, token, 'order/liquidateposition', { admin: false, ...request });

  async cancelOrder(env: Environment, token: string, request: CancelOrderRequest): Promise<CancelOrderResult> {
    const body = await this.post<{ commandId?: number }>(env, 'order/cancelorder', token, {
      isAutomated: true,
      ...request,
    });
    return { ok: true, commandId: Number(body.commandId) };
  }

  listOrders = (env: Environment, token: string): Promise<Order[]> => this.get<Order[]>(env, 'order/list', token);

  orderVersions = (env: Environment, token: string, orderId: number): Promise<OrderVersion[]> =>
    this.get<OrderVersion[]>(env, 'orderVersion/deps', token, { masterid: orderId });

  listPositions = (env: Environment, token: string): Promise<Position[]> =>
    this.get<Position[]>(env, 'position/list', token);

  listFills = (env: Environment, token: string): Promise<Fill[]> => this.get<Fill[]>(env, 'fill/list', token);

  private async place(env: Environment, token: string, endpoint: string, request: object): Promise<PlaceOrderResult> {
    const body = await this.post<Record<string, unknown>>(env, endpoint, token, { isAutomated: true, ...request });
    if (typeof body.orderId !== 'number') {
      throw new BrokerError('BROKER_REJECTED', `Tradovate answered ${endpoint} without an orderId`, {
        endpoint,
        status: 200,
      });
    }
    const ids = (['oso1Id', 'oso2Id', 'ocoId'] as const).filter((k) => typeof body[k] === 'number');
    return { ok: true, orderId: body.orderId, ...Object.fromEntries(ids.map((k) => [k, body[k] as number])) };
  }

  private async oauthGrant(form: Record<string, string>): Promise<OAuthToken> {
    const call: Call = {
      method: 'POST',
      url: this.options.oauthTokenUrl,
      endpoint: 'auth/oauthtoken',
      body: form,
      form: true,
    };
    return toOAuthToken(expectOk<Record<string, unknown>>(await this.transport.send(call), call) ?? {});
  }

  private url(env: Environment, endpoint: string, query?: Query): string {
    const params = query
      ? new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
      : undefined;
    const qs = params ? `?${params.toString()}` : '';
    return `${this.bases[env]}/${endpoint}${qs}`;
  }

  private async get<T>(env: Environment, endpoint: string, token: string, query?: Query): Promise<T> {
    return (await this.getOrNull<T>(env, endpoint, token, query, {})) as T;
  }

  private async getOrNull<T>(
    env: Environment,
    endpoint: string,
    token: string,
    query?: Query,
    expect: Expect = { nullOn404: true },
  ): Promise<T | null> {
    const call: Call = { method: 'GET', url: this.url(env, endpoint, query), endpoint, token };
    return expectOk<T>(await this.transport.send(call), call, expect);
  }

  private async post<T>(
    env: Environment,
    endpoint: string,
    token: string | undefined,
    body: Record<string, unknown>,
    expect: Expect = {},
  ): Promise<T> {
    const call: Call = { method: 'POST', url: this.url(env, endpoint), endpoint, token, body };
    return expectOk<T>(await this.transport.send(call), call, expect) as T;
  }
}
