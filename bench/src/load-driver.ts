// Open-loop load: webhook i is due at start + i/rate whatever happened to earlier ones, over a pool of
// keep-alive connections. Latency is measured from the DUE time, so a slow server cannot hide its
// queueing by slowing the driver down (no coordinated omission).
import { Pool } from 'undici';
import { webhookBody } from './payload';

export interface LoadStep {
  /** Webhooks per second. */
  rate: number;
  durationMs: number;
}

export interface SentWebhook {
  seq: number;
  /** When it was due (ms epoch, sub-ms; same clock as the simulator's receivedAt). */
  dueAt: number;
  sentAt: number;
  status?: number;
  /** Response time of the webhook itself. */
  respondedAt?: number;
  error?: string;
}

const now = (): number => performance.timeOrigin + performance.now();

export class LoadDriver {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(
    webhookUrl: string,
    private readonly alertId: string,
    connections = 128,
  ) {
    const url = new URL(webhookUrl);
    this.pool = new Pool(url.origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
    this.path = url.pathname;
  }

  /** Sends the step's webhooks on schedule; resolves when every one has been answered (or failed). */
  async run(step: LoadStep, responseTimeoutMs = 30_000): Promise<SentWebhook[]> {
    const total = Math.max(1, Math.round((step.rate * step.durationMs) / 1000));
    const interval = 1000 / step.rate;
    const sent: SentWebhook[] = [];
    const inFlight: Array<Promise<void>> = [];
    const start = now() + 5;
    let next = 0;
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        const t = now();
        while (next < total && start + next * interval <= t) {
          const w: SentWebhook = { seq: next + 1, dueAt: start + next * interval, sentAt: now() };
          sent.push(w);
          inFlight.push(this.send(w, responseTimeoutMs));
          next += 1;
        }
        if (next >= total) {
          resolve();
          return;
        }
        setTimeout(tick, Math.max(0, start + next * interval - now() - 0.5));
      };
      setTimeout(tick, 5);
    });
    await Promise.all(inFlight);
    return sent;
  }

  private async send(w: SentWebhook, timeoutMs: number): Promise<void> {
    try {
      const res = await this.pool.request({
        method: 'POST',
        path: this.path,
        headers: { 'content-type': 'application/json' },
        body: webhookBody({ alertId: this.alertId, seq: w.seq }),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await res.body.text();
      w.status = res.statusCode;
      w.respondedAt = now();
    } catch (err) {
      w.error = err instanceof Error ? err.message : String(err);
      w.respondedAt = now();
    }
  }

  close = (): Promise<void> => this.pool.close();
}
