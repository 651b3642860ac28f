// For scripts/bench: what splitting by page costs. Builds today's code as ONE module (the
// `unsplit` feature turns every split point into a plain function), puts it through the
// same steps as the shipped build (scripts/build-app.mjs, without the splitter), and
// prints the whole app's size both ways. It also writes target/dist-unsplit/, a copy of
// dist/ with the one module in place of the split ones (same start-up script, its own
// service worker), for Lighthouse to compare the two.
//
// Needs the release build in dist/ first (trunk build --release). Asserts nothing. With
// $BENCH_FIGURES set, the sizes are also kept there for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { shortenImports } from './short-imports.mjs';
import { dropUnusedExports, dropUnusedGlue } from './unused-exports.mjs';
import { shortSourcePaths } from './source-paths.mjs';
import { wasmOpt } from './wasm-opt.mjs';
import { record } from './bench-figures.mjs';

const root = new URL('..', import.meta.url).pathname;
// Its own target folder, so this build never evicts the shipped build's artefacts.
const target = join(root, 'target', 'unsplit');
const out = join(target, 'out');
const dist = join(root, 'dist');
const unsplitDist = join(root, 'target', 'dist-unsplit');

// The flags of .cargo/config.toml but --emit-relocs, which only the splitter needs (and
// whose relocation sections wasm-opt cannot read), and the shipped build's short source
// paths. Flags in the environment replace the config's flags.
execFileSync('cargo', ['build', '--locked', '--offline', '--target', 'wasm32-unknown-unknown', '--bin', 'dicetray', '--release', '--features', 'unsplit'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, CARGO_TARGET_DIR: target, CARGO_ENCODED_RUSTFLAGS: ['--cfg', 'erase_components', ...shortSourcePaths()].join('\x1f') },
});
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
execFileSync('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', 'dicetray', join(target, 'wasm32-unknown-unknown/release/dicetray.wasm')], { cwd: root, stdio: 'inherit' });
const wasmPath = join(out, 'dicetray_bg.wasm');
const gluePath = join(out, 'dicetray.js');
dropUnusedExports(wasmPath);
await wasmOpt(wasmPath, root);
const short = shortenImports(wasmPath, dropUnusedGlue(await readFile(gluePath, 'utf8')));
await writeFile(gluePath, (await transform(short.glue, { loader: 'js', format: 'esm', minify: true })).code);
// index.html preloads the splitter's loader: an empty one keeps that request honest.
await writeFile(join(out, '__wasm_split.js'), '');

const packed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
async function folderSize(folder) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const name of await readdir(folder)) {
    const size = packed(await readFile(join(folder, name)));
    for (const key of Object.keys(total)) total[key] += size[key];
  }
  return total;
}
const app = (await readdir(dist)).find((name) => name.startsWith('app-'));
if (!app) throw new Error('unsplit-build.mjs: no app-<hash>/ in dist/: run the release build first');
// The shipped start-up script, so both builds start the same way (the module fetched once
// the shell is painted), with no page modules to fetch beside the main one.
const start = (await readFile(join(dist, app, 'start.js'), 'utf8')).replace(/\[("[\w.]+\.wasm",?)+\]/g, '[]');
if (/\.wasm","|\["[\w.]+\.wasm"\]/.test(start) || !start.includes('dicetray_bg.wasm')) throw new Error('unsplit-build.mjs: start.js is not as build-app.mjs writes it');
await writeFile(join(out, 'start.js'), start);
const split = await folderSize(join(dist, app));
const one = await folderSize(out);
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const growth = (a, b) => `${(100 * (a / b - 1)).toFixed(1)}%`;
console.log('the app\'s WebAssembly and JavaScript (app-<hash>/), every module, split by page and as one module:');
for (const key of ['raw', 'gzip', 'brotli']) {
  console.log(`  ${key.padEnd(7)} split ${KB(split[key]).padStart(9)}   one module ${KB(one[key]).padStart(9)}   splitting adds ${growth(split[key], one[key])}`);
}
console.log('  (the one module is also every page\'s first load without splitting, beside the shell\'s CSS and HTML)');
record('splitting', 'node scripts/unsplit-build.mjs', { split, one });

// The same site with the one module in place of the split ones.
await rm(unsplitDist, { recursive: true, force: true });
await cp(dist, unsplitDist, { recursive: true });
await rm(join(unsplitDist, app), { recursive: true });
await cp(out, join(unsplitDist, app), { recursive: true });
// Its own service worker, precaching its own files, as the shipped build's does.
execFileSync('node', [join(root, 'scripts/offline.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, TRUNK_STAGING_DIR: unsplitDist } });
console.log(`  ${unsplitDist}: the site built as one module, for Lighthouse`);
