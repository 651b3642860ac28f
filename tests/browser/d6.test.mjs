// The Highest d6 tray and the Characters page in a real browser, used as a player would: by
// role and accessible name, at 390x844, in Debian's Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawn, eventually, historyEntries, launch, openDrawn, SCREENSHOTS, settled, textOf } from './harness.mjs';
import {
  addCharacterFacet, addSceneFacet, barOdds, card, cardToggle, createCharacter, dock, enterDice, headline, nav, onScreen,
  openCard, openFold, openHistory, openOdds, openScene, outcome, realDiceButton, result, resultPanel, roll,
  rollButton, rollUntil, snack, sumLine, tap,
} from './d6-helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

/** Opens a page on a fresh phone (empty storage) and waits for the app. */
const fresh = (path, options) => openDrawn(env, path, options);
const shot = (name) => new URL(name, SCREENSHOTS).pathname;

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

/** The one message near the thumb. */
const snackbar = snack;

/** A facet toggle in the pool, by its name, whose it is and its side. */
const toggle = (page, name) => page.getByRole('button', { name, exact: true });
const pressed = (locator) => locator.getAttribute('aria-pressed');

/** The GM's challenge used below, as a link carries it. */
const CHALLENGE = 'social~conflict~helps+Tense+Atmosphere~hinders+Slippery+Ground';

describe('Highest d6 tray', () => {
  test('a helping and a hindering facet make the pool, and the sum says why', async () => {
    const { context, page } = await fresh('/#/d6');
    await createCharacter(page, 'Mira');
    await addCharacterFacet(page, 'Mira', 'Arcane Resonance');
    await nav(page, 'Highest d6');
    await addSceneFacet(page, 'Slippery Ground', true);
    await tap(page, 'Add die');
    await eventually(sumLine(page), (t) => t === '3 base = 3 dice', 'three base dice');
    await toggle(page, 'Arcane Resonance (character, helps)').click();
    await toggle(page, 'Slippery Ground (scene, hinders)').click();
    await eventually(sumLine(page), (t) => t === '3 base + Arcane Resonance − Slippery Ground = 3 dice', 'sum');
    assert.equal(await pressed(toggle(page, 'Arcane Resonance (character, helps)')), 'true');
    assert.equal(await pressed(toggle(page, 'Slippery Ground (scene, hinders)')), 'true');
    // Three dice: a six or better is 91 of 216 rolls, in the bar; a triumph is 16 of 216,
    // its exact fraction beside its bar in the odds in detail.
    await eventually(textOf(barOdds(page)), (t) => /Success\s*42\.1%/.test(t), 'the chance in the bar');
    const odds = await openOdds(page);
    await eventually(textOf(odds.getByRole('listitem').first()), (t) => /Triumph.*7\.4%.*2\/27/.test(t), 'triumph odds');
    await settled(page);
    await page.screenshot({ path: shot('d6-tray.png'), fullPage: true });
    noErrors(page);
    await context.close();
  });

  test('zero dice follow the chosen rule, which is saved', async () => {
    const { context, page } = await fresh('/#/d6');
    await tap(page, 'Remove die'); // 1 base
    await addSceneFacet(page, 'Bitter Cold', true);
    await toggle(page, 'Bitter Cold (scene, hinders)').click();
    await eventually(sumLine(page), (t) => t === '1 base − Bitter Cold = 0 dice', 'zero dice');
    await eventually(textOf(page.locator('.rule-note')), (t) => /one die is rolled/.test(t), 'default rule');
    const odds = await openOdds(page);
    await eventually(textOf(odds.getByRole('listitem').nth(1)), (t) => /Success.*16\.7%/.test(t), 'one die');
    // The rule is a setting, folded at the tray's foot; its fold says which is in use.
    await openFold(page, 'When no dice are left');
    await page.getByRole('radio', { name: 'Roll two, keep the lowest' }).check();
    await eventually(textOf(page.locator('.rule-note')), (t) => /lower one counts/.test(t), 'other rule');
    await eventually(textOf(odds.getByRole('listitem').nth(1)), (t) => /Success.*2\.8%.*1\/36/.test(t), 'lowest of two');
    await page.reload();
    await drawn(page);
    await openFold(page, 'When no dice are left');
    assert.equal(await page.getByRole('radio', { name: 'Roll two, keep the lowest' }).isChecked(), true, 'saved');
    assert.match(await textOf(page.locator('details.fold', { hasText: 'When no dice are left' }).locator('.fold-note'))(), /Roll two, keep the lowest/);
    await eventually(textOf(page.locator('.rule-note')), (t) => /lower one counts/.test(t), 'the rule after a reload');
    noErrors(page);
    await context.close();
  });

  test('roll and read the outcome, its meaning and the deciding dice', async () => {
    const { context, page } = await fresh('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Climb the wall');
    const title = await roll(page);
    assert.match(title, /^(Triumph|Success|Costly success|Failure|Catastrophe)$/);
    const text = await eventually(result(page), (t) => /Climb the wall/.test(t) && /Rolled \d \d\./.test(t), 'result');
    assert.ok(text.includes(title), 'the outcome in the announced words');
    const dice = resultPanel(page).getByRole('list', { name: 'Dice rolled' }).getByRole('listitem');
    assert.equal(await dice.count(), 2);
    const labels = await dice.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    assert.ok(labels.some((l) => /deciding$/.test(l)), `a deciding die among ${labels}`);
    // The bar shows the same outcome, and the label stays for the next rolls.
    assert.equal(await textOf(dock(page).locator('.bar-headline'))(), `Last roll: ${title}`);
    assert.equal(await page.getByRole('textbox', { name: 'Label for the next rolls' }).inputValue(), 'Climb the wall');
    await settled(page);
    await resultPanel(page).screenshot({ path: shot('d6-result.png') });
    // History, folded at the foot, has it as a Highest d6 roll.
    const history = await openHistory(page);
    await eventually(async () => pressed(history.getByRole('button', { name: 'Highest d6 (1)' })), (p) => p === 'true', 'a Highest d6 roll');
    const entry = historyEntries(page).first();
    await entry.waitFor();
    const row = await textOf(entry)();
    assert.match(row, /Climb the wall/);
    assert.ok(row.includes(title), `the outcome in ${row}`);
    assert.match(row, /2 dice/);
    noErrors(page);
    await context.close();
  });

  test('a triumph or catastrophe creates a facet from a suggestion', async () => {
    const { context, page } = await fresh('/#/d6');
    for (let i = 0; i < 8; i += 1) await tap(page, 'Add die'); // 10 dice: triumphs are common
    await page.getByRole('radio', { name: 'Mystical' }).check();
    await rollUntil(page, /^(Triumph|Catastrophe)$/);
    // What the outcome asks next is in the dock, below the result; its code comes on its own.
    const suggested = resultPanel(page).getByRole('list', { name: 'Suggested facets' });
    await suggested.getByRole('button', { name: 'Arcane Resonance' }).click();
    assert.equal(await page.getByRole('textbox', { name: 'Facet name' }).inputValue(), 'Arcane Resonance');
    await tap(page, 'Create facet');
    await eventually(snackbar(page), (t) => /Added “Arcane Resonance” to the scene/.test(t), 'created, said near the thumb');
    await page.getByRole('button', { name: /^Arcane Resonance \(scene, (helps|hinders)\)$/ }).waitFor();
    // One roll makes one facet.
    assert.equal(await page.getByRole('button', { name: 'Create facet' }).isDisabled(), true, 'made once');
    noErrors(page);
    await context.close();
  });

  test('harm in a conflict is marked on the active character in one tap', async () => {
    const { context, page } = await fresh('/#/d6');
    await createCharacter(page, 'Tor');
    await nav(page, 'Highest d6');
    await tap(page, 'Remove die'); // one die: harm to the character is likely
    await page.getByRole('switch', { name: /Conflict/ }).click();
    assert.equal(await page.getByRole('switch', { name: /Conflict/ }).getAttribute('aria-checked'), 'true');
    const rolled = await rollUntil(page, /^(Costly success|Failure|Catastrophe)$/);
    assert.match(rolled, /you take a (scratch|wound)/);
    if (/^Catastrophe/.test(rolled)) await page.getByRole('textbox', { name: 'Condition name' }).fill('Broken arm');
    const mark = page.getByRole('button', { name: /^Mark a (scratch|wound|wound with a condition) on Tor$/ });
    await mark.click();
    await eventually(snackbar(page), (t) => /Marked .* on Tor/.test(t), 'marked, said near the thumb');
    assert.equal(await mark.isDisabled(), true, 'marked once');
    // The tray shows Tor's harm at once, as badges under who rolls.
    const badges = page.getByRole('list', { name: 'Harm on Tor' });
    await eventually(textOf(badges), (t) => /1 (scratch|wound)/.test(t), 'harm badge in the tray');
    await nav(page, 'Characters');
    // Tor's card is still open as it was left; its editor's code arrives on its own.
    await card(page, 'Tor').getByRole('button', { name: /^Heal / }).first().waitFor();
    noErrors(page);
    await context.close();
  });

  test("the active character's harm shows in the tray as badges, and a condition is offered as a hindering facet", async () => {
    const { context, page } = await fresh('/#/characters');
    await createCharacter(page, 'Tor');
    await tap(page, 'Add wound to Tor');
    await page.getByRole('textbox', { name: 'New condition for Tor' }).fill('Limping');
    await tap(page, 'Add condition');
    await page.getByRole('button', { name: 'Heal Limping' }).waitFor();
    await nav(page, 'Highest d6');
    const badges = page.getByRole('list', { name: 'Harm on Tor' }).getByRole('listitem');
    await eventually(async () => badges.allTextContents(), (b) => b.join('|') === '1 wound|Limping', 'harm badges');
    const limping = toggle(page, 'Limping (condition, hinders)');
    assert.equal(await pressed(limping), 'false', 'offered, not applied');
    await limping.click();
    await eventually(sumLine(page), (t) => t === '2 base − Limping = 1 die', 'the condition hinders');
    assert.equal(await pressed(toggle(page, 'Limping (condition, hinders)')), 'true');
    await eventually(textOf(barOdds(page)), (t) => /Success\s*16\.7%/.test(t), 'one die in the bar');
    // Rolling for no one: no badges, and no condition offered.
    await page.getByRole('group', { name: 'Rolling for' }).getByRole('button', { name: 'No character' }).click();
    await eventually(async () => page.getByRole('list', { name: 'Harm on Tor' }).count(), (n) => n === 0, 'badges gone');
    assert.equal(await toggle(page, 'Limping (condition, hinders)').count(), 0, 'condition not offered');
    await eventually(sumLine(page), (t) => t === '2 base = 2 dice', 'back to the base');
    noErrors(page);
    await context.close();
  });

  test('on a phone, Roll and the success chance are on the first screen with 3 dice, and so is the outcome after Roll', async () => {
    const { context, page } = await fresh('/#/d6');
    await tap(page, 'Add die');
    await eventually(sumLine(page), (t) => t === '3 base = 3 dice', 'three dice');
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.ok(await onScreen(page, rollButton(page)), 'Roll on the first screen');
    assert.ok(await onScreen(page, barOdds(page)), 'the chance on the first screen');
    assert.match(await textOf(barOdds(page))(), /Success\s*42\.1%/);
    await settled(page);
    await page.screenshot({ path: shot('d6-before-roll.png') });
    const title = await roll(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing scrolled');
    assert.ok(await onScreen(page, headline(page)), `the outcome (${title}) on screen after Roll`);
    assert.ok(await onScreen(page, rollButton(page)), 'Roll still at hand');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no sideways scroll');
    await settled(page);
    await page.screenshot({ path: shot('d6-after-roll.png') });
    noErrors(page);
    await context.close();
  });

  test("the GM's challenge link sets the kind, the conflict and the scene's facets, and shows the GM's side", async () => {
    const { context, page } = await fresh(`/#/d6?challenge=${CHALLENGE}`);
    const summary = 'Social, harm at stake; Tense Atmosphere helps, Slippery Ground hinders';
    await eventually(snackbar(page), (t) => t.includes(`The GM's challenge: ${summary}.`), 'said');
    assert.equal(new URL(page.url()).hash, '#/d6', 'the address cleaned');
    assert.equal(await page.getByRole('radio', { name: 'Social' }).isChecked(), true, 'kind');
    assert.equal(await page.getByRole('switch', { name: /Conflict/ }).getAttribute('aria-checked'), 'true', 'conflict');
    assert.equal(await pressed(toggle(page, 'Tense Atmosphere (scene, helps)')), 'true');
    assert.equal(await pressed(toggle(page, 'Slippery Ground (scene, hinders)')), 'true');
    await eventually(sumLine(page), (t) => t === '2 base + Tense Atmosphere − Slippery Ground = 2 dice', 'the GM\'s facets in the pool');
    // The GM's badge says which parts came from the GM; one tap clears the label only.
    const side = page.locator('.gm-side');
    assert.match(await textOf(side)(), new RegExp(`GM\\s*${summary}`));
    await page.getByRole('button', { name: "Clear the GM's label" }).click();
    await eventually(async () => side.count(), (n) => n === 0, 'label cleared');
    assert.equal(await page.getByRole('radio', { name: 'Social' }).isChecked(), true, 'the challenge stays');
    assert.equal(await pressed(toggle(page, 'Tense Atmosphere (scene, helps)')), 'true');
    // The scene holds the GM's facets too.
    await openScene(page);
    await page.getByRole('button', { name: 'Rename Tense Atmosphere' }).waitFor();
    // Share makes the same challenge again: opened on another phone, it sets the same.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await openFold(page, 'Share');
    await page.getByRole('button', { name: "Copy the link to the GM's challenge" }).click();
    const link = await eventually(() => page.evaluate(() => navigator.clipboard.readText()), (t) => t.includes('challenge='), 'link');
    assert.equal(new URL(link).hash, `#/d6?challenge=${CHALLENGE}`);
    const other = await fresh(new URL(link).pathname + new URL(link).hash);
    await eventually(sumLine(other.page), (t) => t === '2 base + Tense Atmosphere − Slippery Ground = 2 dice', 'the same challenge elsewhere');
    await other.page.locator('.gm-side').waitFor();
    noErrors(other.page);
    await other.context.close();
    // A bad challenge leaves the tray as it was and says why.
    const linked = await context.newPage();
    linked.errors = [];
    await linked.goto(env.origin + '/#/d6?challenge=cosmic~conflict');
    await drawn(linked);
    await eventually(snackbar(linked), (t) => /could not be read.*left as it was/.test(t), 'refused');
    assert.equal(await linked.getByRole('radio', { name: 'Social' }).isChecked(), true, 'kind as it was');
    assert.equal(await linked.locator('.gm-side').count(), 0, 'no GM badge');
    await eventually(sumLine(linked), (t) => t === '2 base + Tense Atmosphere − Slippery Ground = 2 dice', 'pool as it was');
    noErrors(page);
    noErrors(linked);
    await context.close();
  });

  test('real dice: a face per die, read as the tray\'s own roll, and marked in History', async () => {
    const { context, page } = await fresh('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Hold the gate');
    await realDiceButton(page).click();
    const panel = page.getByRole('region', { name: 'Real dice' });
    await panel.waitFor();
    const read = panel.getByRole('button', { name: 'Read these dice' });
    // One row of six faces per die of the pool; Read waits for every die.
    assert.equal(await panel.getByRole('button', { name: /^Die 1: [1-6]$/ }).count(), 6);
    assert.equal(await panel.getByRole('button', { name: /^Die 3: / }).count(), 0, 'two dice, two rows');
    await panel.getByRole('button', { name: 'Die 1: 1', exact: true }).click();
    assert.equal(await read.isDisabled(), true, 'not every die yet');
    assert.equal(await pressed(panel.getByRole('button', { name: 'Die 1: 1', exact: true })), 'true');
    await enterDice(page, [1, 1]);
    // Two ones and nothing higher than three: a catastrophe, decided by both ones.
    assert.equal(await outcome(page)(), 'Catastrophe');
    assert.match(await result(page)(), /Hold the gate/);
    const labels = await resultPanel(page).getByRole('list', { name: 'Dice rolled' }).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    assert.deepEqual(labels, ['Die 1: 1, deciding', 'Die 2: 1, deciding']);
    // Resolved as the tray's own roll: the catastrophe offers its facet.
    await resultPanel(page).getByRole('list', { name: 'Suggested facets' }).waitFor();
    const history = await openHistory(page);
    const entry = historyEntries(page).first();
    await entry.waitFor();
    assert.match(await textOf(entry)(), /Catastrophe.*real dice/);
    assert.match(await textOf(entry)(), /Hold the gate/);
    await eventually(async () => pressed(history.getByRole('button', { name: 'Highest d6 (1)' })), (p) => p === 'true', 'one Highest d6 roll');
    // A second reading: a six and a four is a success.
    await enterDice(page, [6, 4]);
    assert.equal(await outcome(page)(), 'Success');
    await eventually(async () => historyEntries(page).count(), (n) => n === 2, 'two in History');
    noErrors(page);
    await context.close();
  });

  test('a result link opens the roll read-only, elsewhere, without touching that History', async () => {
    const { context, page } = await fresh('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Pick the lock');
    await enterDice(page, [5, 2]);
    assert.equal(await outcome(page)(), 'Costly success');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await resultPanel(page).getByRole('button', { name: 'Copy a link that shows this roll' }).click();
    const link = await eventually(() => page.evaluate(() => navigator.clipboard.readText()), (t) => t.includes('result='), 'link');
    await eventually(snackbar(page), (t) => /Copied a link that shows this roll/.test(t), 'said');
    assert.match(new URL(link).hash, /^#\/d6\?result=/);
    noErrors(page);
    await context.close();
    // Another phone opens it: the same roll, shown as it was, asking nothing, not kept.
    const other = await fresh(new URL(link).pathname + new URL(link).hash);
    const seen = other.page;
    await eventually(() => outcome(seen)(), (t) => t === 'Costly success', 'the roll shown');
    assert.match(await result(seen)(), /Pick the lock/);
    assert.match(await result(seen)(), /Rolled 5 2\./);
    assert.equal(new URL(seen.url()).hash, '#/d6', 'the address cleaned');
    await resultPanel(seen).getByText('A roll from a link, shown as it was: it is not in your History.').waitFor();
    assert.equal(await resultPanel(seen).getByRole('list', { name: 'Suggested costs' }).count(), 0, 'asks nothing of this table');
    await openHistory(seen);
    await seen.getByRole('button', { name: 'All (0)' }).waitFor();
    assert.equal(await historyEntries(seen).count(), 0, 'not in this History');
    // A roll made here is the player's own again, and asks what it asks.
    await enterDice(seen, [4, 1]);
    assert.equal(await resultPanel(seen).getByText('A roll from a link').isVisible(), false, 'no longer read-only');
    await resultPanel(seen).getByRole('list', { name: 'Suggested costs' }).waitFor();
    noErrors(seen);
    await other.context.close();
  });

  test('characters, facets and harm survive a reload; ending the scene keeps character facets', async () => {
    const { context, page } = await fresh('/#/characters');
    await createCharacter(page, 'Mira');
    await addCharacterFacet(page, 'Mira', 'Keen Eye');
    await tap(page, 'Add wound to Mira');
    await page.getByRole('textbox', { name: 'New condition for Mira' }).fill('Limping');
    await tap(page, 'Add condition');
    await page.getByRole('button', { name: 'Heal Limping' }).waitFor();
    await settled(page);
    await page.screenshot({ path: new URL('characters.png', SCREENSHOTS).pathname, fullPage: true });
    await nav(page, 'Highest d6');
    await addSceneFacet(page, 'Tense Atmosphere', true);
    await page.reload();
    await drawn(page);
    await page.getByRole('button', { name: 'Keen Eye (character, helps)' }).waitFor();
    await openScene(page);
    await page.getByRole('button', { name: 'Tense Atmosphere (scene, hinders)' }).waitFor();
    await tap(page, 'End scene');
    await tap(page, 'Yes, end it');
    await eventually(async () => page.getByRole('button', { name: 'Tense Atmosphere (scene, hinders)' }).count(), (n) => n === 0, 'scene facet gone');
    assert.equal(await page.getByRole('button', { name: 'Keen Eye (character, helps)' }).count(), 1, 'character facet stays');
    await eventually(snackbar(page), (t) => /The scene is over/.test(t), 'said near the thumb');
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Tense Atmosphere (scene, hinders)' }).waitFor();
    await nav(page, 'Characters');
    // After a reload the card is folded, and its one line says what it holds.
    await eventually(textOf(card(page, 'Mira').locator('.card-summary')), (t) => t === 'Level 0 · 1 wound · Limping · 1 facet', 'summary');
    await openCard(page, 'Mira');
    await page.getByRole('button', { name: 'Heal Wound' }).waitFor();
    await page.getByRole('button', { name: 'Heal Limping' }).waitFor();
    await page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();
    noErrors(page);
    await context.close();
  });

  test('rename starts from the name; removal asks first and Undo puts it back in place; switch who rolls in one tap', async () => {
    const { context, page } = await fresh('/#/characters');
    await createCharacter(page, 'Mira');
    await createCharacter(page, 'Tor');
    // Rename starts from the current name and saves on Enter.
    await tap(page, 'Rename Mira');
    const field = page.getByRole('textbox', { name: 'New name for Mira' });
    assert.equal(await field.inputValue(), 'Mira', 'starts from the current name');
    await field.fill('Mira Vell');
    await field.press('Enter');
    await cardToggle(page, 'Mira Vell').waitFor();
    await eventually(snackbar(page), (t) => t.includes('Renamed to “Mira Vell”.'), 'renamed');
    // A name already taken is refused, says why, and keeps what was typed; Escape cancels.
    await tap(page, 'Rename Tor');
    const torField = page.getByRole('textbox', { name: 'New name for Tor' });
    await torField.fill('mira vell');
    await torField.press('Enter');
    await eventually(snackbar(page), (t) => /already a character called/.test(t), 'refused');
    assert.equal(await torField.inputValue(), 'mira vell', 'what was typed stays');
    assert.equal(await torField.getAttribute('aria-invalid'), 'true');
    await torField.press('Escape');
    await card(page, 'Tor').getByRole('button', { name: 'Rename Tor' }).waitFor();
    assert.equal(await cardToggle(page, 'Tor').count(), 1, 'Tor keeps the name');
    // Mira Vell, first in the list, becomes the one the trays roll for.
    await tap(page, 'Roll for Mira Vell');
    await card(page, 'Mira Vell').getByText('Rolling for').waitFor();
    // Removal asks first; Keep leaves it.
    await tap(page, 'Remove Mira Vell');
    await page.getByRole('group', { name: 'Remove Mira Vell?' }).waitFor();
    await tap(page, 'Keep');
    assert.equal(await page.getByRole('group', { name: 'Remove Mira Vell?' }).count(), 0, 'asked no more');
    assert.equal(await cardToggle(page, 'Mira Vell').count(), 1, 'kept');
    // Remove, then Undo in the snackbar: back first in the list, and rolled for again.
    await tap(page, 'Remove Mira Vell');
    await tap(page, 'Remove');
    await eventually(async () => cardToggle(page, 'Mira Vell').count(), (n) => n === 0, 'removed');
    await eventually(snackbar(page), (t) => t.includes('Removed “Mira Vell”.'), 'said');
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await cardToggle(page, 'Mira Vell').waitFor();
    const names = () => page.locator('.card-name').allTextContents();
    assert.deepEqual(await names(), ['Mira Vell', 'Tor'], 'back where it was');
    await card(page, 'Mira Vell').getByText('Rolling for').waitFor();
    await eventually(snackbar(page), (t) => t.includes('“Mira Vell” is back.'), 'back');
    await nav(page, 'Highest d6');
    const bar = page.getByRole('group', { name: 'Rolling for' });
    assert.equal(await bar.getByRole('button', { name: 'Mira Vell' }).getAttribute('aria-pressed'), 'true', 'still rolled for');
    await bar.getByRole('button', { name: 'Tor' }).click();
    await eventually(async () => bar.getByRole('button', { name: 'Tor' }).getAttribute('aria-pressed'), (p) => p === 'true', 'switched');
    await bar.getByRole('button', { name: 'No character' }).click();
    await eventually(async () => bar.getByRole('button', { name: 'No character' }).getAttribute('aria-pressed'), (p) => p === 'true', 'nobody');
    noErrors(page);
    await context.close();
  });

  test('cards are folded to one line until tapped; a Level typed and left is kept after a reload', async () => {
    const { context, page } = await fresh('/#/characters');
    await createCharacter(page, 'Mira');
    const level = page.getByRole('spinbutton', { name: 'Level of Mira' });
    await level.fill('7');
    await level.blur();
    await eventually(textOf(card(page, 'Mira').locator('.card-summary')), (t) => t === 'Level 7', 'kept without a button');
    // A Level out of range is refused, says why, and stays as typed until put right.
    await level.fill('200');
    await level.blur();
    await eventually(snackbar(page), (t) => /Level must be 0 to 100/.test(t), 'refused');
    assert.equal(await level.inputValue(), '200');
    assert.equal(await level.getAttribute('aria-invalid'), 'true');
    await page.reload();
    await drawn(page);
    const toggle = cardToggle(page, 'Mira');
    await eventually(async () => toggle.getAttribute('aria-expanded'), (e) => e === 'false', 'folded after a reload');
    assert.equal(await page.getByRole('spinbutton', { name: 'Level of Mira' }).isVisible(), false, 'editor hidden');
    assert.equal(await textOf(card(page, 'Mira').locator('.card-summary'))(), 'Level 7');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await eventually(async () => page.getByRole('spinbutton', { name: 'Level of Mira' }).inputValue(), (v) => v === '7', 'Level kept');
    await toggle.click();
    await eventually(async () => page.getByRole('spinbutton', { name: 'Level of Mira' }).isVisible(), (v) => v === false, 'folded again');
    // The summary opens it too, not only the name.
    await card(page, 'Mira').locator('.card-summary').click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    noErrors(page);
    await context.close();
  });

  test('the Characters page: every control named, targets of 44 px, no sideways scroll from 360 to 430 wide', async () => {
    for (const width of [360, 390, 430]) {
      const { context, page } = await fresh('/#/characters', { viewport: { width, height: 844 } });
      await createCharacter(page, 'Tor');
      await addCharacterFacet(page, 'Tor', 'Stubborn');
      await tap(page, 'Tor');
      await createCharacter(page, 'Mira Vell of the Long Road');
      await page.getByRole('textbox', { name: 'New role for Mira Vell of the Long Road' }).fill('Warrior');
      await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill('4');
      await tap(page, 'Add role');
      await page.getByRole('button', { name: 'Remove Warrior' }).waitFor();
      await page.locator('summary', { hasText: 'Your data' }).click();
      await page.getByRole('button', { name: 'Export everything' }).waitFor();
      const cdp = await context.newCDPSession(page);
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const roles = new Set(['button', 'link', 'textbox', 'checkbox', 'combobox', 'listbox', 'radio', 'spinbutton']);
      const unnamed = nodes.filter((n) => !n.ignored && roles.has(n.role?.value) && !(n.name?.value ?? '').trim()).map((n) => n.role.value);
      assert.deepEqual(unnamed, [], 'every control has a name');
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('main :is(button, input:not([type=radio], [type=file]), select, summary), main label:has(input:is([type=radio], [type=file]))')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent.trim()} ${box.width}x${box.height}`),
      );
      assert.deepEqual(small, [], `targets under 44 px at ${width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `no sideways scroll at ${width} px`);
      noErrors(page);
      await context.close();
    }
  });

  test('two tabs editing characters lose nothing', async () => {
    const { context, page } = await fresh('/#/characters');
    const other = await context.newPage();
    other.errors = [];
    await other.goto(env.origin + '/#/characters');
    await drawn(other);
    await createCharacter(page, 'Mira');
    await createCharacter(other, 'Tor');
    // Tor, created in the other tab, arrives here by the storage event; Mira stays.
    await cardToggle(page, 'Tor').waitFor({ timeout: 5000 });
    await cardToggle(page, 'Mira').waitFor({ timeout: 5000 });
    await addCharacterFacet(page, 'Tor', 'Stubborn');
    await page.reload();
    await drawn(page);
    await cardToggle(page, 'Mira').waitFor();
    await openCard(page, 'Tor');
    await page.getByRole('button', { name: 'Rename Stubborn' }).waitFor();
    noErrors(page);
    noErrors(other);
    await context.close();
  });

  test('a share link sets the base dice; a bad one leaves the tray as it was', async () => {
    const { context, page } = await fresh('/#/d6?dice=4');
    await eventually(sumLine(page), (t) => t === '4 base = 4 dice', 'shared dice');
    assert.equal(new URL(page.url()).hash, '#/d6');
    await eventually(snackbar(page), (t) => t.includes('Opened the shared pool of 4 base dice.'), 'said');
    // The Share fold makes the same link again.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await openFold(page, 'Share');
    await page.getByRole('button', { name: 'Copy the link to these dice' }).click();
    const link = await eventually(() => page.evaluate(() => navigator.clipboard.readText()), (t) => t.includes('dice='), 'link');
    assert.equal(new URL(link).hash, '#/d6?dice=4');
    await eventually(snackbar(page), (t) => t.includes('Copied the link to these dice.'), 'copied');
    const linked = await context.newPage();
    linked.errors = [];
    await linked.goto(env.origin + '/#/d6?dice=11');
    await drawn(linked);
    await eventually(snackbar(linked), (t) => /1 to 10 base dice.*left as it was/.test(t), 'message');
    assert.equal(await sumLine(linked)(), '4 base = 4 dice');
    assert.equal(new URL(linked.url()).hash, '#/d6');
    noErrors(page);
    noErrors(linked);
    await context.close();
  });
});
