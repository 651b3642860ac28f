// Trunk post-build step, after build-app.mjs: minifies the staged stylesheet with esbuild,
// then refreshes its subresource-integrity hash in index.html so the browser still accepts
// it. (build-app.mjs minifies the app's JavaScript itself.)
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('minify.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}

const loaders = { '.css': { loader: 'css' } };
const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');

for (const name of await readdir(staging)) {
  const options = loaders[name.slice(name.lastIndexOf('.'))];
  if (!options) continue;
  const path = join(staging, name);
  const { code } = await transform(await readFile(path, 'utf8'), { ...options, minify: true });
  await writeFile(path, code);
  const digest = createHash('sha384').update(code).digest('base64');
  // Each tag naming this file carries its integrity hash; swap in the new one. The URL may be
  // relative (`./name`) or absolute (`/dicetray/name`, from `--public-url`).
  const names = new RegExp(`(?:href|src)="(?:[^"]*/)?${name.replace(/[.]/g, '\\.')}"`);
  html = html.replace(/<(?:link|script)\b[^>]*>/g, (tag) =>
    names.test(tag) ? tag.replace(/integrity="sha384-[^"]+"/, `integrity="sha384-${digest}"`) : tag,
  );
}

// Every integrity hash in the page must match its file, or the browser refuses the file and
// the page stays blank: check them all rather than trust the replacements above.
for (const tag of html.match(/<(?:link|script)\b[^>]*integrity="[^"]+"[^>]*>/g) ?? []) {
  const url = tag.match(/(?:href|src)="([^"]+)"/)?.[1] ?? '';
  const file = join(staging, decodeURIComponent(url.split('/').pop()));
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) {
    console.error(`minify.mjs: ${url} has an integrity hash but no file ${file} to check`);
    process.exit(1);
  }
  const digest = createHash('sha384').update(bytes).digest('base64');
  if (!tag.includes(`integrity="sha384-${digest}"`)) {
    console.error(`minify.mjs: the integrity hash for ${url} does not match ${file}`);
    process.exit(1);
  }
}
await writeFile(htmlPath, html);
