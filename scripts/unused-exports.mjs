// A step of build-app.mjs: drops exports of the main module that no page can call, so that
// wasm-opt then drops the code behind them. Leptos's server functions bring wasm-streams,
// whose `#[wasm_bindgen]` stream adapters (IntoUnderlyingSource, IntoUnderlyingSink,
// IntoUnderlyingByteSource) are exported for JavaScript: a client-side app never builds a
// stream, but an export keeps its code (and everything it calls) in every page's first load.

import { encodeLeb, leb } from './short-imports.mjs';

/** Exports no page calls: the stream adapters' methods and destructors. */
const UNUSED = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;

/** `wasm` without the unused exports; and how many went. Throws if it finds no export section. */
export function dropUnusedExports(wasm) {
  const decoder = new TextDecoder();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = leb(wasm, at + 1);
    if (id !== 7) {
      at = body + size;
      continue;
    }
    let [count, p] = leb(wasm, body);
    const kept = [];
    let dropped = 0;
    for (let i = 0; i < count; i += 1) {
      const start = p;
      const [length, nameAt] = leb(wasm, p);
      const name = decoder.decode(wasm.subarray(nameAt, nameAt + length));
      p = nameAt + length + 1; // the kind byte
      [, p] = leb(wasm, p); // the index
      if (UNUSED.test(name)) dropped += 1;
      else kept.push(wasm.subarray(start, p));
    }
    const entries = Buffer.concat([Buffer.from(encodeLeb(kept.length)), ...kept]);
    const section = Buffer.concat([Buffer.from([7, ...encodeLeb(entries.length)]), entries]);
    return {
      wasm: Buffer.concat([wasm.subarray(0, at), section, wasm.subarray(body + size)]),
      dropped,
    };
  }
  throw new Error('unused-exports.mjs: the module has no export section');
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
