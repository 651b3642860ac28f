// Browser figures for scripts/bench. Prints numbers; asserts nothing.
//  1. Everything the first page load fetches, raw and compressed (gzip -9, brotli 11).
//  2. Tap-to-updated-odds latency on a 40-die pool with the CPU throttled 4x: from the tap's
//     event time to the odds changing in the DOM, and to the next animation frame after it.
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
  await firstLoad();
  await tapLatency();
} finally {
  await env.close();
}

async function firstLoad() {
  const { context, page } = await openPhone(env.browser);
  const bodies = [];
  page.on('response', async (response) => {
    if (response.status() === 200) bodies.push({ url: response.url(), body: response.body() });
  });
  await page.goto(env.origin + '/', { waitUntil: 'networkidle' });
  await ready(page);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  console.log('first page load, every file fetched:');
  for (const { url, body } of bodies) {
    const bytes = await body;
    const gz = gzipSync(bytes, { level: 9 }).length;
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    raw += bytes.length;
    gzip += gz;
    brotli += br;
    const name = new URL(url).pathname.split('/').pop() || 'index.html';
    console.log(`  ${name.padEnd(44)} ${KB(bytes.length).padStart(9)} raw ${KB(gz).padStart(9)} gzip ${KB(br).padStart(9)} brotli`);
  }
  console.log(`  ${'total'.padEnd(44)} ${KB(raw).padStart(9)} raw ${KB(gzip).padStart(9)} gzip ${KB(brotli).padStart(9)} brotli`);
  console.log(`  total gzip: ${gzip} bytes, brotli: ${brotli} bytes   (budget for all three trays: 200 KB gzip)`);
  await context.close();
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
  const elTaps = await measureTaps(el.page, '[aria-labelledby="el-odds-title"]', ['Raise Effective Level', 'Lower Effective Level']);
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
