// The browser tests (scripts/test runs `npx playwright test`): Playwright Test driving Debian's
// Chromium at a phone's 390x844, against the release build in dist/ (and, for the sub-path
// tests, target/dist-absolute) on a local server that global-setup.mjs starts. Chromium is
// Debian's package (scripts/setup --browser): Playwright's own browsers are never installed.
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, PHONE_CONTEXT } from './tests/browser/harness.mjs';

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '*.test.mjs',
  globalSetup: './tests/browser/global-setup.mjs',
  // Its own folder: the tests' screenshots go to test-results/ and stay.
  outputDir: 'test-results/playwright',
  workers: 2,
  // Rolls until a wanted outcome and the offline tests take their time on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    ...PHONE_CONTEXT,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
