// Layout at the edges (issue 21): long names and many characters, History read in lines
// inside a tray, and a phone turned sideways. Every expected size comes from the issue's
// numbers or the screen itself (widths are the viewport's), measured with boundingBox.
// Screenshots of each case go to test-results/edges/. The trays are the built nav's
// (pages.mjs): a tray added to the app is laid out here too.
import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures.mjs';
import { drawn, historyEntries, PHONE_CONTEXT, SCREENSHOTS, settled } from './harness.mjs';
import { createCharacter } from './d6-helpers.mjs';
import { allowClipboard, clipboard, dock, openFold, rollButton } from './narrative-helpers.mjs';
import { builtTrays, traySetups } from './pages.mjs';

const SHOTS = new URL('edges/', SCREENSHOTS);
const shot = (name) => new URL(name, SHOTS).pathname;

/** Four names of 40 characters, the most the app accepts, each with words to wrap on. */
const NAMES = ['Annabel', 'Bartholomew', 'Cornelius', 'Dorothea'].map((first) =>
  `${first} Featherstonehaugh-Montgomery of Wellington`.slice(0, 40));

/** Each tray of the built nav and its plain address: `[path, '/#/<path>']`. */
const TRAYS = builtTrays().map((p) => [p.path, `/#/${p.path}`]);

const SMALL = { width: 360, height: 640 };
const TALL = { width: 430, height: 932 };
const SIDEWAYS = { width: 844, height: 390 };

/** The browser's storage with four characters of 40-character names, made once. */
let fourCharacters;
test.beforeAll(async ({ browser }) => {
  await mkdir(SHOTS, { recursive: true });
  for (const name of NAMES) expect(name, 'a name of 40 characters').toHaveLength(40);
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL: process.env.DICETRAY_ORIGIN });
  const page = await context.newPage();
  await page.goto('/#/characters');
  await drawn(page);
  for (const name of NAMES) await createCharacter(page, name);
  fourCharacters = await context.storageState();
  await context.close();
});

/** Opens `path` with the four characters, the last one rolling. */
async function withFour(open, path, options = {}) {
  const opened = await open(path, { storageState: fourCharacters, ...options });
  const last = bar(opened.page).getByRole('button', { name: NAMES[3], exact: true });
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  return opened;
}

const bar = (page) => page.getByRole('group', { name: 'Rolling for' });

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The boxes of every element `selector` matches inside `locator`, with their text. */
const boxesOf = (locator, selector) => locator.locator(selector).evaluateAll((els) =>
  els.filter((e) => e.getClientRects().length).map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, text: e.textContent.trim().slice(0, 30) };
  }));

/** Fails if any two of the boxes overlap. */
function noneOverlap(boxes, what) {
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      expect(overlap(boxes[i], boxes[j]), `${what}: "${boxes[i].text}" and "${boxes[j].text}" do not overlap`).toBe(false);
    }
  }
}

test.describe('long names and many characters', () => {
  for (const [tray, path] of TRAYS) {
    test(`${tray}: at 360x640 with four 40-character names the page fits the screen and Roll is on the first screen`, async ({ open }) => {
      const { page } = await withFour(open, path, { viewport: SMALL });
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-360x640-four-names.png`) });
      const viewport = page.viewportSize();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'never wider than the screen').toBeLessThanOrEqual(viewport.width);
      const trayBox = await page.locator('.tray-page').boundingBox();
      expect(trayBox.width, 'the tray is within the screen').toBeLessThanOrEqual(viewport.width);
      const barBox = await bar(page).boundingBox();
      expect(barBox.height, '"Rolling for" is one line, at most about 60 px').toBeLessThanOrEqual(60);
      expect(barBox.x + barBox.width, '"Rolling for" within the screen').toBeLessThanOrEqual(viewport.width);
      // The name is cut on screen, and whole in the button's accessible name.
      for (const name of NAMES) {
        const chip = bar(page).getByRole('button', { name, exact: true });
        await expect(chip, `${name.slice(0, 12)}…: named in full`).toHaveCount(1);
        const cut = await chip.locator('.chip-name').evaluate((e) => e.scrollWidth > e.clientWidth);
        expect(cut, `${name.slice(0, 12)}…: cut on screen`).toBe(true);
        expect((await chip.boundingBox()).width, 'a chip narrower than the screen').toBeLessThan(viewport.width / 2);
      }
      const roll = await rollButton(page).boundingBox();
      expect(roll.y + roll.height, 'Roll on the first screen').toBeLessThanOrEqual(viewport.height);
      expect(roll.x + roll.width, 'Roll within the screen').toBeLessThanOrEqual(viewport.width);
    });
  }

  test('the character rolling is always in sight in "Rolling for", after a reload too', async ({ open }) => {
    const { page } = await withFour(open, '/#/d6', { viewport: SMALL });
    await page.reload();
    await drawn(page);
    const row = bar(page).locator('.character-chips');
    const active = bar(page).getByRole('button', { name: NAMES[3], exact: true });
    await expect(active).toHaveAttribute('aria-pressed', 'true');
    // The row scrolls sideways by itself to the pressed chip (no test scrolls it).
    await expect.poll(async () => {
      const [r, a] = [await row.boundingBox(), await active.boundingBox()];
      return a.x >= r.x - 1 && a.x + a.width <= r.x + r.width + 1;
    }, { message: 'the active chip wholly inside the row' }).toBe(true);
    // Back to the first: the row scrolls back to it.
    const none = bar(page).getByRole('button', { name: 'No character', exact: true });
    await none.click();
    await expect.poll(async () => {
      const [r, a] = [await row.boundingBox(), await none.boundingBox()];
      return a.x >= r.x - 1 && a.x + a.width <= r.x + r.width + 1;
    }, { message: 'No character wholly inside the row' }).toBe(true);
  });

  for (const [tray, path] of TRAYS) {
    test(`${tray}: at 200% text size nothing overlaps and nothing is wider than the screen`, async ({ open }) => {
      const { page } = await withFour(open, path, { viewport: SMALL });
      // Text twice the size: the page's text scales from its root's size.
      await page.addStyleTag({ content: ':root { font-size: 32px !important; }' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-360x640-text-200.png`) });
      const viewport = page.viewportSize();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'never wider than the screen').toBeLessThanOrEqual(viewport.width);
      noneOverlap(await boxesOf(bar(page), '.character-bar-title, .character-chips'), '"Rolling for"');
      noneOverlap(await boxesOf(dock(page), '.roll-bar > button'), 'the roll bar');
      const roll = await rollButton(page).boundingBox();
      expect(roll.y + roll.height, 'Roll on the screen').toBeLessThanOrEqual(viewport.height);
    });
  }

  test('sideways with a notch, the page keeps clear of it on both sides', async ({ open }) => {
    const { page } = await withFour(open, '/#/el', { viewport: SIDEWAYS });
    const cdp = await page.context().newCDPSession(page);
    const inset = 47;
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { left: inset, right: inset, top: 0, bottom: 21 } });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: shot('el-844x390-notch.png') });
    const viewport = page.viewportSize();
    await expect.poll(async () => (await bar(page).boundingBox()).x, 'the tray starts right of the notch').toBeGreaterThanOrEqual(inset);
    const dockBox = await dock(page).boundingBox();
    expect(dockBox.x + dockBox.width, 'the dock ends left of the other side\'s inset').toBeLessThanOrEqual(viewport.width - inset);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'never wider than the screen').toBeLessThanOrEqual(viewport.width);
  });

  test('with the keyboard open on the label field, Roll stays in sight above it', async ({ open }) => {
    const { page } = await withFour(open, '/#/narrative', { viewport: SMALL });
    const label = page.getByRole('textbox', { name: 'Label for the next rolls' });
    await label.focus();
    // A phone's keyboard takes about 300 px of 640; the page is laid out in what is left
    // (the viewport's interactive-widget=resizes-content).
    await page.setViewportSize({ width: SMALL.width, height: 340 });
    await label.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
    await settled(page);
    await page.screenshot({ path: shot('narrative-360x340-keyboard.png') });
    const roll = await rollButton(page).boundingBox();
    expect(roll.y >= 0 && roll.y + roll.height <= 340, `Roll in sight (y ${roll.y})`).toBe(true);
    const field = await label.boundingBox();
    const dockTop = (await dock(page).boundingBox()).y;
    expect(field.y >= 0 && field.y + field.height <= dockTop, 'the label field in sight above the dock').toBe(true);
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('interactive-widget=resizes-content');
  });

  test('430x932 and dark: screenshots of every tray with four long names', async ({ open }) => {
    for (const [tray, path] of TRAYS) {
      for (const [size, viewport, colorScheme] of [['430x932', TALL, 'light'], ['360x640-dark', SMALL, 'dark'], ['844x390', SIDEWAYS, 'light']]) {
        const { context, page } = await withFour(open, path, { viewport, colorScheme });
        await page.evaluate(() => window.scrollTo(0, 0));
        await settled(page);
        await page.screenshot({ path: shot(`${tray}-${size}-four-names.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tray} ${size}: never wider than the screen`).toBeLessThanOrEqual(viewport.width);
        expect((await bar(page).boundingBox()).height, `${tray} ${size}: "Rolling for" one line`).toBeLessThanOrEqual(60);
        await context.close();
      }
    }
  });
});

test.describe('History inside a tray reads in lines', () => {
  // A tray whose Roll needs a pool first opens with one; the others as they are.
  for (const [tray, path] of traySetups({ narrative: '/#/narrative?pool=2g1p1k' }, 'layout.test.mjs, History in lines')) {
    test(`${tray}: at 360 px an entry is its lines, then its actions, at most about 200 px; Open shows it as its link does`, async ({ open, origin }) => {
      const { context, page } = await open(path, { viewport: SMALL });
      await allowClipboard(context, page, origin);
      const shown = page.getByRole('region', { name: 'Result' }).locator('.headline');
      await rollButton(page).click();
      await expect(shown).toHaveCount(1);
      const first = await shown.getAttribute('data-roll');
      await rollButton(page).click();
      await expect(shown).not.toHaveAttribute('data-roll', first);
      // Close the result, so the fold is what the player looks at.
      await dock(page).locator('button.bar-result').click();
      await openFold(page, 'History');
      const entries = historyEntries(page);
      await expect(entries).toHaveCount(2);
      const entry = entries.nth(1);
      await entry.scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-360x640-history.png`) });
      const box = await entry.boundingBox();
      const list = await page.getByRole('list', { name: 'Rolls', exact: true }).boundingBox();
      expect(box.width, 'an entry as wide as the list').toBeGreaterThanOrEqual(list.width - 1);
      expect(box.height, 'a plain roll at most about 200 px tall').toBeLessThanOrEqual(200);
      const headline = await entry.locator('.history-main .headline-small').boundingBox();
      const time = await entry.locator('.history-main time').boundingBox();
      expect(Math.abs(headline.y - time.y) < headline.height, 'the headline and when on one line').toBe(true);
      const pool = await entry.locator('.history-pool').boundingBox();
      expect(pool.width, 'the pool in words across the entry').toBeGreaterThan(box.width / 2);
      const actions = await entry.locator('.history-actions').boundingBox();
      expect(actions.y, 'the actions below the roll').toBeGreaterThanOrEqual(pool.y + pool.height);
      // The link the entry copies, opened on another phone, shows the roll read-only.
      await entry.getByRole('button', { name: /^Copy a link showing/ }).click();
      const link = await clipboard(page, '?result=');
      const other = await open(link.replace(origin, ''), { viewport: SMALL });
      const linked = other.page.getByRole('region', { name: 'Result' });
      await expect(linked.locator('.headline')).toHaveCount(1);
      const linkedText = (await linked.getByRole('status').textContent()).trim();
      // Open shows the same roll in this tray's dock, without any link copied.
      await entry.getByRole('button', { name: /^Open / }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.getByRole('status')).toHaveText(linkedText);
      await expect(result).toBeInViewport();
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-360x640-history-open.png`) });
    });
  }

  test('Open on another tray\'s roll goes to its tray and shows it there', async ({ open }) => {
    const { page } = await open('/#/d6', { viewport: SMALL });
    await rollButton(page).click();
    await expect(page.getByRole('region', { name: 'Result' }).locator('.headline')).toHaveCount(1);
    const words = (await page.getByRole('region', { name: 'Result' }).locator('.headline').textContent()).trim();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'EL' }).click();
    await drawn(page);
    await openFold(page, 'History');
    await page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^All/ }).click();
    await historyEntries(page).first().getByRole('button', { name: /^Open / }).click();
    await expect(page).toHaveURL(/#\/d6$/);
    await expect(page.getByRole('region', { name: 'Result' }).locator('.headline')).toHaveText(words);
  });
});

test.describe('sideways (844x390)', () => {
  const rolls = { narrative: '/#/narrative?pool=2g1y2p1k', d6: '/#/d6?dice=5', el: '/#/el?roll=el+8+vs+5+opposed' };
  for (const [tray, path] of traySetups(rolls, 'layout.test.mjs, sideways', { required: true })) {
    test(`${tray}: the panel opened from the bar is what the right-hand column shows; dice and odds fit`, async ({ open }) => {
      const { page } = await open(path, { viewport: SIDEWAYS });
      const viewport = page.viewportSize();
      const column = dock(page);
      const inSight = async (locator, what) => {
        const [box, col] = [await locator.boundingBox(), await column.boundingBox()];
        expect(box, `${what}: drawn`).not.toBeNull();
        expect(box.y >= Math.max(col.y, 0) - 1 && box.y < Math.min(col.y + col.height, viewport.height) - 40, `${what}: its top in sight in the column (y ${box.y}, column ${col.y}-${col.y + col.height})`).toBe(true);
        expect(box.x >= col.x - 1 && box.x + box.width <= col.x + col.width + 1, `${what}: within the column's width`).toBe(true);
      };
      await rollButton(page).click();
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.locator('.headline')).toHaveCount(1);
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-844x390-result.png`) });
      // The result's dice are wholly inside the column's scrolling panel, none cut off.
      const panel = await column.locator('.dock-panel').boundingBox();
      const dice = await boxesOf(result, '.die, .el-die, .pip-die, .d6-die');
      expect(dice.length, 'dice drawn').toBeGreaterThan(0);
      for (const die of dice) {
        expect(die.x >= panel.x - 1 && die.x + die.width <= panel.x + panel.width + 1, `a die within the panel's width (x ${die.x})`).toBe(true);
      }
      // Real dice: its panel is what the column shows, from its top.
      await column.getByRole('button', { name: 'Real dice', exact: true }).click();
      const enter = page.getByRole('region', { name: 'Real dice' });
      await expect(enter).toBeVisible();
      await inSight(enter, 'Real dice');
      await expect(result.locator('.headline'), 'the result is not drawn under it').not.toBeInViewport();
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-844x390-real-dice.png`) });
      // Odds: the same, and each figure fits its box.
      await column.locator('button.bar-odds').click();
      const odds = column.locator('.dock-odds');
      await expect(column).toHaveAttribute('data-panel', 'odds');
      await inSight(odds.locator(':scope > *').first(), 'the odds');
      // Each figure: a box of the odds' row (narrative, EL) or a line of d6's outcomes.
      const figures = odds.locator('.odds-figure, .outcome-odds');
      await expect(figures.first()).toBeVisible();
      for (const figure of await figures.all()) {
        const box = await figure.boundingBox();
        for (const part of await boxesOf(figure, ':scope > *')) {
          expect(part.x >= box.x - 1 && part.x + part.width <= box.x + box.width + 1, `"${part.text}" fits its figure's box`).toBe(true);
        }
        const text = await figure.evaluate((e) => [...e.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible').map((c) => c.textContent));
        expect(text, 'no figure cut inside its box').toEqual([]);
      }
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-844x390-odds.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'never wider than the screen').toBeLessThanOrEqual(viewport.width);
    });
  }
});
