// Browser figures for scripts/bench. Prints numbers; asserts nothing.
//  1. Every file of the build, raw and compressed (gzip -9, brotli 11), and the whole build;
//     then what each page fetches when a phone opens it the first time.
//  2. Tap-to-updated-odds latency on a 40-die pool with the CPU throttled 4x: from the tap's
//     event time to the odds changing in the DOM, and to the next animation frame after it.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { drawn, launch, openPhone, ready } from './harness.mjs';

// KB here is 1,024 bytes; the exact total in bytes is printed too.
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const TAPS = 60;
// A quick player taps about every 150 ms; spacing taps so measures each tap's own latency,
// not a backlog from taps no hand could make.
const TAP_GAP_MS = 150;

const env = await launch();
try {
  await buildSizes();
  await firstLoads();
  await tapLatency();
} finally {
  await env.close();
}

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
    for (const key of Object.keys(total)) total[key] += size[key];
    console.log(row(file.replace(/^app-[0-9a-f]+\//, 'app/'), size));
  }
  console.log(row('whole build', total));
}

/**
 * What a phone fetches to open each page the first time: the page's own requests (the
 * service worker's precache, which runs beside it in the background, is not the page's).
 */
async function firstLoads() {
  for (const path of ['#/narrative', '#/d6', '#/el', '#/characters']) {
    const { context, page } = await openPhone(env.browser);
    const fetched = [];
    page.on('requestfinished', (request) => fetched.push(request));
    await page.goto(`${env.origin}/${path}`, { waitUntil: 'networkidle' });
    await drawn(page);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    const lines = [];
    const timing = {};
    for (const request of fetched) {
      const response = await request.response();
      if (!response || response.status() !== 200) continue;
      const size = packed(await response.body());
      for (const key of Object.keys(total)) total[key] += size[key];
      const name = new URL(request.url()).pathname.split('/').pop() || 'index.html';
      lines.push(row(name, size));
      timing[name] = request.timing();
    }
    console.log(`first load of ${path}, every file the page fetched:`);
    lines.forEach((line) => console.log(line));
    console.log(row('total', total));
    console.log(`  total gzip: ${total.gzip} bytes (budget 240 KB = ${240 * 1024} bytes; aim 200 KB)`);
    // The page's own modules should start beside the main one, not after it has arrived.
    const main = timing['dicetray_bg.wasm'];
    const own = Object.entries(timing).find(([name]) => name.startsWith('split_'));
    if (main && own) {
      const mainEnd = main.startTime + main.responseEnd;
      const ownStart = own[1].startTime;
      console.log(`  ${own[0]} requested ${(ownStart - main.startTime).toFixed(0)} ms after the main module (which took ${(main.responseEnd).toFixed(0)} ms): ${ownStart <= mainEnd ? 'in parallel' : 'after it'}`);
    }
    await context.close();
  }
}

async function tapLatency() {
  const { context, page } = await openPhone(env.browser);
  // 39 dice from a share link; the taps toggle a 40th, an ability die, which moves the odds.
  await page.goto(env.origin + '/#/narrative?pool=6g6y6p6r6b5k4w');
  await ready(page);
  const app = await measureTaps(page, '[aria-label="Odds"]', ['Add ability die', 'Remove ability die']);
  await context.close();

  // The same measurement on a one-button page shows what the harness itself costs.
  const blank = await openPhone(env.browser);
  await blank.page.setContent(
    '<button id="b">Count</button><p id="o">0</p>' +
      '<script>b.onclick = () => { o.textContent = Number(o.textContent) + 1; };</script>',
  );
  const baseline = await measureTaps(blank.page, '#o', ['Count']);
  await blank.context.close();

  // The Highest d6 tray: 4 base dice, taps add and remove a die.
  const d6 = await openPhone(env.browser);
  await d6.page.goto(env.origin + '/#/d6?dice=4');
  await drawn(d6.page);
  const d6Taps = await measureTaps(d6.page, '.outcome-list', ['Add die', 'Remove die']);
  await d6.context.close();

  // The Effective Level tray at EL 20 against opposition: taps raise and lower the EL.
  const el = await openPhone(env.browser);
  await el.page.goto(env.origin + '/#/el?roll=el+20+vs+12+opposed');
  await drawn(el.page);
  // The bar's two figures follow each tap; the odds in detail are drawn only once opened.
  const elTaps = await measureTaps(el.page, '.roll-dock .bar-odds', ['Raise Effective Level', 'Lower Effective Level']);
  await el.context.close();

  const summary = (latencies, key) => {
    const values = latencies.map((l) => l[key]).sort((a, b) => a - b);
    const at = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
    return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${values.at(-1).toFixed(1)} ms`;
  };
  const report = (title, taps) => {
    console.log(`${title}, CPU 4x slower, ${taps.length} taps ${TAP_GAP_MS} ms apart:`);
    console.log(`  tap event to its handler:  ${summary(taps, 'queued')}`);
    console.log(`  handler to odds in DOM:    ${summary(taps, 'work')}`);
    console.log(`  odds changed in the DOM:   ${summary(taps, 'dom')}   (target: within one 16 ms frame)`);
    console.log(`  next animation frame:      ${summary(taps, 'frame')}`);
  };
  report('narrative tray, tap to updated odds, 40-die pool', app);
  report('Highest d6 tray, tap to updated odds, 4-5 dice', d6Taps);
  report('Effective Level tray, tap to updated odds, EL 19-20 against opposition', elTaps);
  console.log(`the same on a one-button page (harness baseline), CPU 4x slower:`);
  console.log(`  tap event to its handler:  ${summary(baseline, 'queued')}`);
  console.log(`  tap event to DOM change:   ${summary(baseline, 'dom')}`);
}

/** Taps the named buttons in turn, timing each from the tap to a change under `watched`. */
async function measureTaps(page, watched, names) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate((selector) => {
    window.latencies = [];
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
      requestAnimationFrame(() => window.latencies.push({
        queued: handled - start,
        work: now - handled,
        dom: now - start,
        frame: performance.now() - start,
      }));
    }).observe(document.querySelector(selector), { subtree: true, childList: true, characterData: true });
  }, watched);
  for (let i = 0; i < TAPS; i += 1) {
    await page.getByRole('button', { name: names[i % names.length], exact: true }).click();
    await page.waitForFunction((n) => window.latencies.length > n, i);
    await page.waitForTimeout(TAP_GAP_MS);
  }
  return page.evaluate(() => window.latencies);
}
