// The engine smoke test in WebKit (scripts/test runs it after the browser tests):
// WebKitGTK's MiniBrowser driven by WebKitWebDriver over plain W3C WebDriver (HTTP and
// JSON, Node's fetch), on a virtual X display (Xvfb), against dist/ on the test server.
// It is the engine of Safari, not iOS Safari: a check that the app opens, draws and rolls
// in WebKit, not a second browser suite. It checks, waiting on what the page shows:
//   - every page of the built nav (tests/browser/pages.mjs) opens from its own address and
//     is drawn, with no "could not be loaded";
//   - in each tray, a pool set by tapping shows its exact odds in the bar, Roll gives a
//     headline in the bar;
//   - saved data is kept after a reload: the narrative pool and its last roll, a character;
//   - links open: a shared narrative pool, Highest d6 dice, the GM's challenge;
//   - no page errors: every page the test loads carries a small collector, served by the test
//     server first in <head>, that records uncaught errors, unhandled rejections,
//     console.error, refused resources and CSP refusals from the very start (classic
//     WebDriver in WebKitGTK has no log API); the test reads it after each step.
// A screenshot of each page goes to test-results/webkit/ (or $WEBKIT_SCREENSHOTS).
//
// One rerun, in a fresh browser, when a check fails. Debian's WebKitGTK under Xvfb now and
// then fails on its own: in 124 runs on one of our machines, one web process died of a
// segfault inside JavaScriptCore (the kernel's log named libjavascriptcoregtk), and CI once
// saw the Effective Level page never drawn in a run where the same page had just been drawn
// and every later check passed. So a failed check prints what the page showed (its address,
// <main>, the collector's errors), the run says whether a web process crashed, and every
// check is run again from the start in a new browser, on a new origin; the test passes only
// if that whole second run passes. A fault of the app's that shows every time fails both
// runs; one that shows only now and then can pass on the second, so a pass on the second run
// ends with a WARNING line and leaves test-results/webkit/first-run-failed.txt: read it.
//
// Needs Debian's webkit2gtk-driver and xvfb (scripts/setup --browser installs them).
//   node tests/webkit/smoke.mjs        after a release build into dist/
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '../browser/server.mjs';
import { builtPages } from '../browser/pages.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SHOTS = resolve(process.env.WEBKIT_SCREENSHOTS ?? `${ROOT}/test-results/webkit`);
/** How long a page may take to draw or answer: WebKit under Xvfb on a busy 2-core machine. */
const WAIT_MS = 30_000;
/** The phone-sized window asked for; MiniBrowser may keep its window wider (its toolbar). */
const WINDOW = { width: 390, height: 844 };

/** MiniBrowser, which Debian ships beside the WebKitGTK library, not on PATH. */
async function miniBrowser() {
  if (process.env.MINIBROWSER) return process.env.MINIBROWSER;
  for (const triplet of await readdir('/usr/lib').catch(() => [])) {
    for (const api of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']) {
      const path = `/usr/lib/${triplet}/${api}/MiniBrowser`;
      if (existsSync(path)) return path;
    }
  }
  throw new Error('MiniBrowser not found under /usr/lib/*/webkit2gtk-*: run scripts/setup --browser (or set $MINIBROWSER)');
}

// The collector of page errors, served as /webkit-errors.js and loaded first in <head>, so it
// sees the start-up too. What it keeps is read back with `errors()`.
const COLLECTOR = `(() => {
  const errors = (window.__smokeErrors = []);
  const text = (value) =>
    value instanceof Error ? value.name + ': ' + value.message + ' ' + (value.stack ?? '').replace(/\\s+/g, ' ')
    : typeof value === 'object' ? JSON.stringify(value) : String(value);
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window) errors.push('resource not loaded: ' + (target.src || target.href || target.tagName));
    else errors.push('page error: ' + event.message + ' (' + event.filename + ':' + event.lineno + ')');
  }, true);
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + text(event.reason)));
  addEventListener('securitypolicyviolation', (event) => errors.push('CSP refused ' + event.blockedURI + ' (' + event.violatedDirective + ')'));
  const error = console.error.bind(console);
  console.error = (...args) => {
    errors.push('console error: ' + args.map(text).join(' '));
    error(...args);
  };
})();
`;

/** dist/index.html with the collector's script first in <head>, before the app's own. */
async function instrumentedPage() {
  const html = await readFile(`${ROOT}/dist/index.html`, 'utf8');
  if (!html.includes('<head>')) throw new Error('dist/index.html has no <head>');
  return html.replace('<head>', '<head><script src="webkit-errors.js"></script>');
}


/** Polls `probe` until it returns something truthy, or fails after `ms` saying `what`. */
async function until(what, probe, ms = WAIT_MS) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error.message;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((next) => setTimeout(next, 100));
  }
}

/** Starts Xvfb on the first free display it finds; resolves with the process and display. */
function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let log = '';
  xvfb.stderr.on('data', (chunk) => (log += chunk));
  return new Promise((done, fail) => {
    let number = '';
    xvfb.stdio[3].on('data', (chunk) => {
      number += chunk;
      if (number.includes('\n')) done({ process: xvfb, display: `:${number.trim()}` });
    });
    xvfb.on('error', fail);
    xvfb.on('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${log}`)));
  });
}

/** One WebDriver command; returns its value or throws the driver's error. */
async function command(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const { value } = await response.json();
  if (!response.ok || value?.error) throw new Error(`${method} ${path}: ${value?.error}: ${value?.message}`);
  return value;
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

// Run before each script in the page: how the test finds a control as a player does, by its
// role and its accessible name (aria-label, aria-labelledby, its <label>, or its text).
const FIND = `
const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
const labelledBy = (e) => e.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
const nameOf = (e) => (e.getAttribute('aria-label') ?? labelledBy(e) ?? e.labels?.[0]?.textContent ?? e.textContent ?? '').replace(/\\s+/g, ' ').trim();
const ROLES = { button: 'button, summary', link: 'a[href]', textbox: 'input:not([type]), input[type=text], textarea', spinbutton: 'input[type=number]' };
const find = (role, name) => [...document.querySelectorAll(ROLES[role])].find((e) => visible(e) && nameOf(e) === name) ?? null;
`;

// Whether arguments[0] can be tapped now: on screen (scrolled to if not), the same box after
// two frames, and the element hit at its centre. Returns a promise, which WebDriver awaits.
const READY_TO_TAP = `
const e = arguments[0];
const box = () => JSON.stringify(e.getBoundingClientRect());
const first = e.getBoundingClientRect();
if (first.top < 0 || first.bottom > innerHeight) e.scrollIntoView({ block: 'center' });
const before = box();
return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  done(box() === before && !e.disabled && (hit === e || e.contains(hit)));
})));
`;

/** A WebDriver session in MiniBrowser, with the steps the smoke test is written in. */
function session(base, id) {
  const at = (path) => `/session/${id}${path}`;
  const run = (script, ...args) => command(base, 'POST', at('/execute/sync'), { script: FIND + script, args });
  const self = {
    run,
    go: (url) => command(base, 'POST', at('/url'), { url }),
    reload: () => command(base, 'POST', at('/refresh'), {}),
    /** The control with this role and name, once it is on the page. */
    find: (role, name) => until(`the ${role} "${name}"`, () => run('return find(arguments[0], arguments[1]);', role, name)),
    /**
     * Taps the control once it is on the page, on screen, still (the same box two frames
     * apart: a tray's hints arrive after it is drawn and move what is below them) and the
     * topmost thing at its centre, as Playwright waits before a click.
     */
    async click(role, name) {
      const element = await self.find(role, name);
      await until(`the ${role} "${name}" on screen and still`, () => run(READY_TO_TAP, element));
      await command(base, 'POST', at(`/element/${element[ELEMENT]}/click`), {});
    },
    async type(role, name, text) {
      const element = await self.find(role, name);
      await command(base, 'POST', at(`/element/${element[ELEMENT]}/clear`), {});
      await command(base, 'POST', at(`/element/${element[ELEMENT]}/value`), { text });
    },
    /** Waits until the element found by `css` has a text matching `pattern`; returns it. */
    text: (what, css, pattern) =>
      until(`${what}: ${pattern}`, async () => {
        const text = await run('return document.querySelector(arguments[0])?.textContent.replace(/\\s+/g, " ").trim() ?? null;', css);
        return pattern.test(text ?? '') && text;
      }),
    /** Waits until the page is drawn in full: a tray's dock, the Characters page's data fold, the Table page (as tests/browser/harness.mjs `drawn`). */
    drawn: () => until('the page drawn', () => run('return !!document.querySelector("main:not(.loading) :is(.roll-dock, .data-fold, .table-page)");')),
    /** What the page's collector recorded, and the app's own message if a part did not load. */
    errors: () =>
      run(`const failed = /could not be loaded/.test(document.body.innerText) ? ['the page says: ' + document.body.innerText.match(/[^\\n]*could not be loaded[^\\n]*/)[0]] : [];
        return [...(window.__smokeErrors ?? ['no error collector on this page']), ...failed];`),
    /**
     * A screenshot of the screen as it is once no animation runs (the roll's tumble), or at
     * once with `{ still: false }` (a failed check's, which must not wait on a stuck page).
     */
    async screenshot(name, { still = true } = {}) {
      if (still) await until('animations to end', () => run('return document.getAnimations().length === 0;'));
      const png = await command(base, 'GET', at('/screenshot'));
      await writeFile(`${SHOTS}/${name}`, Buffer.from(png, 'base64'));
    },
  };
  return self;
}

/** What the page showed, for the log when a check fails: address, <main>, errors. */
const PAGE_STATE = `
const main = document.querySelector('main');
return JSON.stringify({
  address: location.href,
  ready: document.readyState,
  main: main ? (main.className || '(no class)') + ': ' + main.innerText.replace(/\\s+/g, ' ').slice(0, 160) : 'no <main>',
  serviceWorker: navigator.serviceWorker?.controller ? 'controls the page' : 'none',
  errors: window.__smokeErrors ?? 'no collector',
});`;

/**
 * Runs one named check of `attempt`, timing it. A failed check leaves a screenshot and the
 * page's <main> in SHOTS, named <attempt>-failed-<n>, and prints what the page showed.
 */
async function check(attempt, page, name, body) {
  if (attempt.browserGone) {
    attempt.checks.push({ name, ok: false });
    console.log(`  SKIP  ${name}: the browser is gone`);
    return;
  }
  const started = Date.now();
  try {
    await body();
    attempt.checks.push({ name, ok: true });
    console.log(`  ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    attempt.checks.push({ name, ok: false });
    console.log(`  FAIL  ${name}: ${error.message}`);
    // A crashed page process ends the driver's session: the checks left could only time out.
    attempt.browserGone = attempt.crashed || /invalid session id/.test(error.message);
    if (attempt.browserGone) return;
    const n = `${attempt.number}-failed-${attempt.checks.length}`;
    console.log(`        the page: ${await page.run(PAGE_STATE).catch((e) => e.message)}`);
    await page.screenshot(`${n}.png`, { still: false }).catch(() => {});
    const html = await page.run('return document.querySelector("main")?.outerHTML ?? document.documentElement.outerHTML;').catch((e) => e.message);
    await writeFile(`${SHOTS}/${n}.html`, html).catch(() => {});
    console.log(`        see ${SHOTS}/${n}.png and .html`);
  }
}

/** Fails the check if the page recorded any error since it loaded. */
async function noErrors(page) {
  const errors = await page.errors();
  if (errors.length) throw new Error(`page errors:\n    ${errors.join('\n    ')}`);
}

/** Stops everything an attempt started, newest first. */
let stops = [];
async function stopAll() {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  stops = [];
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

/**
 * One run of every check in a browser of its own: a new server (so a new origin, with no
 * saved data and no service worker), X display, driver and MiniBrowser. Returns the attempt:
 * its checks and whether a web process was reported crashed.
 */
async function runAttempt(number, binary, instrumented) {
  const attempt = { number, checks: [], crashed: false, browserGone: false };
  try {
    const { server, origin } = await startServer(0, undefined, { '/': instrumented, '/index.html': instrumented, '/webkit-errors.js': COLLECTOR });
    stops.push(() => new Promise((done) => server.close(done)));

    const xvfb = await startXvfb();
    stops.push(async () => xvfb.process.kill());
    const port = await freePort();
    // MiniBrowser, started by the driver, writes to the driver's stderr; a web process that
    // dies is reported there ("WebProcess CRASHED"), so it is read as well as passed on.
    const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: xvfb.display, GDK_BACKEND: 'x11' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    driver.on('error', (error) => console.log(`  FAIL  WebKitWebDriver: ${error.message}`));
    driver.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      if (/CRASHED/.test(chunk)) attempt.crashed = true;
    });
    stops.push(async () => driver.kill());
    const base = `http://127.0.0.1:${port}`;
    await until('WebKitWebDriver to answer', () => command(base, 'GET', '/status').then((s) => s.ready !== undefined), 15_000);

    const { sessionId, capabilities } = await command(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
          timeouts: { pageLoad: WAIT_MS, script: WAIT_MS },
        },
      },
    });
    stops.push(() => command(base, 'DELETE', `/session/${sessionId}`));
    const wk = session(base, sessionId);
    await command(base, 'POST', `/session/${sessionId}/window/rect`, WINDOW);
    const size = await wk.run('return [innerWidth, innerHeight, navigator.userAgent];');
    console.log(`WebKit smoke test, run ${number}: ${capabilities.browserName} ${capabilities.browserVersion}, page ${size[0]}x${size[1]}, ${origin}`);
    console.log(`  ${size[2]}`);

    // Each page from its own address: a new document each time (the query only makes the
    // address new), so each page's own modules are fetched at start.
    const open = async (route) => {
      await wk.go(`${origin}/?${route}#/${route}`);
      await wk.drawn();
    };

    await check(attempt, wk, 'every page opens and is drawn', async () => {
      for (const { path: route, title } of builtPages()) {
        await open(route);
        // The app, not the static shell, marks the page open in the nav and names the tab.
        await wk.text(`${title} marked in the nav`, 'nav a[aria-current="page"]', new RegExp(`^${title}$`));
        await until(`the title ${title} · Dicetray`, () => wk.run('return document.title;').then((t) => t === `${title} · Dicetray`));
        await noErrors(wk);
      }
    });

    const rolled = async () => {
      await wk.click('button', 'Roll');
      return wk.text('the headline in the bar', '.roll-bar .bar-headline[data-roll]', /^Last roll: \S/);
    };

    await check(attempt, wk, 'narrative: tap dice, odds in the bar, Roll', async () => {
      await open('narrative');
      await wk.click('button', 'Add ability die');
      await wk.click('button', 'Add ability die');
      await wk.click('button', 'Add difficulty die');
      await wk.text('the pool', '.notation', /^2g1p$/);
      // 2 ability against 1 difficulty: 295 of the 512 equally likely outcomes (8 x 8 x 8
      // faces) net a success, 57.6% (the figure tests/browser/narrative.test.mjs checks too).
      await wk.text('the odds in the bar', '.bar-odds', /Success\s*57\.6%/);
      await rolled();
      await wk.screenshot('webkit-narrative.png');
      await noErrors(wk);
    });

    await check(attempt, wk, 'narrative: the pool and the last roll are kept after a reload', async () => {
      const before = await wk.text('the headline in the bar', '.roll-bar .bar-headline[data-roll]', /^Last roll: /);
      await wk.reload();
      await wk.drawn();
      await wk.text('the pool after the reload', '.notation', /^2g1p$/);
      await wk.text('the same roll in the bar', '.roll-bar .bar-headline[data-roll]', new RegExp(`^${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await noErrors(wk);
    });

    await check(attempt, wk, 'Highest d6: add a die, odds in the bar, Roll', async () => {
      await open('d6');
      await wk.click('button', 'Add die');
      await wk.text('the pool', '.sum-line', /^3 base = 3 dice$/);
      // Success when the highest of three d6 is a 6: 1 - (5/6)^3 = 91/216 = 42.1%.
      await wk.text('the odds in the bar', '.bar-odds', /Success\s*42\.1%/);
      await rolled();
      await wk.screenshot('webkit-d6.png');
      await noErrors(wk);
    });

    await check(attempt, wk, 'Effective Level: set the EL, odds in the bar, Roll', async () => {
      await open('el');
      await wk.type('spinbutton', 'Effective Level', '1\uE007');
      // The Simple Pool is one coin (0 or 1) per point of EL, and a total from 1 to the EL
      // succeeds: EL 1 succeeds on a 1, 1/2 = 50%; EL 2 fails only on 0 + 0, 1 - 1/4 = 75%.
      await wk.text('the odds in the bar at EL 1', '.bar-odds', /Success\s*50%/);
      await wk.click('button', 'Raise Effective Level');
      await wk.text('the odds in the bar at EL 2', '.bar-odds', /Success\s*75%/);
      await rolled();
      await wk.screenshot('webkit-el.png');
      await noErrors(wk);
    });

    await check(attempt, wk, 'Characters: a new character is kept after a reload', async () => {
      await open('characters');
      await wk.type('textbox', 'Character name', 'Quill');
      await wk.click('button', 'Create character');
      await wk.find('button', 'Rename Quill');
      await wk.screenshot('webkit-characters.png');
      await wk.reload();
      await wk.drawn();
      // After a reload the card is folded to its head, a button named after the character.
      await wk.find('button', 'Quill');
      await noErrors(wk);
    });

    await check(attempt, wk, "links: a shared narrative pool, Highest d6 dice and the GM's challenge open", async () => {
      await wk.go(`${origin}/?link#/narrative?pool=1y1r%2B1a`);
      await wk.drawn();
      await wk.text('the shared pool', '.notation', /^1y1r\+1a$/);
      await wk.text('the message', '.snackbar', /Opened the shared pool 1y1r\+1a/);
      await noErrors(wk);
      await wk.go(`${origin}/?link#/d6?dice=4`);
      await wk.drawn();
      await wk.text('the shared dice', '.sum-line', /^4 base = 4 dice$/);
      await noErrors(wk);
      await wk.go(`${origin}/?challenge#/d6?challenge=social~conflict`);
      await wk.drawn();
      await wk.text("the GM's side", '.gm-side', /GM/);
      await noErrors(wk);
    });
  } catch (error) {
    attempt.checks.push({ name: 'set-up', ok: false });
    console.log(`  FAIL  ${error.stack ?? error}`);
  } finally {
    await stopAll();
  }
  return attempt;
}

const started = Date.now();
const failedIn = (attempt) => attempt.checks.filter((c) => !c.ok).length;
const crashNote = (attempt) => (attempt.crashed ? ', and a web process crashed' : '');
let attempt;
let firstRun;
try {
  if (!existsSync(`${ROOT}/dist/index.html`)) throw new Error('no dist/: build first (trunk build --release --offline)');
  await mkdir(SHOTS, { recursive: true });
  await rm(`${SHOTS}/first-run-failed.txt`, { force: true });
  const binary = await miniBrowser();
  const instrumented = await instrumentedPage();
  attempt = await runAttempt(1, binary, instrumented);
  if (failedIn(attempt)) {
    firstRun = `run 1 failed ${failedIn(attempt)} of ${attempt.checks.length} checks${crashNote(attempt)}: ${attempt.checks.filter((c) => !c.ok).map((c) => c.name).join('; ')}`;
    console.log(`WebKit smoke test: ${firstRun} (see above).`);
    console.log('  Every check runs again in a fresh browser: it passes only if the whole second run does.');
    attempt = await runAttempt(2, binary, instrumented);
  }
} catch (error) {
  attempt = { number: 1, checks: [{ name: 'set-up', ok: false }] };
  console.log(`  FAIL  ${error.stack ?? error}`);
}

const failed = failedIn(attempt);
const runs = attempt.number === 1 ? '' : ` on the second run${crashNote(attempt)}`;
console.log(`WebKit smoke test: ${attempt.checks.length - failed} of ${attempt.checks.length} checks passed${runs} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (firstRun && !failed) {
  // A pass that needed the second run is a pass, said so where it will be read.
  console.log(`WARNING: the WebKit smoke test passed only on its second run; ${firstRun}.`);
  await writeFile(`${SHOTS}/first-run-failed.txt`, `${firstRun}\n`).catch(() => {});
}
process.exit(failed ? 1 : 0);
