// The product in distributed mode: the five built services (`node dist/services/<name>/src/main.js`, as in
// a container) over a local Kafka (`startKafka(systemTopics())`: a container when Docker answers, else
// librdkafka's mock) and a fresh Postgres database. The user is set up over REST like the standalone one.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, startKafka, startPostgres, systemTopics } from '@app/testing';
import type { TestDatabase, TestKafka } from '@app/testing';
import type { Simulator } from '@app/simulator';
import { spawnChild } from '../child';
import { productNodeFlags } from '../product-build';
import type { Child } from '../child';
import type { SimAccountSet } from '../sim-world';
import type { Target } from '../target';
import { RTT_TOPICS } from '../kafka-round-trip';
import { productEnv } from './product-env';
import { setUpProductUser } from './setup-user';

const SERVICES = ['auth', 'connections', 'trading', 'execution'] as const;
/**
 * The services a webhook passes through (gateway → execution → gateway). Only they get the bench's short
 * KAFKA_MAX_WAIT_MS: the mock broker does not wake a waiting fetch, so their wait is latency on every hop. The
 * others keep the product's default (100 ms): at 10 ms their idle consumers polled the mock hard enough to take
 * a third of a core from the run (1.55 → 1.27 cores at 10/s), which a real broker's long-poll would not.
 */
const ON_WEBHOOK_PATH = new Set(['gateway', 'execution']);

export interface DistributedInfra {
  kafka: TestKafka;
  db: TestDatabase;
  maxWaitMs: number;
  close(): Promise<void>;
}

export async function startInfra(maxWaitMs: number): Promise<DistributedInfra> {
  const kafka = await startKafka([...systemTopics(), ...RTT_TOPICS.map((name) => ({ name, partitions: 1 }))]);
  const db = await startPostgres().catch(async (err: unknown) => {
    await kafka.stop();
    throw err;
  });
  return { kafka, db, maxWaitMs, close: async () => void (await Promise.allSettled([db.drop(), kafka.stop()])) };
}

export async function startDistributedProduct(
  productRoot: string,
  infra: DistributedInfra,
  sim: Simulator,
  sets: SimAccountSet[],
): Promise<Target> {
  const ports = await Promise.all([...SERVICES, 'gateway'].map(() => freePort()));
  const base = `http://127.0.0.1:${ports[4]}`;
  const env = {
    ...productEnv(sim, base),
    KAFKA_BROKERS: infra.kafka.brokers.join(','),
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    KAFKA_HEARTBEAT_MS: '500',
    DATABASE_URL: infra.db.url,
    DATABASE_POOL_SIZE: '4',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const children: Child[] = [];
  const stopAll = async (): Promise<void> => void (await Promise.all(children.map((c) => c.stop())));
  try {
    // One after another: each service runs its migrations on the shared database.
    for (const [i, name] of [...SERVICES, 'gateway'].entries()) {
      const maxWait: Record<string, string> = ON_WEBHOOK_PATH.has(name)
        ? { KAFKA_MAX_WAIT_MS: String(infra.maxWaitMs) }
        : {};
      const child = spawnChild(
        name,
        path.join(productRoot, `dist/services/${name}/src/main.js`),
        { ...env, ...maxWait, PORT: String(ports[i]) },
        productNodeFlags(productRoot),
      );
      children.push(child);
      await child.waitForHttp(`http://127.0.0.1:${ports[i]}/readyz`, 90_000);
    }
    const routes = await setUpProductUser(base, sets);
    return { name: 'distributed', routes, pids: () => children.map((c) => c.pid), close: stopAll };
  } catch (err) {
    const tails = children.map((c) => `--- ${c.name}\n${c.tail()}`).join('\n');
    await stopAll();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${tails}`);
  }
}
