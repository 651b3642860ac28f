// Keeping the data (issue 21, point 9): the first character saved asks the browser to keep the
// data, and where it makes no promise and Dicetray is not installed, a note says so once;
// Your data says when the data was last exported, whether storage is kept, and how much
// space it takes; Install where the browser offers it, the Home Screen steps on an iPhone.
//
// What the browser answers is set by each test (`navigator.storage` stubbed before the app
// loads), so each expected text follows from the test's own set-up. Screenshots go to
// test-results/edges/.
import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures.mjs';
import { frameDone, SCREENSHOTS, stored } from './harness.mjs';

const SHOTS = new URL('edges/', SCREENSHOTS);
const shot = (name) => new URL(name, SHOTS).pathname;

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Before the app loads: `navigator.storage` answers as `answers` says, each call counted in
 * window.storageCalls. `persist` and `persisted` are true or false (or 'missing': the browser
 * has no such method); `usage` is what `estimate` reports; `installed` makes the page run as
 * if opened from the home screen.
 */
async function browserSays(page, answers) {
  await page.addInitScript((answers) => {
    window.storageCalls = { persist: 0, persisted: 0, estimate: 0 };
    const storage = navigator.storage;
    for (const method of ['persist', 'persisted']) {
      if (answers[method] === 'missing') {
        Object.defineProperty(storage, method, { value: undefined });
      } else if (answers[method] !== undefined) {
        storage[method] = async () => {
          window.storageCalls[method] += 1;
          return answers[method];
        };
      }
    }
    if (answers.usage !== undefined) {
      storage.estimate = async () => {
        window.storageCalls.estimate += 1;
        return { usage: answers.usage, quota: 10 * answers.usage };
      };
    }
    if (answers.installed) {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query) =>
        query === '(display-mode: standalone)' ? { ...real(query), matches: true, media: query } : real(query);
    }
  }, answers);
}

const calls = (page, method) => page.evaluate((method) => window.storageCalls[method], method);

async function create(page, name) {
  await page.getByRole('textbox', { name: 'Character name' }).fill(name);
  await page.getByRole('button', { name: 'Create character', exact: true }).click();
  await page.getByRole('button', { name, exact: true, expanded: true }).waitFor();
}

/** The note on keeping the data, beside the characters. */
const note = (page) => page.locator('.keep-note .notice');
const NOTE_TEXT = 'This browser may delete your characters.';

/** Opens the folded "Your data" panel (unless it was left open); its code arrives on its own. */
async function openData(page) {
  const fold = page.locator('details', { has: page.locator('summary', { hasText: 'Your data' }) });
  await fold.waitFor();
  if (!(await fold.evaluate((details) => details.open))) await fold.locator('summary').click();
  const panel = page.getByRole('region', { name: 'Your data' });
  await panel.getByRole('button', { name: 'Export everything' }).waitFor();
  return panel;
}

const keepingLines = (page) => page.getByRole('list', { name: 'How your data is kept' });

/** The settings as stored: [zero dice, haptics, hints, open panels, asked to keep, last export]. */
async function storedSettings(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem('dicetray.settings'))).data;
}

/** A synthetic offer to install, as Chromium's beforeinstallprompt brings it. */
async function offerInstall(page) {
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    offer.prompt = () => {
      window.prompted = (window.prompted ?? 0) + 1;
      return Promise.resolve();
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    dispatchEvent(offer);
    window.offerPrevented = offer.defaultPrevented;
  });
}

test.describe('keeping the data', () => {
  test('refused: the first character brings the note, once, and Your data says so', async ({ phone }) => {
    const { page } = await phone();
    await browserSays(page, { persist: false, persisted: false, usage: 1_572_864 });
    await page.goto('/#/characters');
    await create(page, 'Mira');
    await expect(note(page), 'said beside the character').toContainText(NOTE_TEXT);
    await expect(note(page), 'with what to do').toContainText(/install Dicetray, or export your data now and then/);
    expect(await calls(page, 'persist'), 'asked once').toBe(1);
    await expect.poll(async () => (await storedSettings(page))[4], 'remembered as asked').toBe(true);
    // Your data: never exported, storage not promised, 1.5 MB (1,572,864 bytes = 1.5 * 1024^2).
    await openData(page);
    await expect(keepingLines(page)).toContainText('Last exported from here: never');
    await expect(keepingLines(page)).toContainText('Storage: the browser may clear it after some weeks unvisited.');
    await expect(keepingLines(page)).toContainText('Space used: about 1.5 MB');

    await note(page).getByRole('button', { name: 'Got it' }).click();
    await expect(note(page), 'taken down').toHaveCount(0);
    // A second character says nothing and asks nothing.
    await create(page, 'Tor');
    await frameDone(page);
    await expect(page.locator('.keep-note'), 'not again').toHaveCount(0);
    expect(await calls(page, 'persist'), 'not asked again').toBe(1);
    // Nor after a reload.
    await page.reload();
    await create(page, 'Ada');
    await frameDone(page);
    await expect(page.locator('.keep-note'), 'not after a reload').toHaveCount(0);
    expect(await calls(page, 'persist'), 'not asked after a reload').toBe(0);
  });

  test('granted: nothing is said, and Your data says the data is kept', async ({ phone }) => {
    const { page } = await phone();
    await browserSays(page, { persist: true, persisted: true });
    await page.goto('/#/characters');
    await create(page, 'Mira');
    await expect.poll(() => calls(page, 'persist'), 'asked').toBe(1);
    await expect.poll(async () => (await storedSettings(page))[4], 'remembered as asked').toBe(true);
    await expect(page.locator('.keep-note'), 'nothing to say').toHaveCount(0);
    await openData(page);
    await expect(keepingLines(page)).toContainText('Storage: kept until you clear it.');
  });

  test('a browser without the storage calls counts as unknown: the note, and no error', async ({ phone }) => {
    const { page } = await phone();
    await browserSays(page, { persist: 'missing', persisted: 'missing' });
    await page.goto('/#/characters');
    await create(page, 'Mira');
    await expect(note(page)).toContainText(NOTE_TEXT);
    await openData(page);
    await expect(keepingLines(page)).toContainText('Storage: this browser does not say how long it keeps it.');
    // The fixture fails the test on any console error.
  });

  test('installed: no note and nothing to install, even when the browser promised nothing', async ({ phone }) => {
    const { page } = await phone();
    await browserSays(page, { persist: false, persisted: false, installed: true });
    await page.goto('/#/characters');
    await create(page, 'Mira');
    await expect.poll(() => calls(page, 'persist'), 'asked all the same').toBe(1);
    await expect.poll(async () => (await storedSettings(page))[4]).toBe(true);
    await frameDone(page);
    await expect(page.locator('.keep-note'), 'nothing to say').toHaveCount(0);
    const panel = await openData(page);
    await offerInstall(page);
    await expect(keepingLines(page)).toContainText('Storage: the browser may clear it');
    await expect(panel.getByRole('button', { name: 'Install Dicetray' }), 'installed already').toHaveCount(0);
  });

  test('the browser\'s offer to install becomes an Install button that opens its dialogue', async ({ phone }) => {
    const { page } = await phone();
    await browserSays(page, { persist: false, persisted: false });
    await page.goto('/#/characters');
    const panel = await openData(page);
    await offerInstall(page);
    expect(await page.evaluate(() => window.offerPrevented), 'the browser\'s own banner held back').toBe(true);
    await expect(panel.getByRole('button', { name: 'Install Dicetray' }), 'offered in Your data').toBeVisible();
    // The note after the first character offers it too.
    await create(page, 'Mira');
    await expect(note(page).getByRole('button', { name: 'Install Dicetray' }), 'offered in the note').toBeVisible();
    await note(page).getByRole('button', { name: 'Install Dicetray' }).click();
    await expect.poll(() => page.evaluate(() => window.prompted), 'the dialogue opened').toBe(1);
    await expect(page.locator('.snackbar'), 'accepted').toHaveText(/Dicetray is being installed/);
    // An offer opens one dialogue: the buttons go.
    await expect(page.getByRole('button', { name: 'Install Dicetray' })).toHaveCount(0);
  });

  test('on an iPhone the Home Screen steps come with the export warning', async ({ phone }) => {
    const { page } = await phone({ userAgent: IPHONE_SAFARI });
    await browserSays(page, { persist: false, persisted: false });
    await page.goto('/#/characters');
    await create(page, 'Mira');
    const steps = note(page).getByRole('group', { name: 'Add Dicetray to your Home Screen' });
    await expect(steps).toContainText('Export first');
    await expect(steps).toContainText('keeps its own data');
    await expect(steps.getByRole('listitem')).toHaveText([
      /Export everything/,
      /Share button/,
      /Add to Home Screen/,
      /import the file there/,
    ]);
    await expect(page.getByRole('button', { name: 'Install Dicetray' }), 'no button on an iPhone').toHaveCount(0);
    const panel = await openData(page);
    await expect(panel.getByRole('group', { name: 'Add Dicetray to your Home Screen' })).toContainText('Export first');
  });

  test('an export\'s time shows in Your data, today and days later', async ({ phone }) => {
    const { page } = await phone({ timezoneId: 'UTC' });
    // 3 December 2026, 14:05 UTC, by the test's clock.
    const at = Date.UTC(2026, 11, 3, 14, 5);
    await page.clock.setFixedTime(at);
    await page.goto('/#/characters');
    await create(page, 'Mira');
    const panel = await openData(page);
    await expect(keepingLines(page)).toContainText('Last exported from here: never');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export everything' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dicetray-backup.json');
    await expect(keepingLines(page)).toContainText('Last exported from here: today at 14:05');
    await stored(page, 'dicetray.settings', `,${at}]`);
    // Three days later (6 December, 09:00), after a reload.
    await page.clock.setFixedTime(Date.UTC(2026, 11, 6, 9, 0));
    await page.reload();
    await openData(page);
    await expect(keepingLines(page)).toContainText('Last exported from here: 3 Dec 2026 (3 days ago)');
  });

  test('screenshots of the note and Your data: 360x640, 430x932, sideways and dark', async ({ phone }) => {
    await mkdir(SHOTS, { recursive: true });
    const cases = [
      ['360x640', { viewport: { width: 360, height: 640 } }],
      ['430x932', { viewport: { width: 430, height: 932 } }],
      ['844x390', { viewport: { width: 844, height: 390 } }],
      ['360x640-dark', { viewport: { width: 360, height: 640 }, colorScheme: 'dark' }],
      ['390x844-iphone', { userAgent: IPHONE_SAFARI }],
    ];
    for (const [name, options] of cases) {
      const { context, page } = await phone(options);
      await browserSays(page, { persist: false, persisted: false, usage: 1_572_864 });
      await page.goto('/#/characters');
      if (!name.includes('iphone')) await offerInstall(page);
      await create(page, 'Mira');
      await note(page).waitFor();
      // Once "Created Mira" has gone from the snackbar, which floats over the page's foot.
      await expect(page.locator('.snackbar-message')).toHaveCount(0, { timeout: 15000 });
      await page.screenshot({ path: shot(`characters-${name}-keep-note.png`) });
      await openData(page);
      await keepingLines(page).getByText('Space used').waitFor();
      await page.locator('summary', { hasText: 'Your data' }).evaluate((summary) => summary.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: shot(`characters-${name}-your-data.png`) });
      // Every control in both is a full tap target, and nothing scrolls sideways.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('.keep-note button, .data-panel button, .data-panel label')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ el, box }) => `${el.textContent.trim()} ${box.width}x${box.height}`));
      expect(small, `${name}: targets under 44 px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name}: no sideways scroll`).toBe(0);
      await context.close();
    }
  });
});
