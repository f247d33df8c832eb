import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';

const ACCOUNTS = 5;

/**
 * Issue 8: a service stopped (SIGTERM) in the middle of a request finishes it before exiting: the
 * in-flight webhook's orders are all answered, its reply reaches the gateway, its trade log is
 * final, and the process exits 0.
 */
describe('execution stopped mid-webhook', () => {
  let stack: ExecutionStack;

  beforeAll(async () => {
    stack = await ExecutionStack.start({ accounts: ACCOUNTS });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('should finish the in-flight webhook, reply, and exit 0', async () => {
    const alertId = await stack.alert();
    stack.sim.control.setLatency(1500, 'order/placeorder');

    const reply = stack.post(alertId);
    await waitUntil(() => stack.sim.control.orders().length === ACCOUNTS, 10_000, 'the fan-out under way');
    const exit = stack.executions[0].kill('SIGTERM', 15_000);
    const res = await reply;
    const body = (await res.json()) as { request_id: string; successful: number };

    expect(await exit).toEqual({ code: 0, signal: null });
    expect(res.status).toBe(200);
    expect(body.successful).toBe(ACCOUNTS);
    const [log] = await stack.journal.webhooks([body.request_id]);
    expect(log).toMatchObject({ status: 'completed', httpStatus: 200 });
    const tally = tallyOrders(
      stack.sim.control.orders(),
      [body.request_id],
      stack.accounts.map((a) => a.id),
    );
    expect(tally).toMatchObject({ unexpected: 0, unanswered: 0 });
    expect(Object.values(tally.counts)).toEqual(Array(ACCOUNTS).fill(1));
  });
});
