// Records a Chromium performance trace of each page opening the first time, on a phone's
// viewport with the CPU slowed 4x (as Lighthouse's mobile run assumes), and prints each main
// thread task over 50 ms (what counts toward total blocking time) with what filled it: the
// trace events inside it by name, with their total time. Asserts nothing; for docs and notes
// on what holds the blocking time.
//
//   node tools/trace-long-tasks.mjs [site folder]   (default dist/)
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { builtPages } from '../tests/browser/pages.mjs';
import { CHROMIUM, CHROMIUM_ARGS, PHONE_CONTEXT } from '../tests/browser/harness.mjs';
import { startServer } from '../tests/browser/server.mjs';

const site = process.argv[2] ? resolve(process.argv[2]) : undefined;
const pages = builtPages(site ?? 'dist');
const { server, origin } = await startServer(0, site);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const CATEGORIES = ['devtools.timeline', 'v8', 'v8.wasm', 'disabled-by-default-devtools.timeline', 'blink', 'loading'];

/** The trace's events of the renderer's main thread. */
function mainThread(events) {
  const named = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return events.filter((e) => e.pid === named.pid && e.tid === named.tid);
}

try {
  for (const { path } of pages) {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const chunks = [];
    cdp.on('Tracing.dataCollected', ({ value }) => chunks.push(...value));
    const done = new Promise((resolveDone) => cdp.once('Tracing.tracingComplete', resolveDone));
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
    await page.goto(`${origin}/#/${path}`);
    // The first 5 s: the page drawn, then what it does once idle.
    await page.waitForFunction(() => document.querySelector('main:not(.static-shell)') !== null, null, { timeout: 30000 }).catch(() => {});
    await page.waitForTimeout(5000);
    await cdp.send('Tracing.end');
    await done;
    const events = mainThread(chunks).filter((e) => e.ph === 'X' && typeof e.dur === 'number');
    const start = Math.min(...events.map((e) => e.ts));
    const tasks = events.filter((e) => e.name === 'RunTask' && e.dur > 50_000);
    const blocking = tasks.reduce((sum, t) => sum + (t.dur / 1000 - 50), 0);
    console.log(`#/${path}: ${tasks.length} tasks over 50 ms, blocking ${Math.round(blocking)} ms (4x slower CPU, no network throttling)`);
    for (const task of tasks) {
      const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const byName = new Map();
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 7).map(([n, ms]) => `${n} ${Math.round(ms)}`).join(', ');
      const script = inside.find((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript')?.args?.data;
      const where = script ? ` ${String(script.url ?? '').split('/').pop()}:${script.functionName ?? ''}` : '';
      console.log(`  at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur / 1000)} ms${where}: ${top}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
