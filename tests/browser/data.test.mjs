// Export and import in a real browser at 390x844: everything out as one file, back in with a
// summary, merged or replacing; a bad file changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { eventually, launch, openDrawn, textOf } from './harness.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const fresh = (path) => openDrawn(env, path, { acceptDownloads: true });

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
const status = (page) => textOf(page.locator('.snackbar'));
/** The question asked once a file is read, with its summary and choice. */
const question = (page) => page.getByRole('group', { name: 'The file is readable. What should happen?' });

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

/** Exports from a page and returns the file's text. */
async function exportFrom(page) {
  await openData(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'dicetray-backup.json');
  await eventually(status(page), (t) => /as dicetray-backup\.json\./.test(t), 'said in the snackbar');
  return readFile(await download.path(), 'utf8');
}

describe('export and import', () => {
  test('everything goes out as one file and comes back by merging or replacing', async () => {
    const first = await fresh('/#/characters');
    await create(first.page, 'Mira');
    await first.page.getByRole('textbox', { name: 'New facet for Mira' }).fill('Keen Eye');
    await first.page.getByRole('region', { name: 'Mira', exact: true }).getByRole('button', { name: 'Add facet' }).click();
    await first.page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();
    const text = await exportFrom(first.page);
    const file = JSON.parse(text);
    assert.equal(file.app, 'dicetray');
    // The roster is [next id, active, characters]; a character is [id, name, ...].
    assert.equal(file.documents['dicetray.characters'].data[2][0][1], 'Mira');
    noErrors(first.page);
    await first.context.close();

    // A second device with its own character: merge keeps it and adds Mira.
    const second = await fresh('/#/characters');
    await create(second.page, 'Tor');
    await openData(second.page);
    await second.page.getByLabel('Import a file').setInputFiles({ name: 'dicetray-backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    // The summary and the choice are a dialogue: they stay on the page, not in the snackbar.
    await question(second.page).waitFor();
    assert.match(await textOf(question(second.page))(), /Characters: 1 new of 1 in the file/);
    await second.page.getByRole('button', { name: 'Merge', exact: true }).click();
    await eventually(status(second.page), (t) => /Imported/.test(t), 'merged');
    assert.equal(await question(second.page).count(), 0, 'answered');
    await second.page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    await second.page.getByRole('heading', { name: 'Tor', level: 2 }).waitFor();
    await openCard(second.page, 'Mira');
    await second.page.getByRole('button', { name: 'Rename Keen Eye' }).waitFor();

    // Replace: only the file's characters remain, after a reload too.
    await second.page.getByLabel('Import a file').setInputFiles({ name: 'dicetray-backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await question(second.page).waitFor();
    await second.page.getByRole('button', { name: 'Replace', exact: true }).click();
    await eventually(async () => second.page.getByRole('heading', { level: 2, name: 'Tor' }).count(), (n) => n === 0, 'Tor replaced');
    await second.page.reload();
    await second.page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    assert.equal(await second.page.getByRole('heading', { name: 'Tor', level: 2 }).count(), 0);
    noErrors(second.page);
    await second.context.close();
  });

  test('a bad, truncated, huge or foreign file is refused and nothing changes', async () => {
    const { context, page } = await fresh('/#/characters');
    await create(page, 'Mira');
    const stored = () => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    const untouched = await stored();
    // Opening the fold is the player's own change, kept in the settings (the folds left
    // open); it touches no other document.
    await openData(page);
    const before = await stored();
    const changed = Object.keys(before).filter((key) => before[key] !== untouched[key]);
    assert.deepEqual(changed, ['dicetray.settings'], 'opening the fold changes only the settings');
    // From here every document an import could write (the ones an export holds, settings
    // among them) must stay byte for byte as it is: exporting and refusing change nothing.
    const good = await exportFrom(page);
    for (const [content, reason] of [
      ['{"app": "someone else", "format": 1, "exported_at": 1, "documents": {}}', /not made by Dicetray/],
      [good.slice(0, good.length / 2), /cut short or damaged/],
      ['<script>alert(1)</script>', /not a Dicetray file/],
      [' '.repeat(6 * 1024 * 1024), /too large \(6144 KB/],
    ]) {
      await page.getByLabel('Import a file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(content) });
      await eventually(status(page), (t) => reason.test(t) && /Nothing was changed/.test(t), `refused: ${reason}`);
      assert.equal(await question(page).count(), 0, 'no choice offered');
    }
    assert.deepEqual(await stored(), before, 'storage untouched by the refused files');
    // After a reload the character is there as it was.
    await page.reload();
    await page.getByRole('heading', { name: 'Mira', level: 2 }).waitFor();
    noErrors(page);
    await context.close();
  });
});
