/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator, Page } from 'playwright-core';

/** Waits until the text is visible somewhere on the page (playwright-core has no auto-waiting expect). */
export async function see(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Waits for an antd notification whose title is `title`; returns its whole text (title + description).
 * `prefix`: the title only starts with `title` (e.g. 'Connection test successful: ...'). */
export async function notice(page: Page, title: string, prefix = false): Promise<string> {
  const n = page
    .locator('.ant-notification-notice')
    .filter({ has: page.getByText(prefix ? new RegExp(`^${title}`) : title, { exact: true }) })
    .last();
  await n.waitFor({ state: 'visible' });
  return (await n.innerText()).replace(/\s+/g, ' ');
}

/** Closes every visible notification so the next one is read alone and nothing covers buttons. */
export async function dismissNotices(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) {
    await close.click().catch(() => undefined);
  }
}

/**
 * Clicks `trigger` and waits for `dialog` to open. A dialog opened from inside another that is still opening (antd's
 * zoom-in) was once seen not to open at all in a full CI run, the click delivered while the outer one moved; a
 * second click then opens it. Still fails when the dialog never opens.
 */
export async function openDialog(trigger: Locator, dialog: Locator): Promise<void> {
  await trigger.click();
  const opened = await dialog.waitFor({ state: 'visible', timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (!opened) {
    await trigger.click();
    await dialog.waitFor({ state: 'visible' });
  }
}

export async function register(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login?tab=register');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(password);
  await page.locator('#register-confirm').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/connections');
}

/**
 * Waits until no finite CSS animation or transition is running, so a popup that is still sliding into place is
 * clicked where it comes to rest. Playwright's own stability check compares two frames, and on a starved CPU two
 * frames of a slow animation can look still: the click then lands on the item next to the one meant.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Whether the page scrolls sideways (content wider than the viewport): a phone user would have to pan. */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * From the page's next load on, checks every frame for sideways overflow, so a layout that is wide only while it
 * settles (a flash a phone user sees as the page jumping sideways) is caught whenever the test happens to look.
 * `framesOverflowing` reads how many frames were too wide.
 */
export async function watchHorizontalOverflow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { framesOverflowing: number };
    w.framesOverflowing = 0;
    const check = () => {
      if (document.documentElement.scrollWidth > window.innerWidth + 1) {
        w.framesOverflowing += 1;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

export async function framesOverflowing(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { framesOverflowing: number }).framesOverflowing);
}
