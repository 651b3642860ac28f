// Where the bench's scripts leave their figures for docs/performance.md. scripts/bench sets
// $BENCH_FIGURES to a folder (target/bench/); each script that measures something writes
// there, beside what it prints, one JSON file per measure: `{ measured, command, figures }`.
// scripts/performance-doc.mjs then writes docs/performance.md from them. With no
// $BENCH_FIGURES a script only prints, as before.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder the figures go to, or null when none was asked for. */
export const FIGURES_DIR = process.env.BENCH_FIGURES ? resolve(process.env.BENCH_FIGURES) : null;

/** Today, as the figures' date: `2026-12-06`. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Keeps `figures` as `<name>.json` in $BENCH_FIGURES (if set), with the command that printed
 * them, as a reader would run it.
 */
export function record(name, command, figures) {
  if (!FIGURES_DIR) return;
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(join(FIGURES_DIR, `${name}.json`), `${JSON.stringify({ measured: today(), command, figures }, null, 2)}\n`);
}
