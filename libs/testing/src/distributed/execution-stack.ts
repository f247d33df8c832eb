import { randomBytes, randomUUID } from 'node:crypto';
import { SecretBox } from '@app/common';
import { Topic } from '@app/contracts';
import { MessageBus, connectKafkaClient, createKafkaClient } from '@app/messaging';
import { startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { TradovateClient } from '@app/tradovate';
import type { ClientKafka } from '@nestjs/microservices';
import { Pool } from 'pg';
import { startKafkaMock } from '../kafka/kafka-mock';
import type { KafkaMock } from '../kafka/kafka-mock';
import { systemTopics } from '../kafka/system-topics';
import { kafkaTestSettings } from '../kafka/kafka-test-tuning';
import { startPostgres } from '../postgres/start-postgres';
import { freePort } from '../process/free-port';
import { spawnService } from '../process/spawn-service';
import { waitUntil } from '../process/wait-until';
import type { NodeProcess } from '../process/spawn-node';
import { buildServer } from '../process/build-server';
import { WebhookJournal } from './webhook-journal';

export interface ExecutionStackOptions {
  /** Demo accounts of the one seeded user; every alert targets all of them. */
  accounts: number;
  /** Extra variables for every execution process. */
  executionEnv?: Record<string, string>;
  /** Use this database (e.g. a throwaway cluster the test stops and starts) instead of a fresh one. */
  databaseUrl?: string;
  /** Run the connections service too and create the user's connection through it (as production does). */
  connections?: boolean;
  /** Other services to run (e.g. so the gateway's /readyz, which asks every service, can be ready). */
  alsoRun?: Array<'auth' | 'trading'>;
  /** Start again any process that exits by itself, on the same port (what Kubernetes does). */
  supervise?: boolean;
}

export interface SeededAccount {
  id: string;
  brokerAccountId: number;
  name: string;
}

/**
 * The gateway and N execution processes (built `dist/` code) over a Kafka broker and a Postgres
 * database of their own (so specs running in parallel never share a consumer group), a Tradovate
 * simulator, and one user whose connection and alerts are seeded the way the connections and
 * trading services would publish them.
 */
export class ExecutionStack {
  readonly executions: NodeProcess[] = [];
  gateway!: NodeProcess;
  /** The other services started (connections, auth, trading), by name. */
  readonly services = new Map<string, NodeProcess>();
  /** Each process's HTTP port (its /healthz, /readyz). */
  readonly ports = new Map<NodeProcess, number>();
  kafka!: KafkaMock;
  gatewayUrl = '';
  webhookUrl = '';
  accounts: SeededAccount[] = [];
  readonly userId = randomUUID();
  connectionId: string = randomUUID();
  private readonly stops: Array<() => Promise<unknown>> = [];
  private env: Record<string, string> = {};
  private supervising = false;
  private stopping = false;
  /** How many times a supervised process was started again after exiting by itself. */
  restarts = 0;
  private bus!: MessageBus;
  private contract!: { id: number; name: string };

  private constructor(
    readonly sim: Simulator,
    readonly journal: WebhookJournal,
  ) {}

  static async start(options: ExecutionStackOptions): Promise<ExecutionStack> {
    buildServer();
    const fresh = options.databaseUrl ? undefined : startPostgres();
    // A fixed port, so the broker can be stopped and started again where every client expects it.
    const [kafka, db, sim] = await Promise.all([
      startKafkaMock({ topics: systemTopics(), port: await freePort() }),
      fresh,
      startSimulator(),
    ]);
    const url = options.databaseUrl ?? db!.url;
    const pg = new Pool({ connectionString: url, max: 3 });
    // The journal's pool must survive a database restart: a dropped idle client is not fatal.
    pg.on('error', () => undefined);
    const stack = new ExecutionStack(sim, new WebhookJournal(pg));
    stack.kafka = kafka;
    stack.supervising = !!options.supervise;
    stack.stops.push(
      () => sim.close(),
      () => stack.kafka.stop(),
      () => db?.drop() ?? Promise.resolve(),
      () => pg.end(),
    );
    const gatewayPort = await freePort();
    stack.gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    stack.env = {
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_MAX_WAIT_MS: '10',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_HEARTBEAT_MS: '500',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: stack.gatewayUrl,
      TRADOVATE_DEMO_URL: sim.demoUrl,
      TRADOVATE_LIVE_URL: sim.liveUrl,
      WEBHOOK_RATE_LIMIT_PER_MIN: '10000',
      ...options.executionEnv,
    };
    try {
      // The first execution runs the migrations; the gateway and the test's own bus join meanwhile.
      const others = [...(options.connections ? ['connections'] : []), ...(options.alsoRun ?? [])].map((name) =>
        stack.startService(name),
      );
      await Promise.all([
        stack.startExecution(),
        stack.startGateway(gatewayPort),
        stack.connectBus(!!options.connections),
        ...others,
      ]);
      await (options.connections ? stack.seedThroughConnections(options.accounts) : stack.seed(options.accounts));
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  /**
   * Starts one more execution process (same consumer group) and waits until it is ready; after
   * `readyMs` without that, it is killed and started again, up to `attempts` times.
   */
  async startExecution(env: Record<string, string> = {}, readyMs = 60_000, attempts = 1): Promise<NodeProcess> {
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const spawn = () =>
        spawnService('execution', {
          name: `execution-${this.executions.length + 1}`,
          env: { ...this.env, ...env, PORT: String(port) },
        });
      const proc = spawn();
      try {
        // /readyz answers 503 until the consumer joined its group; waitForHttp waits for a status below 500.
        await proc.waitForHttp(`http://127.0.0.1:${port}/readyz`, readyMs);
        // Supervised from here on only: a process that dies before it is ready is replaced by the next attempt
        // below. Supervised from its spawn, it was replaced twice (by the supervisor too), and the orphan kept
        // its group rebalancing, so every later attempt's join failed as well.
        this.superviseProcess(proc, port, spawn);
        this.executions.push(proc);
        return proc;
      } catch (err) {
        await proc.kill('SIGKILL');
        if (attempt >= attempts) {
          throw err;
        }
      }
    }
  }

  /** Stops the Kafka broker (the mock keeps everything in memory: its topics and offsets are gone). */
  async stopKafka(): Promise<void> {
    await this.kafka.stop();
  }

  /** Starts an empty broker again on the same port, with every topic. */
  async startKafka(): Promise<void> {
    const port = Number(this.env.KAFKA_BROKERS.split(':').pop());
    this.kafka = await startKafkaMock({ topics: systemTopics(), port });
  }

  /** The HTTP status of a process's /readyz (0 when it does not answer). */
  async readyz(proc: NodeProcess = this.executions[0]): Promise<number> {
    const base = proc === this.gateway ? this.gatewayUrl : `http://127.0.0.1:${this.ports.get(proc)}`;
    return fetch(`${base}/readyz`, { signal: AbortSignal.timeout(4000) }).then(
      (r) => r.status,
      () => 0,
    );
  }

  /** A new active alert of the seeded user on every account, once execution's read model has it. */
  async alert(): Promise<string> {
    const alertId = randomUUID();
    const targets = this.accounts.map((a) => ({ accountId: a.id, connectionId: this.connectionId }));
    const route = {
      alertId,
      userId: this.userId,
      name: `alert-${alertId.slice(0, 6)}`,
      status: 'active' as const,
      symbol: this.contract.name,
      symbolId: this.contract.id,
      groupIds: [],
      targets,
    };
    await this.bus.emit(Topic.AlertRouteChanged, route, this.ctx(), alertId);
    await waitUntil(() => this.journal.hasRoute(alertId), 15_000, `alert ${alertId} in the read model`);
    return alertId;
  }

  /** POSTs a market signal for `alertId` (each call a distinct body, so none is a duplicate). */
  post(alertId: string, extra: Record<string, unknown> = {}): Promise<Response> {
    const body = {
      alert_id: alertId,
      quantlynk: true,
      order_type: 'market',
      action: 'buy',
      price: 21000,
      symbol: 'MNQ1!',
      quantity: 1,
      strategy_name: randomUUID(),
      ...extra,
    };
    return fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Every process's output, for a failing test's message. */
  output(): string {
    return [this.gateway, ...this.services.values(), ...this.executions]
      .filter((p): p is NodeProcess => !!p)
      .map((p) => p.output())
      .join('\n');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [this.gateway, ...this.services.values(), ...this.executions]
        .filter((p): p is NodeProcess => !!p)
        .map((p) => p.kill('SIGKILL', 1000)),
    );
    for (const stop of this.stops.reverse()) {
      await stop().catch(() => undefined);
    }
  }

  private async startGateway(port: number): Promise<void> {
    const spawn = () =>
      spawnService('gateway', {
        env: { ...this.env, PORT: String(port), WEBHOOK_REPLY_TIMEOUT_MS: '2500' },
      });
    this.gateway = spawn();
    this.superviseProcess(this.gateway, port, spawn);
    await this.gateway.waitForHttp(`${this.gatewayUrl}/healthz`, 60_000);
  }

  /** With `supervise`: when `proc` exits by itself, a new one takes its place (same port, same slot). */
  private superviseProcess(proc: NodeProcess, port: number, spawn: () => NodeProcess): void {
    this.ports.set(proc, port);
    void proc.exited.then(() => {
      if (!this.supervising || this.stopping) {
        return;
      }
      const next = spawn();
      this.restarts += 1;
      const i = this.executions.indexOf(proc);
      if (i >= 0) {
        this.executions[i] = next;
      }
      if (this.gateway === proc) {
        this.gateway = next;
      }
      for (const [name, p] of this.services) {
        if (p === proc) {
          this.services.set(name, next);
        }
      }
      this.superviseProcess(next, port, spawn);
    });
  }

  private async startService(name: string): Promise<void> {
    const port = await freePort();
    const spawn = () =>
      spawnService(name, {
        env: { ...this.env, PORT: String(port), TRADOVATE_OAUTH_TOKEN_URL: this.sim.oauthTokenUrl },
      });
    const proc = spawn();
    this.superviseProcess(proc, port, spawn);
    this.services.set(name, proc);
    this.ports.set(proc, port);
    await proc.waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  }

  private async connectBus(connections: boolean): Promise<void> {
    const sendsTo = [
      Topic.WebhookEndpointGet,
      ...(connections ? [Topic.ConnectionsCreate, Topic.ConnectionsTest] : []),
    ];
    const client: ClientKafka = createKafkaClient(
      kafkaTestSettings(this.env.KAFKA_BROKERS.split(',')),
      `test-${randomUUID().slice(0, 8)}`,
      sendsTo,
    );
    this.stops.push(() => client.close());
    await connectKafkaClient(client, sendsTo);
    this.bus = new MessageBus(client, { requestTimeoutMs: 10_000 });
  }

  /** The user's connection (a simulator user with `accounts` demo accounts) and webhook URL. */
  private async seed(accounts: number): Promise<void> {
    const user = this.sim.control.addUser({
      name: `rel-${randomUUID().slice(0, 8)}`,
      password: 'rel-password',
      demoAccounts: accounts,
    });
    const token = await this.signInAndFindContract(user, 'd');
    this.accounts = user.accounts.demo.map((a) => ({ id: randomUUID(), brokerAccountId: a.id, name: a.name }));
    const box = new SecretBox(this.env.ENCRYPTION_KEY);
    await this.bus.emit(
      Topic.ConnectionChanged,
      {
        connectionId: this.connectionId,
        userId: this.userId,
        nickname: user.name,
        environment: 'demo',
        status: 'active',
        accounts: this.accounts.map((a) => ({ ...a, accountType: 'Customer', environment: 'demo' as const })),
        session: {
          accessTokenEncrypted: box.encrypt(token.accessToken),
          expiresAt: new Date(token.expiresAt).toISOString(),
        },
      },
      this.ctx(),
      this.connectionId,
    );
    await waitUntil(() => this.journal.hasConnection(this.connectionId), 15_000, 'connection in the read model');
    const endpoint = await this.bus.send(Topic.WebhookEndpointGet, {}, this.ctx());
    this.webhookUrl = endpoint.url;
  }

  /**
   * The user's connection created the way the web client does it (ConnectionsCreate, then Test):
   * the connections service signs in, lists the accounts and publishes ConnectionChanged itself,
   * and renews the token when execution asks (ConnectionsBrokerSession).
   */
  private async seedThroughConnections(accounts: number): Promise<void> {
    const user = this.sim.control.addUser({
      name: `rel-${randomUUID().slice(0, 8)}`,
      password: 'rel-password',
      demoAccounts: accounts,
    });
    const conn = await this.bus.send(
      Topic.ConnectionsCreate,
      {
        nickname: user.name,
        username: user.name,
        password: user.password,
        environment: 'demo',
        appId: 'TVTradovate',
        appVersion: '1',
        deviceId: 'd',
        cid: 8,
        sec: 'sim-secret',
      },
      this.ctx(),
    );
    const check = await this.bus.send(Topic.ConnectionsTest, { id: conn.id }, this.ctx());
    if (!check.success) {
      throw new Error(`connection test failed: ${check.error}`);
    }
    this.connectionId = conn.id;
    // Create publishes the connection without accounts, Test again with them: wait for the second, or
    // every alert would target no account (422 NO_TARGET_ACCOUNTS, the old broker-faults flake).
    await waitUntil(
      async () => (await this.journal.accountsOf(conn.id)).length === accounts,
      15_000,
      `connection with ${accounts} accounts in the read model`,
    );
    this.accounts = await this.journal.accountsOf(conn.id);
    await this.signInAndFindContract(user, 'd2');
    this.webhookUrl = (await this.bus.send(Topic.WebhookEndpointGet, {}, this.ctx())).url;
  }

  /** Signs the simulator user in and finds MNQ's front contract, the one this stack's alerts trade. */
  private async signInAndFindContract(user: { name: string; password: string }, deviceId: string) {
    const client = new TradovateClient({
      demoUrl: this.sim.demoUrl,
      liveUrl: this.sim.liveUrl,
      oauthTokenUrl: this.sim.oauthTokenUrl,
    });
    try {
      const token = await client.requestAccessToken('demo', {
        name: user.name,
        password: user.password,
        appId: 'TVTradovate',
        appVersion: '1',
        deviceId,
        cid: 8,
        sec: 'sim-secret',
      });
      const suggested = await client.suggestContracts('demo', token.accessToken, 'MNQ', 1);
      const contract = await client.findContract('demo', token.accessToken, suggested[0].name);
      this.contract = { id: contract!.id, name: contract!.name };
      return token;
    } finally {
      await client.close();
    }
  }

  private ctx() {
    return { correlationId: randomUUID(), userId: this.userId };
  }
}
