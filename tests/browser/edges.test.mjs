// Table polish (issue 21): what a player found replaying a session at the table. Every
// expected value comes from outside the app: words written here, and sizes measured against
// the screen itself (the viewport, the roll bar's top, what a tap at a point would hit).
// Screenshots of each case go to test-results/edges/. The trays are the built nav's
// (pages.mjs): a tray added to the app is checked here too, or named as having no set-up.
import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures.mjs';
import { drawn, frameDone, historyEntries, SCREENSHOTS, settled } from './harness.mjs';
import { createCharacter, enterDice } from './d6-helpers.mjs';
import { allowClipboard, clipboard, dock, faces, nav, openFold, openResult, rollButton } from './narrative-helpers.mjs';
import { builtPages, builtTrays, traySetups } from './pages.mjs';

const SHOTS = new URL('edges/', SCREENSHOTS);
const shot = (name) => new URL(name, SHOTS).pathname;
test.beforeAll(async () => mkdir(SHOTS, { recursive: true }));

const SMALL = { width: 360, height: 640 };
const TALL = { width: 430, height: 932 };
const SIDEWAYS = { width: 844, height: 390 };
/** The three sizes, and the small one dark. */
const LOOKS = [
  ['360x640', SMALL, 'light'],
  ['430x932', TALL, 'light'],
  ['844x390', SIDEWAYS, 'light'],
  ['360x640-dark', SMALL, 'dark'],
];

const resultRegion = (page) => page.getByRole('region', { name: 'Result' });
const FROM_LINK = 'A roll from a link or the table, shown as it was, only to be read.';
const FROM_HISTORY = 'A roll from your History, shown read-only.';

/**
 * The top of the roll bar: the highest of its buttons drawn (the bar's odds, its headline,
 * Roll; sideways the headline is left to the column's own result).
 */
async function barTop(page) {
  const boxes = await dock(page).locator('.roll-bar > button').evaluateAll((buttons) =>
    buttons.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => r.top));
  return Math.min(...boxes);
}

/**
 * Fails unless `locator` is wholly on the screen as it is now, above the roll bar, and a tap
 * anywhere on it (its middle and near each corner) lands on it: nothing covers it, and no
 * swipe is needed to reach it.
 */
async function inReach(page, locator, what) {
  const viewport = page.viewportSize();
  const box = await locator.boundingBox();
  expect(box, `${what}: drawn`).not.toBeNull();
  const top = await barTop(page);
  expect(box.y >= 0 && box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${what}: on the screen (x ${box.x}, y ${box.y})`).toBe(true);
  expect(box.y + box.height, `${what}: above the roll bar (its top at ${top})`).toBeLessThanOrEqual(top + 0.5);
  const hits = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // 6 px in from each corner: inside a rounded corner of 12 px.
    const points = [[r.x + r.width / 2, r.y + r.height / 2], [r.x + 6, r.y + 6], [r.right - 6, r.y + 6], [r.x + 6, r.bottom - 6], [r.right - 6, r.bottom - 6]];
    return points.map(([x, y]) => el.contains(document.elementFromPoint(x, y)));
  });
  expect(hits, `${what}: a tap on its middle and on each corner lands on it`).toEqual([true, true, true, true, true]);
}

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

test.describe('1. a roll opened from History says it comes from History; a result link keeps its words', () => {
  // A tray whose Roll needs a pool first opens with one; the others as they are.
  for (const [tray, path] of traySetups({ narrative: '/#/narrative?pool=2g1p' }, 'edges.test.mjs, 1')) {
    test(`${tray}: History's Open, after a reload too, and the same roll's link on another phone`, async ({ open, origin }) => {
      const { context, page } = await open(path, { viewport: SMALL });
      await allowClipboard(context, page, origin);
      const headline = resultRegion(page).locator('.headline');
      await rollButton(page).click();
      await expect(headline).toHaveCount(1);
      const first = await headline.getAttribute('data-roll');
      await rollButton(page).click();
      await expect(headline).not.toHaveAttribute('data-roll', first);
      await dock(page).locator('button.bar-result').click();
      await openFold(page, 'History');
      await expect(historyEntries(page)).toHaveCount(2);
      const older = historyEntries(page).nth(1);
      await older.getByRole('button', { name: /^Open / }).click();
      await expect(headline, 'the older roll shown').toHaveAttribute('data-roll', first);
      await expect(resultRegion(page).getByText(FROM_HISTORY), 'said to come from History').toBeVisible();
      await expect(resultRegion(page).getByText('A roll from a link'), 'not said to come from a link').toBeHidden();
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-360x640-history-open-said.png`) });
      // A reload finds it again, still from History.
      await page.reload();
      await drawn(page);
      await expect(headline, 'the same roll after a reload').toHaveAttribute('data-roll', first);
      await openResult(page);
      await expect(resultRegion(page).getByText(FROM_HISTORY), 'still from History').toBeVisible();
      // Its link, opened by someone else, says it comes from a link.
      await openFold(page, 'History');
      await historyEntries(page).nth(1).getByRole('button', { name: /^Copy a link showing/ }).click();
      const link = await clipboard(page, '?result=');
      const other = await open(link.replace(origin, ''), { viewport: SMALL });
      const theirs = resultRegion(other.page);
      await expect(theirs.locator('.headline')).toHaveAttribute('data-roll', first);
      await expect(theirs.getByText(FROM_LINK), 'said to come from a link').toBeVisible();
      await expect(theirs.getByText('A roll from your History'), 'not from their History').toBeHidden();
    });
  }
});

test.describe('2. "Edit characters" is never cut at the end of "Rolling for"', () => {
  for (const [size, viewport, colorScheme] of LOOKS) {
    test(`${size}: whole, in the bar, apart from the chips, with none, one or four characters`, async ({ open }) => {
      const { page } = await open('/#/characters', { viewport, colorScheme });
      const names = ['Annabel Featherstonehaugh-Montgomery', 'Bartholomew', 'Cornelius Wellington', 'Dorothea'];
      let made = 0;
      for (const count of [0, 1, 4]) {
        for (; made < count; made += 1) await createCharacter(page, names[made]);
        for (const tray of builtTrays().map((p) => p.title)) {
          await nav(page, tray);
          await drawn(page);
          const bar = page.getByRole('group', { name: 'Rolling for' });
          const link = bar.getByRole('link', { name: 'Edit characters', exact: true });
          await expect(link).toBeVisible();
          const [linkBox, barBox, chipsBox] = [await link.boundingBox(), await bar.boundingBox(), await bar.locator('.character-chips').boundingBox()];
          // A phone shows the short word, leaving the row to the chips; a wide screen has
          // room for both words (about 150 px at this size).
          if (viewport.width >= 700) expect(linkBox.width, `${tray}, ${count}: both words`).toBeGreaterThanOrEqual(120);
          else expect(linkBox.width, `${tray}, ${count}: at most a fifth of the screen`).toBeLessThanOrEqual(viewport.width / 5);
          expect(linkBox.x >= barBox.x - 0.5 && linkBox.x + linkBox.width <= barBox.x + barBox.width + 0.5, `${tray}, ${count}: within the bar`).toBe(true);
          expect(linkBox.x + linkBox.width, `${tray}, ${count}: within the screen`).toBeLessThanOrEqual(viewport.width);
          expect(overlap(linkBox, chipsBox), `${tray}, ${count}: apart from the scrolling chips`).toBe(false);
          expect(linkBox.height, `${tray}, ${count}: a tap target`).toBeGreaterThanOrEqual(44);
          const whole = await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
          expect(whole, `${tray}, ${count}: its words inside its border`).toBe(true);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), 'never wider than the screen').toBeLessThanOrEqual(viewport.width);
          expect(barBox.height, `${tray}, ${count}: "Rolling for" one line`).toBeLessThanOrEqual(60);
          // Every chip can still be scrolled into the row and seen whole.
          const row = bar.locator('.character-chips');
          const last = bar.getByRole('button', { name: count ? names[count - 1] : 'No character', exact: true });
          await row.evaluate((e) => { e.scrollLeft = e.scrollWidth; });
          const [rowBox, lastBox] = [await row.boundingBox(), await last.boundingBox()];
          expect(lastBox.x + lastBox.width, `${tray}, ${count}: the last chip whole at the row's end`).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
          if (count === 4 && tray === 'Highest d6') await page.screenshot({ path: shot(`d6-${size}-edit-characters.png`) });
        }
        await nav(page, 'Characters');
        await drawn(page);
      }
      await nav(page, 'Narrative dice');
      await drawn(page);
      await page.getByRole('group', { name: 'Rolling for' }).getByRole('link', { name: 'Edit characters' }).click();
      await expect(page).toHaveURL(/#\/characters$/);
    });
  }
});

test.describe('3. a reload comes back at the top of the page', () => {
  test('scrolled down, a reload opens at the top; after going to another tray too', async ({ open }) => {
    const { page } = await open('/#/narrative?pool=2g1y2p1k', { viewport: SMALL });
    const top = async (what) => {
      await frameDone(page);
      // Before: 24 px down, the static shell's height past the screen's, wherever the player was.
      expect(await page.evaluate(() => window.scrollY), `${what}: at the top`).toBe(0);
      expect((await page.locator('.app-header').boundingBox()).y, `${what}: the header wholly in sight`).toBe(0);
    };
    for (const [what, y] of [['scrolled 200 px', 200], ['scrolled to the end', 100000]]) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await expect.poll(() => page.evaluate(() => window.scrollY), 'scrolled').toBeGreaterThan(100);
      await page.reload();
      await drawn(page);
      await top(what);
    }
    // Every other page of the nav but the Table, which before a table is started is too
    // short to scroll.
    for (const tray of builtPages().slice(1).filter((p) => p.path !== 'table').map((p) => p.title)) {
      await nav(page, tray);
      await drawn(page);
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY), 'scrolled past the 24 px').toBeGreaterThan(24);
      await page.reload();
      await drawn(page);
      await top(`${tray}, reloaded`);
    }
  });
});

test.describe('4. every action of the open panel is in reach above the bar, without a swipe', () => {
  for (const [size, viewport, colorScheme] of LOOKS) {
    test(`${size}: the result's actions on each tray, and Read these dice after four picks`, async ({ open }) => {
      const rolls = { narrative: '/#/narrative?pool=2g1y2p1r1k', d6: '/#/d6?dice=4', el: '/#/el?roll=el+8+vs+5+opposed' };
      for (const [tray, path] of traySetups(rolls, 'edges.test.mjs, 4', { required: true })) {
        const { context, page } = await open(path, { viewport, colorScheme });
        if (tray === 'd6') {
          // A costly success: its prompt for the cost fills the panel above the actions.
          await enterDice(page, [5, 4, 2, 3]);
          await expect(resultRegion(page).getByRole('list', { name: 'Suggested costs' })).toBeVisible();
        } else {
          await rollButton(page).click();
          await expect(resultRegion(page).locator('.headline')).toHaveCount(1);
        }
        await settled(page);
        await page.screenshot({ path: shot(`${tray}-${size}-result-actions.png`) });
        const actions = resultRegion(page).locator('.result-actions');
        const names = tray === 'narrative' ? ['Re-roll picked die', 'Copy result', 'Copy a link that shows this roll'] : ['Copy result', 'Copy a link that shows this roll'];
        for (const name of names) await inReach(page, actions.getByRole('button', { name, exact: true }), `${tray} ${size}: ${name}`);
        // Real dice: Read these dice once every die has its face (the taps scroll the panel).
        await dock(page).getByRole('button', { name: 'Real dice', exact: true }).click();
        const panel = page.getByRole('region', { name: 'Real dice' });
        await panel.waitFor();
        await settled(page);
        await page.screenshot({ path: shot(`${tray}-${size}-real-dice-open.png`) });
        if (tray === 'd6') {
          for (const [i, face] of [3, 5, 2, 6].entries()) await panel.getByRole('button', { name: `Die ${i + 1}: ${face}`, exact: true }).click();
          await expect(panel.getByRole('button', { name: 'Read these dice' })).toBeEnabled();
          await settled(page);
          await page.screenshot({ path: shot(`d6-${size}-real-dice-read.png`) });
        }
        await inReach(page, panel.getByRole('button', { name: 'Read these dice' }), `${tray} ${size}: Read these dice`);
        await context.close();
      }
    });
  }
});

test.describe('5. a re-roll says to pick a die first', () => {
  test('narrative: greyed out with a line that says how, and described by it; gone once a die is picked', async ({ open }) => {
    const { page } = await open('/#/narrative?pool=2g1p', { viewport: SMALL });
    const HOW = 'Tap a die above to pick it, then re-roll it.';
    const reroll = page.getByRole('button', { name: 'Re-roll picked die' });
    await rollButton(page).click();
    await expect(resultRegion(page).locator('.headline')).toHaveCount(1);
    await expect(reroll).toBeDisabled();
    await expect(resultRegion(page).getByText(HOW), 'the line shown').toBeVisible();
    await expect(reroll, 'the button described by it').toHaveAccessibleDescription(HOW);
    await inReach(page, resultRegion(page).getByText(HOW), 'the line');
    await settled(page);
    await page.screenshot({ path: shot('narrative-360x640-reroll-hint.png') });
    await faces(page).first().click();
    await expect(reroll).toBeEnabled();
    await expect(resultRegion(page).getByText(HOW), 'no line once a die is picked').toBeHidden();
    await expect(reroll).toHaveAccessibleDescription('');
    await reroll.click();
    await expect(resultRegion(page).locator('.result-rerolled')).toBeVisible();
    await expect(resultRegion(page).getByText(HOW), 'the line again for the next re-roll').toBeVisible();
  });
});

test.describe('6. the bar\'s chances never break a word', () => {
  // The names each tray's bar shows, written here: a word may go to the next line with the
  // words around it, never be cut in two ("Advantag / e" at 430 to 447 px before).
  const bars = {
    narrative: ['/#/narrative?pool=2g1y2p1k', ['Success', 'Advantage']],
    d6: ['/#/d6?dice=4', ['Success', 'At least costly']],
    el: ['/#/el?roll=el+8+vs+5+opposed', ['Win', 'Net effect']],
  };
  for (const [tray, [path, names]] of traySetups(bars, 'edges.test.mjs, 6', { required: true })) {
    test(`${tray}: from 360 to 1100 px wide`, async ({ open }) => {
      const { page } = await open(path, { viewport: SMALL });
      const odds = dock(page).getByRole('button', { name: /^Odds:/ });
      await expect(odds.locator('.bar-chance-name')).toHaveText(names);
      const widths = [];
      for (let w = 360; w < 700; w += 1) widths.push(w);
      widths.push(700, 750, 844, 900, 1024, 1100);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        // Polled: a width just set may take a frame or two to settle (the hints' line,
        // fetched once the page is idle, can still be arriving).
        const check = () => odds.evaluate((button) => {
          const out = [];
          const inside = button.getBoundingClientRect();
          for (const name of button.querySelectorAll('.bar-chance-name')) {
            const text = [...name.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
            const r = name.getBoundingClientRect();
            if (r.x < inside.x - 0.5 || r.right > inside.right + 0.5) out.push(`${name.textContent} spills out of the button`);
            let at = 0;
            for (const word of name.textContent.split(' ')) {
              const range = document.createRange();
              range.setStart(text, at);
              range.setEnd(text, at + word.length);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              if (lines.size > 1) out.push(`"${word}" cut over ${lines.size} lines`);
              at += word.length + 1;
            }
          }
          return out;
        });
        await expect.poll(check, { message: `${tray} at ${width} px` }).toEqual([]);
      }
      await page.setViewportSize({ width: 440, height: 932 });
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-440x932-bar-chances.png`) });
    });
  }
});

test.describe('7. sideways, a message never covers Roll', () => {
  const cases = [
    ['narrative', '/#/narrative?pool=2g1y2p1k', '844x390', SIDEWAYS, 'light'],
    ['narrative', '/#/narrative?pool=2g1y2p1k', '844x390-dark', SIDEWAYS, 'dark'],
    ['d6', '/#/d6?dice=4', '844x390', SIDEWAYS, 'light'],
    ['el', '/#/el?roll=el+8+vs+5+opposed', '844x390', SIDEWAYS, 'light'],
    ['narrative', '/#/narrative?pool=2g1y2p1k', '1280x800', { width: 1280, height: 800 }, 'light'],
    ['narrative', '/#/narrative?pool=2g1y2p1k', '360x640', SMALL, 'light'],
    ['narrative', '/#/narrative?pool=2g1y2p1k', '430x932', TALL, 'light'],
  ];
  for (const [tray, path, size, viewport, colorScheme] of cases) {
    test(`${tray} ${size}: the message clear of Roll, the bar and the result's actions`, async ({ open, origin }) => {
      const { context, page } = await open(path, { viewport, colorScheme });
      await allowClipboard(context, page, origin);
      await rollButton(page).click();
      await expect(resultRegion(page).locator('.headline')).toHaveCount(1);
      // A tap where the button is, as a thumb taps (a click would first scroll the panel).
      const copy = await page.getByRole('button', { name: 'Copy result' }).boundingBox();
      await page.touchscreen.tap(copy.x + copy.width / 2, copy.y + copy.height / 2);
      const message = page.locator('.snackbar-message');
      await expect(message).toHaveText('Copied the result.');
      await settled(page);
      await page.screenshot({ path: shot(`${tray}-${size}-snackbar.png`) });
      const box = await message.boundingBox();
      expect(box.y >= 0 && box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, 'on the screen').toBe(true);
      if (viewport.width >= 700) {
        // Sideways the dock is the right-hand column; the message shows at the foot of the
        // tray's column, on the left, wholly apart from the dock (as the EL tray had it).
        const column = await dock(page).boundingBox();
        expect(box.x + box.width, 'left of the dock').toBeLessThanOrEqual(column.x);
        const trayColumn = await page.getByRole('group', { name: 'Rolling for' }).boundingBox();
        expect(box.x, 'within the tray\'s column').toBeGreaterThanOrEqual(trayColumn.x - 0.5);
      } else {
        expect(box.y + box.height, 'above the roll bar').toBeLessThanOrEqual(await barTop(page) + 0.5);
      }
      for (const name of ['Roll', 'Real dice']) {
        expect(overlap(box, await dock(page).getByRole('button', { name, exact: true }).boundingBox()), `clear of ${name}`).toBe(false);
      }
      for (const button of await resultRegion(page).locator('.result-actions button').all()) {
        expect(overlap(box, await button.boundingBox()), `clear of ${await button.innerText()}`).toBe(false);
      }
    });
  }
});
