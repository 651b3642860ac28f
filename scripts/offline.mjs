// Trunk post-build step, after minify.mjs: makes the build work offline.
// sw.js is a service worker that precaches exactly the files of this build (listed here,
// from the staging folder, never by hand: every page's WebAssembly among them, so a tray
// never opened before opens with no signal) under a cache named after their contents,
// drops older caches, and answers from the cache.
// The Content Security Policy in index.html allows no inline script; this checks the page
// has none, so the policy never blocks the app's own start-up.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('offline.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}

async function files(dir) {
  const out = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) out.push(...(await files(path)));
    else out.push(path);
  }
  return out;
}

const html = await readFile(join(staging, 'index.html'), 'utf8');
if (/<script(?![^>]*\bsrc=)[^>]*>\s*\S/.test(html)) {
  console.error('offline.mjs: index.html has an inline script, which its Content Security Policy blocks');
  process.exit(1);
}

// The service worker, named per build by the contents of what it precaches.
// Not the pages' packs (scripts/build-app.mjs): they repeat modules already listed, and are
// fetched only on a first visit, before this worker holds the files.
const all = (await files(staging)).filter((f) => !f.endsWith('sw.js') && !/\/pack_[a-z0-9]+(_idle)?\.wasm$/.test(f));
const digest = createHash('sha256');
const urls = [];
for (const file of all.sort()) {
  digest.update(file).update(await readFile(file));
  const url = relative(staging, file).split('\\').join('/');
  urls.push(url === 'index.html' ? './' : `./${url}`);
}
const version = digest.digest('hex').slice(0, 16);
const worker = `// Made by scripts/offline.mjs for one build: precaches exactly its files.
const CACHE = 'dicetray-${version}';
const FILES = ${JSON.stringify(urls)};
self.addEventListener('install', (event) => {
  // Fetched past the HTTP cache: a host that caches index.html must not hand a new worker
  // the old page, whose files this cache would not hold.
  const fresh = FILES.map((file) => new Request(file, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('dicetray-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  // A page load is answered with this build's index.html, whatever the hash route.
  const wanted = request.mode === 'navigate' ? './' : request;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(wanted, { ignoreSearch: request.mode === 'navigate' }).then((hit) => hit || fetch(request)),
    ),
  );
});
`;
await writeFile(join(staging, 'sw.js'), worker);
console.log(`offline.mjs: ${urls.length} files precached as dicetray-${version}`);
