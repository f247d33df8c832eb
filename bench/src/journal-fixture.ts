// A webhook's closing write as the product's fan-out makes it, for the benches that write journals of their own
// (`npm run bench:retention`, `npm run bench:closing-write`): the intake entry whole, a placed order on each of
// FAN_OUT accounts, and their trade-log events, so that the rows are the size the product writes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { EmbeddedDatabase } from '@app/database';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { WebhookEntity } from '../../services/execution/src/entities/webhook.entity';
import { Execution_SCHEMA, executionMigrations } from '../../services/execution/src/migrations';
import { FanOutJournal, attemptOf } from '../../services/execution/src/webhooks/fan-out-journal';
import type { FanOutEnd } from '../../services/execution/src/webhooks/fan-out-journal';
import type { IntakeEntry } from '../../services/execution/src/webhooks/intake-log';

export const FAN_OUT = 10;

/**
 * Runs `use` on a fresh embedded database in a folder of its own, with execution's schema migrated, as standalone mode
 * opens it; closed and removed afterwards, whatever `use` did.
 */
export async function withJournalDatabase<T>(
  prefix: string,
  use: (ds: DataSource, db: EmbeddedDatabase, dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const { db, driver } = await openEmbeddedDatabase(dir);
  const ds = new DataSource(
    dataSourceOptions(
      { kind: 'pglite', driver },
      { schema: Execution_SCHEMA, entities: [WebhookEntity], migrations: executionMigrations },
    ),
  );
  try {
    await ds.initialize();
    return await use(ds, db, dir);
  } finally {
    await ds.destroy().catch(() => undefined);
    await db.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One user's closing writes, through the product's own FanOutJournal without its linger (a batch is exactly the
 * writes made together): each call journals one webhook received at `at`, on the same connection's FAN_OUT accounts.
 */
export function journalWriter(ds: DataSource): (at?: Date) => Promise<void> {
  const journal = new FanOutJournal(ds, 0);
  const [userId, connectionId] = [randomUUID(), randomUUID()];
  const accounts = Array.from({ length: FAN_OUT }, () => randomUUID());
  return (at = new Date()) => {
    const w = webhook(at, userId, connectionId, accounts);
    return journal.finish(w.id, w.attempts, w.end, w.entry);
  };
}

/** One webhook's closing write as the fan-out makes it: the intake entry whole, ten placed orders, their events. */
export function webhook(createdAt: Date, userId: string, connectionId: string, accounts: string[]) {
  const id = uuidv7();
  const requestId = uuidv7();
  const at = createdAt.toISOString();
  const body = { action: 'buy', order_type: 'market', quantity: 1, ticker: 'MNQ1!', price: 21000.25 };
  const entry: IntakeEntry = {
    id,
    userId,
    requestId,
    alertId: null,
    alertName: 'Journal bench',
    symbol: 'MNQZ6',
    action: 'buy',
    request: body,
    rawBody: JSON.stringify(body),
    bodyHash: 'b'.repeat(64),
    events: [{ at, type: 'received', message: 'Webhook received' }],
    createdAt: at,
  };
  const attempts = accounts.map((accountId, i) => ({
    ...attemptOf({
      accountId,
      accountName: `DEMO${4_000_000 + i}`,
      connectionId,
      clOrdId: `${requestId}-${i}`,
      kind: 'order',
      // A market order's request as buildBrokerCall makes it.
      request: {
        accountId: 4_000_000 + i,
        symbol: 'MNQZ6',
        orderQty: 1,
        action: 'Buy',
        isAutomated: true,
        clOrdId: `${requestId}-${i}`,
        orderType: 'Market',
      },
    }),
    status: 'placed' as const,
    orderId: 900_000 + i,
    durationMs: 3,
  }));
  const results = attempts.map((a) => ({
    account_name: a.accountName,
    success: true,
    data: { orderId: a.orderId },
    execution_time_ms: 3,
    error: null,
  }));
  const end: FanOutEnd = {
    status: 'completed',
    response: {
      message: `Orders placed on ${FAN_OUT} of ${FAN_OUT} accounts`,
      successful: FAN_OUT,
      failed: 0,
      total: FAN_OUT,
      results,
      request_id: requestId,
      processed_orders: FAN_OUT,
      failed_orders: 0,
    },
    events: attempts.map((a) => ({
      at,
      type: 'broker_call',
      message: `Market order placed on ${a.accountName}`,
      accountName: a.accountName,
      durationMs: 3,
      outcome: 'placed',
    })),
  };
  return { id, attempts, end, entry };
}
