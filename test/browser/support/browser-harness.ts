import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '@app/testing';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { ensureWebBuild } from './web-build';

export const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(__dirname, '../../../artifacts/screenshots');

export interface BrowserHarness {
  server: StandaloneApp;
  browser: Browser;
  /** The product's origin, e.g. http://127.0.0.1:41234 (PUBLIC_URL: OAuth returns here). */
  url: string;
  /** A fresh browser profile (own storage) with a page on it; 1280×800 unless a width is given. */
  newPage(width?: number): Promise<{ context: BrowserContext; page: Page }>;
  /** Saves a full-page screenshot under artifacts/screenshots/<name>.png for a person to look at. */
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** One product server (standalone, bundled simulator) and one headless Chromium, as a user meets them. */
export async function startBrowserHarness(env: Record<string, string> = {}): Promise<BrowserHarness> {
  const webDist = ensureWebBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startStandaloneApp({ WEB_DIST_DIR: webDist, PORT: String(port), PUBLIC_URL: url, ...env });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    url,
    async newPage(width = 1280) {
      const context = await browser.newContext({ baseURL: url, viewport: { width, height: width < 600 ? 844 : 800 } });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      return { context, page: await context.newPage() };
    },
    async shot(page, name) {
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}
