import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';
import { between, faultSeed, seededRandom } from '@app/testing/distributed/seeded-random';

const LONG = process.env.FAULTS_LONG === '1';
const SEED = faultSeed(process.env.FAULTS_SEED);
const ACCOUNTS = 4;
const KILLS = LONG ? 8 : 3;
/** Webhooks posted one every POST_EVERY_MS for the whole run. */
const POST_EVERY_MS = 300;

/**
 * Issue 10 (faults): execution is SIGKILLed at random moments (seeded: replay with FAULTS_SEED)
 * under a steady stream of webhooks and restarted each time. Every webhook the gateway acknowledged
 * completes, each expected order exists exactly once at the broker, every trade log is final.
 */
describe(`execution SIGKILLed ${KILLS} times under load (FAULTS_SEED=${SEED})`, () => {
  let stack: ExecutionStack;
  const random = seededRandom(SEED);

  beforeAll(async () => {
    stack = await ExecutionStack.start({ accounts: ACCOUNTS, executionEnv: { WEBHOOK_CLAIM_TTL_MS: '2000' } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('should complete every acknowledged webhook with each order placed exactly once', async () => {
    const alerts = await Promise.all(Array.from({ length: 6 }, () => stack.alert()));
    stack.sim.control.setLatency(300, 'order/placeorder');
    const replies: Array<Promise<{ status: number; requestId?: string }>> = [];
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; streaming; i += 1) {
        replies.push(
          stack.post(alerts[i % alerts.length]).then(
            async (r) => ({ status: r.status, requestId: ((await r.json()) as { request_id?: string }).request_id }),
            () => ({ status: 0 }),
          ),
        );
        await new Promise((r) => setTimeout(r, POST_EVERY_MS));
      }
    })();

    const delays: number[] = [];
    for (let k = 0; k < KILLS; k += 1) {
      const delay = between(random, 1000, 4000);
      delays.push(delay);
      await new Promise((r) => setTimeout(r, delay));
      await stack.executions[stack.executions.length - 1].kill('SIGKILL');
      await stack.startExecution({}, 30_000, 2);
    }
    await new Promise((r) => setTimeout(r, 1000));
    streaming = false;
    await stream;
    const answered = await Promise.all(replies);
    process.stdout.write(
      `faults seed ${SEED}: kill delays ${delays.join(', ')} ms; ${answered.length} webhooks posted\n`,
    );

    // A webhook posted while no execution runs waits in Kafka: the gateway answers 202 after 2.5 s.
    const acked = answered.filter((a) => a.status === 200 || a.status === 202);
    expect(answered.filter((a) => !acked.includes(a))).toEqual([]);
    const requestIds = acked.map((a) => a.requestId as string);
    try {
      await waitUntil(() => stack.journal.allFinal(requestIds), 60_000, 'every trade log final');
    } catch (err) {
      const rows = await stack.journal.webhooks(requestIds);
      const seen = new Set(rows.map((w) => w.requestId));
      const stuck = rows.filter((w) => !['completed', 'partial', 'failed', 'rejected', 'duplicate'].includes(w.status));
      const missing = answered.filter((a) => a.requestId && !seen.has(a.requestId));
      throw new Error(
        `seed ${SEED}: ${String(err)}; ${missing.length} never journalled (${JSON.stringify(missing.slice(0, 5))}), ${stuck.length} not final (${JSON.stringify(stuck.slice(0, 3))})\n${stack.output().slice(-6000)}`,
      );
    }
    const tally = tallyOrders(
      stack.sim.control.orders(),
      requestIds,
      stack.accounts.map((a) => a.id),
    );
    expect(Object.entries(tally.counts).filter(([, n]) => n !== 1)).toEqual([]);
    expect(tally).toMatchObject({ unexpected: 0, unanswered: 0 });
    const logs = await stack.journal.webhooks(requestIds);
    expect(logs).toHaveLength(requestIds.length);
    expect(logs.filter((w) => w.status !== 'completed' || w.response?.successful !== ACCOUNTS)).toEqual([]);
  });
});
