// The app shell in a real browser: sub-path hosting, hash routes, and the quality bar for a
// phone (accessible names, tap targets, no sideways scroll, dark mode, reduced motion).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawn, eventually, launch, openPhone, ready, SCREENSHOTS, settled, SUB_PATH, textOf } from './harness.mjs';
import { ABSOLUTE_DIST, startServer } from './server.mjs';
import {
  dock, notation, openAdded, openFold, openHistory, openOdds, openResult, openShare, result, roll, rollButton, savePool,
} from './narrative-helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

async function open(path, options = {}) {
  const { context, page } = await openPhone(env.browser, options);
  await page.goto(env.origin + path);
  return { context, page };
}

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

/** Controls the accessibility tree exposes without a name, from Chromium itself. */
async function unnamedControls(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const roles = new Set(['button', 'link', 'textbox', 'checkbox', 'combobox', 'listbox', 'spinbutton', 'radio', 'switch']);
  return nodes
    .filter((n) => !n.ignored && roles.has(n.role?.value) && !(n.name?.value ?? '').trim())
    .map((n) => n.role.value);
}

describe('app shell', () => {
  test('the page paints its static shell before the WebAssembly is fetched', async () => {
    const { context, page } = await open('/#/d6');
    await page.getByRole('button', { name: 'Add die' }).waitFor({ timeout: 15000 });
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      wasm: performance.getEntriesByType('resource').find((r) => r.name.endsWith('_bg.wasm'))?.startTime,
    }));
    assert.ok(timing.paint !== undefined && timing.wasm !== undefined, JSON.stringify(timing));
    assert.ok(timing.paint < timing.wasm, `first paint ${timing.paint} ms, wasm asked for at ${timing.wasm} ms`);
    // The shell is gone once the app has taken over: one header, one main.
    assert.equal(await page.locator('header').count(), 1);
    assert.equal(await page.locator('main.loading').count(), 0);
    noErrors(page);
    await context.close();
  });

  test('the built app works under a sub-path, deep links included', async () => {
    const { context, page } = await open(SUB_PATH);
    await ready(page);
    await page.getByRole('button', { name: 'Add ability die' }).click();
    await roll(page);
    await eventually(result(page), (t) => /Success|Failure/.test(t), 'roll');
    // The rare code (History, here) comes from under the sub-path too.
    await openHistory(page);
    await page.getByRole('region', { name: 'History' }).locator('.history-list > li').first().waitFor();
    await page.goto(`${env.origin}${SUB_PATH}#/narrative?pool=1y1r`);
    await eventually(notation(page), (t) => t === '1y1r', 'share link under the sub-path');
    assert.equal(new URL(page.url()).pathname, SUB_PATH, 'still under the sub-path');
    assert.equal(new URL(page.url()).hash, '#/narrative', 'the address cleaned');
    noErrors(page);
    await context.close();
  });

  test('a build for an absolute public URL loads and runs', async () => {
    const { server, origin } = await startServer(0, ABSOLUTE_DIST);
    try {
      const { context, page } = await openPhone(env.browser);
      await page.goto(`${origin}${SUB_PATH}#/narrative?pool=2g`);
      await ready(page);
      await eventually(notation(page), (t) => t === '2g', 'share link');
      // A roll and a panel of rare code (saved pools) load from the absolute URL too.
      await roll(page);
      await eventually(result(page), (t) => /Success|Failure/.test(t), 'roll');
      await openFold(page, 'Saved pools');
      await page.getByRole('region', { name: 'Saved pools' }).waitFor();
      const html = await (await fetch(`${origin}${SUB_PATH}`)).text();
      assert.match(html, /href="\/dicetray\/[^"]+\.css"/, 'absolute URLs in the built page');
      noErrors(page);
      await context.close();
    } finally {
      server.close();
    }
  });

  test('headings never skip a level, on every route', async () => {
    for (const route of ['#/narrative', '#/d6', '#/el', '#/characters']) {
      const { context, page } = await open(`/${route}`);
      await drawn(page);
      const rollNow = rollButton(page);
      if ((await rollNow.count()) > 0 && (await rollNow.first().isEnabled())) await rollNow.first().click();
      // Headings in the folds count too: open History, which every tray has.
      if (route !== '#/characters') await openHistory(page);
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
      );
      assert.equal(levels.filter((l) => l === 1).length, 1, `one h1 on ${route}`);
      assert.equal(levels[0], 1, `the first heading is the h1 on ${route}`);
      levels.forEach((level, i) => {
        if (i > 0) assert.ok(level <= levels[i - 1] + 1, `${route}: h${levels[i - 1]} then h${level}`);
      });
      noErrors(page);
      await context.close();
    }
  });

  test('each tray has its own hash route and the nav marks the current one', async () => {
    const { context, page } = await open(`${SUB_PATH}#/el`);
    await page.getByRole('heading', { name: 'Effective Level' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Pages' });
    assert.equal(await nav.getByRole('link', { name: 'Effective Level' }).getAttribute('aria-current'), 'page');
    assert.match(await page.title(), /^Effective Level · Dicetray$/);
    await page.getByRole('spinbutton', { name: 'Effective Level' }).waitFor();
    await nav.getByRole('link', { name: 'Highest d6' }).click();
    await page.getByRole('heading', { name: 'Highest d6' }).waitFor();
    assert.equal(new URL(page.url()).hash, '#/d6');
    await nav.getByRole('link', { name: 'Characters' }).click();
    await page.getByRole('heading', { name: 'Characters', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).hash, '#/characters');
    await nav.getByRole('link', { name: 'Narrative dice' }).click();
    await ready(page);
    noErrors(page);
    await context.close();
  });

  test('an unknown route says so and shows the narrative tray', async () => {
    const { context, page } = await open('/#/nowhere');
    await ready(page);
    await eventually(textOf(page.getByRole('alert')), (t) => /no page “nowhere”/.test(t), 'notice');
    noErrors(page);
    await context.close();
  });

  test('the skip link moves focus to the tray without changing the route', async () => {
    const { context, page } = await open('/#/narrative');
    await ready(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the tray' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true, 'first Tab stop');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.tagName), 'MAIN');
    assert.equal(new URL(page.url()).hash, '#/narrative');
    assert.equal(await page.getByRole('button', { name: 'Dismiss' }).count(), 0, 'no notice');
    noErrors(page);
    await context.close();
  });

  test('a pool in a link to another tray leaves the narrative tray alone', async () => {
    const { context, page } = await open('/');
    await ready(page);
    await page.getByRole('button', { name: 'Add boost die' }).click();
    await page.goto(`${env.origin}/#/d6?pool=5g`);
    await page.getByRole('heading', { name: 'Highest d6' }).waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Narrative dice' }).click();
    await ready(page);
    assert.equal(await notation(page)(), '1b');
    noErrors(page);
    await context.close();
  });

  test('every control has an accessible name', async () => {
    const { context, page } = await open('/');
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
    assert.deepEqual(await unnamedControls(page), [], 'with the result open');
    await openOdds(page);
    assert.deepEqual(await unnamedControls(page), [], 'with the odds open');
    await dock(page).getByRole('button', { name: 'Real dice' }).click();
    await page.getByRole('region', { name: 'Real dice' }).waitFor();
    assert.deepEqual(await unnamedControls(page), [], 'with real dice open');
    noErrors(page);
    await context.close();
  });

  test('tap targets are at least 44 px and nothing scrolls sideways, 360 to 430 wide', async () => {
    for (const width of [360, 390, 430]) {
      const { context, page } = await open('/', { viewport: { width, height: 844 } });
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
      assert.deepEqual(small, [], `targets under 44 px at ${width} px`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `no horizontal scroll at ${width} px`);
      noErrors(page);
      await context.close();
    }
  });

  test('dark mode follows the system', async () => {
    const background = async (scheme) => {
      const { context, page } = await open('/', { colorScheme: scheme });
      await ready(page);
      const colour = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      if (scheme === 'dark') {
        await page.getByRole('button', { name: 'Add challenge die' }).click();
        await roll(page);
        await dock(page).locator('.dock-result .headline').waitFor();
        await settled(page);
        await page.screenshot({ path: new URL('tray-dark.png', SCREENSHOTS).pathname });
      }
      noErrors(page);
      await context.close();
      return colour;
    };
    const light = await background('light');
    const dark = await background('dark');
    assert.notEqual(light, dark);
    const brightness = (rgb) => rgb.match(/\d+/g).slice(0, 3).reduce((a, b) => a + Number(b), 0);
    assert.ok(brightness(dark) < brightness(light), `${dark} is darker than ${light}`);
  });

  test('reduced motion turns the roll animation off', async () => {
    const animation = async (reducedMotion) => {
      const { context, page } = await open('/', { reducedMotion });
      await ready(page);
      await page.getByRole('button', { name: 'Add ability die' }).click();
      await roll(page);
      const face = page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').first();
      await face.waitFor();
      const name = await face.evaluate((el) => getComputedStyle(el.querySelector('.die')).animationName);
      await context.close();
      return name;
    };
    assert.equal(await animation('no-preference'), 'land');
    assert.equal(await animation('reduce'), 'none');
  });

  test('turned sideways (844x390), every tray has two columns: Roll and the outcome on screen beside the controls', async () => {
    for (const [path, prepare] of [
      ['/#/narrative?pool=2g1y2p1k', null],
      ['/#/d6?dice=3', null],
      ['/#/el?roll=el+8+vs+5+opposed', null],
    ]) {
      const { context, page } = await open(path, { viewport: { width: 844, height: 390 } });
      await drawn(page);
      if (prepare) await prepare(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const viewport = page.viewportSize();
      const onScreen = async (locator) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
      };
      const bar = await dock(page).boundingBox();
      const controls = await page.locator('.tray-page > :first-child').boundingBox();
      assert.ok(bar.x > viewport.width / 2 - 60, `${path}: the roll bar is the right-hand column (x ${bar.x})`);
      assert.ok(controls.x + controls.width <= bar.x + 1, `${path}: the controls are on its left`);
      assert.ok(await onScreen(rollButton(page)), `${path}: Roll on the first screen`);
      await rollButton(page).click();
      const headline = page.getByRole('region', { name: 'Result' }).locator('.headline');
      await headline.waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0, `${path}: nothing scrolled`);
      assert.ok(await onScreen(headline), `${path}: the outcome on screen after Roll`);
      assert.ok(await onScreen(rollButton(page)), `${path}: Roll still on screen after it`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${path}: no sideways scroll`);
      noErrors(page);
      await context.close();
    }
  });
});
