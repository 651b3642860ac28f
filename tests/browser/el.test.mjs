// The Effective Level tray in a real browser, used as a player would: by role and
// accessible name, at 390x844, in Debian's Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawn, eventually, launch, openDrawn, SCREENSHOTS, settled, textOf } from './harness.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const fresh = (path, options) => openDrawn(env, path, options);

async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

async function setNumber(page, name, value) {
  const field = page.getByRole('spinbutton', { name, exact: true });
  await field.fill(String(value));
  await field.press('Enter');
  await eventually(async () => page.getByRole('spinbutton', { name, exact: true }).inputValue(), (v) => v === String(value), name);
}

const sum = (page) => textOf(page.getByLabel('EL sum'));
const result = (page) => textOf(page.getByRole('region', { name: 'Result' }).getByRole('status'));
const odds = (page) => textOf(page.getByRole('region', { name: 'Odds' }));
const nav = (page, name) => page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name }).click();

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

/** Mira: Level 6, Warrior 4 with Feint +1, and a Bruised penalty of 1. */
async function makeMira(page) {
  await nav(page, 'Characters');
  await page.getByRole('textbox', { name: 'Character name' }).fill('Mira');
  await tap(page, 'Create character');
  await page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
  // The Level is kept as soon as the field is left: no button to forget.
  await page.getByRole('spinbutton', { name: 'Level of Mira' }).fill('6');
  await page.getByRole('spinbutton', { name: 'Level of Mira' }).blur();
  await page.getByRole('textbox', { name: 'New role for Mira' }).fill('Warrior');
  await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill('4');
  await tap(page, 'Add role');
  await page.getByRole('button', { name: 'Remove Warrior' }).waitFor();
  assert.equal(await page.getByRole('spinbutton', { name: 'Rank of Warrior' }).inputValue(), '4');
  await page.getByRole('textbox', { name: 'New maneuver for Mira' }).fill('Feint');
  await page.getByRole('spinbutton', { name: 'Bonus of the new maneuver' }).fill('1');
  await tap(page, 'Add maneuver');
  await page.getByRole('button', { name: 'Remove Feint' }).waitFor();
  assert.match(await textOf(page.locator('.sheet-row').filter({ hasText: 'Feint' }))(), /Feint \(Warrior\)/);
  assert.equal(await page.getByRole('spinbutton', { name: 'Bonus of Feint' }).inputValue(), '1');
  await page.getByRole('textbox', { name: 'New penalty for Mira' }).fill('Bruised');
  await page.getByRole('spinbutton', { name: 'Value of the new penalty' }).fill('1');
  await tap(page, 'Add penalty');
  await page.getByRole('button', { name: 'Remove Bruised' }).waitFor();
  assert.equal(await page.getByRole('spinbutton', { name: 'Value of Bruised' }).inputValue(), '1');
  assert.equal(await page.getByRole('spinbutton', { name: 'Level of Mira' }).inputValue(), '6');
}

describe('Effective Level tray', () => {
  test('a quick EL rolls, with live exact odds', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 1);
    // One coin: succeeds on 1, half the time.
    await eventually(odds(page), (t) => /Success\s*50%/.test(t) && /1\/2/.test(t), 'odds at EL 1');
    await tap(page, 'Raise Effective Level');
    await eventually(odds(page), (t) => /Success\s*75%/.test(t), 'odds at EL 2');
    await setNumber(page, 'Effective Level', 8);
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Leap the gap');
    await tap(page, 'Roll');
    const text = await eventually(result(page), (t) => /Leap the gap/.test(t) && /(Effect \d+|No effect)/.test(t), 'result');
    assert.match(text, /rolled \d+/);
    assert.equal(await page.getByRole('list', { name: 'Dice rolled' }).getByRole('listitem').count(), 8);
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    assert.match(await history.first().textContent(), /Effective Level.*Leap the gap/);
    noErrors(page);
    await context.close();
  });

  test('an EL built from a saved character, line by line, and kept after a reload', async () => {
    const { context, page } = await fresh('/#/characters');
    await makeMira(page);
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Warrior +4');
    await tap(page, 'Feint +1 (Warrior)');
    await tap(page, 'Bruised −1');
    await eventually(sum(page), (t) => t === 'Level 6 + Warrior 4 + Feint 1 − Bruised 1 = EL 10', 'sum');
    await page.getByRole('switch', { name: /Needs training/ }).click();
    await eventually(sum(page), (t) => /Level 4 \(6 capped at 4: needs training\).*= EL 8/.test(t), 'training cap');
    await settled(page);
    await page.screenshot({ path: new URL('el-builder.png', SCREENSHOTS).pathname, fullPage: true });
    // A wager past Warrior's rank is refused with the reason.
    await setNumber(page, 'Wager', 5);
    await eventually(textOf(page.getByRole('region', { name: 'Wager' })), (t) => /may not pass the role's rank \(4\)/.test(t), 'rank cap');
    assert.equal(await page.getByRole('button', { name: 'Roll', exact: true }).isDisabled(), true);
    await setNumber(page, 'Wager', 2);
    await tap(page, 'Roll');
    await eventually(result(page), (t) => /(Effect \d+|No effect)/.test(t) && /\(EL 6\)|over EL 6|rolled 0/.test(t), 'rolled at EL 8 - 2');
    await page.reload();
    await drawn(page);
    await eventually(sum(page), (t) => /= EL 8$/.test(t), 'setup kept');
    await nav(page, 'Characters');
    // After a reload Mira's card is folded: open it.
    await page.getByRole('button', { name: 'Mira', exact: true }).click();
    await page.getByRole('button', { name: 'Remove Warrior' }).waitFor();
    assert.equal(await page.getByRole('spinbutton', { name: 'Rank of Warrior' }).inputValue(), '4');
    assert.equal(await page.getByRole('spinbutton', { name: 'Level of Mira' }).inputValue(), '6');
    noErrors(page);
    await context.close();
  });

  test('opposition names the winner', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 6);
    await page.getByRole('radio', { name: 'Opposition' }).check();
    await setNumber(page, "Other side's EL", 6);
    await eventually(odds(page), (t) => /The other side's effect/.test(t), 'their effect odds');
    await tap(page, 'Roll');
    const text = await eventually(result(page), (t) => /(You win|The other side wins|A tie)/.test(t), 'verdict');
    assert.match(text, /opposition \d+/);
    assert.equal(await page.getByRole('list', { name: "The other side's dice" }).getByRole('listitem').count(), 6);
    await settled(page);
    await page.getByRole('region', { name: 'Result' }).screenshot({ path: new URL('el-result.png', SCREENSHOTS).pathname });
    noErrors(page);
    await context.close();
  });

  test('a wager says whether its points applied, and a wager too large is refused', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 10);
    await setNumber(page, 'Wager', 10);
    await eventually(textOf(page.getByRole('region', { name: 'Wager' })), (t) => /must leave at least 1 to roll: at EL 10, wager at most 9/.test(t), 'refused');
    await setNumber(page, 'Wager', 3);
    await eventually(textOf(page.getByRole('region', { name: 'Wager' })), (t) => /give your rank/.test(t), 'a wager needs a rank');
    await setNumber(page, 'Rank in the role', 3);
    await tap(page, 'Injury');
    await page.getByRole('radio', { name: 'Resistance' }).check();
    await setNumber(page, "Other side's EL", 4);
    await tap(page, 'Roll');
    const text = await eventually(result(page), (t) => /wagered points (applied|were lost)/.test(t), 'wager fate');
    if (/applied/.test(text)) assert.match(text, /dedicated to Injury/);
    noErrors(page);
    await context.close();
  });

  test('pick dice, see the chance of going over, and take the best-dice suggestion', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 5);
    await tap(page, 'Add d8');
    const dice = page.getByRole('region', { name: 'Dice' });
    // A d8 at EL 5 goes over on 6 and 7: 25%.
    await eventually(textOf(dice), (t) => /Chance of going over EL 5: 25%/.test(t), 'over');
    await page.getByRole('list', { name: 'Dice picked' }).getByRole('button', { name: 'Remove d8' }).waitFor();
    await eventually(textOf(dice), (t) => /Best dice for EL 5/.test(t), 'suggestion');
    await tap(page, 'Use these dice');
    await eventually(textOf(dice), (t) => /In use/.test(t), 'applied');
    noErrors(page);
    await context.close();
  });

  test('a share link carries the roll in notation; a bad one leaves the tray as it was', async () => {
    const { context, page } = await fresh('/#/el?roll=el+10+wager+3+vs+4');
    await eventually(sum(page), (t) => t === 'EL 10', 'shared EL');
    assert.equal(await page.getByRole('spinbutton', { name: 'Wager' }).inputValue(), '3');
    assert.equal(await page.getByRole('radio', { name: 'Resistance' }).isChecked(), true);
    assert.equal(new URL(page.url()).hash, '#/el');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await tap(page, 'Copy share link');
    const link = await eventually(() => page.evaluate(() => navigator.clipboard.readText()), (t) => t.includes('roll='), 'link');
    assert.equal(new URL(link).hash, '#/el?roll=el+10+wager+3+vs+4');
    const linked = await context.newPage();
    linked.errors = [];
    await linked.goto(env.origin + '/#/el?roll=el+0');
    await drawn(linked);
    await eventually(textOf(linked.locator('.tray-message').first()), (t) => /impossible.*left as it was/.test(t), 'message');
    assert.equal(await sum(linked)(), 'EL 10');
    noErrors(linked);
    await context.close();
  });
});
