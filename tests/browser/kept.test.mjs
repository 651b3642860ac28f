// Nothing lost at the edges a table reaches (issue 21, points 7 and 8): a link opened while
// the code that applies it cannot be fetched waits in the address and opens with Try again;
// a reload keeps the label typed, the GM's side, the roll in the bar and real dice half
// entered. Expected values are the link's own (4 base dice) and what the page showed before
// the reload.
import { expect, test } from './fixtures.mjs';
import { drawn } from './harness.mjs';
import { realDiceButton, snack, sumLine } from './d6-helpers.mjs';
import { barResult, dock, rollButton } from './narrative-helpers.mjs';

/** The d6 tray's code fetched just after its first paint, which opens links (and keeps the
 * session, the hints): alone, or on a first visit in the tray's idle pack. */
const SOON = /(split_d6_soon|pack_d6_idle)[^/]*\.wasm$/;

const label = (page) => page.getByRole('textbox', { name: 'Label for the next rolls' });

/** Forgets the failed fetches the test caused on purpose (the browser logs them). */
const forgetBlocked = (page) => {
  page.errors = page.errors.filter((e) => !/Failed to load resource|ERR_FAILED|could not be fetched|split/i.test(e));
};

test.describe('links and reloads keep what the player was doing', () => {
  test('a link opened while its code cannot come waits in the address and opens with Try again', async ({ phone }) => {
    const { context, page } = await phone();
    await context.route(SOON, (route) => route.abort());
    await page.goto('/#/d6?dice=4');
    await drawn(page);
    await expect(snack(page), 'told, with a way to try again').toHaveText(/could not be fetched, so the link is not open yet/);
    expect(new URL(page.url()).hash, 'the link is kept in the address').toBe('#/d6?dice=4');
    await expect(sumLine(page), 'not applied yet').not.toHaveText('4 base = 4 dice');
    // A reload while it still cannot come keeps it too.
    await page.reload();
    await drawn(page);
    await expect(snack(page)).toHaveText(/could not be fetched, so the link is not open yet/);
    expect(new URL(page.url()).hash).toBe('#/d6?dice=4');
    // The connection comes back: Try again opens it, and only then is the address cleaned.
    await context.unroute(SOON);
    await dock(page).getByRole('button', { name: 'Try again' }).click();
    await expect(sumLine(page), 'the link applied').toHaveText('4 base = 4 dice');
    await expect.poll(() => new URL(page.url()).hash, { message: 'the address cleaned once applied' }).toBe('#/d6');
    forgetBlocked(page);
  });

  test('a reload keeps the label, the roll in the bar, and the GM\'s side', async ({ open }) => {
    const { page } = await open('/#/d6?challenge=social~conflict');
    await expect(page.locator('.gm-side'), 'the GM\'s side taken').toHaveText(/GM/);
    const gmWords = await page.locator('.gm-words').textContent();
    await label(page).fill('Hold the gate');
    await rollButton(page).click();
    await expect(barResult(page)).toHaveAccessibleName(/^Last roll: /);
    const before = await barResult(page).getAttribute('aria-label') ?? (await barResult(page).textContent());
    await page.reload();
    await drawn(page);
    await expect(label(page), 'the label as typed').toHaveValue('Hold the gate');
    await expect(page.locator('.gm-words'), 'the GM\'s side as it was').toHaveText(gmWords);
    await expect(barResult(page), 'the same roll in the bar').toHaveAccessibleName(/^Last roll: /);
    const after = await barResult(page).getAttribute('aria-label') ?? (await barResult(page).textContent());
    expect(after).toBe(before);
  });

  test('a reload keeps real dice half entered', async ({ open }) => {
    const { page } = await open('/#/d6');
    await realDiceButton(page).click();
    const panel = page.getByRole('region', { name: 'Real dice' });
    await panel.getByRole('button', { name: 'Die 1: 5', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Die 1: 5', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await drawn(page);
    await realDiceButton(page).click();
    const again = page.getByRole('region', { name: 'Real dice' });
    await expect(again.getByRole('button', { name: 'Die 1: 5', exact: true }), 'still entered').toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: 'Die 2: 5', exact: true }), 'the others still to enter').toHaveAttribute('aria-pressed', 'false');
  });

  test('a message about one page does not follow the player to the next', async ({ open }) => {
    const { page } = await open('/#/d6?dice=4');
    await expect(snack(page)).toHaveText(/Opened the shared pool of 4 base dice/);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Effective Level' }).click();
    await expect(page.locator('.snackbar'), 'gone with its page').not.toHaveText(/shared pool/);
  });
});

test.describe('hints say what they measure and come without a tap', () => {
  test('narrative: after a reload, hints show with no tap, under a legend', async ({ open }) => {
    const { page } = await open('/#/narrative');
    await page.getByRole('button', { name: 'Add ability die' }).click();
    await page.reload();
    await drawn(page);
    // One ability die in the pool: a second one raises the chance of a success from 1/2
    // to 1 - (4/8)^2 = 3/4, and of an advantage the same way (RULES.md's face table: four
    // faces of eight without a success, four without an advantage).
    const hint = page.locator('.die-card').filter({ has: page.getByRole('button', { name: 'Add ability die' }) }).locator('.coach');
    await expect(hint, 'counted without a tap').toHaveText(/^\+25(\.0)?% · \+25(\.0)?%/);
    await expect(page.locator('.coach-legend'), 'said once which is which').toHaveText('Hints: chance of success · chance of advantage');
    await expect(page.locator('.coach-legend')).toBeVisible();
  });

  test('Highest d6: the legend says which chance the hints measure', async ({ open }) => {
    const { page } = await open('/#/d6');
    await expect(page.locator('.coach').first(), 'counted without a tap').toBeVisible();
    await expect(page.locator('.coach-legend')).toHaveText('Hints: chance of a costly success or better');
  });
});
