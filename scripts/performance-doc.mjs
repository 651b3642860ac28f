// Writes docs/performance.md from the figures of a bench run: scripts/bench runs it last.
// Each measuring script keeps its figures in $BENCH_FIGURES (target/bench/ by default; see
// scripts/bench-figures.mjs): this turns them into one markdown table per measure, each with
// the command that printed it and the day it ran. Only today's figures: no history.
//
// A measure with no figures in the folder (a script run on its own, then this) keeps its
// table from the file as it was, so running one part of the bench refreshes that part.
// The part between `<!-- by hand -->` and `<!-- /by hand -->` is kept as written: facts
// the bench does not measure.
//
//   node scripts/performance-doc.mjs [figures folder] [--check]
//     --check: write nothing; exit 1 if the file would change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = join(ROOT, 'docs/performance.md');
const args = process.argv.slice(2);
const FIGURES = resolve(args.find((a) => !a.startsWith('--')) ?? process.env.BENCH_FIGURES ?? join(ROOT, 'target/bench'));
const check = args.includes('--check');

const HAND_START = '<!-- by hand -->';
const HAND_END = '<!-- /by hand -->';

/**
 * What a page fetched once idle, in one cell: each named module with its size, then the
 * shared chunks (`chunk_<n>.wasm`, parts the splitter shares between modules) counted together.
 */
function laterFiles(files) {
  if (!files.length) return 'nothing';
  const chunks = files.filter((f) => /^chunk_\d+\.wasm$/.test(f.name));
  const named = files.filter((f) => !chunks.includes(f));
  const cells = named.map((f) => `\`${f.name}\` ${kb(f.gzip)} KB`);
  if (chunks.length) {
    const total = chunks.reduce((sum, f) => sum + f.gzip, 0);
    cells.push(`${chunks.length} shared chunks ${kb(total)} KB`);
  }
  return cells.join(', ');
}

/** A figures file of the run, or null. */
function figures(name) {
  const file = join(FIGURES, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Lines a script printed (a text file in the folder), or null. */
function printed(name) {
  const file = join(FIGURES, `${name}.txt`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()) : null;
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (n) => `${Math.round(n)} ms`;
const seconds = (n) => `${(n / 1000).toFixed(1)} s`;
const page = (path) => `\`#/${path}\``;

function table(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Where a table's figures came from: the command, and the day. */
const from = (run) => `\`${run.command}\`, ${run.measured}.`;

// Each measure: its heading, what it means, and its table from its figures (null when the
// run has none). In the order the file reads.
const MEASURES = [
  {
    id: 'first-load',
    heading: 'First load of each page',
    about: 'Every file a page requests on a first visit, until it is drawn and idle, compressed with gzip -9. Not counted: the service worker\'s background precache, and the code a tray fetches once it is idle (its idle pack: its `soon` module, with Roll, the result and the hints, and History\'s writer). Budget: 240 KB (245,760 bytes); aim: 200 KB.',
    render() {
      const run = figures('loads');
      if (!run) return null;
      const { budgetBytes } = run.figures;
      const rows = run.figures.pages.map((p) => {
        const gzip = p.firstLoad.gzip;
        const verdict = gzip <= budgetBytes ? `within, ${kb(budgetBytes - gzip)} KB to spare` : `**over by ${kb(gzip - budgetBytes)} KB**`;
        return [page(p.page), int(gzip), kb(gzip), verdict];
      });
      return [from(run), table(['page', 'gzip bytes', 'gzip KB', 'budget (240 KB)'], rows)];
    },
  },
  {
    id: 'first-5s',
    heading: 'The first 5 seconds',
    about: 'Everything a page fetches in its first 5 s on a first visit, gzip: its first load, then what it asks for once idle (a tray\'s idle pack: its `soon` module, with Roll, the result and the hints, and History\'s writer).',
    render() {
      const run = figures('loads');
      if (!run) return null;
      const rows = run.figures.pages.map((p) => [
        page(p.page),
        int(p.first5s.gzip),
        kb(p.first5s.gzip),
        laterFiles(p.later),
      ]);
      return [from(run), table(['page', 'gzip bytes', 'gzip KB', 'fetched once idle (gzip)'], rows)];
    },
  },
  {
    id: 'lighthouse',
    heading: 'Lighthouse',
    about: 'Lighthouse\'s mobile preset (simulated slow 4G, CPU slowed 4x), Debian\'s Chromium. The test server gzips what it sends, as static hosts do. One round per page.',
    render() {
      const run = figures('lighthouse');
      if (!run) return null;
      const rows = run.figures.pages.map((p) => [
        page(p.page),
        p.scores.performance,
        ms(p.blockingMs),
        p.interactiveMs === null ? 'n/a' : seconds(p.interactiveMs),
        seconds(p.largestPaintMs),
        p.scores.accessibility,
        p.scores.bestPractices,
        p.scores.seo,
      ]);
      return [
        `Lighthouse ${run.figures.lighthouse}, ${from(run)}`,
        table(['page', 'performance', 'total blocking time', 'interactive', 'largest paint', 'accessibility', 'best practices', 'SEO'], rows),
      ];
    },
  },
  {
    id: 'long-tasks',
    heading: 'Long tasks',
    about: 'The main thread\'s tasks of 50 ms or more in Lighthouse\'s trace of each page above (its `long-tasks` audit: times as traced, before its simulated slow-down), and what ran them.',
    render() {
      const run = figures('lighthouse');
      if (!run) return null;
      const rows = run.figures.pages.map((p) => {
        const longest = p.longTasks.reduce((max, t) => Math.max(max, t.duration), 0);
        const tasks = p.longTasks.map((t) => `${ms(t.duration)} at ${ms(t.startTime)} (${t.url.split('/').pop() || 'page'})`).join('; ');
        return [page(p.page), p.longTasks.length, p.longTasks.length ? ms(longest) : '', tasks || 'none'];
      });
      return [from(run), table(['page', 'long tasks', 'longest', 'each: length, start (what ran it)'], rows)];
    },
  },
  {
    id: 'main-thread',
    heading: 'Main-thread work',
    about: 'What the main thread did while each page loaded, by kind, from Lighthouse\'s `mainthread-work-breakdown` audit (with its simulated 4x slower CPU).',
    render() {
      const run = figures('lighthouse');
      if (!run) return null;
      // The kinds in the order of their total across pages, largest first.
      const totals = new Map();
      for (const p of run.figures.pages) {
        for (const item of p.mainThread) totals.set(item.label, (totals.get(item.label) ?? 0) + item.duration);
      }
      const kinds = [...totals.keys()].sort((a, b) => totals.get(b) - totals.get(a));
      const rows = run.figures.pages.map((p) => [
        page(p.page),
        ms(p.mainThreadMs),
        ...kinds.map((kind) => ms(p.mainThread.find((item) => item.label === kind)?.duration ?? 0)),
      ]);
      return [from(run), table(['page', 'in all', ...kinds], rows)];
    },
  },
  {
    id: 'lighthouse-unsplit',
    heading: 'Lighthouse on the one-module build',
    about: 'The same code built as one module (`scripts/unsplit-build.mjs`), served the same way: what splitting by page saves a first visit.',
    render() {
      const run = figures('lighthouse-dist-unsplit');
      if (!run) return null;
      const rows = run.figures.pages.map((p) => [
        page(p.page),
        p.scores.performance,
        ms(p.blockingMs),
        p.interactiveMs === null ? 'n/a' : seconds(p.interactiveMs),
      ]);
      return [`Lighthouse ${run.figures.lighthouse}, ${from(run)}`, table(['page', 'performance', 'total blocking time', 'interactive'], rows)];
    },
  },
  {
    id: 'splitting',
    heading: 'What splitting costs',
    about: 'The app\'s WebAssembly and JavaScript split by page, against the same code built as one module (the `unsplit` feature).',
    render() {
      const run = figures('splitting');
      if (!run) return null;
      const { split, one } = run.figures;
      const rows = ['raw', 'gzip', 'brotli'].map((key) => [key, `${kb(split[key])} KB`, `${kb(one[key])} KB`, `${(100 * (split[key] / one[key] - 1)).toFixed(1)}%`]);
      return [from(run), table(['', 'split by page', 'one module', 'splitting adds'], rows)];
    },
  },
  {
    id: 'taps',
    heading: 'Tap to updated odds',
    about: 'Taps 150 ms apart on a phone-sized page, CPU slowed 4x, p95 in milliseconds, with the odds hints on and off. Columns: from the tap to the odds in the DOM, to the next animation frame, to that frame drawn, and the browser\'s own Event Timing of the tap (16 ms or more, in 8 ms steps).',
    render() {
      const run = figures('taps');
      if (!run) return null;
      const rows = run.figures.runs.map((r) => [r.tray, r.hints ? 'on' : 'off', r.dom.toFixed(1), r.frame.toFixed(1), r.drawn.toFixed(1), r.eventTiming]);
      return [
        `${run.figures.taps} taps a run. A page with one button takes ${run.figures.baselineDrawnP95.toFixed(1)} ms to its frame drawn in the same harness. ${from(run)}`,
        table(['tray', 'hints', 'odds in the DOM', 'next frame', 'frame drawn', 'Event Timing'], rows),
      ];
    },
  },
  {
    id: 'flows',
    heading: 'Four flows',
    about: 'The issue\'s four flows, played on a fresh phone at 390x844 by `tests/browser/flows.mjs`. Setting up on the Characters page is not counted. A swipe is a control the player had to scroll to.',
    render() {
      const run = figures('flows');
      if (!run) return null;
      const rows = run.figures.flows.map((f) => [
        f.flow,
        f.typed ? `${f.taps} (${f.typed} typed)` : String(f.taps),
        f.swipes,
        f.rollAt ? `y ${f.rollAt.screen}${f.rollAt.page !== f.rollAt.screen ? ` (page ${f.rollAt.page})` : ''}` : '',
      ]);
      return [from(run), table(['flow', 'taps (typed)', 'swipes', 'where Roll sits'], rows)];
    },
  },
  {
    id: 'table',
    heading: 'The live table',
    about: 'Two and more phones at one table through a relay on 127.0.0.1. The slow link is Lighthouse\'s slow 4G (562.5 ms round trip, 1.4 Mbit/s down) with the CPU slowed 4x.',
    render() {
      const run = figures('table');
      if (!run) return null;
      const { roll, join, slowLink, modules, trayAtTable } = run.figures;
      const where = roll.to === 'first screen' ? "another phone's first screen (its tray's corner)" : "another phone's log";
      const rows = [
        [`Roll on one phone to the roll on ${where}, median of ${roll.rolls}`, ms(roll.median)],
        [`Roll on one phone to the roll on ${where}, p95 of ${roll.rolls}`, ms(roll.p95)],
        ...(trayAtTable ? [['A tray opened at a table on a first visit: all it fetches (gzip)', `${kb(trayAtTable.gzip)} KB`]] : []),
        [`Join to the whole table shown (over 100 messages), median of ${join.phones} phones`, ms(join.median)],
        [`Join to the whole table shown (over 100 messages), p95 of ${join.phones} phones`, ms(join.p95)],
        ['A fresh phone opens a table link, to the Join form shown (slow link)', seconds(slowLink.joinForm)],
        ['Join tapped, to the log shown (slow link)', seconds(slowLink.joinToLog)],
      ];
      const moduleRows = modules.map((m) => [`\`${m.name}\``, m.when, `${kb(m.gzip)} KB`, `${kb(m.raw)} KB`]);
      return [from(run), table(['measure', 'figure'], rows), 'Its modules:', table(['file', 'fetched', 'gzip', 'raw'], moduleRows)];
    },
  },
  {
    id: 'native',
    heading: 'Exact odds, hints and best dice, native',
    about: 'The core\'s own figures, natively, in a release build: each a mean of many runs.',
    render() {
      const lines = printed('native');
      if (!lines) return null;
      const rows = lines.filter((l) => l.startsWith('native ')).map(splitFigure);
      return [`\`cargo run --release --example bench\`, ${dayOf('native')}.`, table(['measure', 'figure'], rows)];
    },
  },
  {
    id: 'chromium-odds',
    heading: 'Exact odds in Chromium',
    about: 'The same odds in WebAssembly, in headless Chromium (`tests/browser_odds.rs`, release).',
    render() {
      const lines = printed('chromium-odds');
      if (!lines) return null;
      const rows = lines.filter((l) => l.startsWith('chromium ')).map(splitFigure);
      return [`\`cargo test --release --target wasm32-unknown-unknown --test browser_odds\`, ${dayOf('chromium-odds')}.`, table(['measure', 'figure'], rows)];
    },
  },
];

/** `native  exact odds, 5 dice (2g1y2p): 0.008 ms (mean of 200)` → [measure, figure]. */
function splitFigure(line) {
  const text = line.replace(/^(native|chromium)\s+/, '').trim();
  const at = text.lastIndexOf(': ');
  if (at < 0) return [text.replace(/\|/g, '\\|'), ''];
  return [text.slice(0, at).replace(/\s+/g, ' ').replace(/\|/g, '\\|'), text.slice(at + 2).replace(/\|/g, '\\|')];
}

/** The day a printed figures file was written (scripts/bench writes `<name>.day` beside it). */
function dayOf(name) {
  const file = join(FIGURES, `${name}.day`);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : new Date().toISOString().slice(0, 10);
}

const START = (id) => `<!-- figures: ${id} -->`;
const END = '<!-- /figures -->';

const before = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';

/** A measure's block as the file had it, or null. */
function previous(id) {
  const at = before.indexOf(START(id));
  if (at < 0) return null;
  const end = before.indexOf(END, at);
  return end < 0 ? null : before.slice(at + START(id).length, end).trim();
}

function handWritten() {
  const at = before.indexOf(HAND_START);
  const end = before.indexOf(HAND_END, at);
  if (at < 0 || end < 0) return '';
  return before.slice(at + HAND_START.length, end).trim();
}

const parts = [
  'This file is rewritten by `scripts/bench` (its last step, `scripts/performance-doc.mjs`): change the scripts, not the figures by hand. Only the part marked as written by hand, at the end, is kept as it is.',
  '# Performance',
  'The figures below are printed by:',
  '```sh\nscripts/bench\n```',
  'It runs on the 2-core development machine (Debian, Debian\'s Chromium), prints figures and asserts nothing, then writes this file from them: one table per measure, today\'s figures only, each with the command that printed it and the day it ran. Timings on this shared machine vary by about a third from one run to the next. KB means 1,024 bytes.',
];
let fresh = 0;
for (const measure of MEASURES) {
  const rendered = measure.render();
  if (rendered) fresh += 1;
  const body = rendered ? [measure.about, ...rendered].join('\n\n') : previous(measure.id) ?? `${measure.about}\n\nNot measured yet: run \`scripts/bench\`.`;
  parts.push(`## ${measure.heading}`, `${START(measure.id)}\n${body}\n${END}`);
}
parts.push(
  '## Written by hand',
  `${HAND_START}\n${handWritten() || 'Facts the bench does not measure, kept here as written: each says how it was measured, and when.'}\n${HAND_END}`,
);
const after = `${parts.join('\n\n')}\n`;

if (check) {
  if (after !== before) {
    console.error('performance-doc.mjs: docs/performance.md would change');
    process.exit(1);
  }
} else {
  writeFileSync(DOC, after);
  console.log(`performance-doc.mjs: docs/performance.md written, ${fresh} of ${MEASURES.length} measures from ${FIGURES}`);
}
