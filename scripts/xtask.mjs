// Runs the build's WebAssembly steps written in Rust (xtask/: the split by page and the main
// module's rewrites). xtask/ is its own cargo project with its own lockfile; cargo builds it
// the first time (scripts/setup does so ahead) into target/xtask/, and finds it up to date
// in a fraction of a second after that.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'xtask');

/** The cargo arguments that build the xtask, for scripts/setup's use as well. */
export const XTASK_CARGO = ['--release', '--locked', '--offline', '--quiet', '--manifest-path', join(root, 'xtask/Cargo.toml'), '--target-dir', target];

/** Runs `xtask ...args` (see xtask/src/main.rs); returns what it prints, trimmed. */
export function xtask(...args) {
  const out = execFileSync('cargo', ['run', ...XTASK_CARGO, '--', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim();
}
