// Trunk post-build hook step, after minify.mjs: lets the page paint its static shell before
// the WebAssembly is fetched. Trunk's index.html preloads the wasm from <head> and starts
// it as soon as the document is parsed, so on a slow phone the 300 KB download competes with
// the first paint. Here the wasm preload goes, and the start-up script fetches the wasm only
// once the shell (header, tabs, an introduction) is on screen; the app takes over when it
// is ready. Fails the build if Trunk's output no
// longer looks as expected, rather than shipping a page that starts differently.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('paint-first.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}
const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');

const preload = /<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>\s*/;
const init = /\nconst wasm = await init\(\{ module_or_path: ('[^']*_bg\.wasm') \}\);/;
if (!preload.test(html) || !init.test(html)) {
  console.error('paint-first.mjs: Trunk start-up code not found in index.html');
  process.exit(1);
}
// The start-up script waits until the browser has shown the shell: its largest paint where
// the browser reports one (else its first paint, else one frame), or a second at most, as
// in a tab opened in the background, which does not paint. Only then is the wasm fetched,
// so the download never delays that paint, and the app's take-over never races it.
const start = `
await new Promise((shown) => {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  const type = ['largest-contentful-paint', 'paint'].find((t) => types.includes(t));
  if (type) new PerformanceObserver(shown).observe({ type, buffered: true });
  else requestAnimationFrame(() => setTimeout(shown));
  setTimeout(shown, 1000);
});
const wasm = await init({ module_or_path: $1 });`;
html = html.replace(preload, '').replace(init, start);
await writeFile(htmlPath, html);
console.log('paint-first.mjs: the wasm is fetched after the first paint');
