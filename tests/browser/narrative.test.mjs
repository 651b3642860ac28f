// The narrative tray in a real browser, used as a player would: by role and accessible name,
// at 390x844, in Debian's Chromium. Run with `node --test tests/browser/` (scripts/test).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, launch, openPhone, ready, SCREENSHOTS, settled, SUB_PATH, textOf } from './harness.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

/** Opens the app on a fresh phone (empty storage) and waits for it. */
async function fresh(path = '/', options = {}) {
  const { context, page } = await openPhone(env.browser, options);
  await page.goto(env.origin + path);
  await ready(page);
  return { context, page };
}

async function tap(page, name, times = 1) {
  for (let i = 0; i < times; i += 1) {
    await page.getByRole('button', { name, exact: true }).click();
  }
}

const notation = (page) => textOf(page.getByLabel('Pool notation'));
const oddsFigure = (page, name) =>
  textOf(page.getByRole('region', { name: 'Odds' }).getByRole('listitem').filter({ hasText: name }));
const resultStatus = (page) => textOf(page.getByRole('region', { name: 'Result' }).getByRole('status'));
const historyRows = (page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');
const trayMessage = (page) => textOf(page.getByRole('region', { name: 'Dice' }).getByRole('status'));

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

describe('narrative tray', () => {
  test('add dice by name, watch exact odds update, roll and read the result', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 2);
    await eventually(notation(page), (t) => t === '2g', 'notation');
    // Two ability dice: 1 - (4/8)^2 = 75% to succeed.
    await eventually(oddsFigure(page, 'Success'), (t) => /75%/.test(t), 'success odds for 2g');
    await tap(page, 'Add difficulty die');
    await eventually(notation(page), (t) => t === '2g1p', 'notation');
    // Worked by hand in tests/narrative_odds.rs style: 295/512 = 57.6%.
    await eventually(oddsFigure(page, 'Success'), (t) => /57\.6%/.test(t), 'success odds for 2g1p');
    const exact = page.getByRole('definition').first();
    await eventually(textOf(exact), (t) => t === '295/512', 'exact success fraction');

    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Pilot: evade the TIEs');
    await tap(page, 'Roll');
    const status = await eventually(resultStatus(page), (t) => /Success|Failure/.test(t), 'result');
    assert.match(status, /Pilot: evade the TIEs/);
    assert.match(status, /net (success|failure)/);
    const faces = page.getByRole('list', { name: 'Dice rolled' }).getByRole('button');
    assert.equal(await faces.count(), 3);
    assert.match(await faces.first().getAttribute('aria-label'), /^Die 1, ability: /);
    assert.equal(await historyRows(page).count(), 1);
    assert.match(await historyRows(page).first().textContent(), /Pilot: evade the TIEs/);
    await settled(page);
    await page.screenshot({ path: new URL('tray-after-roll.png', SCREENSHOTS).pathname });
    noErrors(page);
    await context.close();
  });

  test('the result is announced from one persistent live region', async () => {
    const { context, page } = await fresh();
    const live = page.getByRole('region', { name: 'Result' }).getByRole('status');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    await tap(page, 'Add proficiency die');
    await tap(page, 'Roll');
    await eventually(textOf(live), (t) => t.length > 0, 'announcement');
    noErrors(page);
    await context.close();
  });

  test('remove, upgrade, downgrade and clear follow RULES.md', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Upgrade ability die'); // none yet: adds an ability die
    await eventually(notation(page), (t) => t === '1g', 'upgrade with no ability die');
    await tap(page, 'Upgrade ability die'); // ability becomes proficiency
    await eventually(notation(page), (t) => t === '1y', 'ability upgraded');
    await tap(page, 'Add difficulty die', 2);
    await tap(page, 'Upgrade difficulty die');
    await eventually(notation(page), (t) => t === '1y1p1r', 'difficulty upgraded');
    await tap(page, 'Downgrade challenge die');
    await eventually(notation(page), (t) => t === '1y2p', 'challenge downgraded');
    assert.equal(await page.getByRole('button', { name: 'Downgrade challenge die' }).isDisabled(), true);
    await tap(page, 'Remove difficulty die');
    await eventually(notation(page), (t) => t === '1y1p', 'removed');
    await tap(page, 'Clear pool');
    await eventually(notation(page), (t) => t === 'empty', 'cleared');
    assert.equal(await page.getByRole('button', { name: 'Roll', exact: true }).isDisabled(), true);
    noErrors(page);
    await context.close();
  });

  test('added symbols count in the odds', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add setback die');
    await page.getByText('Added symbols').click();
    await tap(page, 'Add success symbol', 2);
    await eventually(notation(page), (t) => t === '1k+2s', 'notation with added symbols');
    // 2 successes against a setback die (at most one failure): always succeeds.
    await eventually(oddsFigure(page, 'Success'), (t) => /100%/.test(t), 'certain success');
    noErrors(page);
    await context.close();
  });

  test('more than 20 dice of a kind gets a clear message', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die', 21);
    await eventually(notation(page), (t) => t === '20b', 'capped at 20');
    await eventually(trayMessage(page), (t) => /at most 20 boost dice/.test(t), 'limit message');
    noErrors(page);
    await context.close();
  });

  test('re-roll one die of the last roll and see it marked in history', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 3);
    await tap(page, 'Roll');
    const second = page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').nth(1);
    await second.click();
    assert.equal(await second.getAttribute('aria-pressed'), 'true');
    await tap(page, 'Re-roll selected die');
    const rerolled = page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').nth(1);
    await eventually(async () => rerolled.getAttribute('aria-label'), (t) => /re-rolled$/.test(t), 're-roll mark');
    await eventually(resultStatus(page), (t) => /1 die re-rolled/.test(t), 're-roll in result');
    const landing = await page
      .getByRole('list', { name: 'Dice rolled' })
      .getByRole('button')
      .evaluateAll((faces) => faces.map((f) => f.classList.contains('landing')));
    assert.deepEqual(landing, [false, true, false], 'only the re-rolled die lands again');
    await eventually(textOf(historyRows(page).first()), (t) => /1 die re-rolled/.test(t), 're-roll in history');
    assert.equal(await historyRows(page).count(), 1, 'a re-roll changes the roll, not the count');
    noErrors(page);
    await context.close();
  });

  test('copy a result as text', async () => {
    const { context, page } = await fresh();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await tap(page, 'Add ability die');
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Stealth');
    await tap(page, 'Roll');
    await tap(page, 'Copy result');
    const copied = await eventually(
      () => page.evaluate(() => navigator.clipboard.readText()),
      (t) => t.length > 0,
      'clipboard',
    );
    assert.match(copied, /^Stealth \| 1g: (Success|Failure): /);
    noErrors(page);
    await context.close();
  });

  test('history, saved pools and the current pool survive a reload', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die', 2);
    await tap(page, 'Add challenge die');
    await page.getByRole('textbox', { name: 'Pool name' }).fill('Heavy blaster');
    await tap(page, 'Save pool');
    await eventually(textOf(page.getByRole('region', { name: 'Saved pools' })), (t) => /Saved “Heavy blaster”/.test(t), 'saved');
    await tap(page, 'Roll');
    await tap(page, 'Roll');
    await tap(page, 'Clear pool');
    await tap(page, 'Add force die');

    await page.reload();
    await ready(page);
    assert.equal(await historyRows(page).count(), 2, 'history kept');
    assert.equal(await notation(page)(), '1w', 'current pool kept');
    await tap(page, 'Load Heavy blaster');
    await eventually(notation(page), (t) => t === '2g1r', 'saved pool loaded');
    await tap(page, 'Delete Heavy blaster');
    await tap(page, 'Yes, delete Heavy blaster');
    await page.reload();
    await ready(page);
    assert.equal(await page.getByRole('button', { name: 'Load Heavy blaster' }).count(), 0, 'deletion kept');
    noErrors(page);
    await context.close();
  });

  test('clearing history asks first', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die');
    await tap(page, 'Roll');
    await tap(page, 'Clear history');
    await tap(page, 'Keep');
    assert.equal(await historyRows(page).count(), 1);
    await tap(page, 'Clear history');
    await tap(page, 'Yes, clear');
    await eventually(async () => historyRows(page).count(), (n) => n === 0, 'history cleared');
    noErrors(page);
    await context.close();
  });

  test('a share link opens its pool, then leaves the address clean', async () => {
    const { context, page } = await fresh('/#/narrative?pool=2g1y2p%2B1a');
    await eventually(notation(page), (t) => t === '2g1y2p+1a', 'shared pool');
    await eventually(trayMessage(page), (t) => /Opened the shared pool/.test(t), 'confirmation');
    assert.equal(new URL(page.url()).hash, '#/narrative');
    // The copy button builds the same kind of link.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await tap(page, 'Copy share link');
    const link = await eventually(
      () => page.evaluate(() => navigator.clipboard.readText()),
      (t) => t.includes('pool='),
      'share link',
    );
    assert.equal(new URL(link).hash, '#/narrative?pool=2g1y2p+1a');
    noErrors(page);
    await context.close();
  });

  test('a share link opened in a new tab is kept after a reload', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add boost die');
    // A new tab, as a player opens a link from a chat.
    const linked = await context.newPage();
    linked.errors = [];
    await linked.goto(env.origin + '/#/narrative?pool=1y1r');
    await ready(linked);
    await eventually(notation(linked), (t) => t === '1y1r', 'shared pool');
    await linked.reload();
    await ready(linked);
    assert.equal(await notation(linked)(), '1y1r', 'kept after the reload');
    noErrors(page);
    noErrors(linked);
    await context.close();
  });

  test('a malformed or oversized share link gives a message and leaves the tray as it was', async () => {
    for (const [pool, message] of [
      ['2q', /Unknown letter 'q'/],
      ['25g', /at most 20 ability dice/],
      ['g'.repeat(300), /too long/],
      ['%E0%A4', /could not be read/],
      ['1g%+A', /could not be read/],
    ]) {
      const { context, page } = await fresh();
      await tap(page, 'Add boost die');
      const linked = await context.newPage();
      linked.errors = [];
      await linked.goto(`${env.origin}/#/narrative?pool=${pool}`);
      await ready(linked);
      await eventually(trayMessage(linked), (t) => message.test(t) && /left as it was/.test(t), `message for ${pool.slice(0, 10)}`);
      assert.equal(await notation(linked)(), '1b', 'the pool on the tray is kept');
      assert.equal(new URL(linked.url()).hash, '#/narrative', 'the address is clean');
      await tap(linked, 'Add ability die');
      await linked.reload();
      await ready(linked);
      assert.equal(await notation(linked)(), '1g1b', 'the next tap builds on the kept pool');
      noErrors(linked);
      await context.close();
    }
  });

  test('a corrupt saved entry is backed up, reported, and the app keeps working', async () => {
    const { context, page } = await fresh();
    await page.evaluate(() => {
      localStorage.setItem('dicetray.history', '{"version":1,"data":{"entries":[{"id":1');
      localStorage.setItem('dicetray.saved-pools', '{"version":1,"data":{"pools":[' +
        '{"name":"Good","system":"narrative","pool":"1g"},' +
        '{"name":"Bad","system":"narrative","pool":"9q"}]}}');
    });
    await page.reload();
    await ready(page);
    const notices = page.getByRole('alert');
    await eventually(textOf(notices), (t) => /Your roll history could not be read/.test(t), 'history notice');
    await eventually(textOf(notices), (t) => /Part of your saved pools could not be read/.test(t), 'pools notice');
    assert.ok(await page.getByRole('button', { name: 'Copy backup' }).count() >= 2);
    const backups = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.includes('.backup.'))
        .map((k) => [k, localStorage.getItem(k)]),
    );
    assert.equal(backups.length, 2);
    assert.ok(backups.some(([k, v]) => k.startsWith('dicetray.history.backup.') && v.endsWith('"id":1')));
    // The good saved pool is still there and the app still rolls and records.
    assert.equal(await page.getByRole('button', { name: 'Load Good' }).count(), 1);
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    assert.equal(await historyRows(page).count(), 1);
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    await dismiss.first().click();
    await eventually(async () => dismiss.count(), (n) => n === 1, 'one notice dismissed');
    noErrors(page);
    await context.close();
  });

  test('two open tabs add to one history instead of overwriting it', async () => {
    const { context, page } = await fresh();
    const other = await context.newPage();
    other.errors = [];
    await other.goto(env.origin + '/');
    await ready(other);
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    await tap(other, 'Add difficulty die');
    await tap(other, 'Roll');
    // The first tab hears the other's write and shows both rolls.
    await eventually(async () => historyRows(page).count(), (n) => n === 2, 'history in the first tab');
    await tap(page, 'Roll');
    await page.reload();
    await ready(page);
    assert.equal(await historyRows(page).count(), 3, 'nothing lost');
    noErrors(page);
    await context.close();
  });

  test('a newer Dicetray in another tab is never overwritten by this one', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    const newer = '{"version":99,"data":{"rolls":"in a shape this version cannot read"}}';
    const other = await context.newPage();
    await other.goto(env.origin + '/');
    await ready(other);
    // The other tab plays an updated app that has moved history to a later format.
    await other.evaluate((text) => localStorage.setItem('dicetray.history', text), newer);
    await eventually(textOf(page.getByRole('alert')), (t) => /newer version of Dicetray\. Reload/.test(t), 'notice');
    assert.equal(await historyRows(page).count(), 1, 'this tab keeps showing its history');
    await tap(page, 'Roll');
    assert.equal(await page.evaluate(() => localStorage.getItem('dicetray.history')), newer, 'untouched');
    // This tab works on in memory: its new roll is listed and can be re-rolled.
    await eventually(async () => historyRows(page).count(), (n) => n === 2, 'the new roll is listed');
    await page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').first().click();
    await tap(page, 'Re-roll selected die');
    await eventually(resultStatus(page), (t) => /1 die re-rolled/.test(t), 're-rolled in memory');
    assert.match(await historyRows(page).first().textContent(), /1 die re-rolled/);
    assert.equal(await page.evaluate(() => localStorage.getItem('dicetray.history')), newer, 'still untouched');
    noErrors(page);
    await context.close();
  });

  test('read-only saved pools keep this tab\'s new pool listed, and the tray pool respects newer data', async () => {
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
    await page.getByRole('textbox', { name: 'Pool name' }).fill('Kept here');
    await tap(page, 'Save pool');
    await eventually(async () => page.getByRole('button', { name: 'Load Kept here' }).count(), (n) => n === 1, 'listed');
    await tap(page, 'Add ability die');
    assert.equal(await notation(page)(), '2g', 'the tray works in memory');
    assert.equal(await page.getByRole('button', { name: 'Load Kept here' }).count(), 1, 'still listed');
    const stored = await page.evaluate(() => [
      localStorage.getItem('dicetray.saved-pools'),
      localStorage.getItem('dicetray.narrative.pool'),
    ]);
    assert.deepEqual(stored, [newerPools, newerPool], 'newer data untouched');
    noErrors(page);
    await context.close();
  });

  test('the tray pool is never written over newer data that arrives while the tab is open', async () => {
    const { context, page } = await fresh();
    await tap(page, 'Add ability die');
    const newer = '{"version":7,"data":{"tray":"from the future"}}';
    const other = await context.newPage();
    await other.goto(env.origin + '/');
    await ready(other);
    await other.evaluate((text) => localStorage.setItem('dicetray.narrative.pool', text), newer);
    await eventually(textOf(page.getByRole('alert')), (t) => /narrative pool was saved by a newer version/.test(t), 'notice');
    await tap(page, 'Add ability die');
    await tap(page, 'Add difficulty die');
    await eventually(notation(page), (t) => t === '2g1p', 'this tab keeps working');
    await page.waitForTimeout(300); // past the frame after which a tap is stored
    assert.equal(await page.evaluate(() => localStorage.getItem('dicetray.narrative.pool')), newer, 'untouched');
    noErrors(page);
    await context.close();
  });

  test('without storage the app says so once and works in memory', async () => {
    const { context, page } = await openPhone(env.browser);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(env.origin + '/');
    await ready(page);
    await eventually(textOf(page.getByRole('alert')), (t) => /keeps no data for this page/.test(t), 'notice');
    assert.equal(await page.getByRole('button', { name: 'Dismiss' }).count(), 1, 'one notice only');
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    assert.equal(await historyRows(page).count(), 1);
    await page.getByRole('textbox', { name: 'Pool name' }).fill('Memory');
    await tap(page, 'Save pool');
    await eventually(async () => page.getByRole('button', { name: 'Load Memory' }).count(), (n) => n === 1, 'saved in memory');
    assert.equal(await page.getByRole('button', { name: 'Dismiss' }).count(), 1, 'still one notice');
    noErrors(page);
    await context.close();
  });

  test('with storage full the app says so and keeps every change in memory', async () => {
    const { context, page } = await openPhone(env.browser);
    await page.goto(env.origin + '/');
    await ready(page);
    // From now on the browser refuses every write, as it does when the site's quota is used.
    await page.evaluate(() => {
      Storage.prototype.setItem = function (key) {
        throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      };
    });
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    await tap(page, 'Roll');
    await eventually(textOf(page.getByRole('alert').first()), (t) => /storage for the page is full/.test(t), 'full');
    // The second roll must not re-read the stored (empty) history and drop the first.
    await eventually(async () => historyRows(page).count(), (n) => n === 2, 'both rolls kept');
    await tap(page, 'Roll');
    assert.equal(await historyRows(page).count(), 3);
    const stored = await page.evaluate(() => localStorage.getItem('dicetray.history'));
    assert.equal(stored, null, 'nothing was written');
    noErrors(page);
    await context.close();
  });

  test('keyboard alone builds a pool and rolls', async () => {
    const { context, page } = await fresh();
    await page.getByRole('button', { name: 'Add ability die' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await eventually(notation(page), (t) => t === '2g', 'keyboard adds');
    await page.getByRole('textbox', { name: 'Label (optional)' }).focus();
    await page.keyboard.type('Athletics');
    await page.keyboard.press('Enter'); // the label field submits the roll
    await eventually(resultStatus(page), (t) => /Athletics/.test(t), 'rolled from the keyboard');
    noErrors(page);
    await context.close();
  });
});
