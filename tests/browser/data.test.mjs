// Export and import in a real browser at 390x844: everything out as one file, back in with a
// summary, merged or replacing; a bad file changes nothing.
import { expect, test } from './fixtures.mjs';
import { readFile } from 'node:fs/promises';
import { readText } from './harness.mjs';


async function create(page, name) {
  await page.getByRole('textbox', { name: 'Character name' }).fill(name);
  await page.getByRole('button', { name: 'Create character', exact: true }).click();
  await page.getByRole('button', { name, exact: true, expanded: true }).waitFor();
}

/** Opens a character's card (folded after a reload or an import) and waits for its editor. */
async function openCard(page, name) {
  const toggle = page.getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('region', { name, exact: true }).getByRole('button', { name: `Rename ${name}` }).waitFor();
}

/** Opens the folded "Your data" panel at the foot of the page; its code arrives on its own. */
async function openData(page) {
  const panel = page.getByRole('region', { name: 'Your data' });
  if ((await panel.count()) === 0) await page.locator('summary', { hasText: 'Your data' }).click();
  await panel.getByRole('button', { name: 'Export everything' }).waitFor();
}

/** What the page last said: short messages go to the snackbar at the foot. */
const status = (page) => page.locator('.snackbar');
/** The question asked once a file is read, with its summary and choice. */
const question = (page) => page.getByRole('group', { name: 'The file is readable. What should happen?' });

/** Exports from a page and returns the file's text. */
async function exportFrom(page) {
  await openData(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('dicetray-backup.json');
  await expect(status(page), 'said in the snackbar').toHaveText(/as dicetray-backup\.json\./);
  return readFile(await download.path(), 'utf8');
}

test.describe('export and import', () => {
  test('everything goes out as one file and comes back by merging or replacing', async ({ open }) => {
    const first = await open('/#/characters');
    await create(first.page, 'Mira');
    await first.page.getByRole('textbox', { name: 'New facet for Mira' }).fill('Keen Eye');
    await first.page.getByRole('region', { name: 'Mira', exact: true }).getByRole('button', { name: 'Add facet' }).click();
    await first.page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();
    const text = await exportFrom(first.page);
    const file = JSON.parse(text);
    expect(file.app).toBe('dicetray');
    // The roster is [next id, active, characters]; a character is [id, name, ...].
    expect(file.documents['dicetray.characters'].data[2][0][1]).toBe('Mira');
    await first.context.close();

    // A second device with its own character: merge keeps it and adds Mira.
    const second = await open('/#/characters');
    await create(second.page, 'Tor');
    await openData(second.page);
    await second.page.getByLabel('Import a file').setInputFiles({ name: 'dicetray-backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    // The summary and the choice are a dialogue: they stay on the page, not in the snackbar.
    await question(second.page).waitFor();
    await expect(question(second.page)).toHaveText(/Characters: 1 new of 1 in the file/);
    await second.page.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(status(second.page), 'merged').toHaveText(/Imported/);
    await expect(question(second.page), 'answered').toHaveCount(0);
    await second.page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    await second.page.getByRole('heading', { name: 'Tor', level: 2 }).waitFor();
    await openCard(second.page, 'Mira');
    await second.page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();

    // Replace: only the file's characters remain, after a reload too.
    await second.page.getByLabel('Import a file').setInputFiles({ name: 'dicetray-backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await question(second.page).waitFor();
    await second.page.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(second.page.getByRole('heading', { level: 2, name: 'Tor' }), 'Tor replaced').toHaveCount(0);
    await second.page.reload();
    await second.page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    await expect(second.page.getByRole('heading', { name: 'Tor', level: 2 })).toHaveCount(0);
    await second.context.close();
  });

  test('a bad, truncated, huge or foreign file is refused and nothing changes', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await create(page, 'Mira');
    const stored = () => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    const untouched = await stored();
    // Opening the fold is the player's own change, kept in the settings (the folds left
    // open); it touches no other document.
    await openData(page);
    const before = await stored();
    const changed = Object.keys(before).filter((key) => before[key] !== untouched[key]);
    expect(changed, 'opening the fold changes only the settings').toEqual(['dicetray.settings']);
    // Exporting keeps its time in the settings (shown in Your data), and changes nothing else.
    const good = await exportFrom(page);
    const exported = await stored();
    const exportChanged = Object.keys(exported).filter((key) => exported[key] !== before[key]);
    expect(exportChanged, 'exporting changes only the settings').toEqual(['dicetray.settings']);
    // From here every document an import could write (the ones an export holds, settings
    // among them) must stay byte for byte as it is: refusing changes nothing.
    for (const [content, reason] of [
      ['{"app": "someone else", "format": 1, "exported_at": 1, "documents": {}}', /not made by Dicetray/],
      [good.slice(0, good.length / 2), /cut short or damaged/],
      ['<script>alert(1)</script>', /not a Dicetray file/],
      [' '.repeat(6 * 1024 * 1024), /too large \(6144 KB/],
    ]) {
      await page.getByLabel('Import a file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(content) });
      await expect(status(page), `refused: ${reason}`).toHaveText(reason);
      await expect(status(page), `refused: ${reason}`).toHaveText(/Nothing was changed/);
      await expect(question(page), 'no choice offered').toHaveCount(0);
    }
    expect(await stored(), 'storage untouched by the refused files').toEqual(exported);
    // After a reload the character is there as it was.
    await page.reload();
    await page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    await context.close();
  });
});
