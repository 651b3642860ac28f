// A step of build-app.mjs: gives the main module's imports from its JavaScript glue short
// names. wasm-bindgen names each of them after what it calls plus a 16-digit hash
// (`__wbg_getElementById_7ee213db584f37b0`) and the glue's module path, and both the wasm and
// the glue carry every name: about 170 imports, whose hashes do not compress. Renaming them
// (`a`, `b`, ... in the wasm's import section, the same keys in the glue's import object)
// changes nothing else: the wasm refers to imports by index, the glue by these keys only.

/** The glue's module for the wasm's own imports, as wasm-bindgen names it. */
const GLUE_MODULE = './dicetray_bg.js';
/** The short module name both sides use instead. */
const SHORT_MODULE = 'w';

/** Reads an unsigned LEB128 number at `at`; returns [value, next position]. */
export function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

export function encodeLeb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

/** Short names: a, b, ... z, A ... Z, then aa, ab, ... */
function* shortNames() {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let length = 1; ; length += 1) {
    const total = letters.length ** length;
    for (let n = 0; n < total; n += 1) {
      let name = '';
      for (let k = n, i = 0; i < length; i += 1, k = Math.floor(k / letters.length)) {
        name = letters[k % letters.length] + name;
      }
      yield name;
    }
  }
}

/**
 * Renames the imports `wasm` takes from the glue module, in the wasm and in `glue` (the
 * unminified glue text). Returns both rewritten; throws if either does not look as expected.
 */
export function shortenImports(wasm, glue) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let at = 8;
  while (at < wasm.length && wasm[at] !== 2) {
    const [size, body] = leb(wasm, at + 1);
    at = body + size;
  }
  if (wasm[at] !== 2) throw new Error('short-imports: the module has no import section');
  const sectionStart = at;
  const [sectionSize, bodyStart] = leb(wasm, at + 1);
  const sectionEnd = bodyStart + sectionSize;
  const [count, first] = leb(wasm, bodyStart);
  const out = [...encodeLeb(count)];
  const names = shortNames();
  const renamed = new Map();
  at = first;
  for (let i = 0; i < count; i += 1) {
    const [moduleLength, moduleAt] = leb(wasm, at);
    const module = decoder.decode(wasm.subarray(moduleAt, moduleAt + moduleLength));
    const [nameLength, nameAt] = leb(wasm, moduleAt + moduleLength);
    const name = decoder.decode(wasm.subarray(nameAt, nameAt + nameLength));
    // The rest of the entry (its kind and type) is copied as it is: find where it ends.
    let rest = nameAt + nameLength;
    const kind = wasm[rest++];
    if (kind === 0) [, rest] = leb(wasm, rest); // function: type index
    else if (kind === 1) { rest += 1; const [flags, r] = leb(wasm, rest); [, rest] = leb(wasm, r); if (flags & 1) [, rest] = leb(wasm, rest); } // table
    else if (kind === 2) { const [flags, r] = leb(wasm, rest); [, rest] = leb(wasm, r); if (flags & 1) [, rest] = leb(wasm, rest); } // memory
    else if (kind === 3) rest += 2; // global: type, mutability
    else throw new Error(`short-imports: an import of unknown kind ${kind}`);
    let newModule = module;
    let newName = name;
    if (module === GLUE_MODULE) {
      newModule = SHORT_MODULE;
      newName = renamed.get(name) ?? names.next().value;
      renamed.set(name, newName);
    }
    const moduleBytes = encoder.encode(newModule);
    const nameBytes = encoder.encode(newName);
    out.push(...encodeLeb(moduleBytes.length), ...moduleBytes, ...encodeLeb(nameBytes.length), ...nameBytes);
    out.push(...wasm.subarray(nameAt + nameLength, rest));
    at = rest;
  }
  if (at !== sectionEnd) throw new Error('short-imports: the import section did not parse to its end');
  const section = [2, ...encodeLeb(out.length), ...out];
  const rewritten = new Uint8Array(sectionStart + section.length + (wasm.length - sectionEnd));
  rewritten.set(wasm.subarray(0, sectionStart), 0);
  rewritten.set(section, sectionStart);
  rewritten.set(wasm.subarray(sectionEnd), sectionStart + section.length);

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
  return { wasm: rewritten, glue: text, renamed: renamed.size };
}
