/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { BrowserContext, Page } from 'playwright-core';
import { startBrowserHarness } from './support/browser-harness';
import type { BrowserHarness } from './support/browser-harness';
import { animationsSettled, dismissNotices, login, notice, openDialog, register, see } from './support/ui';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const TRADER = { email: 'trader@example.com', password: 'trader-password-1' };
const REJECTED = { email: 'rejected@example.com', password: 'rejected-password-1' };

// One user's way through the product, in order: each step builds on the one before, as it would for a person.
describe('new user journey (browser)', () => {
  let h: BrowserHarness;
  let admin: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; page: Page };
  let payload: Record<string, string>;
  let webhookUrl: string;
  let requestId: string;

  beforeAll(async () => {
    h = await startBrowserHarness({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = await h.newPage();
    user = await h.newPage();
  });

  afterAll(async () => {
    // Where each browser ended up: the first thing to look at when a step failed.
    await h?.shot(user.page, 'zz-last-user').catch(() => undefined);
    await h?.shot(admin.page, 'zz-last-admin').catch(() => undefined);
    await h?.close();
  });

  it('should register and land on the pending-approval page', async () => {
    const { page } = user;
    await register(page, TRADER.email, TRADER.password);

    expect(await notice(page, 'Registration Successful!')).toContain('pending approval');
    await page.waitForURL('**/registration-success', { timeout: 5000 });
    await see(page, 'Registration Successful!');
    await see(page, 'Your account has been created and is pending approval.');
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/inactive until an administrator approves/);
    expect(text).toMatch(/e-mail/);
    expect(text).toMatch(/cannot log in/);
    await h.shot(page, '01-registration-success');
  });

  it('should refuse to log in before approval', async () => {
    const { page } = user;
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL('**/login');
    await page.locator('#login-email').fill(TRADER.email);
    await page.locator('#login-password').fill(TRADER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    expect(await notice(page, 'Login Failed')).toMatch(/approv|inactive|pending/i);
    expect(page.url()).toMatch(/\/login$/);
    await h.shot(page, '02-login-pending');
  });

  it('should let the admin approve the new user, and reject and delete another', async () => {
    await register(user.page, REJECTED.email, REJECTED.password);
    await user.page.waitForURL('**/registration-success', { timeout: 5000 });
    const { page } = admin;
    await login(page, ADMIN.email, ADMIN.password);
    await page.getByRole('menuitem', { name: 'User Management' }).click();
    await page.waitForURL('**/user-management');
    await see(page, TRADER.email);
    await h.shot(page, '03-user-management');

    await page.getByLabel('Search by email or ID').fill('trader@');
    await see(page, TRADER.email);
    expect(await page.locator('.ant-table').getByText(REJECTED.email).count()).toBe(0);
    await page.getByRole('button', { name: `Approve ${TRADER.email}` }).click();
    expect(await notice(page, 'User Approved')).toContain(`${TRADER.email} has been approved`);
    await page.getByRole('button', { name: `Reject ${TRADER.email}` }).waitFor();

    await page.getByLabel('Search by email or ID').fill(REJECTED.email);
    await page.getByRole('button', { name: `Approve ${REJECTED.email}` }).click();
    await notice(page, 'User Approved');
    await page.getByRole('button', { name: `Reject ${REJECTED.email}` }).click();
    expect(await notice(page, 'User Rejected')).toContain(`${REJECTED.email} has been rejected`);
    await page.getByRole('button', { name: `Delete ${REJECTED.email}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(`Are you sure you want to delete user ${REJECTED.email}?`).waitFor();
    await modal.getByText('This action cannot be undone. All user data will be permanently removed.').waitFor();
    await h.shot(page, '04-delete-user-modal');
    await modal.getByRole('button', { name: 'Delete' }).click();
    await notice(page, 'User Deleted');
    await page.getByLabel('Search by email or ID').fill('');
    await see(page, TRADER.email);
    expect(await page.locator('.ant-table').getByText(REJECTED.email).count()).toBe(0);
    await h.shot(page, '04b-user-management-after');
    await dismissNotices(page);
  });

  it('should log the approved user in and send them to /connections', async () => {
    const { page } = user;
    await login(page, TRADER.email, TRADER.password);
    await notice(page, 'Login Successful!');
    await see(page, 'Manage Connections');
    expect(await page.getByRole('menuitem', { name: 'User Management' }).count()).toBe(0);
    await h.shot(page, '05-connections-empty');
  });

  it('should connect Tradovate through the provider consent page', async () => {
    const { page } = user;
    await dismissNotices(page);
    await page.getByRole('button', { name: 'Add Another' }).click();
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(h.url);
    await h.shot(page, '06-oauth-consent');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((u) => u.origin === h.url && u.pathname === '/connections');
    expect(await notice(page, 'Connected')).toContain('Tradovate connected successfully');
    await page.waitForURL((u) => u.search === '');
    const card = page.getByRole('article').first();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/demo/);
    await h.shot(page, '07-connections-oauth');
  });

  it('should add a connection by its API credentials and test it', async () => {
    const { page } = user;
    await dismissNotices(page);
    await page.getByRole('button', { name: 'Add Manually' }).click();
    const modal = page.getByRole('dialog');
    // A second Tradovate login (the simulator's trader2, three demo accounts): the same login linked twice would
    // reach the same broker accounts, which a fan-out places on once (fan-out.service.spec.ts).
    await modal.getByLabel('Nickname').fill('Desk login');
    await modal.getByLabel('Username').fill('trader2');
    await modal.getByLabel('Password', { exact: true }).fill('trader2-password');
    await modal.getByLabel('Client ID (cid)').fill('8');
    await modal.getByLabel('Secret (sec)').fill('sim-secret');
    await h.shot(page, '08-add-connection-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Connection Created');
    const card = page.getByRole('article', { name: 'Connection Desk login' });
    await card.waitFor();

    await card.getByRole('button', { name: 'Test' }).click();
    expect(await notice(page, 'Connection test successful', true)).toMatch(/Connection test successful/);
    expect(await page.getByRole('article').count()).toBe(2);
    await h.shot(page, '09-connections-two');
  });

  // The group holds the connection added by credentials; the alert (next test) adds one demo account of the OAuth
  // connection by itself, so the journey covers both ways an alert reaches accounts. The OAuth connection's live
  // account, traded on the live host, has its own test (test/oauth-webhook.e2e-spec.ts).
  it('should build a trading group from a connection', async () => {
    const { page } = user;
    await dismissNotices(page);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const list = (await (
      await fetch(`${h.url}/api/connections`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string; nickname: string }[];
    const manual = list.find((c) => c.nickname === 'Desk login')!;
    await page.getByRole('menuitem', { name: 'Trading Groups' }).click();
    await page.waitForURL('**/groups');
    await see(page, 'No trading groups yet');
    await page.getByRole('button', { name: 'Create Group' }).click();
    const form = page.getByRole('dialog');
    await form.getByText('Create Group').waitFor();
    await form.getByLabel('Group Name').fill('Team A');
    await form.getByRole('button', { name: 'Create' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: 'Team A' });
    await row.waitFor();
    expect(await row.innerText()).toContain('0 account(s)');
    expect(await row.innerText()).toContain('No accounts added');

    await page.getByRole('button', { name: 'Add account to Team A' }).click();
    const picker = page.getByRole('dialog').filter({ hasText: 'Add Account to Team A' });
    await picker.waitFor();
    await animationsSettled(page); // the modal zooms in: a click before it rests can land on the other account
    expect(await picker.getByRole('checkbox').count()).toBe(2);
    expect(await picker.innerText()).toContain('DEMO');
    await h.shot(page, '10-add-account-modal');
    // A click, then wait until the box shows checked: the list is a controlled React checkbox group, whose box
    // can show its new state a moment after the click (Playwright's check() tests it at once and gives up).
    await picker
      .locator('label')
      .filter({ hasText: manual.id.replace(/-/g, '').slice(0, 8) })
      .getByRole('checkbox')
      .click();
    await picker.locator(`input[type="checkbox"][value="${manual.id}"]:checked`).waitFor();
    await picker.getByRole('button', { name: 'Add' }).click();
    await picker.waitFor({ state: 'hidden' });
    await row.getByText('1 account(s)').waitFor();
    // The card names the connection by its broker username (spec: "cards with username"), not its nickname.
    await row.getByRole('group', { name: 'Member trader2' }).waitFor();
    expect(await row.innerText()).not.toContain('Desk login');
    await h.shot(page, '11-groups');
  });

  it('should create an alert with its symbol mapped through the contract search', async () => {
    const { page } = user;
    await page.getByRole('menuitem', { name: 'Trading Alerts' }).click();
    await page.waitForURL('**/alerts');
    await page.getByRole('button', { name: 'Create Alert' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Create New Alert' });
    await form.getByText('Configure your news-based trading alert').waitFor();
    await form
      .getByText('Note: You need an active Tradovate connection to map symbols. Go to Connections page first.')
      .waitFor();
    await form.getByLabel('Alert Name').fill('MNQ breakout');
    const search = page.getByRole('dialog').filter({ hasText: 'Add Symbol Mapping' });
    await openDialog(form.getByRole('button', { name: 'Map Symbol' }), search);
    await search.getByPlaceholder('Enter symbol (e.g., MNQ)').fill('MNQ');
    await search.getByPlaceholder('Enter symbol (e.g., MNQ)').press('Enter');
    const first = search.getByRole('radio').first();
    await first.waitFor();
    expect(await search.innerText()).toMatch(/Tick: \d/);
    await h.shot(page, '12-symbol-search');
    expect(await search.getByRole('button', { name: 'Add Symbol' }).isDisabled()).toBe(true);
    await first.check();
    await search.getByRole('button', { name: 'Add Symbol' }).click();
    expect(await notice(page, 'Symbol Added')).toMatch(/MNQ\w* has been mapped successfully/);
    expect(await form.getByLabel('Symbol', { exact: true }).inputValue()).toMatch(/^MNQ/);

    await form.getByRole('checkbox', { name: 'Team A' }).check();
    await form
      .locator('label')
      .filter({ hasText: /DEMO100001\s*demo ·/ })
      .getByRole('checkbox')
      .check();
    await h.shot(page, '13-alert-form');
    await form.getByRole('button', { name: 'Create Alert' }).click();
    await notice(page, 'Alert Created');
    const row = page.locator('.ant-table-row').filter({ hasText: 'MNQ breakout' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Team A');
    await h.shot(page, '14-alerts');
  });

  it('should generate the webhook for the alert and send a test through it', async () => {
    const { page } = user;
    await dismissNotices(page);
    await page.getByRole('menuitem', { name: 'Webhook Generator' }).click();
    await page.waitForURL('**/webhooks');
    await see(page, 'Ready to Generate Webhooks');
    await page.getByRole('combobox', { name: 'Alert' }).click();
    // antd renders options twice: hidden role=option nodes for screen readers and the visible list.
    const option = page.locator('.ant-select-item-option').filter({ hasText: 'MNQ breakout' });
    await option.waitFor();
    await animationsSettled(page);
    await option.click();
    await page.getByRole('radio', { name: 'Market' }).click();

    expect(await notice(page, 'Webhook generated successfully!')).toContain(
      'Your TradingView webhook is ready to use.',
    );
    payload = JSON.parse(await page.getByLabel('Webhook JSON').innerText()) as Record<string, string>;
    expect(payload).toMatchObject({ order_type: 'market', action: '{{strategy.order.action}}' });
    // The field says 'Loading…' until the endpoint query answers: wait for the URL itself.
    await page.waitForFunction(
      (prefix) =>
        (document.querySelector<HTMLInputElement>('input[aria-label="Webhook URL"]')?.value ?? '').startsWith(prefix),
      `${h.url}/api/webhooks/tradingview/`,
    );
    webhookUrl = await page.getByLabel('Webhook URL').inputValue();
    expect(webhookUrl.startsWith(`${h.url}/api/webhooks/tradingview/`)).toBe(true);
    await h.shot(page, '15-webhook-generator');

    // The count the page gives is the orders a signal places: the group's connection's three accounts and the one
    // chosen on the alert by itself.
    const count = page.locator('.ant-descriptions-item').filter({ hasText: 'Accounts' });
    expect((await count.innerText()).replace(/\s+/g, ' ')).toBe('Accounts 4');
    await page.getByRole('button', { name: 'Test Webhook' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    expect(await notice(page, 'Test Webhook Sent!')).toContain('Processed 4 orders, 0 failed');
  });

  it('should place orders when TradingView posts the generated JSON', async () => {
    const filled = Object.fromEntries(
      Object.entries(payload).map(([k, v]) => [
        k,
        typeof v === 'string'
          ? v
              .replace('{{strategy.order.action}}', 'sell')
              .replace('{{close}}', '21000.25')
              .replace('{{strategy.order.contracts}}', '1')
              .replace('{{strategy.order.id}}', 'e2e')
              .replace('{{timenow}}', new Date().toISOString())
              .replace('{{ticker}}', 'MNQ1!')
          : v,
      ]),
    );
    expect(JSON.stringify(filled)).not.toContain('{{');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(filled),
    });
    const body = (await res.json()) as { request_id: string; processed_orders: number; failed_orders: number };

    expect(res.status).toBe(200);
    expect(body.processed_orders).toBe(4);
    expect(body.failed_orders).toBe(0);
    requestId = body.request_id;
  });

  it('should show the webhook in the trade logs with its real request, response and events', async () => {
    const { page } = user;
    await dismissNotices(page);
    await page.getByRole('menuitem', { name: 'Trade Logs' }).click();
    await page.waitForURL('**/logs');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    await h.shot(page, '16-trade-logs');
    await page.getByLabel('Search by request ID').fill(requestId);
    const row = page.locator('.ant-table-row').filter({ hasText: requestId });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    expect(await row.innerText()).toMatch(/MNQ breakout[\s\S]*MNQ[\s\S]*Sell/i);

    await page.getByRole('button', { name: `View request ${requestId}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('tab', { name: 'Webhook JSON' }).waitFor();
    expect(await modal.locator('.ant-tabs-tabpane-active').innerText()).toContain('"strategy_name": "e2e"');
    await h.shot(page, '17-log-detail-json');
    await modal.getByRole('tab', { name: 'Webhook Response' }).click();
    expect(await modal.locator('.ant-tabs-tabpane-active').innerText()).toContain(requestId);
    await modal.getByRole('tab', { name: 'Execution Events' }).click();
    const events = modal.locator('.ant-tabs-tabpane-active');
    await events.locator('.ant-table-row').first().waitFor();
    expect(await events.innerText()).toMatch(/DEMO\d+/);
    await h.shot(page, '18-log-detail-events');
  });
});
