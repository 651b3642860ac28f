// Shared set-up for browser tests and benchmarks: Debian's Chromium driven by
// playwright-core at a phone viewport, against dist/ served on 127.0.0.1.
import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { startServer, SUB_PATH } from './server.mjs';

export { SUB_PATH };

export const PHONE = { width: 390, height: 844 };
export const SCREENSHOTS = new URL('../../test-results/', import.meta.url);

/** How Chromium is started for tests, benchmarks and Lighthouse: quiet and offline-safe. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Starts the server and the browser; returns them with a `close` for both. */
export async function launch() {
  const { server, origin } = await startServer(0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  return {
    browser,
    origin,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/**
 * A fresh phone-sized context and page that record every page error and console error,
 * so a test can fail on them. Options pass through to `browser.newContext`.
 */
export async function openPhone(browser, options = {}) {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'light',
    ...options,
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`console error: ${message.text()}`);
  });
  return { context, page };
}

/** Polls `read` until `check` accepts its value; fails with the last value seen. */
export async function eventually(read, check, what, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
}

/**
 * Waits until the app has drawn its page in full. It draws in steps (src/ui/later.rs), and a
 * page's last part is the roll dock on a tray, the Your data fold on Characters.
 */
export async function drawn(page) {
  await page.locator('main:not(.loading) :is(.roll-dock, .data-fold)').first().waitFor({ timeout: 15000 });
}

/** A fresh phone page at `path` on the test server, once the app has drawn it in full. */
export async function openDrawn(env, path, options = {}) {
  const { context, page } = await openPhone(env.browser, options);
  await page.goto(env.origin + path);
  await drawn(page);
  return { context, page };
}

/** Waits until the narrative tray is drawn in full. */
export async function ready(page) {
  await page.getByRole('button', { name: 'Add ability die' }).waitFor({ timeout: 15000 });
  await drawn(page);
}

export function textOf(locator) {
  return async () => (await locator.textContent())?.trim() ?? '';
}

/** Waits until no animation is running, so a screenshot shows the final state. */
export async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/** History's rolls, newest first: the entries of its list, not the dice drawn inside them. */
export function historyEntries(page) {
  return page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Rolls', exact: true }).locator(':scope > li');
}
