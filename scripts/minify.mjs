// Trunk post-build hook: minifies the staged JavaScript glue and stylesheet with esbuild,
// then refreshes their subresource-integrity hashes in index.html so the browser still
// accepts them. Trunk's own minifier cannot parse wasm-bindgen's glue. About 2.4 KB gzip.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('minify.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}

const loaders = { '.js': { loader: 'js', format: 'esm' }, '.css': { loader: 'css' } };
const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');

for (const name of await readdir(staging)) {
  const options = loaders[name.slice(name.lastIndexOf('.'))];
  if (!options) continue;
  const path = join(staging, name);
  const { code } = await transform(await readFile(path, 'utf8'), { ...options, minify: true });
  await writeFile(path, code);
  const digest = createHash('sha384').update(code).digest('base64');
  // Each tag naming this file carries its integrity hash; swap in the new one.
  html = html.replace(
    new RegExp(`(<[^>]*"\\./${name.replace(/[.]/g, '\\.')}"[^>]*integrity=")sha384-[^"]+`, 'g'),
    `$1sha384-${digest}`,
  );
}
await writeFile(htmlPath, html);
