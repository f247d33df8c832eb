import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';
import { startThrowawayPostgres } from '@app/testing/postgres/throwaway-postgres';
import type { ThrowawayPostgres } from '@app/testing/postgres/throwaway-postgres';

const ACCOUNTS = 2;
const OUTAGE_MS = 5000;

interface Answer {
  status: number;
  requestId?: string;
  ms: number;
}

/**
 * Issue 10 (faults): the Kafka broker, then Postgres, go away under a stream of webhooks and come
 * back. Services reconnect by themselves, /readyz says 503 during the outage and 200 after, and
 * every webhook the gateway acknowledged is executed exactly once.
 *
 * The Kafka mock keeps everything in memory: restarted, it is an empty broker on the same port
 * (no messages, no committed offsets). So this test only counts as acknowledged what a real broker
 * would also keep: a 200 (executed before the answer) and a 202 whose trade log exists. See
 * docs/guarantees.md "Faults" for what real Kafka (replicated, acks=all) guarantees instead.
 */
describe('Kafka and Postgres restarted under load', () => {
  let pg: ThrowawayPostgres;
  let stack: ExecutionStack;
  let alertId: string;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    stack = await ExecutionStack.start({
      accounts: ACCOUNTS,
      databaseUrl: pg.url,
      connections: true,
      alsoRun: ['auth', 'trading'],
      supervise: true,
    });
    alertId = await stack.alert();
  });

  afterAll(async () => {
    await stack?.stop();
    pg?.destroy();
  });

  const probes = () => Promise.all([stack.readyz(stack.executions[0]), stack.readyz(stack.gateway)]);

  /** Posts a webhook every 200 ms until `stop()`; each answer with its duration. */
  function stream() {
    const answers: Array<Promise<Answer>> = [];
    let on = true;
    const loop = (async () => {
      while (on) {
        const started = performance.now();
        answers.push(
          stack.post(alertId).then(
            async (r) => ({
              status: r.status,
              requestId: ((await r.json().catch(() => ({}))) as { request_id?: string }).request_id,
              ms: performance.now() - started,
            }),
            () => ({ status: 0, ms: performance.now() - started }),
          ),
        );
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    return {
      stop: async () => {
        on = false;
        await loop;
        return Promise.all(answers);
      },
    };
  }

  async function outage(
    down: () => Promise<void> | void,
    up: () => Promise<void> | void,
  ): Promise<{ during: number[][]; answers: Answer[] }> {
    await waitUntil(async () => (await probes()).every((s) => s === 200), 60_000, 'everything ready before the outage');
    const load = stream();
    await new Promise((r) => setTimeout(r, 1500));
    await down();
    const during: number[][] = [];
    await waitUntil(
      async () => {
        const p = await probes();
        during.push(p);
        return p.every((s) => s === 503);
      },
      20_000,
      'both /readyz at 503',
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}: ${JSON.stringify(during)}\n${stack.output().slice(-4000)}`);
    });
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await up();
    await waitUntil(async () => (await probes()).every((s) => s === 200), 60_000, 'both /readyz at 200 again').catch(
      (err: unknown) => {
        throw new Error(`${String(err)}\n${stack.output().slice(-6000)}`);
      },
    );
    await new Promise((r) => setTimeout(r, 1500));
    return { during, answers: await load.stop() };
  }

  /** The acknowledged webhooks (answers with these statuses) are all final, completed, each order at the broker exactly once. */
  async function expectAcknowledgedExecuted(answers: Answer[], statuses: number[]): Promise<string[]> {
    // Back in service: a new webhook is executed and answered 200 again. Ready means connected; the reply
    // consumers may still be rejoining their groups for a moment on two shared cores, and meanwhile a webhook is
    // queued and answered 202 (it is executed all the same), so the first 200 is waited for.
    await waitUntil(
      async () => (await stack.post(alertId)).status === 200,
      30_000,
      'a webhook answered 200 after the outage',
    );
    const acked = answers.filter((a) => statuses.includes(a.status)).map((a) => a.requestId as string);
    // A message whose handler met the outage comes back through kafkajs: its in-process retries
    // (~9 s of backoff), a consumer restart and a group rejoin, per round while Postgres is down;
    // on two shared cores that has taken over a minute.
    await waitUntil(() => stack.journal.allFinal(acked), 150_000, 'acknowledged webhooks final').catch(
      async (err: unknown) => {
        const logs = await stack.journal.webhooks(acked);
        const open = logs.filter((w) => !['completed', 'partial', 'failed'].includes(w.status));
        const missing = acked.filter((id) => !logs.some((w) => w.requestId === id));
        throw new Error(
          `${String(err)}\nunfinished: ${JSON.stringify(open)}\nnot journalled: ${JSON.stringify(missing)}\n${stack.output().slice(-8000)}`,
        );
      },
    );
    const logs = await stack.journal.webhooks(acked);
    expect(logs.filter((w) => w.status !== 'completed')).toEqual([]);
    const tally = tallyOrders(
      stack.sim.control.orders(),
      acked,
      stack.accounts.map((a) => a.id),
    );
    expect(Object.values(tally.counts).filter((n) => n !== 1)).toEqual([]);
    return acked;
  }

  it('should report not-ready while the Kafka broker is down, reconnect, and lose nothing it acknowledged', async () => {
    const { answers } = await outage(
      () => stack.stopKafka(),
      () => stack.startKafka(),
    );
    process.stdout.write(`kafka outage answers: ${JSON.stringify(answers.map((a) => [a.status, Math.round(a.ms)]))}\n`);
    const accepted = answers.filter((a) => a.status === 202).map((a) => a.requestId as string);
    // Without a broker nothing is acknowledged: a 503 (not queued, send again) or no answer while the gateway restarts.
    expect(answers.filter((a) => ![200, 202, 503, 0].includes(a.status))).toEqual([]);
    // Only 200s count: a 202 was acknowledged by the mock broker, which forgets it when stopped (real Kafka keeps it).
    await expectAcknowledgedExecuted(answers, [200]);
    const journalled = new Set((await stack.journal.webhooks(accepted)).map((w) => w.requestId));
    process.stdout.write(`202s during the Kafka outage: ${accepted.length}, journalled: ${journalled.size}\n`);
  });

  it('should report not-ready while Postgres is down, reconnect, and lose nothing it acknowledged', async () => {
    const { answers } = await outage(
      () => pg.stop('immediate'),
      () => pg.start(),
    );
    process.stdout.write(
      `postgres outage answers: ${JSON.stringify(answers.map((a) => [a.status, Math.round(a.ms)]))}\n`,
    );
    // 2.5 s reply timeout plus scheduling of 6 processes on a shared 2-core machine (the 3 s bound is broker-faults').
    expect(answers.filter((a) => a.ms >= 4000)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 202)).toEqual([]);
    // Every 200 and every 202 was executed exactly once: a 202 whose handler met the outage was left
    // uncommitted in Kafka and delivered again once Postgres was back.
    await expectAcknowledgedExecuted(answers, [200, 202]);
  }, 240_000);
});
