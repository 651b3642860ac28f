// A step of build-app.mjs: gives the main module's imports from its JavaScript glue short
// names. wasm-bindgen names each of them after what it calls plus a 16-digit hash
// (`__wbg_getElementById_7ee213db584f37b0`) and the glue's module path, and both the wasm and
// the glue carry every name: about 170 imports, whose hashes do not compress. Renaming them
// (`a`, `b`, ... in the wasm's import section, the same keys in the glue's import object)
// changes nothing else: the wasm refers to imports by index, the glue by these keys only.
// The module is rewritten by walrus (xtask/), the glue here.

import { xtask } from './xtask.mjs';

/** The glue's module for the wasm's own imports, as wasm-bindgen names it. */
const GLUE_MODULE = './dicetray_bg.js';
/** The short module name both sides use instead. */
const SHORT_MODULE = 'w';

/**
 * Renames the imports the module at `path` takes from the glue module, in the module (in
 * place) and in `glue` (the unminified glue text). Returns the glue rewritten and how many
 * imports were renamed; throws if the glue does not look as expected.
 */
export function shortenImports(path, glue) {
  const renamed = Object.entries(JSON.parse(xtask('short-imports', path, GLUE_MODULE, SHORT_MODULE)));
  // The glue: the module's key, then each import's key inside its object.
  const moduleKey = new RegExp(`(["'])${GLUE_MODULE.replace(/[./]/g, '\\$&')}\\1\\s*:`, 'g');
  if ((glue.match(moduleKey) ?? []).length !== 1) {
    throw new Error(`short-imports: the glue does not name ${GLUE_MODULE} exactly once`);
  }
  let text = glue.replace(moduleKey, `${SHORT_MODULE}:`);
  for (const [name, short] of renamed) {
    const key = new RegExp(`([{,\\s])${name.replace(/\$/g, '\\$')}(\\s*:)`, 'g');
    const found = (text.match(key) ?? []).length;
    if (found !== 1) throw new Error(`short-imports: the glue has ${found} keys named ${name}`);
    text = text.replace(key, `$1${short}$2`);
  }
  return { glue: text, renamed: renamed.length };
}
