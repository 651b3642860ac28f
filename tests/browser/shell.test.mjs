// The app shell in a real browser: sub-path hosting, hash routes, and the quality bar for a
// phone (accessible names, tap targets, no sideways scroll, dark mode, reduced motion).
import { expect, test as base } from './fixtures.mjs';
import { drawn, linkOpened, readText, ready, SCREENSHOTS, settled, SUB_PATH } from './harness.mjs';
import { ABSOLUTE_DIST, startServer } from './server.mjs';
import {
  dock, notation, openAdded, openFold, openHistory, openOdds, openResult, openShare, result, roll, rollButton, savePool,
} from './narrative-helpers.mjs';
import { builtPages } from './pages.mjs';

const test = base.extend({
  /** A fresh phone at `path` on the test server, as soon as the page loads (not drawn yet). */
  visit: async ({ phone }, use) => {
    await use(async (path, options = {}) => {
      const { context, page } = await phone(options);
      await page.goto(path);
      return { context, page };
    });
  },
});

/** Controls the accessibility tree exposes without a name, from Chromium itself. */
async function unnamedControls(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const roles = new Set(['button', 'link', 'textbox', 'checkbox', 'combobox', 'listbox', 'spinbutton', 'radio', 'switch']);
  return nodes
    .filter((n) => !n.ignored && roles.has(n.role?.value) && !(n.name?.value ?? '').trim())
    .map((n) => n.role.value);
}

test.describe('app shell', () => {
  test('the page paints its static shell before the WebAssembly is fetched', async ({ visit }) => {
    const { context, page } = await visit('/#/d6');
    await page.getByRole('button', { name: 'Add die' }).waitFor({ timeout: 15000 });
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      // On a first visit the main module comes in the page's pack (scripts/build-app.mjs).
      wasm: performance.getEntriesByType('resource').find((r) => /(_bg|\/pack_[a-z0-9]+)\.wasm$/.test(r.name))?.startTime,
    }));
    expect(timing.paint !== undefined && timing.wasm !== undefined, JSON.stringify(timing)).toBeTruthy();
    expect(timing.paint < timing.wasm, `first paint ${timing.paint} ms, wasm asked for at ${timing.wasm} ms`).toBeTruthy();
    // The shell is gone once the app has taken over: one header, one main.
    await expect(page.locator('header')).toHaveCount(1);
    await expect(page.locator('main.loading')).toHaveCount(0);
    await context.close();
  });

  test('a start that stalls says so in the shell after 12 s, and the note goes when the app comes', async ({ phone }) => {
    // The glue and every WebAssembly request held unanswered, as on a signal that has dropped
    // mid-load; kept, to be let through once the note is checked.
    const { context, page } = await phone({ serviceWorkers: 'block' });
    const held = [];
    let released = false;
    await page.route(/(\.wasm|dicetray\.js)$/, (route) => (released ? route.continue() : held.push(route)));
    await page.goto('/#/d6');
    const note = page.getByRole('alert').filter({ hasText: 'The dice are slow to arrive' });
    // The start-up script waits 12 s (START_SLOW_MS in scripts/build-app.mjs) before saying so.
    await note.waitFor({ timeout: 30000 });
    await expect(page.locator('main.loading'), 'still the static shell').toHaveCount(1);
    const reload = page.getByRole('button', { name: 'Reload', exact: true });
    const box = await reload.boundingBox();
    expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
    expect(box.y + box.height, 'on the first screen, where the player is looking').toBeLessThanOrEqual(844);
    await page.screenshot({ path: new URL('start-slow-390x844.png', SCREENSHOTS).pathname });
    // The signal is back: what was held arrives, the app starts, and the note goes with the
    // shell, with no reload.
    await page.evaluate(() => (window.sameDocument = true));
    released = true;
    for (const route of held) await route.continue();
    await drawn(page);
    await expect(page.getByRole('button', { name: 'Add die' })).toBeVisible();
    await expect(note).toHaveCount(0);
    expect(await page.evaluate(() => window.sameDocument), 'the same page, not reloaded').toBe(true);
    await context.close();
  });

  test('a start whose code cannot be fetched says so at once, and Reload then starts the app', async ({ phone }) => {
    const { context, page } = await phone({ serviceWorkers: 'block' });
    await page.route(/\.wasm$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/#/el');
    await expect(page.getByRole('alert')).toHaveText(/Dicetray could not start: its code did not arrive\. Check the connection, then reload\./);
    await expect(page.locator('main.loading'), 'still the static shell').toHaveCount(1);
    // What the browser logged is the failed fetches and the start's own error, nothing else.
    await expect.poll(() => page.errors.length).toBeGreaterThan(0);
    for (const error of page.errors) expect(error).toMatch(/Failed to load resource|TypeError|fetch|WebAssembly/);
    page.errors.length = 0;
    await page.unroute(/\.wasm$/);
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await drawn(page);
    await expect(page.getByRole('spinbutton', { name: 'Effective Level' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not start' })).toHaveCount(0);
    await context.close();
  });

  test("a page whose code stalls says so after 12 s in its outline, and Reload opens it", async ({ phone }) => {
    const { context, page } = await phone({ serviceWorkers: 'block' });
    await page.goto('/#/narrative');
    await ready(page);
    // The Effective Level page's own module, which the narrative page's first load does not
    // bring, left unanswered.
    await page.route(/split_el_page\.wasm$/, () => {});
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Effective Level' }).click();
    const note = page.getByRole('alert').filter({ hasText: 'This page is slow to arrive' });
    await note.waitFor({ timeout: 30000 });
    // No longer busy, so a screen reader says the note.
    await expect(page.locator('.tray-page.skeleton')).toHaveAttribute('aria-busy', 'false');
    const reload = page.getByRole('button', { name: 'Reload', exact: true });
    const box = await reload.boundingBox();
    expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
    expect(box.y + box.height, 'on the first screen, where the player is looking').toBeLessThanOrEqual(844);
    await page.screenshot({ path: new URL('page-slow-390x844.png', SCREENSHOTS).pathname });
    // A reload of #/el fetches that page's own pack, which holds the stalled module.
    await reload.click();
    await drawn(page);
    await expect(page.getByRole('spinbutton', { name: 'Effective Level' })).toBeVisible();
    await expect(note).toHaveCount(0);
    await context.close();
  });

  test('the built app works under a sub-path, deep links included', async ({ visit, origin }) => {
    const { context, page } = await visit(SUB_PATH);
    await ready(page);
    await page.getByRole('button', { name: 'Add ability die' }).click();
    await roll(page);
    await expect(result(page), 'roll').toHaveText(/Success|Failure/);
    // The rare code (History, here) comes from under the sub-path too.
    await openHistory(page);
    await page.getByRole('region', { name: 'History' }).locator('.history-list > li').first().waitFor();
    await page.goto(`${origin}${SUB_PATH}#/narrative?pool=1y1r`);
    await expect(notation(page), 'share link under the sub-path').toHaveText('1y1r');
    expect(new URL(page.url()).pathname, 'still under the sub-path').toBe(SUB_PATH);
    expect(new URL(page.url()).hash, 'the address cleaned').toBe('#/narrative');
    await context.close();
  });

  test('a build for an absolute public URL loads and runs', async ({ phone }) => {
    const { server, origin } = await startServer(0, ABSOLUTE_DIST);
    try {
      const { context, page } = await phone();
      await page.goto(`${origin}${SUB_PATH}#/narrative?pool=2g`);
      await ready(page);
      await expect(notation(page), 'share link').toHaveText('2g');
      // A roll and a panel of rare code (saved pools) load from the absolute URL too.
      await roll(page);
      await expect(result(page), 'roll').toHaveText(/Success|Failure/);
      await openFold(page, 'Saved pools');
      await page.getByRole('region', { name: 'Saved pools' }).waitFor();
      const html = await (await fetch(`${origin}${SUB_PATH}`)).text();
      expect(html, 'absolute URLs in the built page').toMatch(/href="\/dicetray\/[^"]+\.css"/);
      await context.close();
    } finally {
      server.close();
    }
  });

  test('headings never skip a level, on every route', async ({ visit }) => {
    for (const { path, tray } of builtPages()) {
      const route = `#/${path}`;
      const { context, page } = await visit(`/${route}`);
      await drawn(page);
      const rollNow = rollButton(page);
      if ((await rollNow.count()) > 0 && (await rollNow.first().isEnabled())) await rollNow.first().click();
      // Headings in the folds count too: open History, which every tray has.
      if (tray) await openHistory(page);
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
      );
      expect(levels.filter((l) => l === 1).length, `one h1 on ${route}`).toBe(1);
      expect(levels[0], `the first heading is the h1 on ${route}`).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level <= levels[i - 1] + 1, `${route}: h${levels[i - 1]} then h${level}`).toBeTruthy();
      });
      await context.close();
    }
  });

  test('each tray has its own hash route and the nav marks the current one', async ({ visit }) => {
    const { context, page } = await visit(`${SUB_PATH}#/el`);
    await page.getByRole('heading', { name: 'Effective Level' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await expect(nav.getByRole('link', { name: 'Effective Level' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/^Effective Level · Dicetray$/);
    await page.getByRole('spinbutton', { name: 'Effective Level' }).waitFor();
    await nav.getByRole('link', { name: 'Highest d6' }).click();
    await page.getByRole('heading', { name: 'Highest d6' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/d6');
    await nav.getByRole('link', { name: 'Characters' }).click();
    await page.getByRole('heading', { name: 'Characters', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/characters');
    await nav.getByRole('link', { name: 'Narrative dice' }).click();
    await ready(page);
    await context.close();
  });

  test('an unknown route says so and shows the narrative tray', async ({ visit }) => {
    const { context, page } = await visit('/#/nowhere');
    await ready(page);
    await expect(page.getByRole('alert'), 'notice').toHaveText(/no page “nowhere”/);
    await context.close();
  });

  test('the skip link moves focus to the tray without changing the route', async ({ visit }) => {
    const { context, page } = await visit('/#/narrative');
    await ready(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the tray' });
    expect(await skip.evaluate((el) => el === document.activeElement), 'first Tab stop').toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement.tagName)).toBe('MAIN');
    expect(new URL(page.url()).hash).toBe('#/narrative');
    await expect(page.getByRole('button', { name: 'Dismiss' }), 'no notice').toHaveCount(0);
    await context.close();
  });

  test('a pool in a link to another tray leaves the narrative tray alone', async ({ visit, origin }) => {
    const { context, page } = await visit('/');
    await ready(page);
    await page.getByRole('button', { name: 'Add boost die' }).click();
    await page.goto(`${origin}/#/d6?pool=5g`);
    await page.getByRole('heading', { name: 'Highest d6' }).waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Narrative dice' }).click();
    await ready(page);
    await expect(notation(page)).toHaveText('1b');
    await context.close();
  });

  test('every control has an accessible name', async ({ visit }) => {
    const { context, page } = await visit('/');
    await ready(page);
    await page.getByRole('button', { name: 'Add ability die' }).click();
    await page.getByRole('button', { name: 'Add difficulty die' }).click();
    await openAdded(page);
    await openFold(page, 'Story points');
    await openShare(page);
    await page.getByRole('button', { name: 'Show the link to this pool as a QR code' }).click();
    await savePool(page, 'Check');
    await page.getByRole('button', { name: 'Load Check' }).waitFor();
    await roll(page);
    await openHistory(page);
    await page.getByRole('region', { name: 'History' }).locator('.history-list > li').first().waitFor();
    await openResult(page);
    expect(await unnamedControls(page), 'with the result open').toEqual([]);
    await openOdds(page);
    expect(await unnamedControls(page), 'with the odds open').toEqual([]);
    await dock(page).getByRole('button', { name: 'Real dice' }).click();
    await page.getByRole('region', { name: 'Real dice' }).waitFor();
    expect(await unnamedControls(page), 'with real dice open').toEqual([]);
    await context.close();
  });

  test('tap targets are at least 44 px and nothing scrolls sideways, 360 to 430 wide', async ({ visit }) => {
    for (const width of [360, 390, 430]) {
      const { context, page } = await visit('/', { viewport: { width, height: 844 } });
      await ready(page);
      await page.getByRole('button', { name: 'Add proficiency die' }).click();
      await openAdded(page);
      await openFold(page, 'Story points');
      await openShare(page);
      await savePool(page, 'Check');
      await page.getByRole('button', { name: 'Load Check' }).waitFor();
      await roll(page);
      await openHistory(page);
      await page.getByRole('region', { name: 'History' }).locator('.history-list > li').first().waitFor();
      await openResult(page);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('button, input, summary, nav a')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent.trim()} ${box.width}x${box.height}`),
      );
      expect(small, `targets under 44 px at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `no horizontal scroll at ${width} px`).toBe(0);
      await context.close();
    }
  });

  test('dark mode follows the system', async ({ visit }) => {
    const background = async (scheme) => {
      const { context, page } = await visit('/', { colorScheme: scheme });
      await ready(page);
      const colour = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      if (scheme === 'dark') {
        await page.getByRole('button', { name: 'Add challenge die' }).click();
        await roll(page);
        await dock(page).locator('.dock-result .headline').waitFor();
        await settled(page);
        await page.screenshot({ path: new URL('tray-dark.png', SCREENSHOTS).pathname });
      }
      await context.close();
      return colour;
    };
    const light = await background('light');
    const dark = await background('dark');
    expect(light).not.toBe(dark);
    const brightness = (rgb) => rgb.match(/\d+/g).slice(0, 3).reduce((a, b) => a + Number(b), 0);
    expect(brightness(dark) < brightness(light), `${dark} is darker than ${light}`).toBeTruthy();
  });

  test('reduced motion turns the roll animation off', async ({ visit }) => {
    const animation = async (reducedMotion) => {
      const { context, page } = await visit('/', { reducedMotion });
      await ready(page);
      await page.getByRole('button', { name: 'Add ability die' }).click();
      await roll(page);
      const face = page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').first();
      await face.waitFor();
      const name = await face.evaluate((el) => getComputedStyle(el.querySelector('.die')).animationName);
      await context.close();
      return name;
    };
    expect(await animation('no-preference')).toBe('land');
    expect(await animation('reduce')).toBe('none');
  });

  test('turned sideways (844x390), every tray has two columns: Roll and the outcome on screen beside the controls', async ({ visit }) => {
    for (const [path, prepare] of [
      ['/#/narrative?pool=2g1y2p1k', null],
      ['/#/d6?dice=3', null],
      ['/#/el?roll=el+8+vs+5+opposed', null],
    ]) {
      const { context, page } = await visit(path, { viewport: { width: 844, height: 390 } });
      await drawn(page);
      // Measured with the link's pool in the tray, as the player sees it once it is open.
      await linkOpened(page);
      if (prepare) await prepare(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const viewport = page.viewportSize();
      const onScreen = async (locator) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
      };
      const bar = await dock(page).boundingBox();
      const controls = await page.locator('.tray-page > :first-child').boundingBox();
      expect(bar.x > viewport.width / 2 - 60, `${path}: the roll bar is the right-hand column (x ${bar.x})`).toBeTruthy();
      expect(controls.x + controls.width <= bar.x + 1, `${path}: the controls are on its left`).toBeTruthy();
      expect(await onScreen(rollButton(page)), `${path}: Roll on the first screen`).toBeTruthy();
      await rollButton(page).click();
      const headline = page.getByRole('region', { name: 'Result' }).locator('.headline');
      await headline.waitFor();
      expect(await page.evaluate(() => window.scrollY), `${path}: nothing scrolled`).toBe(0);
      expect(await onScreen(headline), `${path}: the outcome on screen after Roll`).toBeTruthy();
      expect(await onScreen(rollButton(page)), `${path}: Roll still on screen after it`).toBeTruthy();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path}: no sideways scroll`).toBe(0);
      await context.close();
    }
  });
});
