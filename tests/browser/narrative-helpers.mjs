// What the narrative tray's browser tests (and the shell's) share: the tray's controls, found
// as a player finds them (by role and accessible name). The dock's own controls (Roll, the
// bar's odds and headline, the snackbar) and the folds are the same on every tray, so they
// come from el-helpers.mjs.
import { expect } from '@playwright/test';
import { clipboard } from './harness.mjs';
import { dock, openFold } from './el-helpers.mjs';

export { barOdds, barResult, dock, nav, openFold, openOdds, openResult, snack } from './el-helpers.mjs';

/** Taps the button named exactly `name`, `times` times. */
export async function tap(page, name, times = 1) {
  for (let i = 0; i < times; i += 1) {
    await page.getByRole('button', { name, exact: true }).first().click();
  }
}

/** The dock's Roll button (the tray's only one: History's are "Roll again: ..."). */
export const rollButton = (page) => dock(page).getByRole('button', { name: 'Roll', exact: true });
export const roll = (page) => rollButton(page).click();

/** The pool as notation ("2g1p", "empty"). */
export const notation = (page) => page.getByLabel('Pool notation');

/** The label for the next rolls. */
export const labelField = (page) => page.getByRole('textbox', { name: 'Label for the next rolls' });

/**
 * The shown roll's words, from the one live region of the dock's result (the snackbar, the
 * dock's other live region, is apart from it).
 */
export const resultLive = (page) => dock(page).locator('.dock-result').getByRole('status');
export const result = (page) => resultLive(page);

/** The shown roll's dice, each a button that picks it for a re-roll. */
export const faces = (page) => page.getByRole('list', { name: 'Dice rolled' }).getByRole('button');

/** The exact odds in the dock's odds panel: a figure's percent line, or its fraction. */
export const oddsFigure = (region, name) =>
  region.getByRole('listitem').filter({ hasText: new RegExp(`^${name}`) });
export const exactFraction = (region, name) =>
  region.getByLabel('Exact chances').getByRole('definition').nth(
    ['Success', 'Advantage', 'Threat', 'Triumph', 'Despair'].indexOf(name),
  );

/** The History panel, opened from its fold at the foot of the tray (its code comes on open). */
export async function openHistory(page) {
  await openFold(page, 'History');
  const region = page.getByRole('region', { name: 'History' });
  await region.waitFor();
  return region;
}

/** History's rolls, newest first (each row, not the dice drawn small inside it). */
export const historyRows = (page) => page.getByRole('region', { name: 'History' }).locator('.history-list > li');

/** The number of rolls History lists, opening it first. */
export async function historyCount(page) {
  await openHistory(page);
  return historyRows(page).count();
}

/** Waits until History lists `n` rolls. */
export async function historyHas(page, n, what = `${n} rolls in History`) {
  await openHistory(page);
  await expect(historyRows(page), what).toHaveCount(n);
}

/** The Saved pools panel, opened from its fold (its code comes on open). */
export async function openSaved(page) {
  await openFold(page, 'Saved pools');
  const region = page.getByRole('region', { name: 'Saved pools' });
  await region.waitFor();
  return region;
}

/** Saves the tray's pool under `name` in the Saved pools panel. */
export async function savePool(page, name) {
  const saved = await openSaved(page);
  await saved.getByRole('textbox', { name: 'Pool name' }).fill(name);
  await saved.getByRole('button', { name: 'Save pool', exact: true }).click();
}

/** Opens the Added symbols fold. */
export const openAdded = (page) => openFold(page, 'Added symbols');

/** Opens the Share fold and waits for its links (their code comes on open). */
export async function openShare(page) {
  await openFold(page, 'Share');
  await page.getByRole('button', { name: 'Copy the link to this pool' }).waitFor();
}

/** The notices about saved data, under the header. */
export const notices = (page) => page.getByRole('alert');

export { clipboard };

/** Lets `page` use the clipboard (it answers only the focused page). */
export async function allowClipboard(context, page, origin) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.bringToFront();
}

/** Whether an element lies wholly within the screen as it is now, without scrolling. */
export async function onScreen(page, locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}
