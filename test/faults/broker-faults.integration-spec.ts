import { waitUntil } from '@app/testing';
import { ExecutionStack } from '@app/testing/distributed/execution-stack';
import { tallyOrders } from '@app/testing/distributed/expected-orders';
import type { JournalWebhook } from '@app/testing/distributed/webhook-journal';

const ACCOUNTS = 3;
/** What TradingView tolerates: every POST must be answered within this. */
const ANSWER_MS = 3000;

interface Fired {
  requestIds: string[];
  statuses: number[];
  durationsMs: number[];
  logs: JournalWebhook[];
  tally: ReturnType<typeof tallyOrders>;
  placeCalls: number;
}

/**
 * Issue 10 (faults): the broker is slow, times out, answers 5xx, drops the connection after
 * executing, expires every token, issues penalty tickets. Retries are bounded, each account ends in
 * the right state, no order is placed twice, and TradingView is answered within 3 s every time.
 * Runs the connections service too: token renewal goes through it, as in production.
 */
describe('broker faults (simulator)', () => {
  let stack: ExecutionStack;

  beforeAll(async () => {
    stack = await ExecutionStack.start({
      accounts: ACCOUNTS,
      connections: true,
      executionEnv: { TRADOVATE_TIMEOUT_MS: '2000' },
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  afterEach(() => {
    stack.sim.control.reset();
  });

  /** Posts `count` webhooks on a fresh alert, timing each answer, and waits until their trade logs are final. */
  async function fire(count: number): Promise<Fired> {
    const alertId = await stack.alert();
    const seen = stack.sim.control.orders().length;
    const placedBefore = stack.sim.control.stats().requests['order/placeorder'] ?? 0;
    const answers = await Promise.all(
      Array.from({ length: count }, async () => {
        const started = performance.now();
        const res = await stack.post(alertId);
        const body = (await res.json()) as { request_id?: string };
        return { status: res.status, requestId: String(body.request_id), ms: Math.round(performance.now() - started) };
      }),
    );
    const requestIds = answers.map((a) => a.requestId);
    try {
      await waitUntil(() => stack.journal.allFinal(requestIds), 30_000, 'every trade log final');
    } catch (err) {
      throw new Error(`${String(err)}\n${stack.output().slice(-5000)}`);
    }
    const orders = stack.sim.control.orders().slice(seen);
    return {
      requestIds,
      statuses: answers.map((a) => a.status),
      durationsMs: answers.map((a) => a.ms),
      logs: await stack.journal.webhooks(requestIds),
      tally: tallyOrders(
        orders,
        requestIds,
        stack.accounts.map((a) => a.id),
      ),
      placeCalls: (stack.sim.control.stats().requests['order/placeorder'] ?? 0) - placedBefore,
    };
  }

  const outcomes = (f: Fired) => f.logs.map((w) => [w.status, w.response?.successful, w.response?.failed]);
  const onceEach = (f: Fired) => Object.values(f.tally.counts).filter((n) => n !== 1);

  it('should answer within 3 s and place each order once when the broker is slow', async () => {
    stack.sim.control.setLatency(1500, 'order/placeorder');
    const f = await fire(3);
    expect(f.durationsMs.filter((ms) => ms >= ANSWER_MS)).toEqual([]);
    expect(f.statuses.every((s) => s === 200 || s === 202)).toBe(true);
    expect(outcomes(f)).toEqual(f.requestIds.map(() => ['completed', ACCOUNTS, 0]));
    expect(onceEach(f)).toEqual([]);
  });

  it('should reconcile a timed-out placement instead of placing it again', async () => {
    // Executed at once, answered after the client's 2 s timeout: the outcome is unknown to execution.
    stack.sim.control.setLatency(2600, 'order/placeorder');
    const f = await fire(2);
    expect(f.durationsMs.filter((ms) => ms >= ANSWER_MS)).toEqual([]);
    // 2 s timeout + reconcile lands close to the gateway's 2.5 s: either answer is right.
    expect(f.statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
    expect(outcomes(f)).toEqual(f.requestIds.map(() => ['completed', ACCOUNTS, 0]));
    expect(onceEach(f)).toEqual([]);
    expect(f.placeCalls).toBe(2 * ACCOUNTS);
  });

  it('should place once after a 500 that executed nothing, and once after a dropped answer that did', async () => {
    stack.sim.control.failNext('order/placeorder', { status: 500 });
    const five = await fire(1);
    stack.sim.control.failNext('order/placeorder', { dropAfterExecute: true });
    const dropped = await fire(1);
    for (const f of [five, dropped]) {
      expect(f.durationsMs.filter((ms) => ms >= ANSWER_MS)).toEqual([]);
      expect(outcomes(f)).toEqual([['completed', ACCOUNTS, 0]]);
      expect(onceEach(f)).toEqual([]);
    }
    // 500: that account's order sent again after reconciling; dropped: found by clOrdId, not resent.
    expect([five.placeCalls, dropped.placeCalls]).toEqual([ACCOUNTS + 1, ACCOUNTS]);
  });

  it('should give up after one resend when the broker keeps failing, and place nothing twice', async () => {
    stack.sim.control.failNext('order/placeorder', { status: 503, count: 1000 });
    const f = await fire(2);
    expect(f.durationsMs.filter((ms) => ms >= ANSWER_MS)).toEqual([]);
    expect(f.statuses).toEqual([200, 200]);
    expect(outcomes(f)).toEqual(f.requestIds.map(() => ['failed', 0, ACCOUNTS]));
    expect(f.placeCalls).toBe(2 * 2 * ACCOUNTS);
    expect(f.tally).toMatchObject({ unexpected: 0 });
  });

  it('should renew expired tokens through the connections service, once per fan-out, and place every order', async () => {
    stack.sim.control.expireTokens();
    const renewals = () => stack.sim.control.stats().requests['auth/renewaccesstoken'] ?? 0;
    const before = renewals();
    const f = await fire(2);
    expect(f.durationsMs.filter((ms) => ms >= ANSWER_MS)).toEqual([]);
    expect(outcomes(f)).toEqual(f.requestIds.map(() => ['completed', ACCOUNTS, 0]));
    expect(onceEach(f)).toEqual([]);
    // Every account of a fan-out is refused with the same token: one renewal serves them all (Tradovate
    // penalises bursts of token requests), so at most one per webhook here, not one per account.
    expect(renewals() - before).toBeGreaterThanOrEqual(1);
    expect(renewals() - before).toBeLessThanOrEqual(2);
  });

  it('should wait out a short penalty and fail an account whose penalty is too long', async () => {
    stack.sim.control.penalize('order/placeorder', { pTime: 1, count: ACCOUNTS });
    const short = await fire(1);
    expect(outcomes(short)).toEqual([['completed', ACCOUNTS, 0]]);
    expect(onceEach(short)).toEqual([]);

    stack.sim.control.penalize('order/placeorder', { pTime: 30, count: ACCOUNTS });
    const long = await fire(1);
    expect(outcomes(long)).toEqual([['failed', 0, ACCOUNTS]]);
    expect(long.tally.unexpected).toBe(0);
    expect([...short.durationsMs, ...long.durationsMs].filter((ms) => ms >= ANSWER_MS)).toEqual([]);
  });
});
