// Shared set-up for browser tests and benchmarks: Debian's Chromium driven by Playwright at a
// phone viewport, against dist/ served on 127.0.0.1. The tests reach it through fixtures.mjs
// and playwright.config.mjs; the bench and scripts/screenshots.mjs call `launch` here.
import { chromium } from 'playwright-core';
import { expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { startServer, SUB_PATH } from './server.mjs';

export { SUB_PATH };

export const PHONE = { width: 390, height: 844 };
/** A fresh phone's context options: every test, bench and screenshot page opens with these. */
export const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'light' };
/** Debian's Chromium, or another one named by $CHROMIUM. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
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
    executablePath: CHROMIUM,
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
 * Records `page`'s page errors and console errors in `page.errors`, so a test can fail on
 * them (fixtures.mjs does for every page a test opens).
 */
export function watch(page) {
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`console error: ${message.text()}`);
  });
  return page;
}

/**
 * A fresh phone-sized context and page that record every page error and console error
 * (`watch`). Options pass through to `browser.newContext`.
 */
export async function openPhone(browser, options = {}) {
  const context = await browser.newContext({ ...PHONE_CONTEXT, ...options });
  const page = watch(await context.newPage());
  return { context, page };
}

/**
 * Waits until the app has drawn its page in full. It draws in steps (src/ui/later.rs), and a
 * page's last part is the roll dock on a tray, the Your data fold on Characters.
 */
export async function drawn(page) {
  await page.locator('main:not(.loading) :is(.roll-dock, .data-fold, .table-page)').first().waitFor({ timeout: 15000 });
}

/**
 * Waits until the page has opened the link in its address (a pool, a roll, a character):
 * the app then drops it from the address. Until then a tray may show no pool and a
 * disabled Roll, and a click on it would wait, with Playwright scrolling between tries.
 */
export async function linkOpened(page) {
  await page.waitForFunction(() => !location.hash.includes('?'), null, { timeout: 15000 });
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

/** The element's text as it is now, trimmed (a retrying `expect` waits for a text instead). */
export async function readText(locator) {
  return (await locator.textContent())?.trim() ?? '';
}

/**
 * Waits until the page has drawn its next frame and run the tasks that frame queued. The app
 * stores a tap's change just after the next frame (src/ui/persisted.rs `set_soon`) and counts
 * its odds hints in it (src/ui/coach.rs), so once this returns either has happened: a test can
 * then check that something was *not* stored or shown. To wait for what is stored, wait on the
 * stored document itself (`stored`).
 */
export async function frameDone(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

/** Waits until localStorage's `key` holds a text containing `wanted`; returns that text. */
export async function stored(page, key, wanted) {
  const handle = await page.waitForFunction(
    ([key, wanted]) => {
      const value = localStorage.getItem(key);
      return value !== null && value.includes(wanted) && value;
    },
    [key, wanted],
    { timeout: 5000 },
  );
  return handle.jsonValue();
}

/** Waits until no animation is running, so a screenshot shows the final state. */
export async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/**
 * Waits until the dock shows a roll other than `before`: the id (`data-roll`) of the roll it
 * showed, or null before the first. Returns nothing; read the roll from the page after.
 */
export async function newRollShown(page, before, what = 'a new roll shown') {
  const shown = page.locator('.roll-dock .dock-result .headline').first();
  const other = before === null ? /^/ : new RegExp(`^(?!${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$)`);
  await expect(shown, what).toHaveAttribute('data-roll', other);
}

/** The id of the roll the dock shows, or null before the first. */
export const shownRollId = (page) =>
  page.evaluate(() => document.querySelector('.roll-dock .dock-result .headline')?.getAttribute('data-roll') ?? null);

/** Reads the clipboard once it holds a text containing (or matching) `wanted`. */
export async function clipboard(page, wanted, what = 'the clipboard') {
  const read = () => page.evaluate(() => navigator.clipboard.readText());
  const poll = expect.poll(read, { message: what });
  await (wanted instanceof RegExp ? poll.toMatch(wanted) : poll.toContain(wanted));
  return read();
}

/** History's rolls, newest first: the entries of its list, not the dice drawn inside them. */
export function historyEntries(page) {
  return page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Rolls', exact: true }).locator(':scope > li');
}
