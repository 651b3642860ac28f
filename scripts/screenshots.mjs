// Takes the README's screenshots: each page at 390x844, light and dark, into
// docs/screenshots/; a tray is shown after a roll, scrolled to its odds and result. Run after a build: `node scripts/screenshots.mjs`
// (or `node scripts/screenshots.mjs characters` for the pages named).
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { drawn, launch, openPhone, settled } from '../tests/browser/harness.mjs';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

const tap = (page, name) => page.getByRole('button', { name, exact: true }).first().click();

/** What a player might have on each page when they look at it. */
const PAGES = {
  narrative: async (page) => {
    for (const name of ['Add ability die', 'Add ability die', 'Add proficiency die', 'Add difficulty die', 'Add difficulty die', 'Add boost die']) {
      await tap(page, name);
    }
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Slice the door');
    await tap(page, 'Roll');
  },
  d6: async (page) => {
    await tap(page, 'Add die');
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Climb the wall');
    await tap(page, 'Roll');
  },
  el: async (page) => {
    const field = page.getByRole('spinbutton', { name: 'Effective Level', exact: true });
    await field.fill('8');
    await field.press('Enter');
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Leap the gap');
    await tap(page, 'Roll');
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

// `node scripts/screenshots.mjs characters` takes only the pages named.
const only = process.argv.slice(2);
await mkdir(OUT, { recursive: true });
const env = await launch();
try {
  for (const scheme of ['light', 'dark']) {
    for (const [path, act] of Object.entries(PAGES).filter(([p]) => only.length === 0 || only.includes(p))) {
      const { context, page } = await openPhone(env.browser, { colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(`${env.origin}/#/${path}`);
      await drawn(page);
      await act(page);
      await settled(page);
      // A tray is shown where the player looks after a roll: the odds and the result.
      const result = page.getByRole('region', { name: 'Result' });
      if (path === 'characters' || (await result.count()) === 0) {
        await page.evaluate(() => window.scrollTo(0, 0));
      } else {
        await result.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      }
      const file = `${OUT}${path}-${scheme}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await env.close();
}
