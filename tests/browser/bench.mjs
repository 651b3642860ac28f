// Browser figures for scripts/bench. Prints numbers; asserts nothing.
//  1. sizes: every file of the build, raw and compressed (gzip -9, brotli 11), and the whole
//     build; loads: what each page fetches when a phone opens it the first time.
//  2. qr: what the QR code (qrcodegen and our drawing of it) adds, and in which module.
//  3. flows: taps and swipes of the issue's four flows (flows.mjs), beside its "before".
//  4. taps: tap-to-updated-odds latency on each tray with the CPU throttled 4x, with the
//     odds hints on and off: from the tap's event time to the bar's odds changing in the
//     DOM, to the frame drawn after it, and the browser's own Event Timing of the tap.
//
//  5. table: the live table's module (its size), the time from Roll on one phone to the roll in
//     another phone's log through a relay on loopback (median and p95 of 50), and the time from
//     opening a table link to its log shown on Lighthouse's slow 4G (devtools throttling).
//
// The pages and trays it visits are the built nav's (pages.mjs): `--list` prints them, one
// path a line, and exits. With $BENCH_FIGURES set (scripts/bench sets it), the figures of
// loads, flows, taps and table are also kept there for docs/performance.md
// (scripts/bench-figures.mjs).
//
//   node tests/browser/bench.mjs [sizes] [loads] [qr] [flows] [taps] [table] [--list]   (none: all)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { drawn, launch, openPhone } from './harness.mjs';
import { openFold } from './el-helpers.mjs';
import { allFlows } from './flows.mjs';
import { startRelay } from './relay.mjs';
import { builtPages, listAndExit } from './pages.mjs';
import { record } from '../../scripts/bench-figures.mjs';

// KB here is 1,024 bytes; the exact total in bytes is printed too.
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const TAPS = 60;
// A quick player taps about every 150 ms; spacing taps so measures each tap's own latency,
// not a backlog from taps no hand could make.
const TAP_GAP_MS = 150;

const SECTIONS = ['sizes', 'loads', 'qr', 'flows', 'taps', 'table'];
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknownSection = asked.find((section) => !SECTIONS.includes(section));
if (unknownSection) {
  console.error(`bench.mjs: no section ${unknownSection} (${SECTIONS.join(', ')})`);
  process.exit(2);
}
const want = (section) => asked.length === 0 || asked.includes(section);
const root = fileURLToPath(new URL('../../', import.meta.url));
/** The built site's pages, in the nav's order: what loads, taps and table visit. */
const PAGES = builtPages();
const TRAY_PAGES = PAGES.filter((p) => p.tray);
/** The command that printed a section's figures, for docs/performance.md. */
const command = (section) => `node tests/browser/bench.mjs ${section}`;

/** gzip -9 and brotli 11 sizes of some bytes. */
function packed(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function row(name, size) {
  return `  ${name.padEnd(34)} ${KB(size.raw).padStart(9)} raw ${KB(size.gzip).padStart(9)} gzip ${KB(size.brotli).padStart(9)} brotli`;
}

/** Every file of the build: each of the app's modules, then the whole build. */
async function buildSizes() {
  const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const total = { raw: 0, gzip: 0, brotli: 0 };
  console.log('the whole build, every file:');
  for (const file of files) {
    const size = packed(await readFile(join(dist, file)));
    // A page's pack repeats modules listed apart: shown, not counted twice.
    const pack = /\/pack_[a-z0-9]+(_idle)?\.wasm$/.test(file);
    if (!pack) for (const key of Object.keys(total)) total[key] += size[key];
    console.log(row(file.replace(/^app-[0-9a-f]+\//, 'app/') + (pack ? ' (a first visit\'s copy)' : ''), size));
  }
  console.log(row('whole build, packs aside', total));
}

/**
 * What a phone fetches to open each page the first time: the page's own requests (the
 * service worker's precache, which runs beside it in the background, is not the page's).
 */
async function firstLoads() {
  const figures = [];
  for (const { path: name } of PAGES) {
    const path = `#/${name}`;
    const { context, page } = await openPhone(env.browser);
    const fetched = [];
    page.on('requestfinished', (request) => fetched.push(request));
    const opened = Date.now();
    await page.goto(`${env.origin}/${path}`, { waitUntil: 'networkidle' });
    await drawn(page);
    // A tray fetches its soon code (Roll, the result, the hints) once the page is idle (it marks the moment): that is
    // after the page has opened, so it is counted apart, as are the first 5 s in all.
    const idleAt = await page.evaluate(() => {
      const mark = performance.getEntriesByName('dicetray-idle')[0];
      return mark ? performance.timeOrigin + mark.startTime : null;
    });
    if (Date.now() - opened < 5000) await page.waitForTimeout(5000 - (Date.now() - opened));
    const total = { raw: 0, gzip: 0, brotli: 0 };
    const later = { raw: 0, gzip: 0, brotli: 0 };
    const in5s = { raw: 0, gzip: 0, brotli: 0 };
    const lines = [];
    const laterLines = [];
    const laterFiles = [];
    const timing = {};
    for (const request of fetched) {
      const response = await request.response();
      if (!response || response.status() !== 200) continue;
      const size = packed(await response.body());
      const started = request.timing().startTime;
      const afterIdle = idleAt !== null && started >= idleAt;
      for (const key of Object.keys(total)) (afterIdle ? later : total)[key] += size[key];
      if (started - opened <= 5000) for (const key of Object.keys(in5s)) in5s[key] += size[key];
      const name = new URL(request.url()).pathname.split('/').pop() || 'index.html';
      (afterIdle ? laterLines : lines).push(row(name, size));
      if (afterIdle) laterFiles.push({ name, ...size });
      timing[name] = request.timing();
    }
    console.log(`first load of ${path}, every file the page fetched to open:`);
    lines.forEach((line) => console.log(line));
    console.log(row('total', total));
    console.log(`  total gzip: ${total.gzip} bytes (budget 240 KB = ${240 * 1024} bytes; aim 200 KB)`);
    if (laterLines.length) {
      console.log('  fetched once the page was idle (the hints\' code):');
      laterLines.forEach((line) => console.log(line));
    }
    console.log(`  fetched in the first 5 s: ${in5s.gzip} bytes gzip`);
    figures.push({ page: name, firstLoad: total, later: laterFiles, first5s: in5s });
    // A first visit fetches the page's modules, the main one among them, in one pack.
    const pack = Object.keys(timing).find((name) => name.startsWith('pack_'));
    if (pack) console.log(`  the main module and the page's own came in one request, ${pack}`);
    // Otherwise the page's own modules should start beside the main one, not after it.
    const main = timing['dicetray_bg.wasm'];
    const own = Object.entries(timing).find(([name]) => name.startsWith('split_'));
    if (main && own) {
      const mainEnd = main.startTime + main.responseEnd;
      const ownStart = own[1].startTime;
      console.log(`  ${own[0]} requested ${(ownStart - main.startTime).toFixed(0)} ms after the main module (which took ${(main.responseEnd).toFixed(0)} ms): ${ownStart <= mainEnd ? 'in parallel' : 'after it'}`);
    }
    await context.close();
  }
  record('loads', command('loads'), { budgetBytes: 240 * 1024, aimBytes: 200 * 1024, pages: figures });
}


/**
 * Each function's name and code size in a WebAssembly module, from its code section and its
 * "name" section. twiggy reads the module cargo builds but not the split modules (it stops
 * at their relocation data), so this reads just the three sections it needs.
 */
function functionSizes(bytes) {
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const text = () => {
    const length = leb();
    at += length;
    return bytes.subarray(at - length, at).toString('utf8');
  };
  const limits = () => {
    if (leb() & 1) leb();
    leb();
  };
  let imported = 0;
  const sizes = [];
  const names = new Map();
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const end = at + size;
    if (id === 2) {
      // Imports: imported functions come first in the function index space.
      for (let n = leb(); n > 0; n -= 1) {
        text();
        text();
        const kind = bytes[at++];
        if (kind === 0) {
          leb();
          imported += 1;
        } else if (kind === 1) {
          at += 1;
          limits();
        } else if (kind === 2) limits();
        else if (kind === 3) at += 2;
        else if (kind === 4) {
          at += 1;
          leb();
        } else throw new Error(`import of kind ${kind}`);
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n -= 1) {
        const body = leb();
        sizes.push(body);
        at += body;
      }
    } else if (id === 0 && text() === 'name') {
      while (at < end) {
        const sub = bytes[at++];
        const subEnd = leb() + at;
        if (sub === 1) for (let n = leb(); n > 0; n -= 1) names.set(leb(), text());
        at = subEnd;
      }
    }
    at = end;
  }
  return sizes.map((size, i) => ({ name: names.get(imported + i) ?? '', size }));
}

/**
 * What the QR code costs: qrcodegen's functions, `dicetray::core::qr` and the QR picture
 * component, by name, in the module cargo builds (the names are mangled in the split modules,
 * demangled by twiggy in cargo's). Then which of the split modules holds them, and what that
 * module ships.
 */
function qrCost() {
  const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');
  const cargoModule = join(target, 'wasm32-unknown-unknown/release/dicetray.wasm');
  const splitDir = join(target, 'app-build/split');
  const csv = execFileSync('twiggy', ['top', '-n', '1000000', '--format', 'csv', cargoModule], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const parts = { qrcodegen: 0, core: 0, picture: 0, code: 0, dispatcher: 0 };
  for (const line of csv.trim().split('\n').slice(1)) {
    const fields = line.split(',');
    const size = Number(fields.at(-4));
    const name = fields.slice(0, -4).join(',').replace(/^"|"$/g, '').replaceAll('""', '"');
    // As scripts/wasm-crates.mjs counts: code and data, not sections or build-time descriptions.
    if (name.startsWith('custom section') || name.includes('subsection')) continue;
    if (/^(export "|import ")?__wbindgen_describe/.test(name)) continue;
    parts.code += size;
    if (name.startsWith('qrcodegen::')) parts.qrcodegen += size;
    else if (name.startsWith('dicetray::core::qr::')) parts.core += size;
    else if (/share_links::(QrPicture|__component_qr_picture)/.test(name)) parts.picture += size;
    else if (/^__wasm_split_00extras00_export_.*_extra$/.test(name)) parts.dispatcher += size;
  }
  const named = parts.qrcodegen + parts.core + parts.picture;
  const pct = (part, whole) => `${((100 * part) / whole).toFixed(2)}%`;
  console.log(`the QR code, by function name, in the module cargo builds (unoptimised: before wasm-opt; ${KB(parts.code)} of code and data in all):`);
  console.log(`  qrcodegen crate (16 functions)             ${String(parts.qrcodegen).padStart(7)} bytes  ${pct(parts.qrcodegen, parts.code)}`);
  console.log(`  dicetray::core::qr                         ${String(parts.core).padStart(7)} bytes`);
  console.log(`  dicetray::ui::share_links::QrPicture       ${String(parts.picture).padStart(7)} bytes`);
  console.log(`  together                                   ${String(named).padStart(7)} bytes raw (${KB(named)})`);
  console.log('  These are the functions that kept their names. The encoder\'s main body (QrCode::encode_segments_advanced, the');
  console.log('  penalty scoring, error correction, qr_code, QrPicture) is inlined into the rare module\'s one entry point,');
  console.log(`  extras' \`extra\` (${KB(parts.dispatcher)} unoptimised, shared by every rare part), so the QR code's whole cost is more than`);
  console.log('  the figure above and cannot be told apart by name; only a build without it would give it.');

  // Which split module holds the QR code's named functions (mangled: 9qrcodegen, 8dicetray4core2qr).
  if (!existsSync(splitDir)) return console.log(`  (no ${splitDir}: run the release build first)`);
  const holders = [];
  let extrasCode = 0;
  let extrasQr = 0;
  for (const file of readdirSync(splitDir).filter((f) => f.endsWith('.wasm')).sort()) {
    const functions = functionSizes(readFileSync(join(splitDir, file)));
    const qr = functions.filter((f) => /9qrcodegen|8dicetray4core2qr|QrPicture|qr_picture/.test(f.name));
    if (qr.length) holders.push(`${file} (${qr.length} functions, ${qr.reduce((a, f) => a + f.size, 0)} bytes)`);
    if (file === 'split_extras.wasm') {
      extrasCode = functions.reduce((a, f) => a + f.size, 0);
      extrasQr = qr.reduce((a, f) => a + f.size, 0);
    }
  }
  console.log(`  split modules holding them (unoptimised, as wasm-split cuts them): ${holders.join('; ') || 'none'}`);
  const dist = join(root, 'dist');
  const app = readdirSync(dist).find((d) => d.startsWith('app-'));
  const shipped = app && join(dist, app, 'split_extras.wasm');
  if (shipped && existsSync(shipped) && extrasCode) {
    const size = packed(readFileSync(shipped));
    const share = extrasQr / extrasCode;
    console.log(`  split_extras.wasm as shipped (after wasm-opt -Oz): ${KB(size.raw)} raw, ${KB(size.gzip)} gzip; fetched only when a rare part`);
    console.log('  (History, a QR code, odds in detail, hints, ...) is first wanted: no page\'s first load carries it.');
    console.log(`  the named QR functions are ${pct(extrasQr, extrasCode)} of its unoptimised code; at that share of the shipped module,`);
    console.log(`  about ${(share * size.raw).toFixed(0)} bytes raw, ${(share * size.gzip).toFixed(0)} bytes gzip (an estimate, and a lower bound: see above).`);
  }
}

/** The issue's figures before the change, by flow, in the order allFlows plays them. */
const BEFORE = [
  '~11 taps, 3 swipes, Roll just below the first screen',
  '~10 taps + typing, 2 swipes, Roll at y 1105',
  '8 taps + setup, 3 swipes, Roll at y 2015-2344',
  '~20 taps, each portion ~5 inputs',
];

/** Taps and swipes of the issue's four flows, each on a fresh phone, beside the issue's. */
async function flows() {
  const played = await allFlows(env);
  console.log('the issue\'s four flows on a fresh phone at 390x844, counted by tests/browser/flows.mjs (set-up on the Characters page not counted):');
  const rows = played.map((f, i) => [
    f.flow,
    `${f.taps}${f.typed ? ` (${f.typed} typed)` : ''}`,
    String(f.swipes),
    f.rollAt ? `${f.rollAt.screen}${f.rollAt.page !== f.rollAt.screen ? ` (page ${f.rollAt.page})` : ''}` : '',
    BEFORE[i],
  ]);
  const head = ['flow', 'taps (typing)', 'swipes', 'where Roll sits (screen y)', 'before'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) => `  ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')}`.trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => console.log(line(r)));
  record('flows', command('flows'), {
    flows: played.map((f) => ({ flow: f.flow, taps: f.taps, typed: f.typed ?? 0, swipes: f.swipes, rollAt: f.rollAt ?? null })),
  });
  for (const f of played) {
    const notes = [
      f.setup && `set-up: ${f.setup}`,
      f.rollsToCostly && `rolled ${f.rollsToCostly} time(s) until a costly success asked for harm and cost (Roll counted once)`,
      f.label && `Roll read "${f.label}"`,
      f.portionInputs && `inputs per portion ${f.portionInputs.join(', ')}; ${f.turnTaps} taps in the Turn panel; "Roll" is the first portion's Roll`,
      f.shared && `shared: "${f.shared}"`,
    ].filter(Boolean);
    console.log(`  ${f.flow}:`);
    console.log(`    ${f.steps.join(' > ')}`);
    if (notes.length) console.log(`    ${notes.join('; ')}`);
  }
}

/**
 * How each tray's tap latency is measured, by the tray's path: where it opens, the two
 * buttons tapped in turn (each tap changes the bar's odds: the dock draws the tray's bar
 * chances in `.bar-odds`), and the issue's old p95 (4x CPU). The trays are the built nav's:
 * one with no entry here stops this section, naming it, rather than go unmeasured.
 */
const TAP_SETUPS = {
  narrative: { name: 'narrative', title: 'narrative tray, 40-die pool, ability die added and removed', query: '?pool=6g6y6p6r6b5k4w', taps: ['Add ability die', 'Remove ability die'], old: 31 },
  d6: { name: 'Highest d6', title: 'Highest d6 tray, 4-5 dice', query: '?dice=4', taps: ['Add die', 'Remove die'], old: 22 },
  el: { name: 'EL', title: 'Effective Level tray, EL 19-20 against opposition', query: '?roll=el+20+vs+12+opposed', taps: ['Raise Effective Level', 'Lower Effective Level'], old: 41, noHints: true },
};

/** The trays measured, in the nav's order, each with its set-up. */
function tapTrays() {
  const missing = TRAY_PAGES.filter((p) => !TAP_SETUPS[p.path]).map((p) => p.path);
  if (missing.length) throw new Error(`bench.mjs taps: no tap set-up for the tray(s) ${missing.join(', ')}: add them to TAP_SETUPS`);
  return TRAY_PAGES.map((p) => ({ ...TAP_SETUPS[p.path], page: p.path, path: `/#/${p.path}${TAP_SETUPS[p.path].query}` }));
}

async function tapLatency() {
  const runs = [];
  for (const tray of tapTrays()) {
    for (const hints of [true, false]) runs.push({ tray, hints, ...(await measureTray(tray, hints)) });
  }

  // The same measurement on a one-button page shows what the harness itself costs.
  const blank = await openPhone(env.browser);
  await blank.page.setContent(
    '<button id="b">Count</button><p id="o">0</p>' +
      '<script>b.onclick = () => { o.textContent = Number(o.textContent) + 1; };</script>',
  );
  const { taps: baseline, events: baselineEvents } = await measureTaps(blank.page, '#o', ['Count']);
  await blank.context.close();

  const values = (taps, key) => taps.map((l) => l[key]).sort((a, b) => a - b);
  const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const summary = (taps, key) => {
    const sorted = values(taps, key);
    return `median ${at(sorted, 0.5).toFixed(1)} ms, p95 ${at(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`;
  };
  // Event Timing reports only taps of 16 ms or more (in 8 ms steps); the others count as < 16.
  const eventTiming = (run) => {
    const slow = [...run.events].sort((a, b) => a - b);
    const all = [...Array(Math.max(0, run.taps.length - slow.length)).fill(0), ...slow];
    const p95 = at(all, 0.95);
    return { slow: slow.length, p95: p95 < 16 ? '< 16' : String(p95), max: slow.length ? String(slow.at(-1)) : '< 16' };
  };
  for (const run of runs) {
    const hints = run.hints ? 'odds hints on' : 'odds hints off';
    console.log(`${run.tray.title}, ${hints}, CPU 4x slower, ${run.taps.length} taps ${TAP_GAP_MS} ms apart:`);
    console.log(`  hints beside the controls during the taps: ${run.shown}${run.tray.noHints ? ' (this tray draws no odds hints: the setting changes nothing here)' : ''}`);
    console.log(`  tap event to its handler:  ${summary(run.taps, 'queued')}`);
    console.log(`  handler to odds in DOM:    ${summary(run.taps, 'work')}`);
    console.log(`  odds changed in the DOM:   ${summary(run.taps, 'dom')}   (target: within one 16 ms frame)`);
    console.log(`  next animation frame:      ${summary(run.taps, 'frame')}`);
    console.log(`  that frame drawn:          ${summary(run.taps, 'drawn')}   (a task queued from the frame's callback runs once it is drawn)`);
    const et = eventTiming(run);
    console.log(`  Event Timing (tap to next paint, the browser's own, 8 ms steps): ${et.slow} of ${run.taps.length} taps 16 ms or more; p95 ${et.p95} ms, max ${et.max} ms`);
  }
  console.log(`the same on a one-button page (harness baseline), CPU 4x slower:`);
  console.log(`  tap event to its handler:  ${summary(baseline, 'queued')}`);
  console.log(`  tap event to DOM change:   ${summary(baseline, 'dom')}`);
  console.log(`  that frame drawn:          ${summary(baseline, 'drawn')}`);
  const floor = eventTiming({ taps: baseline, events: baselineEvents });
  console.log(`  Event Timing:              ${floor.slow} of ${baseline.length} taps 16 ms or more; p95 ${floor.p95} ms, max ${floor.max} ms`);

  console.log('tap to updated odds, p95 in ms, CPU 4x slower (target: a tap stays within one 16 ms frame):');
  const head = ['tray', 'odds hints', 'odds in DOM', 'next frame', 'frame drawn', 'Event Timing', 'issue\'s old p95'];
  const rows = runs.map((run) => [
    run.tray.name,
    run.hints ? 'on' : 'off',
    at(values(run.taps, 'dom'), 0.95).toFixed(1),
    at(values(run.taps, 'frame'), 0.95).toFixed(1),
    at(values(run.taps, 'drawn'), 0.95).toFixed(1),
    eventTiming(run).p95,
    String(run.tray.old),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells) => `  ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')}`.trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => console.log(line(r)));
  record('taps', command('taps'), {
    taps: TAPS,
    gapMs: TAP_GAP_MS,
    baselineDrawnP95: at(values(baseline, 'drawn'), 0.95),
    runs: runs.map((run) => ({
      page: run.tray.page,
      tray: run.tray.title,
      hints: run.hints,
      dom: at(values(run.taps, 'dom'), 0.95),
      frame: at(values(run.taps, 'frame'), 0.95),
      drawn: at(values(run.taps, 'drawn'), 0.95),
      eventTiming: eventTiming(run).p95,
    })),
  });
}

/**
 * One tray on a fresh phone, the odds hints on (the default) or turned off first with the
 * Settings fold's switch on the Characters page. Two warm-up taps start the hints (they
 * start on a tray's first pointerdown and fetch their code then) before the timed taps.
 */
async function measureTray(tray, hints) {
  const { context, page } = await openPhone(env.browser);
  if (!hints) {
    await page.goto(`${env.origin}/#/characters`);
    await drawn(page);
    await openFold(page, 'Settings');
    const setting = page.getByRole('switch', { name: /Odds hints beside the controls/ });
    await setting.click();
    await expect(setting, 'hints off').toHaveAttribute('aria-checked', 'false');
    await page.goto('about:blank');
  }
  await page.goto(env.origin + tray.path);
  await drawn(page);
  for (const name of tray.taps) await page.getByRole('button', { name, exact: true }).click();
  const hint = page.locator('.tray-page .coach');
  if (hints && !tray.noHints) await hint.first().waitFor({ timeout: 30000 });
  else await page.waitForTimeout(500); // past the frame the hints would be counted in
  const shown = await hint.count();
  const measured = await measureTaps(page, '.roll-dock .bar-odds', tray.taps);
  await context.close();
  return { shown, ...measured };
}

/**
 * Taps the named buttons in turn, timing each from the tap to a change under `watched`, to
 * the next animation frame, and to a task queued from that frame (which runs once the frame
 * has been drawn); and records the browser's Event Timing of each tap of 16 ms or more.
 */
async function measureTaps(page, watched, names) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate((selector) => {
    window.latencies = [];
    window.slowTaps = new Map();
    let tappedAt = 0;
    let handledAt = 0;
    // Capture phase on the window: runs before the page's own handler.
    window.addEventListener('click', (event) => {
      tappedAt = event.timeStamp;
      handledAt = performance.now();
    }, true);
    new MutationObserver(() => {
      if (!tappedAt) return;
      const [start, handled] = [tappedAt, handledAt];
      tappedAt = 0;
      const now = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.latencies.push({
          queued: handled - start,
          work: now - handled,
          dom: now - start,
          frame: frame - start,
          drawn: performance.now() - start,
        });
        channel.port2.postMessage(0);
      });
    }).observe(document.querySelector(selector), { subtree: true, childList: true, characterData: true });
    // One interaction (pointerdown, pointerup, click) is as long as its longest event.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.slowTaps.set(entry.interactionId, Math.max(window.slowTaps.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  }, watched);
  for (let i = 0; i < TAPS; i += 1) {
    await page.getByRole('button', { name: names[i % names.length], exact: true }).click();
    await page.waitForFunction((n) => window.latencies.length > n, i);
    await page.waitForTimeout(TAP_GAP_MS);
  }
  // Event Timing entries arrive after the paint they measure: give the last one time.
  await page.waitForTimeout(300);
  const measured = await page.evaluate(() => ({ taps: window.latencies, events: [...window.slowTaps.values()] }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return measured;
}

/** Lighthouse's slow 4G as DevTools applies it (its "devtools" throttling), and 4x CPU. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A phone whose tables use the relay at `url`. */
async function tablePhone(url) {
  const { context, page } = await openPhone(env.browser);
  await context.addInitScript((relays) => {
    if (!localStorage.getItem('dicetray.table')) {
      localStorage.setItem('dicetray.table', JSON.stringify({ version: 2, data: { send_to: 'table', relays, at: null } }));
    }
  }, [url]);
  return { context, page };
}

async function tableFigures() {
  const relay = await startRelay();
  try {
    // The modules: the Table page's own (in its pack on a first visit; apart, when a tray
    // at a table draws its line), and the protocol's, fetched when a table is started.
    const gm = await tablePhone(relay.url);
    const fetched = [];
    gm.page.on('requestfinished', (request) => fetched.push(request));
    await gm.page.goto(`${env.origin}/#/table`, { waitUntil: 'networkidle' });
    await drawn(gm.page);
    const opening = fetched.length;
    await gm.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Gemma');
    await gm.page.getByRole('button', { name: 'Start a table' }).click();
    const link = await gm.page.getByRole('textbox', { name: 'Table link' });
    await expect(link).toHaveValue(/join=/);
    const dist = join(root, 'dist');
    const app = readdirSync(dist).find((d) => d.startsWith('app-'));
    console.log('the live table\'s modules:');
    const modules = [];
    const own = packed(readFileSync(join(dist, app, 'split_table_page.wasm')));
    console.log(row('split_table_page.wasm (the page\'s own)', own));
    modules.push({ name: 'split_table_page.wasm', when: 'the page\'s own', ...own });
    for (const [at, request] of fetched.entries()) {
      const name = new URL(request.url()).pathname.split('/').pop();
      if (!/table/.test(name)) continue;
      const response = await request.response();
      const when = at < opening ? 'opening the page, first visit' : 'on Start';
      if (response?.status() === 200) {
        const size = packed(await response.body());
        console.log(row(`${name} (${when})`, size));
        modules.push({ name, when, ...size });
      }
    }
    const full = await link.inputValue();
    const path = '/' + full.slice(full.indexOf('#'));

    const ana = await tablePhone(relay.url);
    await ana.page.goto(env.origin + path);
    await drawn(ana.page);
    await ana.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Ana');
    await ana.page.getByRole('button', { name: 'Join the table' }).click();
    await ana.page.getByRole('region', { name: 'At the table' }).waitFor();
    await ana.page.goto(`${env.origin}/#/narrative`);
    await drawn(ana.page);
    await ana.page.getByRole('button', { name: 'Add ability die', exact: true }).click();
    const rows = gm.page.locator('.table-log .history-list > li');
    // Roll on Ana's phone to the roll on the GM's first screen: the GM sits in a tray, and
    // the roll shows in its corner (its id in data-id).
    await gm.page.goto(`${env.origin}/#/d6`);
    await drawn(gm.page);
    await gm.page.getByRole('group', { name: 'Live table' }).waitFor();
    const times = [];
    for (let i = 0; i < 50; i += 1) {
      const before = await gm.page.locator('.table-last').getAttribute('data-id').catch(() => null);
      const started = performance.now();
      await ana.page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: 'Roll', exact: true }).click();
      await gm.page.waitForFunction(
        (was) => {
          const last = document.querySelector('.table-last');
          return last && last.dataset.id !== was;
        },
        before,
        { polling: 5 },
      );
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`Roll on one phone to the roll on another's first screen (its tray's corner), loopback relay, 50 rolls: median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);

    // What a tray fetches when it opens at a table, on a first visit: a phone keeping Ana's
    // table opens the Highest d6 tray, until its corner is drawn and the network is idle.
    const kept = await ana.page.evaluate(() => localStorage.getItem('dicetray.table'));
    const visitor = await openPhone(env.browser);
    await visitor.context.addInitScript((table) => {
      if (!localStorage.getItem('dicetray.table')) localStorage.setItem('dicetray.table', table);
    }, kept);
    const bodies = [];
    visitor.page.on('requestfinished', (request) => bodies.push(request.response().then((r) => r?.body()).catch(() => null)));
    await visitor.page.goto(`${env.origin}/#/d6`);
    await visitor.page.getByRole('group', { name: 'Live table' }).getByRole('button', { name: /^Table · / }).waitFor();
    await visitor.page.waitForLoadState('networkidle');
    const trayAtTable = (await Promise.all(bodies)).filter(Boolean).map(packed);
    const trayTotal = trayAtTable.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli }), { raw: 0, gzip: 0, brotli: 0 });
    console.log(row(`a tray opened at a table (${trayAtTable.length} files)`, trayTotal));
    await visitor.context.close();

    // A table of over 100 messages: Join to the whole table shown (its newest 100 entries,
    // the people and the pool), for phones joining one after another.
    await gm.page.goto(`${env.origin}/#/table`);
    await drawn(gm.page);
    await rows.first().waitFor();
    for (let i = 0; i < 50; i += 1) {
      const before = await rows.count();
      await ana.page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: 'Roll', exact: true }).click();
      await gm.page.waitForFunction((n) => document.querySelectorAll('.table-log .history-list > li').length > n, Math.min(before, 99), { polling: 5 });
    }
    const joins = [];
    for (let i = 0; i < 10; i += 1) {
      const late = await tablePhone(relay.url);
      await late.page.goto(env.origin + path);
      await drawn(late.page);
      await late.page.getByRole('textbox', { name: 'Your name at the table' }).fill(`Late ${i}`);
      const started = performance.now();
      await late.page.getByRole('button', { name: 'Join the table' }).click();
      await late.page.waitForFunction(
        (name) =>
          document.querySelectorAll('.table-log .history-list > li').length >= 100 &&
          [...document.querySelectorAll('.table-people li')].some((li) => li.textContent.includes(name)),
        `Late ${i}`,
        { polling: 5, timeout: 60_000 },
      );
      joins.push(performance.now() - started);
      await late.context.close();
    }
    joins.sort((a, b) => a - b);
    console.log(`Join to the whole table shown (over 100 messages, loopback relay, 10 phones): median ${percentile(joins, 50).toFixed(0)} ms, p95 ${percentile(joins, 95).toFixed(0)} ms`);

    // A new phone opens the link on slow 4G: to the Join form, then Join to the log shown.
    const ben = await tablePhone(relay.url);
    const cdp = await ben.context.newCDPSession(ben.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const opened = performance.now();
    await ben.page.goto(env.origin + path);
    await ben.page.getByRole('button', { name: 'Join the table' }).waitFor({ timeout: 120_000 });
    const form = performance.now() - opened;
    await ben.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Ben');
    const joined = performance.now();
    await ben.page.getByRole('button', { name: 'Join the table' }).click();
    await ben.page.locator('.table-log .history-list > li').first().waitFor({ timeout: 120_000 });
    const log = performance.now() - joined;
    console.log(`a table link opened on slow 4G (562.5 ms RTT, 1.4 Mbit/s down, 4x CPU): Join form shown in ${form.toFixed(0)} ms; Join to the log shown in ${log.toFixed(0)} ms`);
    record('table', command('table'), {
      modules,
      roll: { rolls: times.length, median: percentile(times, 50), p95: percentile(times, 95), to: 'first screen' },
      trayAtTable: trayTotal,
      join: { phones: joins.length, median: percentile(joins, 50), p95: percentile(joins, 95) },
      slowLink: { joinForm: form, joinToLog: log },
    });
    for (const phone of [gm, ana, ben]) await phone.context.close();
  } finally {
    await relay.stop();
  }
}

// `--list`: the pages the asked sections visit, in the nav's order, and no browser.
{
  const visits = new Set();
  const visit = (paths) => paths.forEach((p) => visits.add(p));
  if (want('loads')) visit(PAGES.map((p) => p.path));
  if (want('taps')) visit(TRAY_PAGES.map((p) => p.path));
  // The flows (flows.mjs) play on the trays, set up on the Characters page.
  if (want('flows')) visit([...TRAY_PAGES.map((p) => p.path), 'characters']);
  if (want('table')) visit(['table', 'narrative']);
  listAndExit(PAGES.map((p) => p.path).filter((p) => visits.has(p)));
}

// Last, once every constant above is set.
const env = await launch();
try {
  if (want('sizes')) await buildSizes();
  if (want('loads')) await firstLoads();
  if (want('qr')) qrCost();
  if (want('flows')) await flows();
  if (want('taps')) await tapLatency();
  if (want('table')) await tableFigures();
} finally {
  await env.close();
}
