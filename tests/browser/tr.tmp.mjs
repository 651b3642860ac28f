import { launch, openPhone, drawn } from './harness.mjs';
import { startServer } from './server.mjs';
const root = process.argv[2]; const route = process.argv[3] ?? '#/el';
const { server, origin } = await startServer(0, root);
const env = await launch(); const browser = env.browser;
const { context, page } = await openPhone(browser);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.wasm,blink,loading', transferMode: 'ReportEvents' });
await page.goto(`${origin}/${route}`); await drawn(page); await page.waitForTimeout(1500);
await cdp.send('Tracing.end'); await done;
// main thread: the renderer's CrRendererMain
const names = events.filter((e) => e.name === 'thread_name');
const main = names.find((e) => e.args.name === 'CrRendererMain' );
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 30000);
for (const t of tasks) {
  const inner = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 3000);
  console.log(`task ${(t.dur / 1000).toFixed(0)} ms:`, inner.map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop() + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''} ${(e.dur / 1000).toFixed(0)}`).join(', '));
}
await env.close(); server.close();
