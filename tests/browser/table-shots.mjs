// Screenshots of the live table, to look at: a GM and a player at one table through a relay
// on 127.0.0.1; the Table page (GM and player) at 390x844 light and dark, 360x640 and sideways
// (844x390), a player's tray with the table's line and the GM's side offered, messages
// shown by the button tapped, and removing a player (the GM's fold, the removed phone's
// Table page and tray, in each size and theme). Written to test-results/table-shots/table-*.png, not kept in
// git. Run after a build: `node tests/browser/table-shots.mjs`.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { drawn, launch } from './harness.mjs';
import { startRelay } from './relay.mjs';

const OUT = fileURLToPath(new URL('../../test-results/table-shots/', import.meta.url));
const SIZES = [
  ['390x844', { width: 390, height: 844 }, 'light'],
  ['390x844-dark', { width: 390, height: 844 }, 'dark'],
  ['360x640', { width: 360, height: 640 }, 'light'],
  ['844x390', { width: 844, height: 390 }, 'light'],
];

await mkdir(OUT, { recursive: true });
const env = await launch();
const relay = await startRelay();
try {
  const phone = async (relays) => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: env.origin });
    await context.addInitScript((urls) => {
      if (!localStorage.getItem('dicetray.table')) {
        localStorage.setItem('dicetray.table', JSON.stringify({ version: 1, data: { send_to: 'table', relays: urls, at: null } }));
      }
    }, relays);
    return { context, page: await context.newPage() };
  };
  const gm = await phone([relay.url]);
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  await gm.page.screenshot({ path: `${OUT}table-390x844-start.png` });
  await gm.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Gemma');
  await gm.page.getByRole('button', { name: 'Start a table' }).click();
  const link = gm.page.getByRole('textbox', { name: 'Table link' });
  await link.waitFor();
  const full = await link.inputValue();
  const path = '/' + full.slice(full.indexOf('#'));

  const ana = await phone([]);
  await ana.page.goto(path);
  await drawn(ana.page);
  await ana.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Ana the Bold');
  await ana.page.screenshot({ path: `${OUT}table-390x844-join.png` });
  await ana.page.getByRole('button', { name: 'Join the table' }).click();
  await ana.page.getByRole('region', { name: 'At the table' }).waitFor();

  // The GM starts the pool; Ana rolls twice; the GM sends a side.
  const pool = gm.page.getByRole('region', { name: 'Destiny pool' });
  await pool.getByRole('spinbutton', { name: 'Light' }).fill('2');
  await pool.getByRole('spinbutton', { name: 'Dark' }).fill('3');
  await pool.getByRole('spinbutton', { name: 'Dark' }).blur();
  await pool.getByRole('button', { name: 'Set the pool' }).click();
  await ana.page.goto('/#/narrative');
  await drawn(ana.page);
  for (const name of ['Add ability die', 'Add ability die', 'Add proficiency die']) {
    await ana.page.getByRole('button', { name, exact: true }).click();
  }
  await ana.page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('Slice the door');
  const roll = () => ana.page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: 'Roll', exact: true }).click();
  await roll();
  await roll();
  await gm.page.goto('/#/narrative');
  await drawn(gm.page);
  await gm.page.getByRole('button', { name: 'Add difficulty die', exact: true }).click();
  await gm.page.getByRole('button', { name: 'Add challenge die', exact: true }).click();
  await gm.page.getByText('Share', { exact: true }).click();
  await gm.page.getByRole('button', { name: 'Send to the table' }).click();
  // The GM rolls in the EL tray: Ana sees it in her tray's corner, and in the log.
  await gm.page.goto('/#/el');
  await drawn(gm.page);
  await gm.page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: /^Roll/ }).first().click();
  await gm.page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: /^Last roll: / }).waitFor();
  await ana.page.locator('.table-side').waitFor();
  await ana.page.getByRole('button', { name: /Gemma.*Open the table's log/ }).waitFor();
  for (const [name, viewport, scheme] of SIZES) {
    await ana.page.setViewportSize(viewport);
    await ana.page.emulateMedia({ colorScheme: scheme });
    await ana.page.screenshot({ path: `${OUT}table-narrative-${name}-corner.png` });
  }
  await ana.page.setViewportSize({ width: 390, height: 844 });
  await ana.page.emulateMedia({ colorScheme: 'light' });
  await ana.page.getByRole('button', { name: /Gemma.*Open the table's log/ }).click();
  await ana.page.getByRole('dialog', { name: 'The table' }).waitFor();
  await ana.page.screenshot({ path: `${OUT}table-narrative-390x844-log-sheet.png`, animations: 'disabled' });
  await ana.page.emulateMedia({ colorScheme: 'dark' });
  await ana.page.screenshot({ path: `${OUT}table-narrative-390x844-dark-log-sheet.png`, animations: 'disabled' });
  await ana.page.emulateMedia({ colorScheme: 'light' });
  await ana.page.getByRole('button', { name: 'Close', exact: true }).click();

  for (const [name, viewport, scheme] of SIZES) {
    for (const [who, p] of [['gm', gm.page], ['player', ana.page]]) {
      await p.setViewportSize(viewport);
      await p.emulateMedia({ colorScheme: scheme });
      await p.goto('/#/table');
      await drawn(p);
      await p.locator('.table-log .history-list > li').first().waitFor();
      await p.screenshot({ path: `${OUT}table-${name}-${who}.png`, fullPage: true });
    }
  }
  // Messages by the button tapped: Copy link high on the screen, Hand over low down, and
  // Join with no link on a phone not at a table.
  await gm.page.setViewportSize({ width: 390, height: 844 });
  await gm.page.emulateMedia({ colorScheme: 'light' });
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  await gm.page.getByRole('button', { name: 'Copy link' }).click();
  await gm.page.locator('.snackbar-message').waitFor();
  await gm.page.screenshot({ path: `${OUT}table-390x844-message-copy.png` });
  const handOver = gm.page.getByRole('button', { name: 'Hand over' });
  await handOver.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await handOver.click();
  await gm.page.locator('.snackbar-message', { hasText: 'Choose the player' }).waitFor();
  await gm.page.screenshot({ path: `${OUT}table-390x844-message-hand-over.png` });
  const ben = await phone([]);
  await ben.page.goto('/#/table');
  await drawn(ben.page);
  await ben.page.getByRole('button', { name: 'Join', exact: true }).click();
  await ben.page.locator('.snackbar-message').waitFor();
  await ben.page.screenshot({ path: `${OUT}table-390x844-message-join.png` });
  // The GM removes Ana: the fold, ticked and asked once more; then Ana's phone.
  await ben.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Ben');
  await ben.page.goto(path);
  await drawn(ben.page);
  await ben.page.getByRole('button', { name: 'Join the table' }).click();
  await gm.page.goto('/#/table');
  await drawn(gm.page);
  await gm.page.getByRole('region', { name: 'At the table' }).getByText('Ben', { exact: true }).waitFor();
  const fold = gm.page.locator('details.table-remove');
  await fold.locator('summary').click();
  await gm.page.getByRole('checkbox', { name: 'Ana the Bold' }).check();
  await gm.page.getByRole('button', { name: 'Remove ticked players' }).click();
  for (const [name, viewport, scheme] of SIZES) {
    await gm.page.setViewportSize(viewport);
    await gm.page.emulateMedia({ colorScheme: scheme });
    await fold.scrollIntoViewIfNeeded();
    await gm.page.screenshot({ path: `${OUT}table-${name}-remove-fold.png` });
  }
  await gm.page.setViewportSize({ width: 390, height: 844 });
  await gm.page.emulateMedia({ colorScheme: 'light' });
  await gm.page.getByRole('group', { name: 'Sure?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await ana.page.getByText('removed you from this table').waitFor();
  for (const [name, viewport, scheme] of SIZES) {
    await ana.page.setViewportSize(viewport);
    await ana.page.emulateMedia({ colorScheme: scheme });
    await ana.page.goto('/#/table');
    await drawn(ana.page);
    await ana.page.screenshot({ path: `${OUT}table-${name}-removed.png`, fullPage: true });
    await ana.page.goto('/#/narrative');
    await drawn(ana.page);
    await ana.page.locator('.table-shut').waitFor();
    await ana.page.screenshot({ path: `${OUT}table-narrative-${name}-removed.png` });
  }
  console.log('screenshots in test-results/table-shots/table-*.png');
} finally {
  await relay.stop();
  await env.close();
}
