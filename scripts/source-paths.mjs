// rustc's flags that shorten the source paths a module keeps, for both WebAssembly builds
// (scripts/build-app.mjs, the shipped one, and scripts/unsplit-build.mjs, the bench's).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * rustc's flags that shorten the source paths the module keeps (each place that can panic
 * names its file): every crate's folder in cargo's registry, and rustc's own library, lose
 * the folders above the crate. About 90 paths are in each page's first load; shortened, they
 * no longer name this machine's folders or the registry they came from.
 */
export function shortSourcePaths() {
  const cargoHome = process.env.CARGO_HOME ?? join(process.env.HOME ?? '/root', '.cargo');
  const registries = join(cargoHome, 'registry', 'src');
  const folders = existsSync(registries) ? readdirSync(registries).map((name) => join(registries, name)) : [];
  const commit = execFileSync('rustc', ['-vV'], { encoding: 'utf8' }).match(/^commit-hash: ([0-9a-f]+)$/m)?.[1];
  const prefixes = [...folders, ...(commit ? [`/rustc/${commit}`] : [])];
  return prefixes.map((prefix) => `--remap-path-prefix=${prefix}/=`);
}
