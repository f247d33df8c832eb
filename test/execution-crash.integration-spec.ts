import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';

const ACCOUNTS = 10;
const WEBHOOKS = 6;

/**
 * Issue 6: execution is SIGKILLed while a slow fan-out is under way (orders sent, answers not yet
 * back, later webhooks still in Kafka), then restarted: every (webhook, account) order exists
 * exactly once at the broker and every trade log ends in a final status.
 */
describe('execution killed mid-fan-out', () => {
  let stack: ExecutionStack;

  beforeAll(async () => {
    stack = await ExecutionStack.start({ accounts: ACCOUNTS, executionEnv: { WEBHOOK_CLAIM_TTL_MS: '3000' } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('should place each expected order exactly once after a restart and finish every trade log', async () => {
    const alerts = await Promise.all(Array.from({ length: WEBHOOKS }, () => stack.alert()));
    stack.sim.control.setLatency(1200, 'order/placeorder');

    // Staggered posts: some fan-outs answered, some waiting on the broker, some not yet consumed at the kill.
    const replies = alerts.map(async (alertId, i) => {
      await new Promise((r) => setTimeout(r, i * 250));
      return stack.post(alertId);
    });
    await waitUntil(() => stack.sim.control.orders().length >= 2 * ACCOUNTS, 20_000, 'two fan-outs under way');
    await stack.executions[0].kill('SIGKILL');
    const answered = await Promise.all(replies);
    await stack.startExecution();

    const requestIds = await Promise.all(
      answered.map(async (res) => ((await res.json()) as { request_id: string }).request_id),
    );
    expect(answered.map((r) => r.status).every((s) => s === 200 || s === 202)).toBe(true);
    try {
      await waitUntil(() => stack.journal.allFinal(requestIds), 60_000, 'every trade log final');
    } catch (err) {
      throw new Error(
        `${String(err)}\n${JSON.stringify(await stack.journal.webhooks(requestIds))}\n${stack.output().slice(-6000)}`,
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
    expect(logs.map((w) => w.requestId).sort()).toEqual([...requestIds].sort());
    expect(logs.map((w) => [w.status, w.response?.successful])).toEqual(requestIds.map(() => ['completed', ACCOUNTS]));
  });
});
