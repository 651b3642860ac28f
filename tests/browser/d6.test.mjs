// The Highest d6 tray and the Characters page in a real browser, used as a player would: by
// role and accessible name, at 390x844, in Debian's Chromium.
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

const OUTCOMES = /^(Triumph|Success|Costly success|Failure|Catastrophe)/;

/** Opens a page on a fresh phone (empty storage) and waits for the app. */
const fresh = (path, options) => openDrawn(env, path, options);

async function tap(page, name, options = {}) {
  await page.getByRole('button', { name, exact: true, ...options }).first().click();
}

const sumLine = (page) => textOf(page.getByLabel('Pool size'));
const result = (page) => textOf(page.getByRole('region', { name: 'Result' }).getByRole('status').first());
const nav = (page, name) => page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name }).click();

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

/** The one message near the thumb. */
const snackbar = (page) => textOf(page.locator('.snackbar'));

/** A character's card on the Characters page, and the button on its head that opens it. */
const card = (page, name) => page.getByRole('region', { name, exact: true });
const cardToggle = (page, name) => page.getByRole('button', { name, exact: true });

/** Creates a character on the Characters page; its card opens, with its editor. */
async function createCharacter(page, name) {
  await nav(page, 'Characters');
  await page.getByRole('textbox', { name: 'Character name' }).fill(name);
  await tap(page, 'Create character');
  await page.getByRole('button', { name, exact: true, expanded: true }).waitFor();
  await card(page, name).getByRole('button', { name: `Rename ${name}` }).waitFor();
}

/** Opens a character's card, if it is folded, and waits for its editor. */
async function openCard(page, name) {
  const toggle = cardToggle(page, name);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await card(page, name).getByRole('button', { name: `Rename ${name}` }).waitFor();
}

async function addCharacterFacet(page, character, facet, hinders = false) {
  await openCard(page, character);
  await page.getByRole('textbox', { name: `New facet for ${character}` }).fill(facet);
  if (hinders) await page.getByRole('radiogroup', { name: `Does the new facet for ${character} help or hinder?` }).getByLabel('Hinders').check();
  await card(page, character).getByRole('button', { name: 'Add facet' }).click();
  await page.getByRole('button', { name: `Rename ${facet}` }).waitFor();
}

/** Opens the tray's folded scene facets, if they are folded, and waits for their panel. */
async function openScene(page) {
  const scene = page.getByRole('region', { name: 'Scene' });
  if ((await scene.count()) === 0) await page.locator('summary', { hasText: 'Scene facets' }).click();
  await scene.waitFor();
}

async function addSceneFacet(page, facet, hinders = false) {
  await openScene(page);
  await page.getByRole('textbox', { name: 'New facet for the scene' }).fill(facet);
  if (hinders) await page.getByRole('radiogroup', { name: 'Does the new facet for the scene help or hinder?' }).getByLabel('Hinders').check();
  await page.getByRole('region', { name: 'Scene' }).getByRole('button', { name: 'Add facet' }).click();
  await page.getByRole('button', { name: `Rename ${facet}` }).waitFor();
}

/** Rolls until the outcome matches, as a player would keep rolling; returns the outcome. */
async function rollUntil(page, wanted, tries = 80) {
  for (let i = 0; i < tries; i += 1) {
    await tap(page, 'Roll');
    const text = await eventually(result(page), (t) => OUTCOMES.test(t), 'a result');
    if (wanted.test(text)) return text;
  }
  throw new Error(`no ${wanted} in ${tries} rolls`);
}

describe('Highest d6 tray', () => {
  test('a helping and a hindering facet make the pool, and the sum says why', async () => {
    const { context, page } = await fresh('/#/d6');
    await createCharacter(page, 'Mira');
    await addCharacterFacet(page, 'Mira', 'Arcane Resonance');
    await nav(page, 'Highest d6');
    await addSceneFacet(page, 'Slippery Ground', true);
    await tap(page, 'Add die');
    await eventually(sumLine(page), (t) => t === '3 base = 3 dice', 'three base dice');
    await page.getByRole('button', { name: 'Arcane Resonance (character, helps)' }).click();
    await page.getByRole('button', { name: 'Slippery Ground (scene, hinders)' }).click();
    await eventually(sumLine(page), (t) => t === '3 base + Arcane Resonance − Slippery Ground = 3 dice', 'sum');
    assert.equal(
      await page.getByRole('button', { name: 'Arcane Resonance (character, helps)' }).getAttribute('aria-pressed'),
      'true',
    );
    // Three dice: a triumph is 16 of 216 rolls; the exact fraction shows beside the bar.
    const odds = page.getByRole('list', { name: 'Odds of each outcome' });
    await eventually(textOf(odds.getByRole('listitem').first()), (t) => /Triumph.*7\.4%.*2\/27/.test(t), 'triumph odds');
    await settled(page);
    await page.screenshot({ path: new URL('d6-tray.png', SCREENSHOTS).pathname, fullPage: true });
    noErrors(page);
    await context.close();
  });

  test('zero dice follow the chosen rule, which is saved', async () => {
    const { context, page } = await fresh('/#/d6');
    await tap(page, 'Remove die'); // 1 base
    await addSceneFacet(page, 'Bitter Cold', true);
    await page.getByRole('button', { name: 'Bitter Cold (scene, hinders)' }).click();
    await eventually(sumLine(page), (t) => t === '1 base − Bitter Cold = 0 dice', 'zero dice');
    await eventually(textOf(page.locator('.rule-note')), (t) => /one die is rolled/.test(t), 'default rule');
    const odds = page.getByRole('list', { name: 'Odds of each outcome' });
    await eventually(textOf(odds.getByRole('listitem').nth(1)), (t) => /Success.*16\.7%/.test(t), 'one die');
    await page.getByRole('radio', { name: 'Roll two, keep the lowest' }).check();
    await eventually(textOf(page.locator('.rule-note')), (t) => /lower one counts/.test(t), 'other rule');
    await eventually(textOf(odds.getByRole('listitem').nth(1)), (t) => /Success.*2\.8%.*1\/36/.test(t), 'lowest of two');
    await page.reload();
    await drawn(page);
    assert.equal(await page.getByRole('radio', { name: 'Roll two, keep the lowest' }).isChecked(), true, 'saved');
    noErrors(page);
    await context.close();
  });

  test('roll and read the outcome, its meaning and the deciding dice', async () => {
    const { context, page } = await fresh('/#/d6');
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Climb the wall');
    await tap(page, 'Roll');
    const text = await eventually(result(page), (t) => /Climb the wall/.test(t) && /Rolled \d \d\./.test(t), 'result');
    assert.match(text, /(Triumph|Success|Costly success|Failure|Catastrophe)/);
    const dice = page.getByRole('list', { name: 'Dice rolled' }).getByRole('listitem');
    assert.equal(await dice.count(), 2);
    const labels = await dice.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    assert.ok(labels.some((l) => /deciding$/.test(l)), `a deciding die among ${labels}`);
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    assert.match(await history.first().textContent(), /Highest d6.*Climb the wall/);
    await settled(page);
    await page.getByRole('region', { name: 'Result' }).screenshot({ path: new URL('d6-result.png', SCREENSHOTS).pathname });
    noErrors(page);
    await context.close();
  });

  test('a triumph or catastrophe creates a facet from a suggestion', async () => {
    const { context, page } = await fresh('/#/d6');
    for (let i = 0; i < 8; i += 1) await tap(page, 'Add die'); // 10 dice: triumphs are common
    await page.getByRole('radio', { name: 'Mystical' }).check();
    await rollUntil(page, /^(Triumph|Catastrophe)/);
    await page.getByRole('list', { name: 'Suggested facets' }).getByRole('button', { name: 'Arcane Resonance' }).click();
    assert.equal(await page.getByRole('textbox', { name: 'Facet name' }).inputValue(), 'Arcane Resonance');
    await tap(page, 'Create facet');
    await eventually(textOf(page.locator('.prompt')), (t) => /Added “Arcane Resonance” to the scene/.test(t), 'created');
    await page.getByRole('button', { name: /^Arcane Resonance \(scene, (helps|hinders)\)$/ }).waitFor();
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
    const outcome = await rollUntil(page, /^(Costly success|Failure|Catastrophe)/);
    assert.match(outcome, /you take a (scratch|wound)/);
    if (/Catastrophe/.test(outcome)) await page.getByRole('textbox', { name: 'Condition name' }).fill('Broken arm');
    await page.getByRole('button', { name: /^Mark a (scratch|wound|wound with a condition) on Tor$/ }).click();
    await eventually(textOf(page.locator('.prompt').first()), (t) => /Marked .* on Tor/.test(t), 'marked');
    await nav(page, 'Characters');
    // Tor's card is still open as it was left; its editor's code arrives on its own.
    await card(page, 'Tor').getByRole('button', { name: /^Heal / }).first().waitFor();
    noErrors(page);
    await context.close();
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
    await tap(page, 'Undo end of scene');
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
    const linked = await context.newPage();
    linked.errors = [];
    await linked.goto(env.origin + '/#/d6?dice=11');
    await drawn(linked);
    await eventually(textOf(linked.locator('.tray-message')), (t) => /1 to 10 base dice.*left as it was/.test(t), 'message');
    assert.equal(await sumLine(linked)(), '4 base = 4 dice');
    assert.equal(new URL(linked.url()).hash, '#/d6');
    noErrors(linked);
    await context.close();
  });
});
