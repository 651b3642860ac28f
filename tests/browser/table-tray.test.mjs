// The table where the players look: four phones at 390x844 on a real relay on 127.0.0.1, each
// in its own tray. What the table does reaches every tray's first screen (its corner, above the
// roll bar): others' rolls, who is here and the connection, the GM's side in the tray's words,
// the pool's flips and people coming and going. Expected values come from the test: the rolls
// each phone made (read off its own dock), the names, pools and sides set here, and words
// written here.
import { expect, test } from './fixtures.mjs';
import { drawn } from './harness.mjs';
import {
  corner,
  deadNetwork,
  forgiveRefusedSockets,
  gmAndPlayers,
  headlineAfter,
  inTray,
  joinTable,
  lastRoll,
  liveNetwork,
  logEntries,
  logSheet,
  loseSignal,
  people,
  restoreSignal,
  setPool,
  sharedRelay,
  tableLine,
  tablePhone as makeTablePhone,
} from './table-helpers.mjs';
import { dock, historyRows, notation as poolNotation, openHistory, rollButton, tap } from './narrative-helpers.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);

const tablePhone = (phone, relays = [relay.url], options) => makeTablePhone(phone, relays, options);

/** Gemma starts a table; each name after joins by its link, in order. */
const table = (phone, ...names) => gmAndPlayers(phone, relay, ...names);

/** Rolls what the narrative tray holds; returns the headline the roller's own dock shows. */
const rollHere = (page) => headlineAfter(page, () => rollButton(page).click());

/**
 * What the player sees without scrolling: the box lies within the screen, and nothing (the
 * dock, the corner) covers its middle.
 */
async function onFirstScreen(locator, what) {
  await expect(locator, what).toBeInViewport({ ratio: 1 });
  const uncovered = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  expect(uncovered, `${what}: nothing covers it`).toBe(true);
}

test("others' rolls reach every tray's first screen, with how many came; the log opens over the tray, newest first, and closes back", async ({ phone }) => {
  const { gm, players: [ana, ben, cleo] } = await table(phone, 'Ana', 'Ben', 'Cleo');
  // Ana sits in her narrative tray with two ability dice set; Cleo in Highest d6; the GM in EL.
  await inTray(ana.page, 'narrative');
  await tap(ana.page, 'Add ability die', 2);
  const anaPool = await poolNotation(ana.page).innerText();
  await inTray(cleo.page, 'd6');
  await inTray(gm.page, 'el');
  await inTray(ben.page, 'narrative');
  await tap(ben.page, 'Add proficiency die', 1);

  const first = await rollHere(ben.page);
  for (const p of [ana.page, cleo.page, gm.page]) {
    const last = lastRoll(p);
    await expect(last, "Ben's roll, without a tap").toContainText('Ben');
    await expect(last).toContainText(first);
    await expect(last).toContainText('Narrative');
    await expect(last.locator('.small-face'), 'its one die, drawn small').toHaveCount(1);
    await expect(last).toContainText('1 new');
    await onFirstScreen(last, "Ben's roll on the first screen");
    await onFirstScreen(tableLine(p), 'the table line on the first screen');
    await onFirstScreen(dock(p).getByRole('button', { name: /^Roll/ }).first(), 'Roll still on the first screen');
    await onFirstScreen(dock(p).locator('.bar-odds'), 'the chance still on the first screen');
  }
  // The pool's dice stay on Ana's first screen too.
  await onFirstScreen(ana.page.getByRole('button', { name: 'Add ability die', exact: true }), "Ana's dice on her first screen");
  // Ben's own roll is not offered to him as someone else's.
  await expect(lastRoll(ben.page)).toHaveCount(0);

  const second = await rollHere(ben.page);
  await expect(lastRoll(ana.page)).toContainText(second);
  await expect(lastRoll(ana.page)).toContainText('2 new');

  // One tap opens the log over the tray: newest first, each entry with its time.
  await lastRoll(ana.page).click();
  const sheet = logSheet(ana.page);
  await expect(sheet).toBeVisible();
  const entries = logEntries(ana.page);
  await expect(entries.first()).toContainText(second);
  await expect(entries.first()).toContainText('Ben');
  await expect(entries.first().locator('time')).toHaveText(/^\d\d:\d\d$/);
  await expect(entries.nth(1)).toContainText(first);
  // A name once per entry.
  expect((await entries.first().innerText()).match(/Ben/g)).toHaveLength(1);
  expect(ana.page.url(), 'no page change').toMatch(/#\/narrative$/);
  await sheet.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sheet).toBeHidden();
  // Back to the tray as it was; the rolls looked at are no longer new.
  await expect(poolNotation(ana.page)).toHaveText(anaPool);
  await expect(lastRoll(ana.page)).not.toContainText('new');
  await expect(lastRoll(cleo.page), 'still new on a phone that has not looked').toContainText('2 new');
  // Escape closes it too, and the keyboard reaches it.
  await tableLine(cleo.page).focus();
  await cleo.page.keyboard.press('Enter');
  await expect(logSheet(cleo.page)).toBeVisible();
  await cleo.page.keyboard.press('Escape');
  await expect(logSheet(cleo.page)).toBeHidden();
  await ana.page.screenshot({ path: 'test-results/table-tray-corner-390x844.png' });
});

test('the table line says who is here, where my rolls go and the connection: offline and a dead network said within seconds, a roll made meanwhile waits and goes', async ({ phone }) => {
  const { gm, players: [ana, ben] } = await table(phone, 'Ana', 'Ben');
  await inTray(ana.page, 'narrative');
  await inTray(gm.page, 'narrative');
  await expect(tableLine(ana.page)).toHaveAccessibleName("Table · 3 here · connected. Open the table's log");
  await onFirstScreen(corner(ana.page).getByRole('combobox', { name: 'My rolls go' }), 'where my rolls go, on the first screen');

  // The phone goes offline: said at once, as the browser says it.
  await ana.context.setOffline(true);
  await loseSignal(ana.page);
  await expect(tableLine(ana.page)).toContainText('offline');
  await tap(ana.page, 'Add ability die', 1);
  const offline = await rollHere(ana.page);
  await expect(tableLine(ana.page), 'the roll made offline waits').toContainText('1 waiting');
  await ana.context.setOffline(false);
  await restoreSignal(ana.page);
  await expect(tableLine(ana.page)).not.toContainText('waiting', { timeout: 15_000 });
  await expect(tableLine(ana.page)).not.toContainText('offline');
  await expect(lastRoll(gm.page), 'and it went').toContainText(offline);

  // A dead network the browser does not notice: the relays' silence is said within seconds.
  await deadNetwork(ana.page);
  await expect(tableLine(ana.page)).toContainText('no relay answers', { timeout: 15_000 });
  const dead = await rollHere(ana.page);
  await expect(tableLine(ana.page)).toContainText('1 waiting');
  await liveNetwork(ana.page);
  await restoreSignal(ana.page);
  await expect(tableLine(ana.page)).not.toContainText('waiting', { timeout: 30_000 });
  await expect(lastRoll(gm.page)).toContainText(dead);

  // Where my rolls go is changed right there: to the GM only reaches the GM, not Ben.
  await inTray(ben.page, 'narrative');
  await expect(lastRoll(ben.page)).toContainText(dead);
  const bensLast = await lastRoll(ben.page).getAttribute('data-id');
  await corner(ana.page).getByRole('combobox', { name: 'My rolls go' }).selectOption('gm');
  const secret = await rollHere(ana.page);
  // Marked so on Ana's result and in her History.
  await expect(dock(ana.page).locator('.sent-to-gm')).toContainText('to the GM only');
  await openHistory(ana.page);
  await expect(historyRows(ana.page).first()).toContainText('to the GM only');
  await expect(historyRows(ana.page).nth(1), 'a roll that went to the table is not').not.toContainText('to the GM only');
  await expect(lastRoll(gm.page)).toContainText(secret);
  await lastRoll(gm.page).click();
  await expect(logEntries(gm.page).first()).toContainText('to the GM only');
  await expect(lastRoll(ben.page), 'Ben never gets it').toHaveAttribute('data-id', bensLast);
  forgiveRefusedSockets(ana.page);
});

test("the GM's side shows in the tray's words until taken or dismissed, never to the GM; a tap takes it", async ({ phone }) => {
  const { gm, players: [ana, ben] } = await table(phone, 'Ana', 'Ben');
  await inTray(ana.page, 'narrative');
  await inTray(ben.page, 'narrative');
  await inTray(gm.page, 'narrative');
  await tap(gm.page, 'Add difficulty die', 3);
  await tap(gm.page, 'Add challenge die', 1);
  await gm.page.getByText('Share', { exact: true }).click();
  await gm.page.getByRole('button', { name: 'Send to the table' }).click();

  for (const p of [ana.page, ben.page]) {
    const side = corner(p).locator('.table-side');
    await expect(side).toHaveText(/The GM's side: 3 difficulty, 1 challenge/);
    await onFirstScreen(side.getByRole('button', { name: "Take the GM's side" }), 'Take on the first screen');
  }
  await expect(corner(gm.page).locator('.table-side'), 'never to the GM who sent it').toHaveCount(0);
  // It stays while the table goes on (a roll comes and goes through).
  const roll = await rollHere(gm.page);
  await expect(lastRoll(ana.page)).toContainText(roll);
  await expect(corner(ana.page).locator('.table-side')).toBeVisible();

  // Ben dismisses it: gone, after a reload too. Ana takes it with one tap.
  await corner(ben.page).getByRole('button', { name: "Dismiss the GM's side" }).click();
  await expect(corner(ben.page).locator('.table-side')).toHaveCount(0);
  await corner(ana.page).getByRole('button', { name: "Take the GM's side" }).click();
  await expect(poolNotation(ana.page)).toHaveText(/3p1r/);
  await expect(corner(ana.page).locator('.table-side')).toHaveCount(0);
  await ben.page.reload();
  await drawn(ben.page);
  await expect(tableLine(ben.page)).toContainText('3 here');
  await expect(corner(ben.page).locator('.table-side')).toHaveCount(0);
});

test("the pool's flips and people coming, going and taking the GM role show on every phone's first screen, once per name", async ({ phone }) => {
  const { gm, players: [ana, ben], path } = await table(phone, 'Ana', 'Ben');
  await setPool(gm.page, 2, 1);
  await inTray(ana.page, 'narrative');
  await inTray(ben.page, 'narrative');
  await inTray(gm.page, 'narrative');
  // The GM sends a side (one difficulty die) before handing the role on, later.
  await tap(gm.page, 'Add difficulty die', 1);
  await gm.page.getByText('Share', { exact: true }).click();
  await gm.page.getByRole('button', { name: 'Send to the table' }).click();
  await expect(corner(ana.page).locator('.table-side')).toBeVisible();

  // Ana spends a light point from her tray's Story points.
  await tap(ana.page, 'Add ability die', 1);
  await ana.page.locator('summary', { hasText: 'Story points' }).click();
  await tap(ana.page, 'Spend a light side point');
  const spent = (p) => corner(p).getByRole('status').filter({ hasText: 'spent' });
  for (const p of [gm.page, ben.page]) {
    await expect(spent(p)).toHaveText('Ana spent a light point');
    await onFirstScreen(spent(p), 'the flip on the first screen');
  }
  // Briefly: it goes by itself.
  for (const p of [gm.page, ben.page]) await expect(spent(p)).toBeHidden({ timeout: 15_000 });
  // A player reads the pool and cannot set it.
  await expect(ana.page.getByRole('button', { name: 'Set the pool' })).toHaveCount(0);

  // Cleo joins: every tray says so.
  const cleo = await tablePhone(phone, []);
  await joinTable(cleo.page, path, 'Cleo');
  for (const p of [gm.page, ana.page, ben.page]) {
    await expect(corner(p).getByRole('status').filter({ hasText: 'joined' })).toHaveText('Cleo joined the table');
    await expect(tableLine(p)).toContainText('4 here');
  }
  // The GM hands the role to Ana: every phone names her.
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  await gm.page.getByRole('combobox', { name: 'Hand the GM role to' }).selectOption({ label: 'Ana' });
  await gm.page.getByRole('button', { name: 'Hand over' }).click();
  for (const p of [ana.page, ben.page]) {
    await expect(corner(p).getByRole('status').filter({ hasText: 'GM role' })).toHaveText('Gemma handed the GM role to Ana');
  }
  // Gemma's side, sent while she was GM, is never offered back to her, nor to Ana, GM now.
  await inTray(ben.page, 'narrative');
  await expect(corner(ben.page).locator('.table-side')).toHaveText(/The GM's side: 1 difficulty/);
  await inTray(gm.page, 'narrative');
  await expect(tableLine(gm.page)).toContainText('4 here');
  await expect(corner(gm.page).locator('.table-side')).toHaveCount(0);
  await expect(corner(ana.page).locator('.table-side')).toHaveCount(0);
  // Ben leaves (asked once more): the others' trays say so.
  await ben.page.goto('/#/table');
  await drawn(ben.page);
  await ben.page.getByRole('button', { name: 'Leave the table' }).click();
  await ben.page.getByRole('button', { name: 'Leave', exact: true }).click();
  await inTray(cleo.page, 'd6');
  for (const p of [ana.page, cleo.page]) {
    await expect(tableLine(p)).toContainText('3 here');
  }
  await expect(corner(ana.page).getByRole('status').filter({ hasText: 'left' })).toHaveText('Ben left the table');
  // In the log, each name once per entry.
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  for (const text of await logEntries(gm.page).allInnerTexts()) {
    const names = text.match(/Gemma|Ana|Ben|Cleo/g) ?? [];
    const first = names[0];
    expect(names.filter((n) => n === first), `once: ${text}`).toHaveLength(1);
  }
  await expect(people(gm.page)).toHaveCount(3);
});

test('the Table page: the log first, newest first with times, then the pool, people, invite and relays; two columns sideways; relays set before a table', async ({ phone }) => {
  // Relays are set before any table is started.
  const fresh = await tablePhone(phone, []);
  await fresh.page.goto('/#/table');
  await drawn(fresh.page);
  await fresh.page.getByText('Live table relays', { exact: true }).click();
  await fresh.page.getByRole('textbox', { name: /Relays for tables I start/ }).fill(relay.url);
  await fresh.page.getByRole('button', { name: 'Save relays' }).click();
  await expect.poll(() => fresh.page.evaluate(() => JSON.parse(localStorage.getItem('dicetray.table')).data.relays)).toEqual([relay.url]);
  // Each with its state: none is connected before a table starts.
  await expect(fresh.page.locator('.table-relays li').filter({ hasText: relay.url })).toContainText('not connected: used when you start a table');

  const { gm, players: [ana] } = await table(phone, 'Ana');
  await inTray(ana.page, 'narrative');
  await tap(ana.page, 'Add ability die', 1);
  const first = await rollHere(ana.page);
  const second = await rollHere(ana.page);
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  const order = await gm.page.locator('main h2').allInnerTexts();
  const at = (title) => order.findIndex((t) => t.startsWith(title));
  expect(at("The table's rolls"), 'the log first').toBe(0);
  expect(at('Destiny pool')).toBeLessThan(at('At the table'));
  expect(at('At the table')).toBeLessThan(at('Invite'));
  const entries = logEntries(gm.page);
  await expect(entries.first()).toContainText(second);
  await expect(entries.nth(1)).toContainText(first);
  for (const time of await entries.locator('.table-by time').allInnerTexts()) expect(time).toMatch(/^\d\d:\d\d$/);

  // Sideways: two columns, the log beside the rest, nothing wider than the screen.
  await gm.page.setViewportSize({ width: 844, height: 390 });
  const log = await gm.page.getByRole('region', { name: "The table's rolls" }).boundingBox();
  const pool = await gm.page.getByRole('region', { name: 'Destiny pool' }).boundingBox();
  expect(pool.x, 'the pool in a column of its own').toBeGreaterThanOrEqual(log.x + log.width);
  expect(pool.y, 'beside the log, not under it').toBeLessThan(log.y + log.height);
  expect(await gm.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(844);
  await gm.page.screenshot({ path: 'test-results/table-page-844x390.png' });
});

test("sideways (844x390) at a table: the corner, Roll and the result's dice all on the screen, none in a small scrolling box", async ({ phone }) => {
  const { gm, players: [ana] } = await table(phone, 'Ana');
  await inTray(gm.page, 'narrative');
  await tap(gm.page, 'Add ability die', 1);
  const theirs = await rollHere(gm.page);
  await ana.page.setViewportSize({ width: 844, height: 390 });
  for (const tray of ['narrative', 'd6', 'el']) {
    await inTray(ana.page, tray);
    if (tray === 'narrative') {
      await tap(ana.page, 'Add ability die', 3);
      await tap(ana.page, 'Add difficulty die', 2);
    }
    await expect(lastRoll(ana.page)).toContainText(theirs);
    await rollHere(ana.page);
    const dice = ana.page.getByRole('region', { name: 'Result' }).getByRole('list', { name: 'Dice rolled' });
    const panel = await ana.page.locator('.dock-panel').boundingBox();
    const box = await dice.boundingBox();
    expect(box.y >= panel.y - 0.5 && box.y + box.height <= panel.y + panel.height + 0.5, `${tray}: the dice within the panel's sight (${JSON.stringify(box)} in ${JSON.stringify(panel)})`).toBe(true);
    await onFirstScreen(dice, `${tray}: the dice on the screen`);
    await onFirstScreen(lastRoll(ana.page), `${tray}: the last roll at the table on the screen`);
    await onFirstScreen(dock(ana.page).getByRole('button', { name: /^Roll/ }).first(), `${tray}: Roll on the screen`);
    // The bar's four buttons each whole, none over another, none cutting its words.
    const bar = await ana.page.locator('.roll-bar > button').evaluateAll((buttons) => buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.textContent.trim(), x: r.x, y: r.y, right: r.right, bottom: r.bottom, cut: b.scrollWidth > b.clientWidth + 1 };
    }));
    for (const [i, a] of bar.entries()) {
      expect(a.cut, `${tray}: "${a.name}" whole`).toBe(false);
      for (const b of bar.slice(i + 1)) {
        const apart = a.right <= b.x + 0.5 || b.right <= a.x + 0.5 || a.bottom <= b.y + 0.5 || b.bottom <= a.y + 0.5;
        expect(apart, `${tray}: "${a.name}" and "${b.name}" apart`).toBe(true);
      }
    }
    expect(await ana.page.evaluate(() => document.documentElement.scrollWidth), `${tray}: nothing wider than the screen`).toBeLessThanOrEqual(844);
    if (tray === 'narrative') await ana.page.screenshot({ path: 'test-results/table-tray-844x390.png' });
  }
});

test('nothing a player reads is under 12 px: every tray at a table, its corner and the log', async ({ phone }) => {
  const { gm, players: [ana] } = await table(phone, 'Ana');
  await inTray(gm.page, 'narrative');
  await tap(gm.page, 'Add ability die', 2);
  await rollHere(gm.page);
  const small = () => ana.page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el) continue;
      const box = el.getBoundingClientRect();
      // Drawn and not for screen readers only (those are clipped to a pixel).
      if (box.width <= 1 || box.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 12) found.push(`${size}px: ${node.textContent.trim().slice(0, 30)}`);
    }
    return found;
  });
  for (const tray of ['narrative', 'd6', 'el']) {
    await inTray(ana.page, tray);
    await expect(lastRoll(ana.page)).toBeVisible();
    await ana.page.getByRole('button', { name: /^Odds: / }).click();
    expect(await small(), `${tray}: text under 12 px`).toEqual([]);
  }
  await lastRoll(ana.page).click();
  await expect(logEntries(ana.page)).not.toHaveCount(0);
  expect(await small(), 'the log: text under 12 px').toEqual([]);
});
