// The baseline: the least a webhook-to-orders relay can do on this machine. A plain node:http server
// that parses the same payload and places the same Tradovate orders through the same TradovateClient
// (keep-alive undici agent) for the same accounts — no framework, no bus, no database, no journal.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TradovateClient } from '@app/tradovate';

export interface RelayRoute {
  token: string;
  accountIds: number[];
  contractName: string;
}

export interface RelayOptions {
  demoUrl: string;
  liveUrl: string;
  oauthTokenUrl: string;
  secret: string;
  /** By alert_id. */
  routes: Record<string, RelayRoute>;
  port?: number;
}

const PATH = '/api/webhooks/tradingview/';

export async function startRelay(options: RelayOptions): Promise<{ server: Server; port: number }> {
  const client = new TradovateClient({
    demoUrl: options.demoUrl,
    liveUrl: options.liveUrl,
    oauthTokenUrl: options.oauthTokenUrl,
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: object): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== PATH + options.secret) {
        reply(404, { detail: 'not found' });
        return;
      }
      let signal: { alert_id?: string; action?: string; quantity?: number | string };
      try {
        signal = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof signal;
      } catch {
        reply(400, { detail: 'bad json' });
        return;
      }
      const route = options.routes[String(signal.alert_id)];
      const quantity = Number(signal.quantity);
      if (!route || !Number.isInteger(quantity) || quantity < 1) {
        reply(404, { detail: 'unknown alert or bad quantity' });
        return;
      }
      const requestId = randomUUID();
      const action = String(signal.action).toLowerCase() === 'sell' ? 'Sell' : 'Buy';
      void Promise.allSettled(
        route.accountIds.map((accountId, i) =>
          client.placeOrder('demo', route.token, {
            accountId,
            action,
            symbol: route.contractName,
            orderQty: quantity,
            orderType: 'Market',
            isAutomated: true,
            clOrdId: `bl-${requestId}-${i}`,
          }),
        ),
      ).then((results) => {
        const successful = results.filter((r) => r.status === 'fulfilled').length;
        reply(200, {
          request_id: requestId,
          successful,
          failed: results.length - successful,
          total: results.length,
          results: results.map((r) =>
            r.status === 'fulfilled' ? { success: true, data: r.value } : { success: false, error: String(r.reason) },
          ),
        });
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
