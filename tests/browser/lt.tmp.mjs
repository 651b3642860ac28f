import { launch, openPhone, drawn } from './harness.mjs';
import { startServer } from './server.mjs';
const root = process.argv[2]; const route = process.argv[3] ?? '#/el';
const { server, origin } = await startServer(0, root);
const env = await launch(); const browser = env.browser ?? env;
for (let round = 0; round < 3; round++) {
  const { context, page } = await openPhone(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}/${route}`); await drawn(page); await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const lt = await page.evaluate(() => window.__lt);
  const self = new Map(); const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map(); profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of counts) { const n = byId.get(id); const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`; self.set(key, (self.get(key) ?? 0) + us); }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, us]) => `${(us / 1000).toFixed(0)}ms ${k}`);
  console.log('longtasks', JSON.stringify(lt)); if (round === 2) console.log(top.join('\n'));
  await context.close();
}
await env.close(); server.close();
