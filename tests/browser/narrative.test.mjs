// The narrative tray in a real browser, used as a player would: by role and accessible name,
// at 390x844, in Debian's Chromium. Run with `npx playwright test` (scripts/test).
import { mkdir } from 'node:fs/promises';
import { expect, test as base } from './fixtures.mjs';
import { frameDone, linkOpened, newRollShown, readText, ready, SCREENSHOTS, settled, shownRollId, stored } from './harness.mjs';
import {
  allowClipboard, barOdds, barResult, clipboard, dock, exactFraction, faces, historyCount, historyHas, historyRows,
  labelField, nav, notation, notices, oddsFigure, onScreen, openAdded, openFold, openHistory, openOdds, openSaved,
  openShare, result, resultLive, roll, rollButton, savePool, snack, tap,
} from './narrative-helpers.mjs';

const test = base.extend({
  /** Opens the app on a fresh phone (empty storage) at `path` and waits for the tray. */
  fresh: async ({ phone }, use) => {
    await use(async (path = '/', options = {}) => {
      const { context, page } = await phone(options);
      await page.goto(path);
      await ready(page);
      if (path.includes('?')) await linkOpened(page);
      return { context, page };
    });
  },
});

/** Another tab of the same browser (same storage), drawn in full. */
async function otherTab(context, path = '/') {
  const other = await context.newPage();
  await other.goto(path);
  await ready(other);
  return other;
}

const shot = (name) => new URL(name, SCREENSHOTS).pathname;

const shownId = shownRollId;

/** Rolls and waits until the dock shows the new roll; returns its words. */
async function rollAndRead(page) {
  const before = await shownId(page);
  await roll(page);
  await newRollShown(page, before);
  return readText(result(page));
}

test.describe('narrative tray', () => {
  test('add dice by name, watch exact odds update live, roll and read the result', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 2);
    await expect(notation(page), 'notation').toHaveText('2g');
    // Two ability dice: 1 - (4/8)^2 = 75% to succeed, in the bar and in the odds in detail.
    await expect(barOdds(page), 'success odds in the bar for 2g').toHaveText(/Success\s*75%/);
    const odds = await openOdds(page);
    await expect(oddsFigure(odds, 'Success'), 'success odds for 2g').toHaveText(/75%/);
    await expect(exactFraction(odds, 'Success'), 'exact success fraction for 2g').toHaveText('3/4');
    await tap(page, 'Add difficulty die');
    await expect(notation(page), 'notation').toHaveText('2g1p');
    // Worked by hand in tests/narrative_odds.rs style: 295/512 = 57.6%.
    await expect(barOdds(page), 'success odds in the bar for 2g1p').toHaveText(/Success\s*57\.6%/);
    await expect(oddsFigure(odds, 'Success'), 'success odds for 2g1p').toHaveText(/57\.6%/);
    await expect(exactFraction(odds, 'Success'), 'exact success fraction').toHaveText('295/512');

    await labelField(page).fill('Pilot: evade the TIEs');
    const status = await rollAndRead(page);
    expect(status).toMatch(/Success|Failure/);
    expect(status).toMatch(/Pilot: evade the TIEs/);
    expect(status).toMatch(/net (success|failure)/);
    await expect(faces(page)).toHaveCount(3);
    await expect(faces(page).first()).toHaveAttribute('aria-label', /^Die 1, ability: /);
    // The bar keeps the headline of the roll.
    await expect(barResult(page)).toHaveText(/^Last roll: (Success|Failure)$/);
    await openHistory(page);
    await historyHas(page, 1);
    await expect(historyRows(page).first()).toHaveText(/Pilot: evade the TIEs/);
    await expect(historyRows(page).first()).toHaveText(/2 Ability.*1 Difficulty/);
    await context.close();
  });

  test('the label stays for the next rolls until it is cleared', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    await labelField(page).fill('Stealth');
    await rollAndRead(page);
    await expect(labelField(page), 'kept after a roll').toHaveValue('Stealth');
    expect(await rollAndRead(page), 'the second roll carries it too').toMatch(/Stealth/);
    await tap(page, 'Clear the label');
    await expect(labelField(page)).toHaveValue('');
    expect(await rollAndRead(page), 'gone once cleared').not.toMatch(/Stealth/);
    await context.close();
  });

  test('the result is announced from one persistent live region', async ({ fresh }) => {
    const { context, page } = await fresh();
    // Found in the page whether or not the dock shows it yet.
    const live = dock(page).locator('.dock-result [role="status"]');
    await expect(live, 'one live region for the result, there before any roll').toHaveCount(1);
    await expect(live).toHaveAttribute('aria-live', 'polite');
    const before = await live.elementHandle();
    await tap(page, 'Add proficiency die');
    await roll(page);
    await expect(resultLive(page), 'announcement').toHaveText(/Success|Failure/);
    const first = await shownId(page);
    await roll(page);
    await newRollShown(page, first, 'the second roll shown');
    await expect(live, 'still one').toHaveCount(1);
    expect(await before.evaluate((el) => el.isConnected && el.getAttribute('aria-live') === 'polite'), 'the same element as before the rolls').toBeTruthy();
    await context.close();
  });

  test('the result\'s live region is in the accessibility tree before a roll, so the roll is announced', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    // getByRole finds only what the accessibility tree holds: not what is display:none.
    await expect(resultLive(page), 'APP BUG: before the first roll the dock panel (and the result live region in it) is display:none ' +
        '(style/layout.css .roll-dock[data-panel="closed"] .dock-panel), and Roll fills the region and shows it ' +
        'in one go: a screen reader is not told of a region that was not in the tree before it changed').toHaveCount(1);
    await openOdds(page);
    await expect(resultLive(page), 'APP BUG: with the odds open, the result live region is display:none too').toHaveCount(1);
    await context.close();
  });

  test('remove, upgrade, downgrade and clear follow RULES.md, and Clear offers Undo', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Upgrade ability die'); // none yet: adds an ability die
    await expect(notation(page), 'upgrade with no ability die').toHaveText('1g');
    await tap(page, 'Upgrade ability die'); // ability becomes proficiency
    await expect(notation(page), 'ability upgraded').toHaveText('1y');
    await tap(page, 'Add difficulty die', 2);
    await tap(page, 'Upgrade difficulty die');
    await expect(notation(page), 'difficulty upgraded').toHaveText('1y1p1r');
    await tap(page, 'Downgrade challenge die');
    await expect(notation(page), 'challenge downgraded').toHaveText('1y2p');
    await expect(page.getByRole('button', { name: 'Downgrade challenge die' })).toBeDisabled();
    await tap(page, 'Remove difficulty die');
    await expect(notation(page), 'removed').toHaveText('1y1p');
    await tap(page, 'Clear pool');
    await expect(notation(page), 'cleared').toHaveText('empty');
    await expect(rollButton(page)).toBeDisabled();
    await expect(snack(page), 'said near the thumb').toHaveText(/Pool cleared/);
    await dock(page).getByRole('button', { name: 'Undo' }).click();
    await expect(notation(page), 'Undo puts the pool back').toHaveText('1y1p');
    await context.close();
  });

  test('added symbols count in the odds', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add setback die');
    await openAdded(page);
    await tap(page, 'Add success symbol', 2);
    await expect(notation(page), 'notation with added symbols').toHaveText('1k+2s');
    // 2 successes against a setback die (at most one failure): always succeeds.
    await expect(barOdds(page), 'certain success in the bar').toHaveText(/Success\s*100%/);
    const odds = await openOdds(page);
    await expect(exactFraction(odds, 'Success'), 'certain success, exact').toHaveText(/^\s*(1\/1|1)\s*$/);
    await context.close();
  });

  test('more than 20 dice of a kind gets a clear message', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die', 21);
    await expect(notation(page), 'capped at 20').toHaveText('20b');
    await expect(snack(page), 'limit message near the thumb').toHaveText(/at most 20 boost dice/);
    await context.close();
  });

  test('re-roll one die of the last roll; History keeps it with the face it replaced struck through', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 3);
    await rollAndRead(page);
    const second = faces(page).nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await tap(page, 'Re-roll picked die');
    const rerolled = faces(page).nth(1);
    await expect(rerolled, 're-roll mark').toHaveAttribute('aria-label', /re-rolled$/);
    await expect(result(page), 're-roll in result').toHaveText(/1 die re-rolled/);
    const landing = await faces(page).evaluateAll((all) => all.map((f) => f.classList.contains('landing')));
    expect(landing, 'only the re-rolled die lands again').toEqual([false, true, false]);
    await openHistory(page);
    await historyHas(page, 1, 'a re-roll changes the roll, not the count');
    const row = historyRows(page).first();
    await expect(row.getByLabel('re-rolled from'), 'the replaced face struck through').toHaveCount(1);
    await expect(row.locator('s'), 'one face struck through').toHaveCount(1);
    await expect(row.getByRole('list', { name: 'Dice' }).getByRole('listitem'), 'three dice').toHaveCount(3);
    await context.close();
  });

  test('copy a result as text', async ({ fresh, origin }) => {
    const { context, page } = await fresh();
    await allowClipboard(context, page, origin);
    await tap(page, 'Add ability die');
    await labelField(page).fill('Stealth');
    await rollAndRead(page);
    await tap(page, 'Copy result');
    const copied = await clipboard(page, /[\s\S]/);
    expect(copied).toMatch(/^Stealth: (Success|Failure), (no net success|\d net success)/);
    await expect(snack(page), 'said near the thumb').toHaveText(/Copied the result/);
    await context.close();
  });

  test('history, saved pools and the current pool survive a reload', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 2);
    await tap(page, 'Add challenge die');
    await savePool(page, 'Heavy blaster');
    await expect(page.getByRole('region', { name: 'Saved pools' }), 'saved').toHaveText(/Saved “Heavy blaster”/);
    await rollAndRead(page);
    await rollAndRead(page);
    await historyHas(page, 2);
    await tap(page, 'Clear pool');
    await tap(page, 'Add force die');

    await page.reload();
    await ready(page);
    await expect(notation(page), 'current pool kept').toHaveText('1w');
    await historyHas(page, 2, 'history kept');
    await openSaved(page);
    await tap(page, 'Load Heavy blaster');
    await expect(notation(page), 'saved pool loaded').toHaveText('2g1r');
    await expect(snack(page), 'said').toHaveText(/Loaded “Heavy blaster”/);
    await tap(page, 'Delete Heavy blaster');
    await tap(page, 'Yes, delete Heavy blaster');
    await expect(page.getByRole('button', { name: 'Load Heavy blaster' }), 'deleted').toHaveCount(0);
    await page.reload();
    await ready(page);
    await openSaved(page);
    await expect(page.getByRole('button', { name: 'Load Heavy blaster' }), 'deletion kept').toHaveCount(0);
    await context.close();
  });

  test('clearing history asks first, and offers Undo', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die');
    await rollAndRead(page);
    const history = await openHistory(page);
    await historyHas(page, 1);
    await history.getByRole('button', { name: 'Clear history' }).click();
    await expect(history, 'asks first').toHaveText(/Delete all 1 rolls\?/);
    await history.getByRole('button', { name: 'Keep' }).click();
    await expect(historyRows(page)).toHaveCount(1);
    await history.getByRole('button', { name: 'Clear history' }).click();
    await history.getByRole('button', { name: 'Yes, clear' }).click();
    await expect(historyRows(page), 'history cleared').toHaveCount(0);
    await expect(snack(page), 'said with Undo').toHaveText(/History cleared/);
    await dock(page).getByRole('button', { name: 'Undo' }).click();
    await expect(historyRows(page), 'Undo brings it back').toHaveCount(1);
    await context.close();
  });

  test('a share link opens its pool, then leaves the address clean; Share copies the same link and shows a QR code', async ({ fresh, open, origin }) => {
    const { context, page } = await fresh('/#/narrative?pool=2g1y2p%2B1a');
    await expect(notation(page), 'shared pool').toHaveText('2g1y2p+1a');
    await expect(snack(page), 'confirmation').toHaveText(/Opened the shared pool 2g1y2p\+1a/);
    expect(new URL(page.url()).hash).toBe('#/narrative');
    // The Share fold builds the same kind of link.
    await allowClipboard(context, page, origin);
    await openShare(page);
    await tap(page, 'Copy the link to this pool');
    const link = await clipboard(page, 'pool=', 'share link');
    expect(new URL(link).hash).toBe('#/narrative?pool=2g1y2p+1a');
    await expect(snack(page), 'said').toHaveText(/Copied the link to this pool/);
    await tap(page, 'Show the link to this pool as a QR code');
    await page.getByRole('img', { name: 'QR code of the link' }).waitFor();
    await expect(page.locator('figure.qr-figure figcaption')).toHaveText(/Scan to open this pool/);
    await tap(page, 'Hide the QR code');
    await expect(page.getByRole('img', { name: 'QR code of the link' }), 'hidden').toHaveCount(0);
    await context.close();
  });

  test('a share link opened in a new tab is kept after a reload', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die');
    // A new tab, as a player opens a link from a chat.
    const linked = await otherTab(context, '/#/narrative?pool=1y1r');
    await expect(notation(linked), 'shared pool').toHaveText('1y1r');
    await linked.reload();
    await ready(linked);
    await expect(notation(linked), 'kept after the reload').toHaveText('1y1r');
    await context.close();
  });

  test('a malformed or oversized share link gives a message and leaves the tray as it was', async ({ fresh }) => {
    for (const [pool, message] of [
      ['2q', /Unknown letter 'q'/],
      ['25g', /at most 20 ability dice/],
      ['g'.repeat(300), /too long/],
      ['%E0%A4', /could not be read/],
      ['1g%+A', /could not be read/],
    ]) {
      const { context, page } = await fresh();
      await tap(page, 'Add boost die');
      const linked = await otherTab(context, `/#/narrative?pool=${pool}`);
      await expect(snack(linked), `message for ${pool.slice(0, 10)}`).toHaveText(message);
      await expect(snack(linked), `message for ${pool.slice(0, 10)}`).toHaveText(/left as it was/);
      await expect(notation(linked), 'the pool on the tray is kept').toHaveText('1b');
      expect(new URL(linked.url()).hash, 'the address is clean').toBe('#/narrative');
      await tap(linked, 'Add ability die');
      await expect(notation(linked), 'the next tap builds on the kept pool').toHaveText('1g1b');
      await stored(linked, 'dicetray.narrative.pool', '1g1b');
      await linked.reload();
      await ready(linked);
      await expect(notation(linked), 'kept after a reload').toHaveText('1g1b');
      await context.close();
    }
  });

  test('the GM\'s challenge link sets the negative dice and shows the GM\'s badge, cleared with a tap', async ({ fresh, origin }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 2);
    await tap(page, 'Add setback die');
    // The GM sends their side; the player's own dice stay.
    await page.goto(`${origin}/#/narrative?challenge=2p1r`);
    await expect(notation(page), 'the GM\'s dice in place of the negative side').toHaveText('2g2p1r');
    await expect(snack(page), 'said').toHaveText(/The GM's challenge: 2 difficulty, 1 challenge/);
    const badge = page.locator('.gm-side');
    await expect(badge, 'the GM badge').toHaveText(/GM/);
    await expect(badge, 'the GM badge').toHaveText(/2 difficulty, 1 challenge/);
    expect(new URL(page.url()).hash, 'the address is clean').toBe('#/narrative');
    await tap(page, "Clear the GM's label");
    await expect(badge, 'badge cleared').toHaveCount(0);
    await expect(notation(page), 'clearing the label keeps the dice').toHaveText('2g2p1r');
    // A challenge with a die the GM does not set is refused, and the tray is left as it was.
    await page.goto(`${origin}/#/narrative?challenge=1g`);
    await expect(snack(page), 'refused').toHaveText(/GM's challenge could not be read.*left as it was/);
    await expect(notation(page)).toHaveText('2g2p1r');
    await expect(badge).toHaveCount(0);
    await context.close();
  });

  test('a result link opens the roll read-only, not in the opener\'s History', async ({ fresh, phone, origin }) => {
    const { context, page } = await fresh();
    await allowClipboard(context, page, origin);
    await tap(page, 'Add ability die', 2);
    await tap(page, 'Add difficulty die');
    await labelField(page).fill('Slicing the door');
    const rolled = await rollAndRead(page);
    await dock(page).getByRole('button', { name: 'Copy a link that shows this roll' }).click();
    const link = await clipboard(page, 'result=', 'result link');
    expect(new URL(link).hash).toMatch(/^#\/narrative\?result=/);
    await expect(snack(page), 'said').toHaveText(/Copied a link that shows this roll/);
    // Someone else, on another phone, opens it.
    const { context: theirs, page: them } = await phone();
    await them.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await ready(them);
    await expect(result(them), 'the same roll, as it was').toHaveText(rolled);
    await expect(faces(them)).toHaveCount(3);
    await expect(them.locator('.shared-roll'), 'said read-only').toHaveText(/A roll from a link or the table, shown as it was/);
    await faces(them).first().click();
    await expect(them.getByRole('button', { name: 'Re-roll picked die' }), 'no re-roll of a shared roll').toBeDisabled();
    expect(new URL(them.url()).hash, 'the address is clean').toBe('#/narrative');
    expect(await historyCount(them), 'not in their History').toBe(0);
    await theirs.close();
    await context.close();
  });

  test('real dice: each die offers each kind of face once', async ({ fresh }) => {
    // Distinct faces of each die, counted by hand from the face table in RULES.md (section 1):
    // boost blank, S, SA, AA, A; setback blank, F, T; ability blank, S, SS, A, SA, AA; ...
    const distinct = { ability: 6, proficiency: 7, difficulty: 6, challenge: 7, boost: 5, setback: 3, force: 4 };
    const { context, page } = await fresh('/#/narrative?pool=1g1y1p1r1b1k1w');
    await dock(page).getByRole('button', { name: 'Real dice' }).click();
    const enter = page.getByRole('region', { name: 'Real dice' });
    await enter.waitFor();
    const labels = await enter.getByRole('button', { name: /^Die \d+, / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    const byDie = {};
    for (const label of labels) {
      const [, die, face] = /^Die \d+, (\w+): (.*)$/.exec(label);
      (byDie[die] ??= []).push(face);
    }
    for (const [die, count] of Object.entries(distinct)) {
      expect(byDie[die]?.length, `${die}: ${byDie[die]?.join(' | ')}`).toBe(count);
      expect(new Set(byDie[die]).size, `${die}: no face twice`).toBe(count);
    }
    await context.close();
  });

  test('real dice rolled at the table are read as a roll and marked in History', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    await tap(page, 'Add difficulty die');
    await dock(page).getByRole('button', { name: 'Real dice' }).click();
    const enter = page.getByRole('region', { name: 'Real dice' });
    await enter.waitFor();
    const read = enter.getByRole('button', { name: 'Read these dice' });
    await expect(read, 'every die needs its face first').toBeDisabled();
    // Ability: two successes; difficulty: blank. One net success: a Success.
    await enter.getByRole('button', { name: /^Die 1, ability: 2 successes?$/ }).first().click();
    await enter.getByRole('button', { name: /^Die 2, difficulty: (blank|nothing)/ }).first().click();
    await read.click();
    await expect(result(page), 'read as a success').toHaveText(/^Success/);
    await expect(result(page), 'read as a success').toHaveText(/2 net successes/);
    await openHistory(page);
    await historyHas(page, 1);
    await expect(historyRows(page).first()).toHaveText(/real dice/);
    await context.close();
  });

  test('story points are spent with a tap, with Undo, and kept in History', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await openFold(page, 'Story points');
    await tap(page, 'One light side point more', 2);
    await expect(page.locator('.sum-line'), 'set on the Characters page').toHaveText('2 light, 0 dark');
    await nav(page, 'Narrative dice');
    await ready(page);
    await openFold(page, 'Story points');
    const note = page.locator('details.fold', { hasText: 'Story points' }).locator('.fold-note');
    await expect(note).toHaveText('2 light, 0 dark');
    await expect(page.getByRole('button', { name: 'Spend a dark side point' }), 'none to spend').toBeDisabled();
    await tap(page, 'Spend a light side point');
    await expect(note, 'spent: it goes to the other side').toHaveText('1 light, 1 dark');
    await expect(snack(page), 'said near the thumb').toHaveText(/1 light, 1 dark/);
    await dock(page).getByRole('button', { name: 'Undo' }).click();
    await expect(note, 'undone').toHaveText('2 light, 0 dark');
    await openHistory(page);
    await page.getByRole('button', { name: /^All \(/ }).click();
    await expect(page.getByRole('region', { name: 'History' }), 'the spend kept in History').toHaveText(/1 light, 1 dark/);
    await context.close();
  });

  test('odds hints beside the controls say what one tap would do, and a setting hides them', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    const abilityCard = page.locator('.die-card').filter({ has: page.getByRole('button', { name: 'Add ability die' }) });
    const hint = abilityCard.locator('.coach');
    await expect(hint, 'a hint beside Add ability die').toHaveText(/^\+\d+(\.\d)?%/);
    await expect(hint, 'said in full to a screen reader').toHaveText(/One tap adds .*success/);
    await expect(page.locator('.die-card').filter({ has: page.getByRole('button', { name: 'Add difficulty die' }) }).locator('.coach'), 'a worse hint beside Add difficulty die').toHaveText(/^[−-]\d/);
    // The setting is with the others, on the Characters page.
    await nav(page, 'Characters');
    await openFold(page, 'Settings');
    const setting = page.getByRole('switch', { name: /Odds hints beside the controls/ });
    await expect(setting).toHaveAttribute('aria-checked', 'true');
    await setting.click();
    await expect(setting).toHaveAttribute('aria-checked', 'false');
    await nav(page, 'Narrative dice');
    await ready(page);
    await tap(page, 'Add ability die');
    await expect(notation(page), 'still taps').toHaveText('2g');
    await frameDone(page); // past the frame the hints are counted in
    await expect(page.locator('.coach'), 'no hints while the setting is off').toHaveCount(0);
    await page.reload();
    await ready(page);
    await tap(page, 'Add ability die');
    await frameDone(page);
    await expect(page.locator('.coach'), 'still off after a reload').toHaveCount(0);
    await context.close();
  });

  test('a corrupt saved entry is backed up, reported, and the app keeps working', async ({ fresh }) => {
    const { context, page } = await fresh();
    await page.evaluate(() => {
      localStorage.setItem('dicetray.history', '{"version":1,"data":{"entries":[{"id":1');
      localStorage.setItem('dicetray.saved-pools', '{"version":1,"data":{"pools":[' +
        '{"name":"Good","system":"narrative","pool":"1g"},' +
        '{"name":"Bad","system":"narrative","pool":"9q"}]}}');
    });
    await page.reload();
    await ready(page);
    // Each document is read when first used: History on its fold or the first roll, saved
    // pools on their fold.
    await openSaved(page);
    await openHistory(page);
    await expect(notices(page), 'history notice').toHaveText(/Your roll history could not be read/);
    await expect(notices(page), 'pools notice').toHaveText(/Part of your saved pools could not be read/);
    expect(await page.getByRole('button', { name: 'Copy backup' }).count() >= 2).toBeTruthy();
    const backups = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.includes('.backup.'))
        .map((k) => [k, localStorage.getItem(k)]),
    );
    expect(backups.length).toBe(2);
    expect(backups.some(([k, v]) => k.startsWith('dicetray.history.backup.') && v.endsWith('"id":1'))).toBeTruthy();
    // The good saved pool is still there and the app still rolls and records.
    await expect(page.getByRole('button', { name: 'Load Good' })).toHaveCount(1);
    await tap(page, 'Add ability die');
    await rollAndRead(page);
    await historyHas(page, 1);
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    await dismiss.first().click();
    await expect(dismiss, 'one notice dismissed').toHaveCount(1);
    await context.close();
  });

  test('two open tabs add to one history instead of overwriting it', async ({ fresh }) => {
    const { context, page } = await fresh();
    const other = await otherTab(context);
    await tap(page, 'Add ability die');
    await rollAndRead(page);
    await tap(other, 'Add difficulty die');
    await rollAndRead(other);
    // The first tab hears the other's write and shows both rolls.
    await historyHas(page, 2, 'history in the first tab');
    await rollAndRead(page);
    await page.reload();
    await ready(page);
    await historyHas(page, 3, 'nothing lost');
    await context.close();
  });

  test('a newer Dicetray in another tab is never overwritten by this one', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    await rollAndRead(page);
    await historyHas(page, 1);
    const newer = '{"version":99,"data":{"rolls":"in a shape this version cannot read"}}';
    const other = await otherTab(context);
    // The other tab plays an updated app that has moved history to a later format.
    await other.evaluate((text) => localStorage.setItem('dicetray.history', text), newer);
    await expect(notices(page), 'notice').toHaveText(/newer version of Dicetray\. Reload/);
    await expect(historyRows(page), 'this tab keeps showing its history').toHaveCount(1);
    await rollAndRead(page);
    expect(await page.evaluate(() => localStorage.getItem('dicetray.history')), 'untouched').toBe(newer);
    // This tab works on in memory: its new roll is listed and can be re-rolled.
    await historyHas(page, 2, 'the new roll is listed');
    await faces(page).first().click();
    await tap(page, 'Re-roll picked die');
    await expect(result(page), 're-rolled in memory').toHaveText(/1 die re-rolled/);
    await expect(historyRows(page).first().getByLabel('re-rolled from'), 're-roll in History').toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('dicetray.history')), 'still untouched').toBe(newer);
    await context.close();
  });

  test('read-only saved pools keep this tab\'s new pool listed, and the tray pool respects newer data', async ({ fresh }) => {
    const { context, page } = await fresh();
    const newerPools = '{"version":7,"data":{"shelves":[]}}';
    const newerPool = '{"version":7,"data":{"tray":"from the future"}}';
    await page.evaluate(([pools, pool]) => {
      localStorage.setItem('dicetray.saved-pools', pools);
      localStorage.setItem('dicetray.narrative.pool', pool);
    }, [newerPools, newerPool]);
    await page.reload();
    await ready(page);
    await tap(page, 'Add ability die');
    await savePool(page, 'Kept here');
    await expect(page.getByRole('button', { name: 'Load Kept here' }), 'listed').toHaveCount(1);
    await tap(page, 'Add ability die');
    await expect(notation(page), 'the tray works in memory').toHaveText('2g');
    await expect(page.getByRole('button', { name: 'Load Kept here' }), 'still listed').toHaveCount(1);
    await frameDone(page); // past the frame after which a tap is stored
    const stored = await page.evaluate(() => [
      localStorage.getItem('dicetray.saved-pools'),
      localStorage.getItem('dicetray.narrative.pool'),
    ]);
    expect(stored, 'newer data untouched').toEqual([newerPools, newerPool]);
    await context.close();
  });

  test('the tray pool is never written over newer data that arrives while the tab is open', async ({ fresh }) => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    const newer = '{"version":7,"data":{"tray":"from the future"}}';
    const other = await otherTab(context);
    await other.evaluate((text) => localStorage.setItem('dicetray.narrative.pool', text), newer);
    await expect(notices(page), 'notice').toHaveText(/narrative pool was saved by a newer version/);
    await tap(page, 'Add ability die');
    await tap(page, 'Add difficulty die');
    await expect(notation(page), 'this tab keeps working').toHaveText('2g1p');
    await frameDone(page); // past the frame after which a tap is stored
    expect(await page.evaluate(() => localStorage.getItem('dicetray.narrative.pool')), 'untouched').toBe(newer);
    await context.close();
  });

  test('without storage the app says so once and works in memory', async ({ phone, origin }) => {
    const { context, page } = await phone();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(origin + '/');
    await ready(page);
    await expect(notices(page), 'notice').toHaveText(/keeps no data for this page/);
    await expect(page.getByRole('button', { name: 'Dismiss' }), 'one notice only').toHaveCount(1);
    await tap(page, 'Add ability die');
    await rollAndRead(page);
    await historyHas(page, 1);
    await savePool(page, 'Memory');
    await expect(page.getByRole('button', { name: 'Load Memory' }), 'saved in memory').toHaveCount(1);
    await openFold(page, 'Story points');
    await openShare(page);
    await expect(page.getByRole('button', { name: 'Dismiss' }), 'still one notice').toHaveCount(1);
    await context.close();
  });

  test('with storage full the app says so and keeps every change in memory', async ({ phone, origin }) => {
    const { context, page } = await phone();
    await page.goto(origin + '/');
    await ready(page);
    // From now on the browser refuses every write, as it does when the site's quota is used.
    await page.evaluate(() => {
      Storage.prototype.setItem = function (key) {
        throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      };
    });
    await tap(page, 'Add ability die');
    await rollAndRead(page);
    await rollAndRead(page);
    await expect(page.getByRole('alert').first(), 'full').toHaveText(/storage for the page is full/);
    // The second roll must not re-read the stored (empty) history and drop the first.
    await historyHas(page, 2, 'both rolls kept');
    await rollAndRead(page);
    await historyHas(page, 3);
    const stored = await page.evaluate(() => localStorage.getItem('dicetray.history'));
    expect(stored, 'nothing was written').toBe(null);
    await context.close();
  });

  test('keyboard alone builds a pool and rolls', async ({ fresh }) => {
    const { context, page } = await fresh();
    await page.getByRole('button', { name: 'Add ability die' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(notation(page), 'keyboard adds').toHaveText('2g');
    await labelField(page).focus();
    await page.keyboard.type('Athletics');
    await page.keyboard.press('Enter'); // the label field sends the roll
    await expect(result(page), 'rolled from the keyboard').toHaveText(/Athletics/);
    // And the dock's Roll button is reached and pressed from the keyboard too.
    await rollButton(page).focus();
    const id = await shownId(page);
    await page.keyboard.press('Enter');
    await newRollShown(page, id, 'Roll from the keyboard');
    await context.close();
  });

  test('on a phone, Roll and the success chance are on the first screen, and so is the outcome after Roll', async ({ fresh }) => {
    const { context, page } = await fresh('/#/narrative?pool=2g1y2p1k');
    await expect(notation(page), 'a typical pool').toHaveText('2g1y2p1k');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await onScreen(page, rollButton(page)), 'Roll on the first screen').toBeTruthy();
    expect(await onScreen(page, barOdds(page)), 'the chance on the first screen').toBeTruthy();
    await expect(barOdds(page)).toHaveText(/Success\s*\d+(\.\d)?%/);
    await settled(page);
    await page.screenshot({ path: shot('narrative-before.png') });
    await roll(page);
    const headline = dock(page).locator('.dock-result .headline');
    await headline.waitFor();
    expect(await page.evaluate(() => window.scrollY), 'nothing scrolled').toBe(0);
    expect(await onScreen(page, headline), 'the outcome on screen after Roll').toBeTruthy();
    expect(await onScreen(page, barResult(page)), 'the bar keeps the headline').toBeTruthy();
    expect(await onScreen(page, rollButton(page)), 'Roll still in reach').toBeTruthy();
    await settled(page);
    await page.screenshot({ path: shot('narrative-after.png') });
    await context.close();
  });
});

// The faces of RULES.md section 1, written here apart from the app: S success, A advantage,
// F failure, T threat, X triumph (also a success), D despair (also a failure); the Force
// die's L light and K dark pips.
const FACES = {
  g: ['', 'S', 'S', 'SS', 'A', 'A', 'SA', 'AA'],
  y: ['', 'S', 'S', 'SS', 'SS', 'A', 'SA', 'SA', 'SA', 'AA', 'AA', 'X'],
  p: ['', 'F', 'FF', 'T', 'T', 'T', 'TT', 'FT'],
  r: ['', 'F', 'F', 'FF', 'FF', 'T', 'T', 'FT', 'FT', 'TT', 'TT', 'D'],
  w: ['K', 'K', 'K', 'K', 'K', 'K', 'KK', 'L', 'L', 'LL', 'LL', 'LL'],
};

/**
 * The chance of success of a pool such as "1g1y1p", counted face by face, as the bar says it
 * (whole or one decimal: "75%", "57.6%").
 */
function successPercent(notation) {
  const dice = [...notation.matchAll(/(\d+)([gyprw])/g)].flatMap(([, n, letter]) => Array(Number(n)).fill(FACES[letter]));
  let wins = 0;
  let all = 0;
  const walk = (i, net) => {
    if (i === dice.length) {
      all += 1;
      if (net >= 1) wins += 1;
      return;
    }
    for (const face of dice[i]) {
      const count = (c) => face.split(c).length - 1;
      walk(i + 1, net + count('S') + count('X') - count('F') - count('D'));
    }
  };
  walk(0, 0);
  const tenths = Math.round((wins / all) * 1000);
  return tenths % 10 === 0 ? `${tenths / 10}%` : `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

test.describe('story points in the tray', () => {
  const fold = (page) => page.locator('details.fold').filter({ has: page.locator('summary .fold-title', { hasText: /^Story points$/ }) });
  const note = (page) => fold(page).locator('.fold-note');
  const spent = (page, side) => fold(page).locator(`.story-side.${side} .story-spent`);
  /** Opens the fold and waits for its code (rare: fetched on open). */
  async function openStory(page) {
    await openFold(page, 'Story points');
    await page.getByRole('button', { name: 'Roll a Force die each' }).or(page.getByRole('button', { name: 'Start: one each, GM two' })).waitFor();
  }

  test('Destiny starts in the fold: one Force die per player, its pips the points', async ({ fresh }) => {
    expect(successPercent('2g1p'), 'the face table agrees with the worked 2g1p (295/512)').toBe('57.6%');
    const { context, page } = await fresh();
    await openStory(page);
    await expect(note(page), 'a fresh table').toHaveText('0 light, 0 dark');
    const players = page.getByRole('spinbutton', { name: 'Players', exact: true });
    await players.fill('5');
    await players.press('Enter');
    await expect(players).toHaveValue('5');
    await tap(page, 'Roll a Force die each');
    const dice = page.getByRole('list', { name: 'Force dice rolled' }).getByRole('listitem');
    await expect(dice, 'one Force die per player').toHaveCount(5);
    // Each die's face read from its drawing: its light and dark pip symbols, which must be
    // one of the Force die's faces.
    let light = 0;
    let dark = 0;
    for (const die of await dice.all()) {
      const l = await die.locator('.glyph-light-pip').count();
      const k = await die.locator('.glyph-dark-pip').count();
      expect(FACES.w, `a Force face: ${l} light, ${k} dark`).toContain('L'.repeat(l) + 'K'.repeat(k));
      light += l;
      dark += k;
    }
    expect(light + dark, 'every die shows one or two pips').toBeGreaterThanOrEqual(5);
    const words = `${light} light, ${dark} dark`;
    await expect(note(page), 'the points are the pips').toHaveText(words);
    await expect(fold(page).locator('.story-side.players .story-count')).toHaveText(String(light));
    await expect(fold(page).locator('.story-side.gm .story-count')).toHaveText(String(dark));
    await expect(snack(page), 'said').toHaveText(new RegExp(`^Rolled 5 Force dice for Destiny: ${words}\\.`));
    await stored(page, 'dicetray.story-points', `["destiny",${light},${dark},[0,0]]`);
    // Story points: one each, and two for the GM, in the same place.
    await fold(page).locator('label.segment', { hasText: 'Story points' }).click();
    await tap(page, 'Start: one each, GM two');
    await expect(note(page)).toHaveText('players 5, GM 2');
    await expect(page.getByRole('list', { name: 'Force dice rolled' }), 'no dice for that start').toBeHidden();
    await context.close();
  });

  test('Spend spends the point and upgrades a die of that side, with one Undo, once per check until the next roll', async ({ fresh }) => {
    const { context, page } = await fresh();
    await openStory(page);
    await tap(page, 'One light side point more', 2);
    await tap(page, 'One dark side point more');
    await expect(note(page)).toHaveText('2 light, 1 dark');
    await tap(page, 'Add ability die', 2);
    await tap(page, 'Add difficulty die');
    await expect(notation(page)).toHaveText('2g1p');
    const success = barOdds(page);
    const chance = (pool) => new RegExp(`Success\\s*${successPercent(pool).replace('.', '\\.')}`);
    await expect(success).toHaveText(chance('2g1p'));

    await tap(page, 'Spend a light side point');
    await expect(snack(page)).toHaveText(/^Spent a light side point: upgraded an Ability die to Proficiency\. Now 1 light, 2 dark\./);
    await expect(notation(page), 'an ability die upgraded').toHaveText('1g1y1p');
    await expect(note(page), 'the point went to the dark side').toHaveText('1 light, 2 dark');
    await expect(success, 'the odds follow the upgraded pool').toHaveText(chance('1g1y1p'));
    expect(successPercent('1g1y1p')).not.toBe(successPercent('2g1p'));
    await expect(spent(page, 'players'), 'marked').toBeVisible();
    await stored(page, 'dicetray.narrative.pool', '1g1y1p');

    await dock(page).getByRole('button', { name: 'Undo' }).click();
    await expect(notation(page), 'Undo: the die').toHaveText('2g1p');
    await expect(note(page), 'Undo: the point').toHaveText('2 light, 1 dark');
    await expect(success).toHaveText(chance('2g1p'));
    await expect(snack(page)).toHaveText(/Undone: the light side point is back and the Proficiency die is an Ability die again/);
    await expect(spent(page, 'players'), 'free to spend again').toBeHidden();

    await tap(page, 'Spend a light side point');
    await expect(notation(page)).toHaveText('1g1y1p');
    await tap(page, 'Spend a light side point');
    await expect(snack(page), 'a second spend is refused').toHaveText(/A light side point is already spent on this check/);
    await frameDone(page);
    await expect(notation(page), 'nothing changed').toHaveText('1g1y1p');
    await expect(note(page)).toHaveText('1 light, 2 dark');
    // The GM may, once, on the same check.
    await tap(page, 'Spend a dark side point');
    await expect(snack(page)).toHaveText(/^Spent a dark side point: upgraded a Difficulty die to Challenge\./);
    await expect(notation(page)).toHaveText('1g1y1r');
    await expect(note(page)).toHaveText('2 light, 1 dark');
    await expect(success).toHaveText(chance('1g1y1r'));

    // A roll starts the next check.
    const before = await shownId(page);
    await roll(page);
    await newRollShown(page, before);
    await expect(spent(page, 'players'), 'a new check').toBeHidden();
    await tap(page, 'Spend a light side point');
    await expect(notation(page), 'allowed after Roll').toHaveText('2y1r');
    await expect(note(page)).toHaveText('1 light, 2 dark');

    // A reload keeps the points, the pool and who has spent on this check.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('dicetray.session.narrative')), 'kept in the tab')
      .toContain('"spent":["players"]');
    await stored(page, 'dicetray.story-points', '["destiny",1,2,');
    await page.reload();
    await ready(page);
    await openStory(page);
    await expect(note(page)).toHaveText('1 light, 2 dark');
    await expect(notation(page)).toHaveText('2y1r');
    await expect(spent(page, 'players'), 'still spent on this check').toBeVisible();
    await tap(page, 'Spend a light side point');
    await expect(snack(page)).toHaveText(/A light side point is already spent on this check/);
    await tap(page, 'Spend a dark side point');
    await expect(snack(page), 'no Difficulty die: one is added').toHaveText(/^Spent a dark side point: added a Difficulty die, as there was none to upgrade\./);
    await expect(notation(page)).toHaveText('2y1p1r');
    await context.close();
  });

  test('a spend with no room for the upgraded die is refused and the point kept', async ({ fresh }) => {
    const { context, page } = await fresh('/#/narrative?pool=1g20y');
    await expect(notation(page)).toHaveText('1g20y');
    await openStory(page);
    await tap(page, 'One light side point more');
    await expect(note(page)).toHaveText('1 light, 0 dark');
    await tap(page, 'Spend a light side point');
    await expect(snack(page)).toHaveText('The pool already holds 20 Proficiency dice, so no Ability die can be upgraded: the point is not spent.');
    await frameDone(page);
    await expect(notation(page)).toHaveText('1g20y');
    await expect(note(page)).toHaveText('1 light, 0 dark');
    await expect(spent(page, 'players'), 'not spent').toBeHidden();
    await context.close();
  });

  test('the fold fits a small phone, a tall one, sideways and dark', async ({ phone }) => {
    const edges = new URL('edges/', SCREENSHOTS);
    await mkdir(edges, { recursive: true });
    for (const [size, viewport, colorScheme] of [
      ['360x640', { width: 360, height: 640 }, 'light'],
      ['430x932', { width: 430, height: 932 }, 'light'],
      ['844x390', { width: 844, height: 390 }, 'light'],
      ['360x640-dark', { width: 360, height: 640 }, 'dark'],
    ]) {
      const { context, page } = await phone({ viewport, colorScheme });
      await page.goto('/#/narrative?pool=2g1p');
      await ready(page);
      await openStory(page);
      await tap(page, 'Roll a Force die each');
      await tap(page, 'One light side point more'); // at least one to spend, whatever the dice
      await tap(page, 'Spend a light side point');
      await expect(notation(page)).toHaveText('1g1y1p');
      const body = fold(page);
      await body.locator('.story-sides').scrollIntoViewIfNeeded().catch(() => {});
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${size}: never wider than the screen`).toBeLessThanOrEqual(viewport.width);
      for (const button of await body.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box.height, `${size}: ${await button.getAttribute('aria-label') ?? await button.textContent()} tall enough to tap`).toBeGreaterThanOrEqual(44);
      }
      await fold(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settled(page);
      // As the player sees it, with the spend said; then the whole fold, the dock left out.
      await page.screenshot({ path: new URL(`narrative-${size}-story-points.png`, edges).pathname });
      await fold(page).screenshot({
        path: new URL(`narrative-${size}-story-points-fold.png`, edges).pathname,
        style: '.roll-dock, .snackbar { visibility: hidden; }',
      });
      await context.close();
    }
  });
});
