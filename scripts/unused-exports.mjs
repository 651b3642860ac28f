// A step of build-app.mjs: drops exports of the main module that no page can call, so that
// wasm-opt then drops the code behind them. Leptos's server functions bring wasm-streams,
// whose `#[wasm_bindgen]` stream adapters (IntoUnderlyingSource, IntoUnderlyingSink,
// IntoUnderlyingByteSource) are exported for JavaScript: a client-side app never builds a
// stream, but an export keeps its code (and everything it calls) in every page's first load.
// The module is rewritten by walrus (xtask/), the glue here.

import { xtask } from './xtask.mjs';

/** Exports no page calls: the stream adapters' methods and destructors. */
const UNUSED = '^(__wbg_)?intounderlying(bytesource|sink|source)_';

/** Drops the unused exports from the module at `path`, in place; returns how many went. */
export function dropUnusedExports(path) {
  return Number(xtask('drop-exports', path, UNUSED));
}

/**
 * The glue without the stream adapters' classes (and their finalizers), whose exports
 * `dropUnusedExports` took away: nothing imports them. Throws if the glue does not hold them
 * as wasm-bindgen writes them, so a change there is noticed.
 */
export function dropUnusedGlue(glue) {
  let out = glue;
  for (const name of ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource']) {
    const start = out.indexOf(`export class ${name} {`);
    if (start < 0) throw new Error(`unused-exports.mjs: the glue has no class ${name}`);
    let depth = 0;
    let end = out.indexOf('{', start);
    for (; end < out.length; end += 1) {
      if (out[end] === '{') depth += 1;
      else if (out[end] === '}' && (depth -= 1) === 0) break;
    }
    out = out.slice(0, start) + out.slice(end + 1);
    const dispose = `if (Symbol.dispose) ${name}.prototype[Symbol.dispose] = ${name}.prototype.free;\n`;
    const finalization = new RegExp(`const ${name}Finalization = [^;]*;\\n`);
    if (!out.includes(dispose) || !finalization.test(out)) {
      throw new Error(`unused-exports.mjs: the glue's ${name} is not as expected`);
    }
    out = out.replace(dispose, '').replace(finalization, '');
  }
  return out;
}
