// What every browser test is written with: `test` and `expect` from @playwright/test, with
// fixtures for the app on a fresh phone. Every page a test opens, through any of them, has its
// page errors and console errors recorded (harness.mjs `watch`), and the test fails at its
// end if there were any. A test that provokes one on purpose removes it from `page.errors`.
//
//   page         a fresh phone (390x844, touch, empty storage), not yet at any address
//   origin       the test server's address (global-setup.mjs starts it for the run)
//   open(path, options?)   another fresh phone at `path`, once the app has drawn it in full
//                and opened the link in it, if any (`?pool=`, `?roll=`...); options pass to
//                `browser.newContext`. Returns { context, page }.
//   phone(options?)        another fresh phone at no address yet. Returns { context, page }.
//
// `page.goto` takes a path on the test server ('/#/d6'). Assertions on the page retry until
// they hold or time out (`await expect(locator).toHaveText(...)`, `expect.poll`), so a test
// waits on what the app shows or stores, never for a time.
import { test as base, expect } from '@playwright/test';
import { drawn, linkOpened, PHONE_CONTEXT, watch } from './harness.mjs';

export { expect };

export const test = base.extend({
  // Pages whose errors fail the test: every page of every context the test opens.
  watched: async ({}, use) => {
    const pages = [];
    await use(pages);
    const errors = pages.flatMap((page) => page.errors);
    expect(errors, 'no page or console errors').toEqual([]);
  },
  origin: async ({}, use) => {
    const origin = process.env.DICETRAY_ORIGIN;
    if (!origin) throw new Error('no test server: run the tests with `npx playwright test` (global-setup.mjs starts it)');
    await use(origin);
  },
  baseURL: async ({ origin }, use) => use(origin),
  context: async ({ context, watched }, use) => {
    context.on('page', (page) => watched.push(watch(page)));
    await use(context);
  },
  phone: async ({ browser, origin, watched }, use) => {
    const contexts = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL: origin, ...options });
      contexts.push(context);
      context.on('page', (page) => watched.push(watch(page)));
      const page = await context.newPage();
      return { context, page };
    });
    for (const context of contexts) await context.close();
  },
  open: async ({ phone }, use) => {
    await use(async (path, options = {}) => {
      const { context, page } = await phone(options);
      await page.goto(path);
      await drawn(page);
      // Until a link is open a tray may show no pool and a disabled Roll (its code comes
      // once the page is drawn): a test taps what the link set up.
      if (path.includes('?')) await linkOpened(page);
      return { context, page };
    });
  },
});
