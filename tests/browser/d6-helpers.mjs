// What the Highest d6 browser tests share: the tray's controls and the Characters page's,
// found as a player finds them (by role and accessible name).
import { expect } from '@playwright/test';
import { newRollShown, readText } from './harness.mjs';
import { dock, nav, openFold, snack, tap } from './el-helpers.mjs';

export { dock, nav, openFold, snack, tap };

/** The five outcomes, as the result and the bar name them. */
export const OUTCOMES = /^(Triumph|Success|Costly success|Failure|Catastrophe)/;

/** The pool's sum: "3 base + Keen Eye − Slippery Ground = 3 dice". */
export const sumLine = (page) => page.getByLabel('Pool size');

/** The dock's Roll button. */
export const rollButton = (page) => dock(page).getByRole('button', { name: 'Roll', exact: true });
/** The bar's odds button: the chances that matter. */
export const barOdds = (page) => dock(page).getByRole('button', { name: /^Odds:/ });
/** The bar's last headline (disabled before the first roll). */
export const barResult = (page) => dock(page).locator('button.bar-result');
/** The dock's Real dice button. */
export const realDiceButton = (page) => dock(page).getByRole('button', { name: 'Real dice', exact: true });

/** The dock's result panel, and the shown roll's words from its live region. */
export const resultPanel = (page) => page.locator('#dock-result');
export const result = (page) => resultPanel(page).getByRole('status');
/** The big headline of the shown roll. */
export const headline = (page) => resultPanel(page).locator('.headline');

/** The id of the shown roll, or null before the first. */
const shownId = async (page) => ((await headline(page).count()) ? headline(page).getAttribute('data-roll') : null);

/** Rolls from the dock, waits until the new roll is shown, and returns its outcome. */
export async function roll(page) {
  const before = await shownId(page);
  await rollButton(page).click();
  await newRollShown(page, before);
  await expect(outcome(page), 'an outcome').toHaveText(OUTCOMES);
  return readText(outcome(page));
}

/** The shown roll's outcome title. */
export const outcome = (page) => headline(page);

/** Rolls until the outcome matches, as a player would keep rolling; returns the outcome. */
export async function rollUntil(page, wanted, tries = 80) {
  for (let i = 0; i < tries; i += 1) {
    const title = await roll(page);
    if (wanted.test(title)) return `${title} ${await readText(result(page))}`;
  }
  throw new Error(`no ${wanted} in ${tries} rolls`);
}

/** Opens the odds in detail from the bar; returns the list of the five outcomes' odds. */
export async function openOdds(page) {
  if ((await barOdds(page).getAttribute('aria-expanded')) !== 'true') await barOdds(page).click();
  const list = page.getByRole('list', { name: 'Odds of each outcome' });
  await list.waitFor();
  return list;
}

/** Opens the shown roll in the dock, if another panel is open. */
export async function openResult(page) {
  if ((await barResult(page).getAttribute('aria-expanded')) !== 'true') await barResult(page).click();
  await resultPanel(page).waitFor();
}

/** Enters real dice in the dock, one face per die, and reads them as the tray's roll. */
export async function enterDice(page, faces) {
  if ((await realDiceButton(page).getAttribute('aria-expanded')) !== 'true') await realDiceButton(page).click();
  const panel = page.getByRole('region', { name: 'Real dice' });
  await panel.waitFor();
  for (const [i, face] of faces.entries()) await panel.getByRole('button', { name: `Die ${i + 1}: ${face}`, exact: true }).click();
  await panel.getByRole('button', { name: 'Read these dice' }).click();
  await expect(headline(page), 'the dice read').not.toHaveCount(0);
  await expect(result(page), 'the dice read').toContainText(`Rolled ${faces.join(' ')}.`);
}

/** A character's card on the Characters page, and the button on its head that opens it. */
export const card = (page, name) => page.getByRole('region', { name, exact: true });
export const cardToggle = (page, name) => page.getByRole('button', { name, exact: true });

/** Creates a character on the Characters page; its card opens, with its editor. */
export async function createCharacter(page, name) {
  await nav(page, 'Characters');
  await page.getByRole('textbox', { name: 'Character name' }).fill(name);
  await tap(page, 'Create character');
  await page.getByRole('button', { name, exact: true, expanded: true }).waitFor();
  await card(page, name).getByRole('button', { name: `Rename ${name}` }).waitFor();
}

/** Opens a character's card, if it is folded, and waits for its editor. */
export async function openCard(page, name) {
  const toggle = cardToggle(page, name);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await card(page, name).getByRole('button', { name: `Rename ${name}` }).waitFor();
}

export async function addCharacterFacet(page, character, facet, hinders = false) {
  await openCard(page, character);
  await page.getByRole('textbox', { name: `New facet for ${character}` }).fill(facet);
  if (hinders) await page.getByRole('radiogroup', { name: `Does the new facet for ${character} help or hinder?` }).getByLabel('Hinders').check();
  await card(page, character).getByRole('button', { name: 'Add facet' }).click();
  await page.getByRole('button', { name: `Rename ${facet}` }).waitFor();
}

/** Opens the tray's folded scene facets, and waits for their panel (its code comes on open). */
export async function openScene(page) {
  await openFold(page, 'Scene facets');
  await page.getByRole('region', { name: 'Scene' }).waitFor();
}

export async function addSceneFacet(page, facet, hinders = false) {
  await openScene(page);
  await page.getByRole('textbox', { name: 'New facet for the scene' }).fill(facet);
  if (hinders) await page.getByRole('radiogroup', { name: 'Does the new facet for the scene help or hinder?' }).getByLabel('Hinders').check();
  await page.getByRole('region', { name: 'Scene' }).getByRole('button', { name: 'Add facet' }).click();
  await page.getByRole('button', { name: `Rename ${facet}` }).waitFor();
}

/** History, opened at the tray's foot: its rolls, newest first. */
export async function openHistory(page) {
  await openFold(page, 'History');
  const region = page.getByRole('region', { name: 'History' });
  await region.waitFor();
  return region;
}

/** Whether an element lies wholly within the screen as it is now, without scrolling. */
export async function onScreen(page, locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}
