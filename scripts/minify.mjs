// Trunk post-build step, after build-app.mjs: minifies the staged stylesheet with esbuild,
// then refreshes its subresource-integrity hash in index.html so the browser still accepts
// it. The stylesheet's parts (style/*.css, joined by @import in style/main.css) become one
// file. (build-app.mjs minifies the app's JavaScript itself.)
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('minify.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');

for (const name of await readdir(staging)) {
  if (!name.endsWith('.css')) continue;
  const path = join(staging, name);
  // The stylesheet is written in parts (style/*.css, one per area, joined by @import in
  // style/main.css); the page gets them as one file. Trunk names its copy `main-<hash>.css`.
  const source = join(root, 'style', name.replace(/-[0-9a-f]{16}\.css$/, '.css'));
  const { outputFiles } = await build({ entryPoints: [source], bundle: true, minify: true, write: false, logLevel: 'error' });
  const code = outputFiles[0].text;
  // Trunk hashed main.css alone, not the parts it imports: name the file after all of it,
  // so a changed part never hides behind a cached old name.
  const renamed = name.replace(/-[0-9a-f]{16}\.css$/, `-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.css`);
  await rm(path);
  await writeFile(join(staging, renamed), code);
  const digest = createHash('sha384').update(code).digest('base64');
  // Each tag naming this file gets the new name and integrity hash. The URL may be relative
  // (`./name`) or absolute (`/dicetray/name`, from `--public-url`).
  const names = new RegExp(`((?:href|src)="(?:[^"]*/)?)${name.replace(/[.]/g, '\\.')}"`);
  html = html.replace(/<(?:link|script)\b[^>]*>/g, (tag) =>
    names.test(tag)
      ? tag.replace(names, `$1${renamed}"`).replace(/integrity="sha384-[^"]+"/, `integrity="sha384-${digest}"`)
      : tag,
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
