import { openEmbeddedDatabase } from '@app/database';
import { activeUser, call, login, tradingAlert } from '@app/testing/http-client';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';

const ADMIN = { email: 'root@example.com', password: 'restart-admin-password-1' };

/**
 * A restart of `npm start` after a crash: a change trading had committed but not yet published (its route outbox
 * still holds it) reaches execution when the services start again, one after another.
 */
describe('standalone restart', () => {
  let sut: StandaloneApp;

  afterAll(async () => {
    await sut?.close();
  });

  it('should deliver the alert routes trading had not published yet, so a webhook follows the alert as saved', async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const user = await activeUser(sut.url, await login(sut.url, ADMIN.email, ADMIN.password));
    const { alertId, symbol, secret } = await tradingAlert(sut.url, user.token);
    const webhook = (quantity: number) =>
      call<{ code?: string; successful?: number }>(sut.url, 'POST', `/api/webhooks/tradingview/${secret}`, {
        body: { alert_id: alertId, order_type: 'market', action: 'buy', quantity, symbol },
      });
    const before = await webhook(1);

    // The process dies right after trading committed a deactivation: the alert is inactive in trading's tables and
    // its route waits in the outbox; execution still holds it active.
    await sut.app.close();
    const { db } = await openEmbeddedDatabase(`${sut.dataDir}/pg`);
    await db.query(`UPDATE "trading"."alerts" SET "status" = 'inactive' WHERE "id" = $1`, [alertId]);
    await db.query(
      `INSERT INTO "trading"."route_outbox" ("alert_id", "user_id", "correlation_id") VALUES ($1, $2, 'crashed-request')`,
      [alertId, user.id],
    );
    await db.close();
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { restartOf: sut });
    const after = await webhook(2);

    expect(before).toMatchObject({ status: 200, body: { successful: 2 } });
    expect(after).toMatchObject({ status: 409, body: { code: 'ALERT_INACTIVE' } });
    expect(sut.simulator?.control.orders() ?? []).toHaveLength(0);
  });
});
