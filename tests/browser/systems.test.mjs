// No page of the built app misses a dice system (issue 29, "one list of systems"): the list
// in src/pages.rs (printed by `xtask pages`) is the built static nav (scripts/build-app.mjs
// writes it) and the running app's nav, in the same order and the same places; History's
// filter on every tray names every tray; and the scripts that visit every page (the
// screenshots, Lighthouse, the bench) visit every page of the nav. tests/systems.rs checks
// the same of the app's own code.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.mjs';
import { drawn, linkOpened, newRollShown, shownRollId } from './harness.mjs';
import { openHistory, rollButton } from './narrative-helpers.mjs';
import { builtPages, pagesOfHtml, traySetups } from './pages.mjs';
import { xtask } from '../../scripts/xtask.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The one list, as the app's own code has it. */
const sourcePages = () => JSON.parse(xtask('pages'));

/** Each link of the page's nav: its address, its text, where it is drawn. */
const navLinks = (page) =>
  page.getByRole('navigation', { name: 'Pages' }).getByRole('link').evaluateAll((links) =>
    links.map((a) => {
      const box = a.getBoundingClientRect();
      return { href: a.getAttribute('href'), text: a.textContent.trim(), x: box.x, y: box.y, width: box.width, height: box.height };
    }));

test('the built nav is the list of src/pages.rs, and the page says every tray', () => {
  const source = sourcePages();
  const built = builtPages();
  expect(built, 'dist/index.html\'s nav: every page, in order, trays marked').toEqual(source.map(({ path, title, tray }) => ({ path, title, tray })));
  const html = readFileSync(`${ROOT}dist/index.html`, 'utf8');
  expect(html, 'the brand links to the first page').toContain(`<a class="brand" href="#/${source[0].path}"`);
  // What the static page tells before the app has loaded, and what a search engine reads.
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const intro = /<p class="intro">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  for (const tray of source.filter((p) => p.tray)) {
    expect(description.toLowerCase(), `the page's description names ${tray.title}`).toContain(tray.title.toLowerCase());
    expect(intro.toLowerCase(), `the static shell's intro names ${tray.title}`).toContain(tray.title.toLowerCase());
  }
});

test('the static shell\'s nav is the app\'s nav: the same links, in the same order and places', async ({ phone }) => {
  // The static shell alone: the app's start-up is empty, so the app never comes.
  const shell = await phone();
  await shell.page.route(/\/start\.js$/, (route) => route.fulfill({ body: '', contentType: 'text/javascript' }));
  await shell.page.goto('/#/d6');
  await expect(shell.page.locator('main.loading')).toBeVisible();
  const fromShell = await navLinks(shell.page);
  // The same page once the app has drawn it.
  const app = await phone();
  await app.page.goto('/#/d6');
  await drawn(app.page);
  await expect(app.page.getByRole('navigation', { name: 'Pages' }).locator('a[aria-current="page"]')).toHaveText('Highest d6');
  const fromApp = await navLinks(app.page);

  const built = builtPages();
  const expected = built.map((p) => ({ href: `#/${p.path}`, text: p.title }));
  expect(fromShell.map(({ href, text }) => ({ href, text })), 'the static shell\'s nav, as built').toEqual(expected);
  expect(fromApp.map(({ href, text }) => ({ href, text })), 'the app\'s nav').toEqual(expected);
  // Nothing moves when the app takes the shell's place.
  for (const [i, link] of fromApp.entries()) {
    for (const key of ['x', 'y', 'width', 'height']) {
      expect(Math.abs(link[key] - fromShell[i][key]), `${link.text}: ${key} ${fromShell[i][key]} in the shell, ${link[key]} in the app`).toBeLessThanOrEqual(1);
    }
  }
  // Every page has its tab in the one row.
  expect(new Set(fromApp.map((link) => Math.round(link.y))).size, `the nav's links in one row: ${JSON.stringify(fromApp.map((l) => l.y))}`).toBe(1);
});

test('after a roll on each tray, History\'s filter on every tray names every tray and All', async ({ open }) => {
  const trays = sourcePages().filter((p) => p.tray);
  expect(trays.map((t) => t.path), 'the built trays are the list\'s').toEqual(builtPages().filter((p) => p.tray).map((p) => p.path));
  // A tray whose Roll needs a pool opens with one; the others roll as they open.
  const setups = traySetups({ narrative: '/#/narrative?pool=2g1p' }, 'systems.test.mjs');
  const { page } = await open('/#/characters');
  for (const [, path] of setups) {
    await page.goto(path);
    await drawn(page);
    if (path.includes('?')) await linkOpened(page);
    const before = await shownRollId(page);
    await rollButton(page).click();
    await newRollShown(page, before, `a roll on ${path}`);
  }
  for (const tray of trays) {
    await page.goto(`/#/${tray.path}`);
    await drawn(page);
    const history = await openHistory(page);
    const chips = history.getByRole('list', { name: 'Show the rolls of' }).getByRole('button');
    // This tray's first, then the others in the nav's order, then All; one roll each.
    const others = trays.filter((t) => t !== tray);
    await expect(chips, `History's filter on ${tray.path}`).toHaveText([
      `${tray.short_title} (1)`,
      ...others.map((t) => `${t.short_title} (1)`),
      `All (${trays.length})`,
    ]);
    // Its own chip is pressed, and shows its one roll.
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(history.getByRole('list', { name: 'Rolls', exact: true }).locator(':scope > li')).toHaveCount(1);
  }
});

test('the screenshots, Lighthouse and the bench each visit every page of the nav', () => {
  const paths = builtPages().map((p) => p.path);
  for (const script of ['scripts/screenshots.mjs', 'tools/lighthouse/run.mjs', 'tests/browser/bench.mjs']) {
    const listed = execFileSync('node', [script, '--list'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(listed.trim().split('\n'), `node ${script} --list`).toEqual(paths);
  }
});

test('the built nav is read as it is written, and anything else is refused', () => {
  const html = '<ul class="tabs"><!-- nav --><li><a href="#/a1" data-tray>A &amp; B</a></li><li><a href="#/b">B</a></li><!-- /nav --></ul>';
  expect(pagesOfHtml(html)).toEqual([
    { path: 'a1', title: 'A & B', tray: true },
    { path: 'b', title: 'B', tray: false },
  ]);
  expect(() => pagesOfHtml('<ul class="tabs"><li><a href="#/a">A</a></li></ul>')).toThrow(/no built nav/);
  expect(() => pagesOfHtml('<!-- nav --><li><a href="/a">A</a></li><!-- /nav -->')).toThrow(/not a list/);
});
