// Runs Lighthouse (mobile, its default: simulated slow 4G and a 4x slower CPU) on the built
// app with Debian's Chromium, on every page of the built nav (tests/browser/pages.mjs), and
// prints the four category scores, the long tasks (its `long-tasks` audit) and the main
// thread's work by kind (`mainthread-work-breakdown`), for scripts/bench. The server gzips,
// as static hosts do, so the simulated network carries what a phone really downloads.
// Asserts nothing. With $BENCH_FIGURES set (scripts/bench sets it), the figures are also
// kept there for docs/performance.md (scripts/bench-figures.mjs).
//
//   node tools/lighthouse/run.mjs [site folder] [--list]
//     site folder: default dist/; the bench also passes target/dist-unsplit/, the one-module
//     build. --list prints the pages it would visit, one path a line, and exits.
import { basename, resolve } from 'node:path';
import { builtPages, listAndExit } from '../../tests/browser/pages.mjs';
import { record } from '../../scripts/bench-figures.mjs';

const site = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const pages = builtPages(site ? resolve(site) : 'dist');
listAndExit(pages.map((p) => p.path));

// Only now: `--list` needs no Lighthouse (tools/lighthouse is installed for the bench alone).
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const { CHROMIUM_ARGS } = await import('../../tests/browser/harness.mjs');
const { startServer } = await import('../../tests/browser/server.mjs');

const { server, origin } = await startServer(0, site ? resolve(site) : undefined);
if (site) console.log(`site: ${site}`);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const ms = (value) => `${Math.round(value)} ms`;
const figures = [];
let version = null;
try {
  for (const { path } of pages) {
    const route = `#/${path}`;
    const result = await lighthouse(`${origin}/${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    version = result.lhr.lighthouseVersion;
    const score = (id) => Math.round(categories[id].score * 100);
    console.log(
      `lighthouse ${route.padEnd(12)} performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}, SEO ${score('seo')}  ` +
        `(first paint ${audits['first-contentful-paint'].displayValue}, largest paint ${audits['largest-contentful-paint'].displayValue}, blocking ${audits['total-blocking-time'].displayValue}, interactive ${audits.interactive?.displayValue ?? 'n/a'})`,
    );
    const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (lcp) console.log(`    largest paint: ${lcp.snippet?.slice(0, 80)}`);
    for (const [id, category] of Object.entries(categories)) {
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(`    ${id}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
    // The long tasks, as Lighthouse saw them in its (unthrottled) trace: where each started
    // and how long it ran, and what ran it.
    const longTasks = (audits['long-tasks']?.details?.items ?? []).map((task) => ({
      url: task.url ?? '',
      startTime: task.startTime ?? 0,
      duration: task.duration ?? 0,
    }));
    console.log(`    long tasks: ${longTasks.length ? longTasks.map((t) => `${ms(t.duration)} at ${ms(t.startTime)} (${t.url.split('/').pop() || t.url || 'page'})`).join('; ') : 'none'}`);
    // The main thread's work by kind, largest first.
    const breakdown = (audits['mainthread-work-breakdown']?.details?.items ?? [])
      .map((item) => ({ group: item.group, label: item.groupLabel ?? item.group, duration: item.duration ?? 0 }))
      .sort((a, b) => b.duration - a.duration);
    const work = audits['mainthread-work-breakdown']?.numericValue ?? breakdown.reduce((sum, item) => sum + item.duration, 0);
    console.log(`    main thread: ${ms(work)} in all; ${breakdown.map((item) => `${item.label} ${ms(item.duration)}`).join(', ')}`);
    figures.push({
      page: path,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      firstPaintMs: audits['first-contentful-paint'].numericValue,
      largestPaintMs: audits['largest-contentful-paint'].numericValue,
      blockingMs: audits['total-blocking-time'].numericValue,
      interactiveMs: audits.interactive?.numericValue ?? null,
      longTasks,
      mainThreadMs: work,
      mainThread: breakdown,
    });
  }
} finally {
  await chrome.kill();
  server.close();
}
// Kept as `lighthouse.json` for dist/, `lighthouse-<folder>.json` for another site.
record(site ? `lighthouse-${basename(resolve(site))}` : 'lighthouse', `node tools/lighthouse/run.mjs${site ? ` ${site}` : ''}`, { lighthouse: version, site: site ?? 'dist', pages: figures });
