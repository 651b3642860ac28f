// Runs Lighthouse (mobile, its default: simulated slow 4G and a 4x slower CPU) on the built
// app with Debian's Chromium and prints the four category scores, for scripts/bench. The
// server gzips, as static hosts do, so the simulated network carries what a phone really
// downloads. Asserts nothing.
//
//   node tools/lighthouse/run.mjs [site folder]   (default dist/; the bench also passes
//                                                  target/dist-unsplit/, the one-module build)
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../tests/browser/harness.mjs';
import { resolve } from 'node:path';
import { startServer } from '../../tests/browser/server.mjs';

const site = process.argv[2];
const { server, origin } = await startServer(0, site ? resolve(site) : undefined);
if (site) console.log(`site: ${site}`);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
try {
  for (const route of ['#/narrative', '#/d6', '#/el', '#/characters']) {
    const result = await lighthouse(`${origin}/${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
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
  }
} finally {
  await chrome.kill();
  server.close();
}
