// Offline use, installability and safety in a real browser at 390x844: the service worker
// serves the app with no network, a new version is offered, no request leaves the page's
// origin, the CSP stops injected script, and names holding HTML are shown as text.
import { expect, test as base } from './fixtures.mjs';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawn, historyEntries, ready } from './harness.mjs';
import { startServer } from './server.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

const test = base.extend({
  /** Loads the app from `at` (the test server) and waits until its service worker controls the page. */
  installed: async ({ phone, origin }, use) => {
    await use(async (at = origin) => {
      const { context, page } = await phone();
      await page.goto(at + '/');
      await ready(page);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
      });
      return { context, page };
    });
  },
});

/** The shown roll's words, from the live region of the result in the roll dock (every tray's). */
const shownResult = (page) => page.locator('#dock-result').getByRole('status').first();

test.describe('offline, installable, safe', () => {
  test('after one visit the app loads and rolls in every tray with no network', async ({ origin, installed }) => {
    const { context, page } = await installed();
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    await tap(page, 'Add ability die');
    await tap(page, 'Roll');
    await expect(shownResult(page), 'narrative roll offline').toHaveText(/(Success|Failure)/);
    await page.goto(origin + '/#/d6');
    await page.getByRole('button', { name: 'Add die' }).waitFor();
    await tap(page, 'Roll');
    await expect(shownResult(page), 'd6 roll offline').toHaveText(/(Triumph|Success|Costly success|Failure|Catastrophe)/);
    await page.goto(origin + '/#/el');
    await page.getByRole('spinbutton', { name: 'Effective Level' }).waitFor();
    await tap(page, 'Roll');
    await expect(shownResult(page), 'EL roll offline').toHaveText(/(Effect \d+|No effect)/);
    await page.goto(origin + '/#/characters');
    await page.getByRole('heading', { name: 'Characters', level: 1 }).waitFor();
    await context.close();
  });

  test('a first visit fetches its page in one pack; later visits and a broken pack, module by module', async ({ phone, installed }) => {
    const app = (await readdir(DIST)).find((name) => name.startsWith('app-'));
    const wasmFetched = (page) => {
      const names = [];
      page.on('requestfinished', (request) => {
        const name = new URL(request.url()).pathname.split('/').pop();
        if (name.endsWith('.wasm')) names.push(name);
      });
      return names;
    };
    // A first visit: the EL tray's modules, the main one among them, in its one pack.
    {
      const { context, page } = await phone();
      const names = wasmFetched(page);
      await page.goto('/#/el');
      await drawn(page);
      await page.getByRole('spinbutton', { name: 'Effective Level' }).waitFor();
      expect(names[0]).toBe('pack_el.wasm');
      // A pack's parts, by their custom sections' names (id 0, size, name, bytes).
      const partsOf = async (file) => {
        const pack = await readFile(join(DIST, app, file));
        const parts = [];
        const leb = (at) => {
          let value = 0;
          let shift = 0;
          for (;;) {
            const byte = pack[at.i++];
            value += (byte & 0x7f) * 2 ** shift;
            shift += 7;
            if (!(byte & 0x80)) return value;
          }
        };
        for (const at = { i: 8 }; at.i < pack.length; ) {
          expect(pack[at.i++], 'only custom sections').toBe(0);
          const size = leb(at);
          const end = at.i + size;
          const length = leb(at);
          parts.push(pack.subarray(at.i, at.i + length).toString('utf8'));
          at.i = end;
        }
        return parts;
      };
      const parts = await partsOf('pack_el.wasm');
      expect(parts).toContain('dicetray_bg.wasm');
      expect(parts).toContain('split_el_page.wasm');
      // Once idle, what the tray does next (its soon module, History's writer) in its idle
      // pack, fetched once; none of either pack's modules fetched apart.
      const idle = await partsOf('pack_el_idle.wasm');
      expect(idle).toContain('split_el_soon.wasm');
      expect(idle).toContain('split_history_store.wasm');
      expect(idle.filter((n) => parts.includes(n)), 'nothing in both packs').toEqual([]);
      await expect.poll(() => names.filter((n) => n === 'pack_el_idle.wasm').length, { message: 'the idle pack, once' }).toBe(1);
      await expect(page.locator('.coach').first(), 'the hints, from the idle pack').toHaveText(/\d/);
      expect(names.filter((n) => parts.includes(n) || idle.includes(n)), 'no module of a pack fetched apart').toEqual([]);
      await context.close();
    }
    // A pack that does not arrive whole: the modules come one by one and the tray works.
    {
      const overrides = { [`/${app}/pack_narrative.wasm`]: 'not a pack' };
      const { server, origin } = await startServer(0, undefined, overrides);
      try {
        const { context, page } = await phone();
        const names = wasmFetched(page);
        await page.goto(origin + '/#/narrative');
        await ready(page);
        await tap(page, 'Add ability die');
        await tap(page, 'Roll');
        await expect(shownResult(page)).toHaveText(/(Success|Failure)/);
        expect(names).toContain('dicetray_bg.wasm');
        expect(names).toContain('split_narrative_page.wasm');
        await context.close();
      } finally {
        server.close();
      }
    }
    // Once the service worker holds the build, no pack: each module from its cache.
    {
      const { context, page } = await installed();
      const names = wasmFetched(page);
      await page.reload();
      await ready(page);
      expect(names.some((n) => n.startsWith('pack_')), names.join(' ')).toBeFalsy();
      expect(names).toContain('dicetray_bg.wasm');
      await context.close();
    }
  });

  test('the service worker precaches exactly the build, and the manifest makes it installable', async ({ origin }) => {
    const sw = await readFile(new URL('../../dist/sw.js', import.meta.url), 'utf8');
    const files = JSON.parse(sw.match(/const FILES = (\[.*\]);/)[1]);
    // Exactly the built files: every file in dist/ but the worker itself and the pages'
    // packs (a first visit's copies of modules listed apart), the page as './'.
    const built = (await readdir(new URL('../../dist/', import.meta.url), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name !== 'sw.js' && !/^pack_[a-z0-9]+(_idle)?\.wasm$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => relative(fileURLToPath(new URL('../../dist/', import.meta.url)), path).split(sep).join('/'))
      .map((path) => (path === 'index.html' ? './' : `./${path}`));
    expect([...files].sort()).toEqual(built.sort());
    expect(files.includes('./'), 'the page').toBeTruthy();
    expect(files.some((f) => /_bg\.wasm$/.test(f)), 'the wasm').toBeTruthy();
    expect(files.includes('./public/manifest.webmanifest')).toBeTruthy();
    expect(!files.includes('./sw.js'), 'not itself').toBeTruthy();
    const manifest = await (await fetch(`${origin}/public/manifest.webmanifest`)).json();
    expect(manifest.display).toBe('standalone');
    expect(manifest.name && manifest.theme_color && manifest.background_color).toBeTruthy();
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size);
      expect(icon, `a ${size} icon`).toBeTruthy();
      const response = await fetch(`${origin}/public/${icon.src}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });

  test('a new version is announced and applied on a tap', async ({ installed }) => {
    // A server of its own, whose sw.js can be swapped as a new deployment would.
    const overrides = {};
    const { server, origin } = await startServer(0, undefined, overrides);
    try {
      const { context, page } = await installed(origin);
      const current = await (await fetch(`${origin}/sw.js`)).text();
      overrides['/sw.js'] = current.replace(/dicetray-[0-9a-f]+/, 'dicetray-next');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      const reload = page.getByRole('button', { name: 'Reload to update' });
      await reload.waitFor({ timeout: 15000 });
      await expect(page.locator('#update-ready')).toHaveText(/A new version of Dicetray is ready/);
      await Promise.all([page.waitForEvent('load'), reload.click()]);
      await ready(page);
      await expect.poll(() => page.evaluate(() => caches.keys()), { message: 'old caches dropped' }).toEqual(['dicetray-next']);
      await context.close();
    } finally {
      server.close();
    }
  });

  test('a new deployment never mixes two builds: a tray first opened after it still opens', async ({ installed }) => {
    // The next build, as a deployment would put it: its modules in a folder of their own
    // (named after their contents), its page and worker naming that folder.
    const next = await mkdtemp(join(tmpdir(), 'dicetray-next-'));
    await cp(DIST, next, { recursive: true });
    const [folder] = (await readdir(next)).filter((name) => /^app-[0-9a-f]{16}$/.test(name));
    expect(folder, 'the build has its app folder').toBeTruthy();
    const nextFolder = 'app-0123456789abcdef';
    await rename(join(next, folder), join(next, nextFolder));
    for (const file of ['index.html', 'sw.js']) {
      const text = await readFile(join(next, file), 'utf8');
      const swapped = text.replaceAll(folder, nextFolder).replace(/dicetray-[0-9a-f]{16}/, 'dicetray-0123456789abcdef');
      await writeFile(join(next, file), swapped);
    }
    const { server, origin, deploy } = await startServer(0);
    try {
      // A player opens the narrative tray only, and keeps the page open...
      const { context, page } = await installed(origin);
      const fetched = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      // ...while the next build is deployed: the first build's files are gone from the host.
      deploy(next);
      await page.goto(origin + '/#/d6');
      await page.getByRole('button', { name: 'Add die' }).waitFor();
      await tap(page, 'Roll');
      await expect(shownResult(page), 'd6 rolls on the first build').toHaveText(/(Triumph|Success|Costly success|Failure|Catastrophe)/);
      expect(fetched.some((path) => path.includes(`${folder}/split_d6_page`)), 'the tray came from its own build').toBeTruthy();
      expect(!fetched.some((path) => path.includes(nextFolder)), 'nothing of the next build mixed in').toBeTruthy();
      // The update is offered; taken, the page runs the next build whole.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      const reload = page.getByRole('button', { name: 'Reload to update' });
      await reload.waitFor({ timeout: 15000 });
      await Promise.all([page.waitForEvent('load'), reload.click()]);
      await page.goto(origin + '/#/el');
      await page.getByRole('spinbutton', { name: 'Effective Level' }).waitFor();
      await tap(page, 'Roll');
      await expect(shownResult(page), 'EL rolls on the next build').toHaveText(/\S/);
      expect(fetched.some((path) => path.includes(`${nextFolder}/split_el_page`)), 'the next build\'s tray').toBeTruthy();
      await expect.poll(() => page.evaluate(() => caches.keys()), { message: 'only the next build cached' }).toEqual(['dicetray-0123456789abcdef']);
      await context.close();
    } finally {
      server.close();
      await rm(next, { recursive: true, force: true });
    }
  });

  test('no request ever leaves the page origin', async ({ phone, origin }) => {
    const { context, page } = await phone();
    const elsewhere = [];
    context.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.goto(origin + '/');
    await ready(page);
    await tap(page, 'Add proficiency die');
    await tap(page, 'Roll');
    const titles = { '/#/d6': 'Highest d6', '/#/el': 'Effective Level', '/#/characters': 'Characters' };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(origin + path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await drawn(page);
    }
    await page.goto(origin + '/#/el');
    await tap(page, 'Roll');
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  test('the CSP stops injected script, and names holding HTML show as text', async ({ phone, origin }) => {
    const { context, page } = await phone();
    await page.goto(origin + '/#/characters');
    await drawn(page);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    // Scripts only from the page's own origin, and no inline script at all: not even a hash.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    await expect(page.locator('script:not([src])'), 'no inline script').toHaveCount(0);
    // An injected inline handler does not run.
    const refused = page.waitForEvent('console', {
      predicate: (message) => message.type() === 'error' && /Content Security Policy/.test(message.text()),
      timeout: 5000,
    });
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.injected = 1" alt="">'));
    await refused;
    expect(await page.evaluate(() => window.injected)).toBe(undefined);
    page.errors = page.errors.filter((e) => !/Content Security Policy/.test(e)); // that refusal is the point
    const hostile = '<img src=x onerror=alert(1)>';
    await page.getByRole('textbox', { name: 'Character name' }).fill(hostile);
    await tap(page, 'Create character');
    await page.getByRole('heading', { name: hostile, level: 2 }).waitFor();
    await page.getByRole('textbox', { name: `New facet for ${hostile}` }).fill('<b>Bold</b>');
    await page.getByRole('region', { name: hostile }).getByRole('button', { name: 'Add facet' }).click();
    await page.getByRole('button', { name: 'Rename <b>Bold</b>' }).waitFor();
    await page.getByRole('textbox', { name: `New role for ${hostile}` }).fill('<i>Role</i>');
    await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill('2');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('button', { name: 'Remove <i>Role</i>' }).waitFor();
    await expect(page.getByRole('spinbutton', { name: 'Rank of <i>Role</i>' })).toHaveValue('2');
    // The snackbar, the card's one line and the rename field show the name as typed, too.
    await expect(page.locator('.snackbar'), 'said as text').toContainText('Added “<b>Bold</b>”.');
    await page.getByRole('button', { name: `Rename ${hostile}` }).click();
    await expect(page.getByRole('textbox', { name: `New name for ${hostile}` })).toHaveValue(hostile);
    await page.getByRole('textbox', { name: `New name for ${hostile}` }).press('Escape');
    await page.getByRole('button', { name: hostile, exact: true }).click();
    await expect(page.getByRole('button', { name: hostile, exact: true })).toHaveAttribute('aria-expanded', 'false');
    const made = () => page.locator('main img, main b, main i').count();
    expect(await made(), 'no element made from a name').toBe(0);
    await page.goto(origin + '/#/d6');
    await page.getByRole('group', { name: 'Rolling for' }).getByRole('button', { name: hostile }).waitFor();
    await page.getByRole('button', { name: '<b>Bold</b> (character, helps)' }).click();
    await expect(page.getByLabel('Pool size'), 'shown as text').toContainText('+ <b>Bold</b>');
    expect(await made()).toBe(0);
    // The Effective Level tray draws its panels from markup: names must stay text there too.
    await page.goto(origin + '/#/el');
    await page.getByRole('radio', { name: 'From character' }).check();
    await page.getByRole('button', { name: '<i>Role</i> +2', exact: true }).click();
    await expect(page.getByLabel('EL sum'), 'role shown as text').toContainText('<i>Role</i> 2');
    expect(await made()).toBe(0);
    // Saved-pool names and roll labels are the player's text too.
    await page.goto(origin + '/#/narrative');
    await page.getByRole('button', { name: 'Add ability die' }).click();
    // Saved pools and History are folded at the tray's foot.
    await page.locator('summary', { hasText: 'Saved pools' }).click();
    await page.getByRole('textbox', { name: 'Pool name' }).fill('<img src=y onerror=alert(2)>');
    await page.getByRole('button', { name: 'Save pool' }).click();
    await page.getByRole('button', { name: 'Load <img src=y onerror=alert(2)>' }).waitFor();
    await page.getByRole('textbox', { name: 'Label for the next rolls' }).fill('<b>Label</b>');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    await page.locator('summary', { hasText: 'History' }).click();
    await expect(historyEntries(page).first(), 'label shown as text').toContainText('<b>Label</b>');
    expect(await made()).toBe(0);
    await context.close();
  });
});
