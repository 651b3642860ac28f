// What the Effective Level browser tests and flows share: the tray's controls, found as a
// player finds them (by role and accessible name).
import { expect } from '@playwright/test';

export async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

/** Types a number into a stepper's field (or any number field) and sends it. */
export async function setNumber(page, name, value) {
  const field = page.getByRole('spinbutton', { name, exact: true });
  await field.fill(String(value));
  await field.press('Enter');
  await expect(page.getByRole('spinbutton', { name, exact: true }), name).toHaveValue(String(value));
}

/** The roll dock at the foot of the tray. */
export const dock = (page) => page.getByRole('region', { name: 'Roll' });
/** The dock's Roll button, whose words say what it rolls: a wager while one is set, a
 * split turn's next portion ("Roll goblin 1 · EL 3") or the whole EL while a turn is in play. */
export const rollButton = (page) => dock(page).getByRole('button', { name: /^Roll( .*)?$/ });
/** The bar's odds button: the two figures that matter. */
export const barOdds = (page) => dock(page).getByRole('button', { name: /^Odds:/ });
/** The bar's last headline. */
export const barResult = (page) => dock(page).getByRole('button', { name: /^(Last roll: |No roll yet)/ });
/** The shown roll's words, from the result's live region. */
export const result = (page) => page.getByRole('region', { name: 'Result' }).getByRole('status');
/** The one message near the thumb. */
export const snack = (page) => page.locator('.snackbar');
export const sum = (page) => page.getByLabel('EL sum');
/**
 * Opens a page from the nav and waits until that page's own heading is in `main`: the page
 * left may stay drawn a moment, and a wait on any drawn page would take it for the new one.
 */
export async function nav(page, name) {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name }).click();
  await page.locator('main').getByRole('heading', { level: 1, name, exact: true }).waitFor({ state: 'attached', timeout: 15000 });
}

export async function roll(page) {
  await rollButton(page).click();
}

/** Opens a folded panel by its title, if it is not open already. */
export async function openFold(page, title) {
  const fold = page.locator('details.fold').filter({ has: page.locator('summary .fold-title', { hasText: new RegExp(`^${title}$`) }) });
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').click();
  await expect(fold, `${title} open`).toHaveJSProperty('open', true);
}

/** Opens the odds in detail in the dock (on a phone they open from the bar). */
export async function openOdds(page) {
  if ((await barOdds(page).getAttribute('aria-expanded')) !== 'true') await barOdds(page).click();
  const region = page.getByRole('region', { name: 'Odds in detail' });
  await region.waitFor();
  return region;
}

/** Opens the shown roll in the dock. */
export async function openResult(page) {
  if ((await barResult(page).getAttribute('aria-expanded')) !== 'true') await barResult(page).click();
}

/** A character made on the Characters page: a name, a Level, roles with their ranks. */
export async function makeCharacter(page, name, level, roles) {
  await nav(page, 'Characters');
  await page.getByRole('textbox', { name: 'Character name' }).fill(name);
  await tap(page, 'Create character');
  await page.getByRole('heading', { name, level: 2 }).waitFor();
  if (level !== null) {
    // The Level is kept as soon as the field is left: no button to forget.
    await page.getByRole('spinbutton', { name: `Level of ${name}` }).fill(String(level));
    await page.getByRole('spinbutton', { name: `Level of ${name}` }).blur();
  }
  for (const [role, rank] of roles) {
    await page.getByRole('textbox', { name: `New role for ${name}` }).fill(role);
    await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill(String(rank));
    await tap(page, 'Add role');
    await page.getByRole('spinbutton', { name: `Rank of ${role}` }).waitFor();
    await expect(page.getByRole('spinbutton', { name: `Rank of ${role}` })).toHaveValue(String(rank));
  }
}

/** The headlines a roll may have: who gets effect (or, in the older words, the roll itself). */
export const HEADLINE = /(Success|Failure|Effect \d+|No effect|You win|They win|wins|holds?)/;
