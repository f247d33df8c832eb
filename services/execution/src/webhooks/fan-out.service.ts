import { Injectable, Logger } from '@nestjs/common';
import type { AlertRouteChangedV1, LogEventV1, MessageContext, WebhookResultV1 } from '@app/contracts';
import type { Environment } from '@app/tradovate';
import { BrokerAccess } from '../broker/broker-access.service';
import type { ConnectionSessions } from '../broker/broker-access.service';
import { ContractCache, contractRefOf } from '../broker/contract-cache';
import type { ResolvedContract } from '../broker/contract-cache';
import type { OrderAttempt } from '../entities/order-attempt';
import type { BrokerConnectionEntity } from '../entities/read-model.entities';
import type { WebhookEntity } from '../entities/webhook.entity';
import { ReadModelRepository } from '../read-model/read-model.repository';
import { buildBrokerCall, clOrdIdOf } from './build-broker-call';
import type { BrokerCall } from './build-broker-call';
import { FanOutJournal, attemptOf } from './fan-out-journal';
import type { IntakeEntry } from './intake-log';
import { OrderPlacement } from './order-placement';
import type { Signal } from './signal';

type Result = WebhookResultV1['results'][number];

/**
 * Places one signal on every target account in parallel, then journals every attempt with its outcome in one
 * statement. Nothing is journalled between the webhook row and that write: each order's clOrdId follows from the
 * request id, the account and the leg, so a resume (after a crash) plans the fan-out again and looks every
 * account's order up by clOrdId before placing only what is missing.
 */
@Injectable()
export class FanOutService {
  private readonly logger = new Logger(FanOutService.name);
  private readonly placement: OrderPlacement;

  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly broker: BrokerAccess,
    private readonly contracts: ContractCache,
    private readonly batch: FanOutJournal,
  ) {
    this.placement = new OrderPlacement(broker);
  }

  /** `unwritten`: the webhook as received when its row is not written yet (the intake log's): the closing write inserts it. */
  async execute(
    webhook: WebhookEntity,
    signal: Signal,
    route: AlertRouteChangedV1,
    ctx: MessageContext,
    resuming: boolean,
    unwritten?: IntakeEntry,
  ): Promise<WebhookResultV1> {
    // Only a resumed webhook can have attempts: journalled pending by a version that wrote them before sending.
    const journalled = resuming ? webhook.attempts : [];
    const settling = journalled.length > 0;
    // One read of every connection the fan-out touches (planning and sending share it).
    const connectionIds = new Set([
      ...route.targets.map((t) => t.connectionId),
      ...journalled.map((a) => a.connectionId),
    ]);
    const conns = await this.readModel.connectionsOf([...connectionIds], webhook.userId);
    const sessions = this.broker.sessionsFor(ctx);
    const events: LogEventV1[] = [];
    const attempts = settling
      ? journalled
      : await this.plan(webhook, signal, route, placementsOf(route.targets, conns, events), sessions);
    const results = await Promise.all(
      attempts.map((a) =>
        a.status === 'pending'
          ? this.run(webhook.requestId, a, conns.get(a.connectionId), sessions, resuming, events)
          : Promise.resolve(resultOf(a, 0)),
      ),
    );
    const successful = results.filter((r) => r.success).length;
    const total = results.length;
    const failed = total - successful;
    const message =
      failed === 0
        ? `Orders placed on ${total} account(s)`
        : `${successful} of ${total} order(s) placed; ${failed} failed`;
    const response: WebhookResultV1 = {
      message,
      successful,
      failed,
      total,
      results,
      request_id: webhook.requestId,
      processed_orders: successful,
      failed_orders: failed,
    };
    const status = failed === 0 ? 'completed' : successful === 0 ? 'failed' : 'partial';
    events.push({ at: new Date().toISOString(), type: 'completed', message, outcome: status });
    const end = { status, response, events } as const;
    await this.batch.finish(webhook.id, attempts, end, unwritten);
    return response;
  }

  /**
   * Every target's exact call. The contract and its tick size are asked of the contract cache once per connection
   * and environment the fan-out trades in (usually once in all), not once per account: a connection whose token
   * cannot be had fails its own accounts only, while the lookup itself is shared through the cache.
   */
  private plan(
    webhook: WebhookEntity,
    signal: Signal,
    route: AlertRouteChangedV1,
    placements: Placement[],
    sessions: ConnectionSessions,
  ): Promise<OrderAttempt[]> {
    const ref = contractRefOf(route, signal);
    const resolved = new Map<string, Promise<ResolvedContract>>();
    const contractOf = (conn: BrokerConnectionEntity, env: Environment): Promise<ResolvedContract> => {
      const key = `${conn.connectionId}|${env}`;
      let contract = resolved.get(key);
      if (!contract) {
        contract = sessions.with(conn, (s) => this.contracts.resolve(s.env, s.token, ref), env);
        resolved.set(key, contract);
      }
      return contract;
    };
    return Promise.all(
      placements.map(async ({ target: t, conn, account }) => {
        if (!conn || !account) {
          return failedAttempt(
            webhook,
            t,
            t.accountId,
            'The account is not known to execution yet (its connection has not been synchronised)',
          );
        }
        try {
          const contract = await contractOf(conn, account.environment);
          const call = buildBrokerCall(signal, {
            requestId: webhook.requestId,
            accountId: t.accountId,
            brokerAccountId: account.brokerAccountId,
            contract,
            tickSize: contract.tickSize,
          });
          return attemptFor(t, account.name, call);
        } catch (error) {
          return failedAttempt(webhook, t, account.name, messageOf(error));
        }
      }),
    );
  }

  /**
   * Sends one pending attempt (looked up by clOrdId first when resuming); its outcome is set on `a` and journalled by
   * the caller with the others, its trade-log event added to `events` as it ends.
   */
  private async run(
    requestId: string,
    a: OrderAttempt,
    conn: BrokerConnectionEntity | undefined,
    sessions: ConnectionSessions,
    resuming: boolean,
    events: LogEventV1[],
  ): Promise<Result> {
    const started = performance.now();
    let orderId: number | null = null;
    let error: string | null = null;
    try {
      if (!conn) {
        throw new Error('The connection of this account was removed');
      }
      const accountEnv = conn.accounts.find((x) => x.id === a.accountId)?.environment;
      orderId = await sessions.with(conn, (s) => this.placement.place(s, a, resuming), accountEnv);
    } catch (err) {
      error = messageOf(err);
      this.logger.warn({ requestId, clOrdId: a.clOrdId, err: error }, 'broker call failed');
    }
    const durationMs = Math.round(performance.now() - started);
    a.status = error ? 'failed' : 'placed';
    a.orderId = orderId;
    a.error = error;
    a.durationMs = durationMs;
    events.push({
      at: new Date().toISOString(),
      type: 'broker_call',
      accountName: a.accountName,
      durationMs,
      message: error ? `${a.kind} failed: ${error}` : `${a.kind} placed, order ${orderId}`,
      outcome: error ? 'failed' : 'placed',
    });
    return resultOf(a, durationMs);
  }
}

const resultOf = (a: OrderAttempt, ms: number): Result => ({
  account_name: a.accountName,
  success: a.status === 'placed',
  data: a.orderId !== null ? { orderId: a.orderId } : null,
  execution_time_ms: ms || (a.durationMs ?? 0),
  error: a.error,
});

type Target = AlertRouteChangedV1['targets'][number];

/** A target with its connection and account as the read model has them (absent: not synchronised yet). */
interface Placement {
  target: Target;
  conn: BrokerConnectionEntity | undefined;
  account: BrokerConnectionEntity['accounts'][number] | undefined;
}

/**
 * The targets to place on, each with its connection and account, in the route's order: an account listed twice (two
 * groups holding its connection) once, and one target per broker account. The same Tradovate login linked twice (by
 * OAuth and by its API key) gives each connection rows of its own for the same broker account, and an alert reaching
 * it through both would place the signal on it twice: the first keeps it, and each left out is named in `events`.
 * Targets whose account is not known yet stay, to fail in planning with their own message.
 */
function placementsOf(
  targets: Target[],
  conns: Map<string, BrokerConnectionEntity>,
  events: LogEventV1[],
): Placement[] {
  const accountIds = new Set<string>();
  const brokerAccounts = new Set<string>();
  const placements: Placement[] = [];
  for (const target of targets) {
    if (accountIds.has(target.accountId)) {
      continue;
    }
    accountIds.add(target.accountId);
    const conn = conns.get(target.connectionId);
    const account = conn?.accounts.find((a) => a.id === target.accountId);
    if (account) {
      const key = `${account.environment}:${account.brokerAccountId}`;
      if (brokerAccounts.has(key)) {
        events.push({
          at: new Date().toISOString(),
          type: 'routed',
          accountName: account.name,
          message: `${account.name} left out: the same broker account gets this order through another connection`,
        });
        continue;
      }
      brokerAccounts.add(key);
    }
    placements.push({ target, conn, account });
  }
  return placements;
}

/** Target `t`'s attempt at `call`: pending, or failed with `error` when planning it failed. */
const attemptFor = (t: Target, accountName: string, call: BrokerCall, error?: string): OrderAttempt =>
  attemptOf({
    accountId: t.accountId,
    connectionId: t.connectionId,
    accountName,
    clOrdId: call.clOrdId,
    kind: call.kind,
    request: call.request,
    status: error === undefined ? 'pending' : 'failed',
    error,
  });

/** An account that could not be planned: journalled failed, with the clOrdId its entry order would have had. */
const failedAttempt = (webhook: WebhookEntity, t: Target, accountName: string, error: string): OrderAttempt =>
  attemptFor(
    t,
    accountName,
    { clOrdId: clOrdIdOf(webhook.requestId, t.accountId, 'entry'), kind: 'order', request: {} },
    error,
  );

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
