// wasm-opt as every module of the app gets it: the shipped build (scripts/build-app.mjs) and
// the bench's one-module build (scripts/unsplit-build.mjs), so the two compare like for like.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** wasm-opt's features: what Rust 1.95 emits for wasm32 (reference types among them). */
const FEATURES = ['bulk-memory', 'multivalue', 'mutable-globals', 'nontrapping-float-to-int', 'reference-types', 'sign-ext'];

const execFileAsync = promisify(execFile);

/** Shrinks the module at `path` in place (wasm-opt -Oz); fails on any warning but one. */
export async function wasmOpt(path, cwd) {
  // The producers and target-features sections say how a module was built: no browser
  // reads them, and every module carries its own copy.
  // --low-memory-unused: rustc links wasm32 with the stack first, at the bottom of memory,
  // growing down toward address 0, so the lowest 1 KB is touched only by a stack already
  // overflowed; knowing that, wasm-opt folds more address arithmetic (about 1% smaller).
  const args = ['-Oz', '--low-memory-unused', ...FEATURES.map((f) => `--enable-${f}`), '--strip-producers', '--strip-target-features', path, '-o', path];
  const { stderr } = await execFileAsync('wasm-opt', args, { cwd });
  // Split modules carry a name subsection wasm-opt does not know; it says so, harmlessly.
  const noise = stderr.split('\n').filter((l) => l && !l.includes('unknown name subsection'));
  if (noise.length) throw new Error(`wasm-opt ${path}:\n${noise.join('\n')}`);
}
