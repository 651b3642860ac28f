// Takes the README's screenshots into docs/screenshots/: each page of the built nav at
// 390x844, light and dark, set up as a player would have it; a tray before and after a roll
// (`<tray>-<scheme>-before.png`, `-after.png`), any other page as it is (`<page>-<scheme>.png`);
// and each tray turned sideways after a roll (844x390, `<tray>-landscape.png`). The pages and
// which are trays come from the built nav (tests/browser/pages.mjs), so a page added to the
// app is shot too, with no set-up until SETUPS has one for it.
// Run after a build: `node scripts/screenshots.mjs` (or name pages:
// `node scripts/screenshots.mjs el characters`); `--list` prints the pages it would visit.
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { drawn, launch, openPhone, settled } from '../tests/browser/harness.mjs';
import { builtPages, listAndExit } from '../tests/browser/pages.mjs';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

const tap = (page, name) => page.getByRole('button', { name, exact: true }).first().click();
const label = (page, text) => page.getByRole('textbox', { name: 'Label for the next rolls' }).fill(text);
const roll = (page) => page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: /^Roll( · .*)?$/ }).click();

/** What a player might have on each page when they look at it, by path; a page not here is shot as it opens. */
const SETUPS = {
  narrative: async (page) => {
    for (const name of ['Add ability die', 'Add ability die', 'Add proficiency die', 'Add difficulty die', 'Add difficulty die', 'Add boost die']) {
      await tap(page, name);
    }
    await label(page, 'Slice the door');
  },
  d6: async (page) => {
    await tap(page, 'Add die');
    await label(page, 'Climb the wall');
  },
  el: async (page) => {
    const field = page.getByRole('spinbutton', { name: 'Effective Level', exact: true });
    await field.fill('8');
    await field.press('Enter');
    await page.getByRole('radio', { name: 'Opposition' }).check();
    const theirs = page.getByRole('spinbutton', { name: "Other side's EL", exact: true });
    await theirs.fill('5');
    await theirs.press('Enter');
    await page.getByRole('textbox', { name: "Other side's name" }).fill('the goblin');
    await label(page, 'Strike the goblin');
  },
  characters: async (page) => {
    // Tor, folded to one line; Mira, opened to her editor.
    const create = async (name) => {
      await page.getByRole('textbox', { name: 'Character name' }).fill(name);
      await tap(page, 'Create character');
      await page.getByRole('button', { name: `Rename ${name}` }).waitFor();
    };
    await create('Tor');
    await page.getByRole('textbox', { name: 'New facet for Tor' }).fill('Stubborn');
    await tap(page, 'Add facet');
    await page.getByRole('button', { name: 'Add wound to Tor' }).click();
    await tap(page, 'Tor');
    await create('Mira');
    const level = page.getByRole('spinbutton', { name: 'Level of Mira' });
    await level.fill('6');
    await level.blur();
    await page.getByRole('textbox', { name: 'New facet for Mira' }).fill('Keen Eye');
    await page.getByRole('region', { name: 'Mira', exact: true }).getByRole('button', { name: 'Add facet' }).click();
    await page.getByRole('button', { name: 'Add scratch to Mira' }).click();
    await page.getByRole('textbox', { name: 'New role for Mira' }).fill('Warrior');
    await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill('4');
    await tap(page, 'Add role');
    await page.getByRole('button', { name: 'Remove Warrior' }).waitFor();
    // The messages have gone from the snackbar.
    await page.locator('.snackbar-message').waitFor({ state: 'detached', timeout: 10000 });
  },
};

const NO_SETUP = async () => {};
const PAGES = builtPages();
const TRAYS = new Set(PAGES.filter((p) => p.tray).map((p) => p.path));
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = only.filter((p) => !PAGES.some((page) => page.path === p));
if (unknown.length) {
  console.error(`screenshots.mjs: no page ${unknown.join(', ')} in the built nav (${PAGES.map((p) => p.path).join(', ')})`);
  process.exit(2);
}
const wanted = PAGES.filter((p) => only.length === 0 || only.includes(p.path)).map((p) => [p.path, SETUPS[p.path] ?? NO_SETUP]);
listAndExit(wanted.map(([path]) => path));
for (const path of Object.keys(SETUPS).filter((p) => !PAGES.some((page) => page.path === p))) {
  console.warn(`screenshots.mjs: a set-up for ${path}, which the built nav has no page for`);
}

/** One page, set up, shot where the player looks: before the roll, then after it. */
async function shoot(path, act, options, names) {
  const { context, page } = await openPhone(env.browser, { reducedMotion: 'reduce', ...options });
  await page.goto(`${env.origin}/#/${path}`);
  await drawn(page);
  await act(page);
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (names.before) await save(page, names.before);
  if (TRAYS.has(path)) {
    await roll(page);
    await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
    await settled(page);
    // The snackbar says the roll too; the shot shows the tray once it has gone.
    await page.locator('.snackbar-message').waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
    await save(page, names.after);
  }
  await context.close();
}

async function save(page, name) {
  const file = `${OUT}${name}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}

await mkdir(OUT, { recursive: true });
const env = await launch();
try {
  for (const scheme of ['light', 'dark']) {
    for (const [path, act] of wanted) {
      const names = TRAYS.has(path)
        ? { before: `${path}-${scheme}-before`, after: `${path}-${scheme}-after` }
        : { before: `${path}-${scheme}` };
      await shoot(path, act, { colorScheme: scheme }, names);
    }
  }
  for (const [path, act] of wanted.filter(([p]) => TRAYS.has(p))) {
    await shoot(path, act, { viewport: { width: 844, height: 390 } }, { after: `${path}-landscape` });
  }
} finally {
  await env.close();
}
