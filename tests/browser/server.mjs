// A static file server for dist/, at the root and under a sub-path, for browser tests and
// benchmarks. `node tests/browser/server.mjs [port]` serves until stopped.
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const SUB_PATH = '/dicetray/';
const DIST = resolve(fileURLToPath(new URL('../../dist', import.meta.url)));
/** A release build made with `--public-url /dicetray/` (scripts/test builds it). */
export const ABSOLUTE_DIST = resolve(fileURLToPath(new URL('../../target/dist-absolute', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Text and wasm: what a static host compresses on the fly. Images are already compressed. */
const COMPRESSIBLE = new Set(['.html', '.js', '.wasm', '.css', '.svg', '.json', '.webmanifest']);
/** Gzipped bodies by file and modification time, so a test run compresses each file once. */
const gzipped = new Map();

/**
 * Gzips the body when the browser accepts it, as every static host does: Lighthouse's
 * simulated slow 4G then loads what a phone really downloads, not the raw files.
 */
async function encodedBody(request, file, body) {
  if (!COMPRESSIBLE.has(extname(file)) || !/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return { body, headers: {} };
  }
  const key = `${file}:${(await stat(file)).mtimeMs}`;
  if (!gzipped.has(key)) gzipped.set(key, gzipSync(body));
  return { body: gzipped.get(key), headers: { 'content-encoding': 'gzip', vary: 'accept-encoding' } };
}

/// Maps a URL path to a file in `root`: `/x` and `/dicetray/x` both serve `root/x`.
async function fileFor(root, urlPath) {
  let path = decodeURIComponent(urlPath.split('?')[0]);
  if (path === SUB_PATH.slice(0, -1)) return { redirect: SUB_PATH };
  if (path.startsWith(SUB_PATH)) path = '/' + path.slice(SUB_PATH.length);
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  if (!file.startsWith(root)) return null;
  try {
    if ((await stat(file)).isFile()) return { file };
  } catch {
    return null;
  }
  return null;
}

/**
 * Serves `root` (dist/ by default) on 127.0.0.1; port 0 picks a free one. `overrides` maps a
 * URL path to a body served instead of the file, read at each request (a path ending in `/`
 * is a page), and `deploy(dir)`
 * serves another build from then on, so a test can play a new deployment.
 */
export function startServer(port = 0, root = DIST, overrides = {}) {
  const server = createServer(async (request, response) => {
    const path = request.url.split('?')[0];
    if (overrides[path] !== undefined) {
      response
        .writeHead(200, { 'content-type': TYPES[path.endsWith('/') ? '.html' : extname(path)] ?? 'text/plain', 'cache-control': 'no-store' })
        .end(overrides[path]);
      return;
    }
    const found = await fileFor(root, request.url);
    if (found?.redirect) {
      response.writeHead(301, { location: found.redirect }).end();
      return;
    }
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const { body, headers } = await encodedBody(request, found.file, await readFile(found.file));
    response
      .writeHead(200, {
        'content-type': TYPES[extname(found.file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...headers,
      })
      .end(body);
  });
  const deploy = (dir) => {
    root = resolve(dir);
  };
  return new Promise((resolveStart) => {
    server.listen(port, '127.0.0.1', () => {
      resolveStart({ server, origin: `http://127.0.0.1:${server.address().port}`, deploy });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { origin } = await startServer(Number(process.argv[2] ?? 8080));
  console.log(`Serving dist/ at ${origin}/ and ${origin}${SUB_PATH}`);
}

/** A free TCP port on 127.0.0.1: the kernel's pick, released at once for a server a test
 *  starts just after (the relay, WebKit's driver). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createTcpServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
