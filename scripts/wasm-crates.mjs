// Prints what each crate contributes to the WebAssembly module, from twiggy's per-function
// sizes. twiggy reads the module as cargo builds it (before wasm-bindgen and wasm-opt, which
// drop the function names), so these are shares of the unoptimised code, a guide to where
// the shipped bytes come from rather than their exact split.
//
//   node scripts/wasm-crates.mjs [path/to/module.wasm]
import { execFileSync } from 'node:child_process';

const wasm = process.argv[2] ?? 'target/wasm32-unknown-unknown/release/dicetray.wasm';
const csv = execFileSync('twiggy', ['top', '-n', '1000000', '--format', 'csv', wasm], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});

/** The crate a function belongs to: the first path segment of its name, or of the type
 * in `<Type as Trait>::f`. */
function crateOf(name) {
  if (name.startsWith('data[')) return '(static data)';
  const match = name.replace(/^[<&*\s]+|mut |dyn /g, '').match(/^[A-Za-z_][A-Za-z0-9_]*/);
  const first = match?.[0] ?? '(other)';
  // `<T as tachys::...>` is generic glue: credit the trait's crate.
  if (first === 'T') return name.match(/ as ([a-z_]+)::/)?.[1] ?? '(generic)';
  return first;
}

const sizes = new Map();
let total = 0;
for (const line of csv.trim().split('\n').slice(1)) {
  // Name,ShallowSize,...: names may hold commas, sizes never do.
  const fields = line.split(',');
  const size = Number(fields.at(-4));
  const name = fields.slice(0, -4).join(',').replace(/^"|"$/g, '').replaceAll('""', '"');
  // Sections and wasm-bindgen's build-time descriptions never reach the shipped module.
  if (name.startsWith('custom section') || name.includes('subsection')) continue;
  if (/^(export "|import ")?__wbindgen_describe/.test(name)) continue;
  const crate = crateOf(name);
  sizes.set(crate, (sizes.get(crate) ?? 0) + size);
  total += size;
}
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`largest contributors to the wasm, by crate (unoptimised code, ${KB(total)} in all):`);
for (const [crate, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${crate.padEnd(22)} ${KB(size).padStart(9)}  ${((100 * size) / total).toFixed(1).padStart(5)}%`);
}
