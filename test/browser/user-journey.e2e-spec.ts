import type { BrowserContext, Page } from 'playwright-core';
import { startBrowserHarness } from './support/browser-harness';
import type { BrowserHarness } from './support/browser-harness';
import { dismissNotices, login, notice, register, see } from './support/ui';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const TRADER = { email: 'trader@example.com', password: 'trader-password-1' };
const REJECTED = { email: 'rejected@example.com', password: 'rejected-password-1' };

// One user's way through the product, in order: each step builds on the one before, as it would for a person.
describe('new user journey (browser)', () => {
  let h: BrowserHarness;
  let admin: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    h = await startBrowserHarness({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = await h.newPage();
    user = await h.newPage();
  });

  afterAll(async () => {
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
    await modal.getByLabel('Nickname').fill('Manual demo');
    await modal.getByLabel('Username').fill('demo');
    await modal.getByLabel('Password', { exact: true }).fill('demo-password');
    await modal.getByLabel('Client ID (cid)').fill('8');
    await modal.getByLabel('Secret (sec)').fill('sim-secret');
    await h.shot(page, '08-add-connection-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Connection Created');
    const card = page.getByRole('article', { name: 'Connection Manual demo' });
    await card.waitFor();

    await card.getByRole('button', { name: 'Test' }).click();
    expect(await notice(page, 'Connection test successful', true)).toMatch(/Connection test successful/);
    expect(await page.getByRole('article').count()).toBe(2);
    await h.shot(page, '09-connections-two');
  });
});
