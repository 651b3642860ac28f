// The app's pages as the build wrote them: the static nav in the built index.html, which
// scripts/build-app.mjs writes from the app's one list of pages (src/pages.rs). Scripts and
// tests that visit every page, or every tray, read it here rather than keep a list of their
// own, so a page added to the app is visited (and a script that has no set-up for it says so).
//
//   import { builtPages } from './pages.mjs';
//   builtPages()            // [{ path: 'narrative', title: 'Narrative dice', tray: true }, ...]
//   builtPages('target/dist-unsplit')
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ENTITIES[name]);

/**
 * Reads the pages from a built index.html's text: each `<li><a href="#/PATH" [data-tray]>
 * TITLE</a></li>` between the nav's `<!-- nav -->` and `<!-- /nav -->`, in order.
 */
export function pagesOfHtml(html, where = 'index.html') {
  const nav = /<!-- nav -->([\s\S]*?)<!-- \/nav -->/.exec(html);
  if (!nav) throw new Error(`${where} has no built nav (<!-- nav -->...<!-- /nav -->): build it first (trunk build --release)`);
  const pages = [];
  const link = /<li><a href="#\/([a-z0-9]+)"( data-tray)?>([^<]*)<\/a><\/li>/g;
  let rest = nav[1];
  for (const found of nav[1].matchAll(link)) {
    pages.push({ path: found[1], title: unescape(found[3]), tray: Boolean(found[2]) });
    rest = rest.replace(found[0], '');
  }
  if (rest.trim() !== '' || pages.length === 0) {
    throw new Error(`${where}: its nav is not a list of <li><a href="#/PATH">TITLE</a></li> (scripts/build-app.mjs writes it): ${nav[1].slice(0, 200)}`);
  }
  return pages;
}

/**
 * The pages in the built site's nav, in the nav's order: `{ path, title, tray }`. `dist` is
 * the built site's folder, relative to the repository (default `dist`) or absolute.
 */
export function builtPages(dist = 'dist') {
  const file = join(isAbsolute(dist) ? dist : join(ROOT, dist), 'index.html');
  let html;
  try {
    html = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no ${file}: build the app first (trunk build --release)`);
  }
  return pagesOfHtml(html, file);
}

/** The built site's trays (the dice systems' pages), in the nav's order. */
export const builtTrays = (dist = 'dist') => builtPages(dist).filter((page) => page.tray);

/**
 * Handles `--list` for a script that visits pages: prints each path, one a line, and exits.
 * Does nothing when the script was not asked to list.
 */
export function listAndExit(paths, argv = process.argv.slice(2)) {
  if (!argv.includes('--list')) return;
  for (const path of paths) console.log(path);
  process.exit(0);
}

/**
 * Each built tray with what a script or test sets up for it, in the nav's order:
 * `[[path, setup], ...]`. `setups` is keyed by tray path; a tray with none gets `fallback`
 * (by default its plain address `/#/<path>`, when `fallback` is undefined and `required` is
 * false). With `required`, a tray that has no set-up throws, naming it and `where`, so a
 * tray added to the app is never passed over; so does a set-up for no tray, always.
 */
export function traySetups(setups, where, { required = false, fallback, dist = 'dist' } = {}) {
  const trays = builtTrays(dist).map((p) => p.path);
  const stale = Object.keys(setups).filter((path) => !trays.includes(path));
  if (stale.length) throw new Error(`${where}: set-ups for ${stale.join(', ')}, which the built nav has no tray for`);
  const missing = trays.filter((path) => !(path in setups));
  if (required && missing.length) throw new Error(`${where}: no set-up for the tray(s) ${missing.join(', ')}: add one for each`);
  return trays.map((path) => [path, path in setups ? setups[path] : (fallback ?? `/#/${path}`)]);
}
