import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';

const ACCOUNTS = 4;
const ALERTS = 12;
const WEBHOOKS = 30;

/**
 * Issue 8: two execution processes in one consumer group share the webhook topic's partitions;
 * one is SIGKILLed under load; every webhook the gateway acknowledged still completes, each
 * order placed exactly once.
 */
describe('two execution instances, one killed under load', () => {
  let stack: ExecutionStack;

  beforeAll(async () => {
    // Supervised like Kubernetes pods: a replica whose consumer crashes for good (the test broker
    // sometimes answers a joining member's SyncGroup with INVALID_REQUEST, which kafkajs does not
    // retry) exits and is started again.
    stack = await ExecutionStack.start({
      accounts: ACCOUNTS,
      executionEnv: { WEBHOOK_CLAIM_TTL_MS: '3000' },
      supervise: true,
    });
    await stack.startExecution({}, 60_000, 3);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('should complete every acknowledged webhook exactly once', async () => {
    const alerts = await Promise.all(Array.from({ length: ALERTS }, () => stack.alert()));
    stack.sim.control.setLatency(600, 'order/placeorder');

    const replies = Array.from({ length: WEBHOOKS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 120));
      return stack.post(alerts[i % ALERTS]);
    });
    // Both instances have taken webhooks (the partitions are shared) before one of them dies.
    await waitUntil(async () => (await stack.journal.claimants()) >= 2, 60_000, 'both instances working').catch(
      (err: unknown) => {
        throw new Error(
          `${String(err)}\n${stack
            .output()
            .split('\n')
            .filter((l) => /consumer group|Crash|exiting/.test(l))
            .join('\n')}`,
        );
      },
    );
    await stack.executions[0].kill('SIGKILL');
    const answered = await Promise.all(replies);

    expect(answered.map((r) => r.status).filter((s) => s !== 200 && s !== 202)).toEqual([]);
    const requestIds = await Promise.all(
      answered.map(async (res) => ((await res.json()) as { request_id: string }).request_id),
    );
    try {
      await waitUntil(() => stack.journal.allFinal(requestIds), 60_000, 'every trade log final');
    } catch (err) {
      throw new Error(
        `${String(err)}\n${JSON.stringify(await stack.journal.webhooks(requestIds)).slice(0, 4000)}\n${stack.output().slice(-6000)}`,
      );
    }
    const tally = tallyOrders(
      stack.sim.control.orders(),
      requestIds,
      stack.accounts.map((a) => a.id),
    );
    expect(Object.values(tally.counts).filter((n) => n !== 1)).toEqual([]);
    expect(tally).toMatchObject({ unexpected: 0, unanswered: 0 });
    const logs = await stack.journal.webhooks(requestIds);
    expect(logs).toHaveLength(WEBHOOKS);
    expect(logs.filter((w) => w.status !== 'completed' || w.response?.successful !== ACCOUNTS)).toEqual([]);
  });
});
