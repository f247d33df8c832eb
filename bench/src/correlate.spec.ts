import type { ReceivedOrder } from '@app/simulator';
import { Correlator } from './correlate';
import type { SentWebhook } from './load-driver';

const webhook = (seq: number, dueAt: number, status = 200): SentWebhook => ({
  seq,
  dueAt,
  sentAt: dueAt,
  status,
  respondedAt: dueAt + 5,
});
const order = (seq: number, receivedAt: number, failure?: string): ReceivedOrder => ({
  world: 'demo',
  kind: 'order',
  accountId: 1,
  orderQty: seq,
  legs: [],
  receivedAt,
  ...(failure ? { failure } : {}),
});

describe('Correlator', () => {
  it('should measure each webhook to its last order, part by part, each part numbered from 1', () => {
    const c = new Correlator(2);
    c.add([webhook(1, 1000), webhook(2, 1010)], [order(1, 1003), order(1, 1004), order(2, 1012), order(2, 1030)]);
    c.add([webhook(1, 5000)], [order(1, 5100), order(1, 5040)]);

    const outcome = c.outcome();

    expect(outcome).toMatchObject({ sent: 3, complete: 3, errors: 0, ordersReceived: 6 });
    expect(outcome.latency).toMatchObject({ count: 3, p50: 20, max: 100 });
  });

  it('should also measure each webhook to its first order, which tells a wait before the fan-out from a slow fan-out', () => {
    const c = new Correlator(2);
    c.add([webhook(1, 1000), webhook(2, 1010)], [order(1, 1004), order(1, 1003), order(2, 1030), order(2, 1012)]);
    c.add([webhook(1, 5000)], [order(1, 5100), order(1, 5040)]);

    expect(c.outcome().firstOrder).toMatchObject({ count: 3, p50: 3, max: 40 });
  });

  it("should measure how late the driver itself sent each webhook, the bench's own share of every latency", () => {
    const c = new Correlator(1);
    c.add(
      [
        { ...webhook(1, 1000), sentAt: 1000.5 },
        { ...webhook(2, 1010), sentAt: 1022 },
      ],
      [order(1, 1003)],
    );
    c.add([{ ...webhook(1, 5000), sentAt: 5002 }], [order(1, 5010)]);

    // Every webhook counts, the one that never got its order too: the lateness is the driver's, whatever followed.
    expect(c.outcome().driverLag).toMatchObject({ count: 3, p50: 2, max: 12 });
  });

  it('should count a webhook short of orders, refused, or with a rejected order as an error, in whichever part', () => {
    const c = new Correlator(2);
    c.add([webhook(1, 1000), webhook(2, 1000, 503)], [order(1, 1001), order(2, 1001), order(2, 1002)]);
    c.add([webhook(1, 2000)], [order(1, 2001), order(1, 2002, 'Insufficient margin')]);

    expect(c.outcome()).toMatchObject({
      sent: 3,
      complete: 0,
      errors: 3,
      errorSamples: ['#1: 1/2 orders', '#2: HTTP 503', '#1: 1 rejected orders'],
    });
  });
});
