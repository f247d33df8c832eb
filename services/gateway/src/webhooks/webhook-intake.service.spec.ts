import { DomainError, Topic } from '@app/contracts';
import type { MessageBus, ProduceReceipt } from '@app/messaging';
import type { GatewayConfig } from '../gateway.settings';
import { WebhookIntake } from './webhook-intake.service';
import type { WebhookRequest } from './webhook-intake.service';

const ALERT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const webhook = (over: Partial<WebhookRequest> = {}): WebhookRequest => ({
  secret: 'sec',
  text: `{"alert_id":"${ALERT}","action":"buy"}`,
  tooLarge: false,
  contentType: 'application/json',
  requestId: 'req-1',
  freshRequestId: true,
  ...over,
});

/** The intake over a bus that answers `reply` and marks the receipt `state` (as the transport does). */
function intakeAnswering(reply: unknown, state: ProduceReceipt['state'] = 'produced') {
  const sent: unknown[][] = [];
  const bus = {
    request: (...args: unknown[]) => {
      sent.push(args);
      (args[3] as { receipt: ProduceReceipt }).receipt.state = state;
      return Promise.resolve(reply);
    },
  } as unknown as MessageBus;
  const intake = new WebhookIntake(bus, { WEBHOOK_REPLY_TIMEOUT_MS: 2900 } as GatewayConfig);
  return { intake, sent };
}

describe(WebhookIntake.name, () => {
  it("should send the webhook to execution keyed by its alert, and answer execution's result with a 200", async () => {
    const result = { message: 'Orders placed on 1 account(s)', successful: 1 };
    const { intake, sent } = intakeAnswering({ ok: true, data: result });

    await expect(intake.receive(webhook())).resolves.toEqual({ status: 200, body: result });
    const [topic, payload, ctx, opts] = sent[0] as [string, Record<string, unknown>, unknown, { key: string }];
    expect(topic).toBe(Topic.WebhookReceived);
    expect(payload).toEqual({
      secret: 'sec',
      body: `{"alert_id":"${ALERT}","action":"buy"}`,
      contentType: 'application/json',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requestId: 'req-1',
      freshRequestId: true,
    });
    expect(ctx).toEqual({ correlationId: 'req-1', userId: null });
    expect(opts).toMatchObject({ key: ALERT, timeoutMs: 2900 });
  });

  it("should key a body without an alert id by the secret's hash, and pass on that a body was too large", async () => {
    const { intake, sent } = intakeAnswering({ ok: true, data: {} });

    await intake.receive(webhook({ text: '', tooLarge: true, freshRequestId: false }));
    const [, payload, , opts] = sent[0] as [string, Record<string, unknown>, unknown, { key: string }];
    expect(payload).toMatchObject({ tooLarge: true });
    expect(payload).not.toHaveProperty('freshRequestId');
    expect(opts.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should answer 202 when execution is still placing orders the broker took', async () => {
    const { intake } = intakeAnswering({ ok: false, error: { code: 'TIMEOUT', message: 'late' } }, 'produced');

    await expect(intake.receive(webhook())).resolves.toEqual({
      status: 202,
      body: { message: 'Accepted; orders are still being placed', request_id: 'req-1' },
    });
  });

  it('should refuse with SERVICE_UNAVAILABLE when the broker never took the webhook, so TradingView sends it again', async () => {
    const { intake } = intakeAnswering({ ok: false, error: { code: 'TIMEOUT', message: 'late' } }, 'pending');

    await expect(intake.receive(webhook())).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('nothing was executed'),
    });
  });

  it("should refuse with execution's own error", async () => {
    const { intake } = intakeAnswering({
      ok: false,
      error: { code: 'ALERT_INACTIVE', message: 'Alert "x" is inactive' },
    });

    const refused = intake.receive(webhook());
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'ALERT_INACTIVE', message: 'Alert "x" is inactive' });
  });
});
