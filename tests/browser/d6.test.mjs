// The Highest d6 tray and the Characters page in a real browser, used as a player would: by
// role and accessible name, at 390x844, in Debian's Chromium.
import { expect, test } from './fixtures.mjs';
import { clipboard, drawn, historyEntries, SCREENSHOTS, settled, readText } from './harness.mjs';
import {
  addCharacterFacet, addSceneFacet, barOdds, card, cardToggle, createCharacter, dock, enterDice, headline, nav, onScreen,
  openCard, openFold, openHistory, openOdds, openScene, outcome, realDiceButton, result, resultPanel, roll,
  rollButton, rollUntil, snack, sumLine, tap,
} from './d6-helpers.mjs';

const shot = (name) => new URL(name, SCREENSHOTS).pathname;

/** The one message near the thumb. */
const snackbar = snack;

/** A facet toggle in the pool, by its name, whose it is and its side. */
const toggle = (page, name) => page.getByRole('button', { name, exact: true });
const pressed = (locator) => locator.getAttribute('aria-pressed');

/** The GM's challenge used below, as a link carries it. */
const CHALLENGE = 'social~conflict~helps+Tense+Atmosphere~hinders+Slippery+Ground';

test.describe('Highest d6 tray', () => {
  test('a helping and a hindering facet make the pool, and the sum says why', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await createCharacter(page, 'Mira');
    await addCharacterFacet(page, 'Mira', 'Arcane Resonance');
    await nav(page, 'Highest d6');
    await addSceneFacet(page, 'Slippery Ground', true);
    await tap(page, 'Add die');
    await expect(sumLine(page), 'three base dice').toHaveText('3 base = 3 dice');
    await toggle(page, 'Arcane Resonance (character, helps)').click();
    await toggle(page, 'Slippery Ground (scene, hinders)').click();
    await expect(sumLine(page), 'sum').toHaveText('3 base + Arcane Resonance − Slippery Ground = 3 dice');
    await expect(toggle(page, 'Arcane Resonance (character, helps)')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Slippery Ground (scene, hinders)')).toHaveAttribute('aria-pressed', 'true');
    // Three dice: a six or better is 91 of 216 rolls, in the bar; a triumph is 16 of 216,
    // its exact fraction beside its bar in the odds in detail.
    await expect(barOdds(page), 'the chance in the bar').toHaveText(/Success\s*42\.1%/);
    const odds = await openOdds(page);
    await expect(odds.getByRole('listitem').first(), 'triumph odds').toHaveText(/Triumph.*7\.4%.*2\/27/);
    await settled(page);
    await page.screenshot({ path: shot('d6-tray.png'), fullPage: true });
    await context.close();
  });

  test('zero dice follow the chosen rule, which is saved', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await tap(page, 'Remove die'); // 1 base
    await addSceneFacet(page, 'Bitter Cold', true);
    await toggle(page, 'Bitter Cold (scene, hinders)').click();
    await expect(sumLine(page), 'zero dice').toHaveText('1 base − Bitter Cold = 0 dice');
    await expect(page.locator('.rule-note'), 'default rule').toHaveText(/one die is rolled/);
    const odds = await openOdds(page);
    await expect(odds.getByRole('listitem').nth(1), 'one die').toHaveText(/Success.*16\.7%/);
    // The rule is a setting, folded at the tray's foot; its fold says which is in use.
    await openFold(page, 'When no dice are left');
    await page.getByRole('radio', { name: 'Roll two, keep the lowest' }).check();
    await expect(page.locator('.rule-note'), 'other rule').toHaveText(/lower one counts/);
    await expect(odds.getByRole('listitem').nth(1), 'lowest of two').toHaveText(/Success.*2\.8%.*1\/36/);
    await page.reload();
    await drawn(page);
    await openFold(page, 'When no dice are left');
    await expect(page.getByRole('radio', { name: 'Roll two, keep the lowest' }), 'saved').toBeChecked();
    await expect(page.locator('details.fold', { hasText: 'When no dice are left' }).locator('.fold-note')).toHaveText(/Roll two, keep the lowest/);
    await expect(page.locator('.rule-note'), 'the rule after a reload').toHaveText(/lower one counts/);
    await context.close();
  });

  test('roll and read the outcome, its meaning and the deciding dice', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Climb the wall');
    const title = await roll(page);
    expect(title).toMatch(/^(Triumph|Success|Costly success|Failure|Catastrophe)$/);
    await expect(result(page), 'result').toHaveText(/Climb the wall/);
    await expect(result(page), 'result').toHaveText(/Rolled \d \d\./);
    const text = await readText(result(page));
    expect(text.includes(title), 'the outcome in the announced words').toBeTruthy();
    const dice = resultPanel(page).getByRole('list', { name: 'Dice rolled' }).getByRole('listitem');
    await expect(dice).toHaveCount(2);
    const labels = await dice.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    expect(labels.some((l) => /deciding$/.test(l)), `a deciding die among ${labels}`).toBeTruthy();
    // The bar shows the same outcome, and the label stays for the next rolls.
    await expect(dock(page).locator('.bar-headline')).toHaveText(`Last roll: ${title}`);
    await expect(page.getByRole('textbox', { name: 'Label for the next rolls' })).toHaveValue('Climb the wall');
    await settled(page);
    await resultPanel(page).screenshot({ path: shot('d6-result.png') });
    // History, folded at the foot, has it as a Highest d6 roll.
    const history = await openHistory(page);
    await expect(history.getByRole('button', { name: 'Highest d6 (1)' }), 'a Highest d6 roll').toHaveAttribute('aria-pressed', 'true');
    const entry = historyEntries(page).first();
    await entry.waitFor();
    const row = await readText(entry);
    expect(row).toMatch(/Climb the wall/);
    expect(row.includes(title), `the outcome in ${row}`).toBeTruthy();
    expect(row).toMatch(/2 dice/);
    await context.close();
  });

  test('a triumph or catastrophe creates a facet from a suggestion', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    for (let i = 0; i < 8; i += 1) await tap(page, 'Add die'); // 10 dice: triumphs are common
    await page.getByRole('radio', { name: 'Mystical' }).check();
    await rollUntil(page, /^(Triumph|Catastrophe)$/);
    // What the outcome asks next is in the dock, below the result; its code comes on its own.
    const suggested = resultPanel(page).getByRole('list', { name: 'Suggested facets' });
    await suggested.getByRole('button', { name: 'Arcane Resonance' }).click();
    await expect(page.getByRole('textbox', { name: 'Facet name' })).toHaveValue('Arcane Resonance');
    await tap(page, 'Create facet');
    await expect(snackbar(page), 'created, said near the thumb').toHaveText(/Added “Arcane Resonance” to the scene/);
    await page.getByRole('button', { name: /^Arcane Resonance \(scene, (helps|hinders)\)$/ }).waitFor();
    // One roll makes one facet.
    await expect(page.getByRole('button', { name: 'Create facet' }), 'made once').toBeDisabled();
    await context.close();
  });

  test('harm in a conflict is marked on the active character in one tap', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await createCharacter(page, 'Tor');
    await nav(page, 'Highest d6');
    await tap(page, 'Remove die'); // one die: harm to the character is likely
    await page.getByRole('switch', { name: /Conflict/ }).click();
    await expect(page.getByRole('switch', { name: /Conflict/ })).toHaveAttribute('aria-checked', 'true');
    const rolled = await rollUntil(page, /^(Costly success|Failure|Catastrophe)$/);
    expect(rolled).toMatch(/you take a (scratch|wound)/);
    if (/^Catastrophe/.test(rolled)) await page.getByRole('textbox', { name: 'Condition name' }).fill('Broken arm');
    const mark = page.getByRole('button', { name: /^Mark a (scratch|wound|wound with a condition) on Tor$/ });
    await mark.click();
    await expect(snackbar(page), 'marked, said near the thumb').toHaveText(/Marked .* on Tor/);
    await expect(mark, 'marked once').toBeDisabled();
    // The tray shows Tor's harm at once, as badges under who rolls.
    const badges = page.getByRole('list', { name: 'Harm on Tor' });
    await expect(badges, 'harm badge in the tray').toHaveText(/1 (scratch|wound)/);
    await nav(page, 'Characters');
    // Tor's card is still open as it was left; its editor's code arrives on its own.
    await card(page, 'Tor').getByRole('button', { name: /^Heal / }).first().waitFor();
    await context.close();
  });

  test("the active character's harm shows in the tray as badges, and a condition is offered as a hindering facet", async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await createCharacter(page, 'Tor');
    await tap(page, 'Add wound to Tor');
    await page.getByRole('textbox', { name: 'New condition for Tor' }).fill('Limping');
    await tap(page, 'Add condition');
    await page.getByRole('button', { name: 'Heal Limping' }).waitFor();
    await nav(page, 'Highest d6');
    const badges = page.getByRole('list', { name: 'Harm on Tor' }).getByRole('listitem');
    await expect(badges, 'harm badges').toHaveText(['1 wound', 'Limping']);
    const limping = toggle(page, 'Limping (condition, hinders)');
    await expect(limping, 'offered, not applied').toHaveAttribute('aria-pressed', 'false');
    await limping.click();
    await expect(sumLine(page), 'the condition hinders').toHaveText('2 base − Limping = 1 die');
    await expect(toggle(page, 'Limping (condition, hinders)')).toHaveAttribute('aria-pressed', 'true');
    await expect(barOdds(page), 'one die in the bar').toHaveText(/Success\s*16\.7%/);
    // Rolling for no one: no badges, and no condition offered.
    await page.getByRole('group', { name: 'Rolling for' }).getByRole('button', { name: 'No character' }).click();
    await expect(page.getByRole('list', { name: 'Harm on Tor' }), 'badges gone').toHaveCount(0);
    await expect(toggle(page, 'Limping (condition, hinders)'), 'condition not offered').toHaveCount(0);
    await expect(sumLine(page), 'back to the base').toHaveText('2 base = 2 dice');
    await context.close();
  });

  test('on a phone, Roll and the success chance are on the first screen with 3 dice, and so is the outcome after Roll', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await tap(page, 'Add die');
    await expect(sumLine(page), 'three dice').toHaveText('3 base = 3 dice');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await onScreen(page, rollButton(page)), 'Roll on the first screen').toBeTruthy();
    expect(await onScreen(page, barOdds(page)), 'the chance on the first screen').toBeTruthy();
    await expect(barOdds(page)).toHaveText(/Success\s*42\.1%/);
    await settled(page);
    await page.screenshot({ path: shot('d6-before-roll.png') });
    const title = await roll(page);
    expect(await page.evaluate(() => window.scrollY), 'nothing scrolled').toBe(0);
    expect(await onScreen(page, headline(page)), `the outcome (${title}) on screen after Roll`).toBeTruthy();
    expect(await onScreen(page, rollButton(page)), 'Roll still at hand').toBeTruthy();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'no sideways scroll').toBe(0);
    await settled(page);
    await page.screenshot({ path: shot('d6-after-roll.png') });
    await context.close();
  });

  test("the GM's challenge link sets the kind, the conflict and the scene's facets, and shows the GM's side", async ({ open, origin }) => {
    const { context, page } = await open(`/#/d6?challenge=${CHALLENGE}`);
    const summary = 'Social, harm at stake; Tense Atmosphere helps, Slippery Ground hinders';
    await expect(snackbar(page), 'said').toContainText(`The GM's challenge: ${summary}.`);
    expect(new URL(page.url()).hash, 'the address cleaned').toBe('#/d6');
    await expect(page.getByRole('radio', { name: 'Social' }), 'kind').toBeChecked();
    await expect(page.getByRole('switch', { name: /Conflict/ }), 'conflict').toHaveAttribute('aria-checked', 'true');
    await expect(toggle(page, 'Tense Atmosphere (scene, helps)')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page, 'Slippery Ground (scene, hinders)')).toHaveAttribute('aria-pressed', 'true');
    await expect(sumLine(page), 'the GM\'s facets in the pool').toHaveText('2 base + Tense Atmosphere − Slippery Ground = 2 dice');
    // The GM's badge says which parts came from the GM; one tap clears the label only.
    const side = page.locator('.gm-side');
    await expect(side).toHaveText(new RegExp(`GM\\s*${summary}`));
    await page.getByRole('button', { name: "Clear the GM's label" }).click();
    await expect(side, 'label cleared').toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Social' }), 'the challenge stays').toBeChecked();
    await expect(toggle(page, 'Tense Atmosphere (scene, helps)')).toHaveAttribute('aria-pressed', 'true');
    // The scene holds the GM's facets too.
    await openScene(page);
    await page.getByRole('button', { name: 'Rename Tense Atmosphere' }).waitFor();
    // Share makes the same challenge again: opened on another phone, it sets the same.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await openFold(page, 'Share');
    await page.getByRole('button', { name: "Copy the link to the GM's challenge" }).click();
    const link = await clipboard(page, 'challenge=', 'link');
    expect(new URL(link).hash).toBe(`#/d6?challenge=${CHALLENGE}`);
    const other = await open(new URL(link).pathname + new URL(link).hash);
    await expect(sumLine(other.page), 'the same challenge elsewhere').toHaveText('2 base + Tense Atmosphere − Slippery Ground = 2 dice');
    await other.page.locator('.gm-side').waitFor();
    await other.context.close();
    // A bad challenge leaves the tray as it was and says why.
    const linked = await context.newPage();
    await linked.goto(origin + '/#/d6?challenge=cosmic~conflict');
    await drawn(linked);
    await expect(snackbar(linked), 'refused').toHaveText(/could not be read.*left as it was/);
    await expect(linked.getByRole('radio', { name: 'Social' }), 'kind as it was').toBeChecked();
    await expect(linked.locator('.gm-side'), 'no GM badge').toHaveCount(0);
    await expect(sumLine(linked), 'pool as it was').toHaveText('2 base + Tense Atmosphere − Slippery Ground = 2 dice');
    await context.close();
  });

  test('real dice: a face per die, read as the tray\'s own roll, and marked in History', async ({ open }) => {
    const { context, page } = await open('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Hold the gate');
    await realDiceButton(page).click();
    const panel = page.getByRole('region', { name: 'Real dice' });
    await panel.waitFor();
    const read = panel.getByRole('button', { name: 'Read these dice' });
    // One row of six faces per die of the pool; Read waits for every die.
    await expect(panel.getByRole('button', { name: /^Die 1: [1-6]$/ })).toHaveCount(6);
    await expect(panel.getByRole('button', { name: /^Die 3: / }), 'two dice, two rows').toHaveCount(0);
    await panel.getByRole('button', { name: 'Die 1: 1', exact: true }).click();
    await expect(read, 'not every die yet').toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Die 1: 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await enterDice(page, [1, 1]);
    // Two ones and nothing higher than three: a catastrophe, decided by both ones.
    await expect(outcome(page)).toHaveText('Catastrophe');
    await expect(result(page)).toHaveText(/Hold the gate/);
    const labels = await resultPanel(page).getByRole('list', { name: 'Dice rolled' }).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    expect(labels).toEqual(['Die 1: 1, deciding', 'Die 2: 1, deciding']);
    // Resolved as the tray's own roll: the catastrophe offers its facet.
    await resultPanel(page).getByRole('list', { name: 'Suggested facets' }).waitFor();
    const history = await openHistory(page);
    const entry = historyEntries(page).first();
    await entry.waitFor();
    await expect(entry).toHaveText(/Catastrophe.*real dice/);
    await expect(entry).toHaveText(/Hold the gate/);
    await expect(history.getByRole('button', { name: 'Highest d6 (1)' }), 'one Highest d6 roll').toHaveAttribute('aria-pressed', 'true');
    // A second reading: a six and a four is a success.
    await enterDice(page, [6, 4]);
    await expect(outcome(page)).toHaveText('Success');
    await expect(historyEntries(page), 'two in History').toHaveCount(2);
    await context.close();
  });

  test('a result link opens the roll read-only, elsewhere, without touching that History', async ({ open, origin }) => {
    const { context, page } = await open('/#/d6');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Pick the lock');
    await enterDice(page, [5, 2]);
    await expect(outcome(page)).toHaveText('Costly success');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await resultPanel(page).getByRole('button', { name: 'Copy a link that shows this roll' }).click();
    const link = await clipboard(page, 'result=', 'link');
    await expect(snackbar(page), 'said').toHaveText(/Copied a link that shows this roll/);
    expect(new URL(link).hash).toMatch(/^#\/d6\?result=/);
    await context.close();
    // Another phone opens it: the same roll, shown as it was, asking nothing, not kept.
    const other = await open(new URL(link).pathname + new URL(link).hash);
    const seen = other.page;
    await expect(outcome(seen), 'the roll shown').toHaveText('Costly success');
    await expect(result(seen)).toHaveText(/Pick the lock/);
    await expect(result(seen)).toHaveText(/Rolled 5 2\./);
    expect(new URL(seen.url()).hash, 'the address cleaned').toBe('#/d6');
    await resultPanel(seen).getByText('A roll from a link or the table, shown as it was, only to be read.').waitFor();
    await expect(resultPanel(seen).getByRole('list', { name: 'Suggested costs' }), 'asks nothing of this table').toHaveCount(0);
    await openHistory(seen);
    await seen.getByRole('button', { name: 'All (0)' }).waitFor();
    await expect(historyEntries(seen), 'not in this History').toHaveCount(0);
    // A roll made here is the player's own again, and asks what it asks.
    await enterDice(seen, [4, 1]);
    await expect(resultPanel(seen).getByText('A roll from a link'), 'no longer read-only').toBeHidden();
    await resultPanel(seen).getByRole('list', { name: 'Suggested costs' }).waitFor();
    await other.context.close();
  });

  test('characters, facets and harm survive a reload; ending the scene keeps character facets', async ({ open }) => {
    const { context, page } = await open('/#/characters');
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
    await expect(page.getByRole('button', { name: 'Tense Atmosphere (scene, hinders)' }), 'scene facet gone').toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Keen Eye (character, helps)' }), 'character facet stays').toHaveCount(1);
    await expect(snackbar(page), 'said near the thumb').toHaveText(/The scene is over/);
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Tense Atmosphere (scene, hinders)' }).waitFor();
    await nav(page, 'Characters');
    // After a reload the card is folded, and its one line says what it holds.
    await expect(card(page, 'Mira').locator('.card-summary'), 'summary').toHaveText('Level 0 · 1 wound · Limping · 1 facet');
    await openCard(page, 'Mira');
    await page.getByRole('button', { name: 'Heal Wound' }).waitFor();
    await page.getByRole('button', { name: 'Heal Limping' }).waitFor();
    await page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();
    await context.close();
  });

  test('rename starts from the name; removal asks first and Undo puts it back in place; switch who rolls in one tap', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await createCharacter(page, 'Mira');
    await createCharacter(page, 'Tor');
    // Rename starts from the current name and saves on Enter.
    await tap(page, 'Rename Mira');
    const field = page.getByRole('textbox', { name: 'New name for Mira' });
    await expect(field, 'starts from the current name').toHaveValue('Mira');
    await field.fill('Mira Vell');
    await field.press('Enter');
    await cardToggle(page, 'Mira Vell').waitFor();
    await expect(snackbar(page), 'renamed').toContainText('Renamed to “Mira Vell”.');
    // A name already taken is refused, says why, and keeps what was typed; Escape cancels.
    await tap(page, 'Rename Tor');
    const torField = page.getByRole('textbox', { name: 'New name for Tor' });
    await torField.fill('mira vell');
    await torField.press('Enter');
    await expect(snackbar(page), 'refused').toHaveText(/already a character called/);
    await expect(torField, 'what was typed stays').toHaveValue('mira vell');
    await expect(torField).toHaveAttribute('aria-invalid', 'true');
    await torField.press('Escape');
    await card(page, 'Tor').getByRole('button', { name: 'Rename Tor' }).waitFor();
    await expect(cardToggle(page, 'Tor'), 'Tor keeps the name').toHaveCount(1);
    // Mira Vell, first in the list, becomes the one the trays roll for.
    await tap(page, 'Roll for Mira Vell');
    await card(page, 'Mira Vell').getByText('Rolling for').waitFor();
    // Removal asks first; Keep leaves it.
    await tap(page, 'Remove Mira Vell');
    await page.getByRole('group', { name: 'Remove Mira Vell?' }).waitFor();
    await tap(page, 'Keep');
    await expect(page.getByRole('group', { name: 'Remove Mira Vell?' }), 'asked no more').toHaveCount(0);
    await expect(cardToggle(page, 'Mira Vell'), 'kept').toHaveCount(1);
    // Remove, then Undo in the snackbar: back first in the list, and rolled for again.
    await tap(page, 'Remove Mira Vell');
    await tap(page, 'Remove');
    await expect(cardToggle(page, 'Mira Vell'), 'removed').toHaveCount(0);
    await expect(snackbar(page), 'said').toContainText('Removed “Mira Vell”.');
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await cardToggle(page, 'Mira Vell').waitFor();
    const names = () => page.locator('.card-name').allTextContents();
    expect(await names(), 'back where it was').toEqual(['Mira Vell', 'Tor']);
    await card(page, 'Mira Vell').getByText('Rolling for').waitFor();
    await expect(snackbar(page), 'back').toContainText('“Mira Vell” is back.');
    await nav(page, 'Highest d6');
    const bar = page.getByRole('group', { name: 'Rolling for' });
    await expect(bar.getByRole('button', { name: 'Mira Vell' }), 'still rolled for').toHaveAttribute('aria-pressed', 'true');
    await bar.getByRole('button', { name: 'Tor' }).click();
    await expect(bar.getByRole('button', { name: 'Tor' }), 'switched').toHaveAttribute('aria-pressed', 'true');
    await bar.getByRole('button', { name: 'No character' }).click();
    await expect(bar.getByRole('button', { name: 'No character' }), 'nobody').toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });

  test('cards are folded to one line until tapped; a Level typed and left is kept after a reload', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await createCharacter(page, 'Mira');
    const level = page.getByRole('spinbutton', { name: 'Level of Mira' });
    await level.fill('7');
    await level.blur();
    await expect(card(page, 'Mira').locator('.card-summary'), 'kept without a button').toHaveText('Level 7');
    // A Level out of range is refused, says why, and stays as typed until put right.
    await level.fill('200');
    await level.blur();
    await expect(snackbar(page), 'refused').toHaveText(/Level must be 0 to 100/);
    await expect(level).toHaveValue('200');
    await expect(level).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await drawn(page);
    const toggle = cardToggle(page, 'Mira');
    await expect(toggle, 'folded after a reload').toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('spinbutton', { name: 'Level of Mira' }), 'editor hidden').toBeHidden();
    await expect(card(page, 'Mira').locator('.card-summary')).toHaveText('Level 7');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('spinbutton', { name: 'Level of Mira' }), 'Level kept').toHaveValue('7');
    await toggle.click();
    await expect(page.getByRole('spinbutton', { name: 'Level of Mira' }), 'folded again').toBeHidden();
    // The summary opens it too, not only the name.
    await card(page, 'Mira').locator('.card-summary').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await context.close();
  });

  test('the Characters page: every control named, targets of 44 px, no sideways scroll from 360 to 430 wide', async ({ open }) => {
    for (const width of [360, 390, 430]) {
      const { context, page } = await open('/#/characters', { viewport: { width, height: 844 } });
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
      expect(unnamed, 'every control has a name').toEqual([]);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('main :is(button, input:not([type=radio], [type=file]), select, summary), main label:has(input:is([type=radio], [type=file]))')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent.trim()} ${box.width}x${box.height}`),
      );
      expect(small, `targets under 44 px at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBe(0);
      await context.close();
    }
  });

  test('two tabs editing characters lose nothing', async ({ open, origin }) => {
    const { context, page } = await open('/#/characters');
    const other = await context.newPage();
    await other.goto(origin + '/#/characters');
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
    await context.close();
  });

  test('a share link sets the base dice; a bad one leaves the tray as it was', async ({ open, origin }) => {
    const { context, page } = await open('/#/d6?dice=4');
    await expect(sumLine(page), 'shared dice').toHaveText('4 base = 4 dice');
    expect(new URL(page.url()).hash).toBe('#/d6');
    await expect(snackbar(page), 'said').toContainText('Opened the shared pool of 4 base dice.');
    // The Share fold makes the same link again.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.bringToFront(); // the clipboard answers only the focused page
    await openFold(page, 'Share');
    await page.getByRole('button', { name: 'Copy the link to these dice' }).click();
    const link = await clipboard(page, 'dice=', 'link');
    expect(new URL(link).hash).toBe('#/d6?dice=4');
    await expect(snackbar(page), 'copied').toContainText('Copied the link to these dice.');
    const linked = await context.newPage();
    await linked.goto(origin + '/#/d6?dice=11');
    await drawn(linked);
    await expect(snackbar(linked), 'message').toHaveText(/1 to 10 base dice.*left as it was/);
    await expect(sumLine(linked)).toHaveText('4 base = 4 dice');
    expect(new URL(linked.url()).hash).toBe('#/d6');
    await context.close();
  });
});
