import { startBrowserHarness } from './support/browser-harness';
import type { BrowserHarness } from './support/browser-harness';
import type { Route } from 'playwright-core';
import {
  animationsSettled,
  framesOverflowing,
  login,
  notice,
  overflowsHorizontally,
  see,
  watchHorizontalOverflow,
} from './support/ui';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const USER = { email: 'plain@example.com', password: 'plain-password-1' };

// The route table's guards (spec §2) and how the screens hold up on a 390 px phone.
describe('routes and small screens (browser)', () => {
  let h: BrowserHarness;

  /** The headers of a JSON API call made as `who`, signed in through the API. */
  const apiHeaders = async (who: { email: string; password: string }): Promise<Record<string, string>> => {
    const res = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    return { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  };

  beforeAll(async () => {
    // Each small-screen case signs in afresh; the per-email sign-in limit (5/min) would refuse the later ones.
    h = await startBrowserHarness({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_PER_EMAIL: '100',
    });
    // An approved ordinary user, set up through the API (the journey spec covers doing it by hand).
    await fetch(`${h.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(USER),
    });
    const auth = await apiHeaders(ADMIN);
    const users = (await (await fetch(`${h.url}/api/users`, { headers: auth })).json()) as {
      id: string;
      email: string;
    }[];
    const id = users.find((u) => u.email === USER.email)!.id;
    await fetch(`${h.url}/api/users/${id}/status`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ is_active: true }),
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it.each(['/connections', '/groups', '/alerts', '/webhooks', '/logs', '/user-management', '/'])(
    'should send a signed-out visitor from %s to /login',
    async (path) => {
      const { page } = await h.newPage();
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    },
  );

  it('should show Access Denied to a non-admin on /user-management and send unknown paths home', async () => {
    const { page } = await h.newPage();
    await login(page, USER.email, USER.password);
    await page.goto('/user-management');
    await see(page, 'Access Denied');
    await see(page, "You don't have permission to access this page.");
    await h.shot(page, 'guard-access-denied');

    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');
    await see(page, 'More Tools');
    await h.shot(page, 'home');
  });

  it("should answer an address without '@' with the spec's message, not the browser's tooltip", async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('foo');
    await page.getByLabel('Password').fill('password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await see(page, 'Please enter a valid email address');
  });

  it('should keep a reloaded page signed in', async () => {
    const { page } = await h.newPage();
    await login(page, USER.email, USER.password);
    await page.goto('/groups');
    await page.reload();
    await notice(page, 'Welcome Back!');
    await page.getByRole('button', { name: 'Create Group' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/groups');
  });

  it('should stay signed in when a reload cuts the start-up session check short', async () => {
    const { page } = await h.newPage();
    await login(page, USER.email, USER.password);
    // Hold the page's session check so the reload lands while it is in flight, as an impatient user's would.
    const held = new Promise<Route>((resolve) => void page.route('**/api/auth/me', resolve, { times: 1 }));
    await page.goto('/groups');
    const check = await held;
    await page.reload();
    await check.continue().catch(() => undefined); // the reload has already cancelled it
    await notice(page, 'Welcome Back!');
    await page.getByRole('button', { name: 'Create Group' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/groups');
  });

  describe('at 390 px', () => {
    it('should fit the login form without sideways scrolling', async () => {
      const { page } = await h.newPage(390);
      await watchHorizontalOverflow(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflowsHorizontally(page)).toBe(false);
      expect(await framesOverflowing(page)).toBe(0);
      await h.shot(page, 'mobile-login');
    });

    it('should reach the pages that do not fit the header through its folded menu', async () => {
      const { page } = await h.newPage(390);
      await login(page, USER.email, USER.password);
      await page.getByRole('menuitem', { name: 'More pages' }).click();
      const tradeLogs = page.getByRole('menuitem', { name: 'Trade Logs' });
      await tradeLogs.waitFor();
      await animationsSettled(page);
      await tradeLogs.click();
      await page.waitForURL('**/logs');
      await page.getByRole('heading', { name: 'Trade Logs' }).waitFor();
    });

    // A row of each table, its buttons, and the one a trade log keeps of a refused webhook (no connection needed).
    describe('with a row in each table', () => {
      beforeAll(async () => {
        const auth = await apiHeaders(USER);
        const post = (path: string, body: unknown) =>
          fetch(`${h.url}/api${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
        await post('/groups', { name: 'Phone desk' });
        await post('/alerts', { name: 'Phone alert', symbol: 'MNQZ6' });
        const { url } = (await (await fetch(`${h.url}/api/webhooks/endpoint`, { headers: auth })).json()) as {
          url: string;
        };
        await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"action":"buy"}' });
      });

      it.each([
        ['/logs', USER, /^View request /],
        ['/alerts', USER, 'Delete Phone alert'],
        ['/groups', USER, 'Delete Phone desk'],
        ['/user-management', ADMIN, `Delete ${USER.email}`],
      ] as const)(
        'should show each row of %s whole, its buttons in reach without panning the table',
        async (path, who, button) => {
          const { page } = await h.newPage(390);
          await login(page, who.email, who.password);
          await page.goto(path);
          const target = page.getByRole('button', { name: button }).first();
          await target.waitFor();
          // The table's own scroller: its content no wider than the card it sits in.
          const scroller = page.locator('.ant-table-content').first();
          expect(await scroller.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
          const box = (await target.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(390);
          await h.shot(page, `mobile-rows${path.replace('/', '-')}`);
        },
      );

      it("should show a request's execution events whole on a phone", async () => {
        const { page } = await h.newPage(390);
        await login(page, USER.email, USER.password);
        await page.goto('/logs');
        await page
          .getByRole('button', { name: /^View request / })
          .first()
          .click();
        const modal = page.getByRole('dialog');
        await modal.getByRole('tab', { name: 'Execution Events' }).click();
        const events = modal.locator('.ant-tabs-tabpane-active');
        await events.getByText('rejected').first().waitFor();
        const scroller = events.locator('.ant-table-content');
        expect(await scroller.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
        const box = (await events.getByText('Outcome').first().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await h.shot(page, 'mobile-log-events');
      });
    });

    it.each(['/', '/connections', '/alerts', '/webhooks', '/logs'])(
      'should fit %s without sideways scrolling',
      async (path) => {
        const { page } = await h.newPage(390);
        await login(page, USER.email, USER.password);
        await watchHorizontalOverflow(page);
        await page.goto(path);
        await page.locator('.app-content').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await overflowsHorizontally(page)).toBe(false);
        // Nor for a moment while the page settles: the header's menu once did, for two frames after sign-in.
        expect(await framesOverflowing(page)).toBe(0);
        await h.shot(page, `mobile${path === '/' ? '-home' : path.replace('/', '-')}`);
      },
    );
  });
});
