// Trunk post-build step, run first: builds the app's WebAssembly split by page and puts it
// into the staged build. Trunk has no split step (the splitter must run between cargo and
// wasm-bindgen, where no Trunk hook reaches), so Trunk keeps the page, the CSS and the
// static files, and this does the Rust part:
//
//  1. cargo builds the app for wasm32 with relocations kept (.cargo/config.toml), which the
//     splitter needs;
//  2. the splitter (wasm_split_cli_support, called as a library by xtask/) cuts the module
//     at the app's split points: a main module (the shell), one module per split point, and
//     chunks that several of them share; its manifest says which files each split point
//     needs. The pages are the split points named `<route>_page` (the route's path in
//     `#/<route>`), so the build keeps no list of pages of its own;
//  3. wasm-bindgen writes the JavaScript glue for the main module (`--keep-lld-exports`
//     keeps what the page modules import from it);
//  4. exports no page calls are dropped (scripts/unused-exports.mjs) and the main module's
//     imports from the glue get short names (scripts/short-imports.mjs; both rewrite the
//     module with walrus, in xtask/), wasm-opt -Oz shrinks every module, esbuild minifies
//     the JavaScript;
//  5. everything goes into `app-<hash>/`, named after its contents, so two builds never
//     mix; `start.js` there starts the app and fetches the opened page's modules beside the
//     main one; index.html gets the tags that load it;
//  6. index.html's static shell gets its nav, a link to each page as the app draws it, and
//     its brand link to the page that opens first, from the app's one list of pages
//     (src/pages.rs, printed by `xtask pages`); every page must have its split point and
//     every page's split point a page.
//
// Prints each module's size. Fails the build on any surprise rather than ship a page that
// cannot start.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { shortenImports } from './short-imports.mjs';
import { shortSourcePaths } from './source-paths.mjs';
import { dropUnusedExports, dropUnusedGlue } from './unused-exports.mjs';
import { wasmOpt } from './wasm-opt.mjs';
import { xtask } from './xtask.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('build-app.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}
const release = process.env.TRUNK_PROFILE !== 'debug';
const publicUrl = (process.env.TRUNK_PUBLIC_URL ?? './').replace(/\/?$/, '/');
const root = new URL('..', import.meta.url).pathname;
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const work = join(target, 'app-build');

/** A split point that is a page: `<route>_page`, for the route `#/<route>`. */
const PAGE_SPLIT = /^([a-z0-9]+)_page$/;
/**
 * Every page, in the nav's order, from the app's own list (src/pages.rs, through `xtask
 * pages`): `{ path, title, short_title, share_key, share_fold, tray }`.
 */
const PAGE_LIST = JSON.parse(xtask('pages'));
if (!Array.isArray(PAGE_LIST) || PAGE_LIST.length === 0 || !PAGE_LIST.every((p) => /^[a-z0-9]+$/.test(p.path) && p.title)) {
  console.error('build-app.mjs: `xtask pages` did not print a list of pages, each with a plain path and a title');
  process.exit(1);
}
/** The page the app opens when the address names none: the list's first (src/pages.rs). */
const DEFAULT_PAGE = PAGE_LIST[0].path;

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

const started = Date.now();
// RUSTFLAGS in the environment would replace every target's flags in .cargo/config.toml,
// the split's relocations among them: the splitter would then fail far from the cause.
if (process.env.RUSTFLAGS || process.env.CARGO_ENCODED_RUSTFLAGS) {
  console.error('build-app.mjs: unset RUSTFLAGS (and CARGO_ENCODED_RUSTFLAGS): the build sets its own flags in .cargo/config.toml');
  process.exit(1);
}
// cargo adds these to the target's flags in .cargo/config.toml (arrays from --config join).
const rustflags = `target.wasm32-unknown-unknown.rustflags=${JSON.stringify(shortSourcePaths())}`;
run('cargo', ['build', '--locked', '--offline', '--target', 'wasm32-unknown-unknown', '--bin', 'dicetray', ...(release ? ['--release'] : []), '--config', rustflags]);
const built = join(target, 'wasm32-unknown-unknown', release ? 'release' : 'debug', 'dicetray.wasm');

await rm(work, { recursive: true, force: true });
const split = join(work, 'split');
const out = join(work, 'out');
await mkdir(out, { recursive: true });
// Beside the split modules, not among them: everything in split/ ships.
const manifestPath = join(work, 'split-manifest.json');
xtask('split', built, split, manifestPath);
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--no-typescript', '--out-dir', out, '--out-name', 'dicetray', join(split, 'dicetray.wasm')]);

// Exports no page calls go before wasm-opt, which then drops their code.
{
  const wasmPath = join(out, 'dicetray_bg.wasm');
  if (dropUnusedExports(wasmPath) === 0) console.warn('build-app.mjs: no unused stream exports found to drop (see scripts/unused-exports.mjs)');
}

// The main module's imports from its glue get short names, in the wasm and in the glue;
// before wasm-opt, whose encoding of the module is then the one that ships.
{
  const wasmPath = join(out, 'dicetray_bg.wasm');
  const gluePath = join(out, 'dicetray.js');
  const short = shortenImports(wasmPath, dropUnusedGlue(await readFile(gluePath, 'utf8')));
  await writeFile(gluePath, short.glue);
}

// The page modules and shared chunks, beside the glue's main module.
for (const name of await readdir(split)) {
  if (name === 'dicetray.wasm') continue;
  await writeFile(join(out, name), await readFile(join(split, name)));
}

// The splitter's loader fetches each module by its URL; it first asks the parts start.js
// took from the opened page's pack (see below), so none of them is fetched twice.
{
  const loaderPath = join(out, '__wasm_split.js');
  const loader = await readFile(loaderPath, 'utf8');
  const fetches = loader.split('fetch(new URL(').length - 1;
  const headerEnd = loader.indexOf('\n') + 1;
  if (fetches === 0 || !loader.startsWith('import ')) {
    console.error('build-app.mjs: the splitter\'s loader no longer fetches modules as `fetch(new URL(...))` after one import line');
    process.exit(1);
  }
  const fetchPart = `
// A module start.js holds (from the opened page's pack) or will fetch in the page's idle
// pack, else fetched alone; fetched alone too if its pack did not come.
function fetchPart(url) {
  const part = globalThis.dicetrayParts?.get(url.href);
  if (part === undefined) return fetch(url);
  globalThis.dicetrayParts.delete(url.href);
  return Promise.resolve(typeof part === 'function' ? part() : part)
    .then((bytes) => bytes ? new Response(bytes, { headers: { 'content-type': 'application/wasm' } }) : fetch(url));
}
`;
  const rewritten = loader.slice(0, headerEnd) + fetchPart + loader.slice(headerEnd).replaceAll('fetch(new URL(', 'fetchPart(new URL(');
  await writeFile(loaderPath, rewritten);
}
const modules = (await readdir(out)).filter((name) => name.endsWith('.wasm'));
if (release) {
  // Two at a time: the machines that build this have two cores.
  const queue = [...modules];
  const optimise = async () => {
    for (let name; (name = queue.shift()); ) {
      await wasmOpt(join(out, name), root);
    }
  };
  await Promise.all([optimise(), optimise()]);
}

// Which modules each page needs: the splitter's manifest lists, for each split point, the
// stems of the files it needs, its own module (`split_<name>`) last; start.js asks for the
// page's own module first.
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
const shipped = new Set(await readdir(out));
const pageFiles = {};
for (const [name, stems] of Object.entries(manifest)) {
  const route = PAGE_SPLIT.exec(name)?.[1];
  if (!route) continue;
  const own = `split_${name}`;
  if (stems.at(-1) !== own) {
    console.error(`build-app.mjs: the splitter's manifest does not end ${name}'s files with its own module ${own}`);
    process.exit(1);
  }
  const files = [own, ...stems.slice(0, -1)].map((stem) => `${stem}.wasm`);
  const missing = files.filter((file) => !shipped.has(file));
  if (missing.length) {
    console.error(`build-app.mjs: ${name} needs ${missing.join(', ')}, which the splitter did not write`);
    process.exit(1);
  }
  pageFiles[route] = files;
}
// Every page is a split point, and every page's split point a page: a page the build did
// not cut out would never start, and a split point named for no page would never be asked.
{
  const paths = new Set(PAGE_LIST.map((p) => p.path));
  const cut = Object.keys(manifest).filter((name) => name.endsWith('_page'));
  const noSplit = PAGE_LIST.filter((p) => !pageFiles[p.path]).map((p) => `${p.path} (no ${p.path}_page)`);
  const noPage = cut.filter((name) => !paths.has(PAGE_SPLIT.exec(name)?.[1]));
  if (noSplit.length || noPage.length) {
    if (noSplit.length) console.error(`build-app.mjs: src/pages.rs lists pages the splitter made no module for: ${noSplit.join(', ')}; each page's code is the split point \`<path>_page\` (src/ui/shell/pages.rs)`);
    if (noPage.length) console.error(`build-app.mjs: the splitter's manifest has page split points that name no page of src/pages.rs: ${noPage.join(', ')}`);
    process.exit(1);
  }
}

// Each page's pack: the main module and every module the page needs, in one file. A page
// needs some 35 modules; apart, each is compressed on its own, and together they compress
// about 7% smaller, in one request instead of 35. The pack is a WebAssembly module made
// only of custom sections, one per module, named after its file: hosts compress it as they
// do the other modules, and the browser reads it with its own parser.
function customSection(name, bytes) {
  const leb = (n) => {
    const out = [];
    do {
      let byte = n & 0x7f;
      n >>>= 7;
      if (n) byte |= 0x80;
      out.push(byte);
    } while (n);
    return Buffer.from(out);
  };
  const title = Buffer.from(name, 'utf8');
  const body = Buffer.concat([leb(title.length), title, bytes]);
  return Buffer.concat([Buffer.from([0]), leb(body.length), body]);
}
for (const [route, files] of Object.entries(pageFiles)) {
  const sections = [];
  for (const file of ['dicetray_bg.wasm', ...files]) sections.push(customSection(file, await readFile(join(out, file))));
  // The parts are read by name, in any order: of a few orders, the one that compresses
  // best (gzip's window is 32 KB, so which parts sit side by side matters a little).
  const orders = [sections, [...sections].reverse(), [...sections].sort((a, b) => b.length - a.length), [...sections].sort((a, b) => a.length - b.length)];
  const packs = orders.map((order) => Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), ...order]));
  const gzipped = packs.map((pack) => gzipSync(pack, { level: 9 }).length);
  await writeFile(join(out, `pack_${route}.wasm`), packs[gzipped.indexOf(Math.min(...gzipped))]);
}

// Each tray's idle pack: what it fetches once it is drawn and idle (its `<path>_soon`
// module and History's writer, `history_store`), less what its page's pack holds. On a
// first visit that is some 75 modules: fetched one by one, each fetch cost the main thread
// a little (about 90 ms in all, traced at 4x CPU: tools/trace-long-tasks.mjs), and each
// was compressed alone. A page with no `_soon` module has none.
const idleFiles = {};
for (const [route, files] of Object.entries(pageFiles)) {
  if (!manifest[`${route}_soon`]) continue;
  const held = new Set(files);
  const wanted = new Set();
  for (const name of [`${route}_soon`, 'history_store']) {
    for (const stem of manifest[name] ?? []) if (!held.has(`${stem}.wasm`)) wanted.add(`${stem}.wasm`);
  }
  idleFiles[route] = [...wanted];
  const sections = [];
  for (const file of wanted) sections.push(customSection(file, await readFile(join(out, file))));
  await writeFile(join(out, `pack_${route}_idle.wasm`), Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), ...sections]));
}

// How long a start may take before the shell says it is slow: a first visit on slow 4G
// draws in about 3.5 s, so this is well past what a working connection needs.
const START_SLOW_MS = 12_000;

// The start-up module: fetch the opened page's modules with the main one, once the static
// shell in index.html has been painted (so the downloads never delay that paint). On a
// first visit they come in the page's pack; once the service worker holds this build's
// files, or if the pack cannot come, one by one (each module fetched once whichever way).
const start = `// Made by scripts/build-app.mjs for one build.
// The browser's offer to install may come before the app has started: kept for its Install
// button (src/ui/platform/install.rs says more; public/offline.js comes once the page is idle).
const keepOffer = (offer) => {
  window.dicetrayInstall = offer;
  dispatchEvent(new Event('dicetray-install'));
};
addEventListener('beforeinstallprompt', (e) => { e.preventDefault(); keepOffer(e); });
addEventListener('appinstalled', () => keepOffer(null));
const PAGES = ${JSON.stringify(pageFiles)};
const IDLE = ${JSON.stringify(idleFiles)};
const asked = /^#\\/?([a-z0-9]+)/.exec(location.hash)?.[1];
const page = PAGES[asked] ? asked : '${DEFAULT_PAGE}';
const at = (file) => new URL(file, import.meta.url);
const wasm = (bytes) => new Response(bytes, { headers: { 'content-type': 'application/wasm' } });
// A start that stalls (a download hung on a weak signal) or fails (the code did not arrive)
// is said in the static shell, with a Reload, rather than "Setting out the dice…" for ever.
// The app empties the shell when it starts, which also takes any such note away. The glue
// is imported here, not statically, so that a glue that does not come is said too.
const sayInShell = (text) => {
  const shell = document.querySelector('#app > main.loading');
  if (!shell) return;
  shell.querySelector('.start-trouble')?.remove();
  const note = document.createElement('div');
  note.className = 'start-trouble';
  note.setAttribute('role', 'alert');
  const said = document.createElement('p');
  said.textContent = text;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'small';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  note.append(said, reload);
  shell.append(note);
};
const slow = setTimeout(() => sayInShell('The dice are slow to arrive: the app is still on its way. On a weak signal it may yet come; or reload to ask again.'), ${START_SLOW_MS});
const glue = import('./dicetray.js');
glue.catch(() => {});
await new Promise((shown) => {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  const type = ['largest-contentful-paint', 'paint'].find((t) => types.includes(t));
  if (type) new PerformanceObserver(shown).observe({ type, buffered: true });
  else requestAnimationFrame(() => setTimeout(shown));
  setTimeout(shown, 1000);
});
let main = at('dicetray_bg.wasm');
if (!navigator.serviceWorker?.controller) {
  try {
    const response = await fetch(at('pack_' + page + '.wasm'));
    if (!response.ok) throw new Error('no pack');
    const pack = await WebAssembly.compile(await response.arrayBuffer());
    const parts = new Map();
    for (const file of ['dicetray_bg.wasm', ...PAGES[page]]) {
      const [bytes] = WebAssembly.Module.customSections(pack, file);
      if (!bytes) throw new Error('a part is missing');
      parts.set(at(file).href, bytes);
    }
    const own = parts.get(main.href);
    parts.delete(main.href);
    main = wasm(own);
    // What the tray fetches once idle: its idle pack, fetched once, when its first part is
    // asked for. Not once the player has gone to another page (it would wait for this
    // tray's code) or the service worker holds the modules; then, as for a part the pack
    // does not hold, each part is fetched alone.
    let idlePack;
    const fromIdlePack = (file) => () => {
      if (!idlePack) {
        const here = /^#\\/?([a-z0-9]+)/.exec(location.hash)?.[1];
        if ((PAGES[here] ? here : '${DEFAULT_PAGE}') !== page || navigator.serviceWorker?.controller) return null;
        idlePack = fetch(at('pack_' + page + '_idle.wasm'))
          .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error('no idle pack'))))
          .then((bytes) => WebAssembly.compile(bytes))
          .catch(() => null);
      }
      return idlePack.then((pack) => pack && WebAssembly.Module.customSections(pack, file)[0]);
    };
    for (const file of IDLE[page] ?? []) parts.set(at(file).href, fromIdlePack(file));
    globalThis.dicetrayParts = parts;
  } catch {
    main = at('dicetray_bg.wasm');
  }
}
if (!globalThis.dicetrayParts) {
  for (const file of PAGES[page]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = at(file).href;
    document.head.append(link);
  }
}
try {
  const { default: init } = await glue;
  await init({ module_or_path: main });
} catch (error) {
  sayInShell(
    typeof WebAssembly === 'object'
      ? 'Dicetray could not start: its code did not arrive. Check the connection, then reload.'
      : 'Dicetray cannot start in this browser: it needs WebAssembly, which is missing or turned off here.',
  );
  console.error(error);
} finally {
  clearTimeout(slow);
}
`;
await writeFile(join(out, 'start.js'), start);
for (const name of (await readdir(out)).filter((n) => n.endsWith('.js'))) {
  const path = join(out, name);
  const { code } = await transform(await readFile(path, 'utf8'), { loader: 'js', format: 'esm', minify: release });
  await writeFile(path, code);
}

// Named after its contents: a new build is a new folder, and caches keyed by URL never
// hand one build's module to another's page.
const files = (await readdir(out)).sort();
const digest = createHash('sha256');
for (const name of files) digest.update(name).update(await readFile(join(out, name)));
const folder = `app-${digest.digest('hex').slice(0, 16)}`;
await mkdir(join(staging, folder));
for (const name of files) await writeFile(join(staging, folder, name), await readFile(join(out, name)));

const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');
const marker = '<!-- app start -->';
if (!html.includes(marker)) {
  console.error(`build-app.mjs: index.html has no ${marker} to put the start-up tags at`);
  process.exit(1);
}
const base = `${publicUrl}${folder}/`;
html = html.replace(
  marker,
  `<link rel="modulepreload" href="${base}dicetray.js"><link rel="modulepreload" href="${base}__wasm_split.js"><script type="module" src="${base}start.js"></script>`,
);
html = writeNav(html);
await writeFile(htmlPath, html);

/**
 * The static shell's nav and brand link, from the list of pages. Each link as the app's own
 * nav draws it (src/ui/shell/app.rs: `<li><a href=p.href()>{p.title()}</a></li>`, `href()`
 * being `#/<path>`), so nothing moves when the app takes over; a tray's link also carries
 * `data-tray`, which only the static shell has, for scripts and tests to read the built
 * list of pages from (tests/browser/pages.mjs). The app marks the open page itself.
 */
function writeNav(html) {
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const links = PAGE_LIST.map((p) => `<li><a href="#/${p.path}"${p.tray ? ' data-tray' : ''}>${escape(p.title)}</a></li>`).join('');
  const nav = /<!-- nav\b[\s\S]*?-->[\s\S]*?<!-- \/nav -->/;
  if (!nav.test(html)) {
    console.error('build-app.mjs: index.html has no <!-- nav --> ... <!-- /nav --> in its nav\'s list to write the links between');
    process.exit(1);
  }
  const brand = /(<a class="brand" href=")[^"]*(")/;
  if (!brand.test(html)) {
    console.error('build-app.mjs: index.html has no <a class="brand" href="..."> to point at the first page');
    process.exit(1);
  }
  return html.replace(nav, () => `<!-- nav -->${links}<!-- /nav -->`).replace(brand, `$1#/${DEFAULT_PAGE}$2`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`build-app.mjs: ${folder}/ in ${((Date.now() - started) / 1000).toFixed(0)} s (gzip -9 sizes):`);
for (const name of files) {
  const bytes = await readFile(join(out, name));
  console.log(`  ${name.padEnd(28)} ${kb(bytes.length).padStart(9)} ${kb(gzipSync(bytes, { level: 9 }).length).padStart(9)}`);
}
