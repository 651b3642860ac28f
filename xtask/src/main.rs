//! The build's WebAssembly steps, called by `scripts/build-app.mjs` (and the bench's
//! `scripts/unsplit-build.mjs`) through `scripts/xtask.mjs`:
//!
//! - `split INPUT OUT_DIR MANIFEST`: cuts the app's module at its split points with
//!   `wasm_split_cli_support`, the splitter Leptos's `#[lazy]` needs, called as a library the
//!   way cargo-leptos calls it. It writes what `wasm-split-cli INPUT OUT_DIR --target web
//!   --out-name dicetray` writes (`OUT_DIR/dicetray.wasm` for wasm-bindgen, one module per
//!   split point and per shared chunk, the loader `OUT_DIR/__wasm_split.js`), and MANIFEST:
//!   the splitter's own prefetch map, each split point's name to the file stems it needs.
//! - `drop-exports MODULE PATTERN`: drops the exports whose names match the regular
//!   expression PATTERN, in place; prints how many went.
//! - `short-imports MODULE FROM TO`: renames every import from module FROM to module TO with
//!   a short name (`a`, `b`, ... `Z`, `aa`, ...), in place; prints the renames as a JSON
//!   object, old name to new, for the glue to follow.
//! - `pages`: prints the app's pages (`src/pages.rs`, the one list of them) as a JSON array
//!   in the nav's order, each `{"path", "title", "short_title", "share_key", "share_fold",
//!   "tray"}`: the build writes the static page's nav and its start-up from it.
//!
//! Both rewrites go through walrus, the reader and writer wasm-bindgen itself uses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use eyre::{Result, WrapErr, bail, eyre};

/// The app's own list of pages, the very file the app compiles: plain data with no imports.
/// Only the list is read here, not the app's helpers around it.
#[allow(dead_code)]
#[path = "../../src/pages.rs"]
mod pages;

const USAGE: &str = "usage: xtask split INPUT OUT_DIR MANIFEST
       xtask drop-exports MODULE PATTERN
       xtask short-imports MODULE FROM TO
       xtask pages";

/// The name wasm-bindgen's output takes (`--out-name`): the main module's glue is
/// `./dicetray.js`, which the splitter's loader imports `initSync` from.
const OUT_NAME: &str = "dicetray";

fn main() -> ExitCode {
    // The splitter says what it notices through `tracing`; show it as its own CLI does.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = match args.as_slice() {
        ["split", input, out_dir, manifest] => {
            split(input.as_ref(), out_dir.as_ref(), manifest.as_ref())
        }
        ["drop-exports", module, pattern] => drop_exports(module.as_ref(), pattern),
        ["short-imports", module, from, to] => short_imports(module.as_ref(), from, to),
        ["pages"] => print_pages(),
        _ => Err(eyre!("{USAGE}")),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error:?}");
            ExitCode::FAILURE
        }
    }
}

/// The split by page, and the splitter's manifest of which files each split point needs.
fn split(input: &Path, out_dir: &Path, manifest: &Path) -> Result<()> {
    let wasm = std::fs::read(input).wrap_err_with(|| format!("reading {}", input.display()))?;
    let main_out: PathBuf = out_dir.join(format!("{OUT_NAME}.wasm"));
    let main_module = format!("./{OUT_NAME}.js");
    let split = wasm_split_cli_support::transform({
        let mut options = wasm_split_cli_support::Options::new(&wasm);
        options.output_dir = out_dir;
        options.main_out_path = &main_out;
        options.main_module = &main_module;
        options.target.web();
        options
    })?;
    // Sorted, so the same module always gives the same manifest.
    let prefetch: BTreeMap<String, Vec<String>> = split.prefetch_map.into_iter().collect();
    if prefetch.is_empty() {
        bail!("{} has no split points", input.display());
    }
    std::fs::write(manifest, serde_json::to_string_pretty(&prefetch)? + "\n")
        .wrap_err_with(|| format!("writing {}", manifest.display()))?;
    Ok(())
}

fn read_module(path: &Path) -> Result<walrus::Module> {
    let mut config = walrus::ModuleConfig::new();
    // What the module had, nothing added: no walrus entry among its producers.
    config.generate_producers_section(false);
    config
        .parse_file(path)
        .map_err(|e| eyre!("{e:?}"))
        .wrap_err_with(|| format!("reading {}", path.display()))
}

fn write_module(module: &mut walrus::Module, path: &Path) -> Result<()> {
    module
        .emit_wasm_file(path)
        .map_err(|e| eyre!("{e:?}"))
        .wrap_err_with(|| format!("writing {}", path.display()))
}

fn drop_exports(path: &Path, pattern: &str) -> Result<()> {
    let pattern = regex::Regex::new(pattern)?;
    let mut module = read_module(path)?;
    let unused: Vec<_> = module
        .exports
        .iter()
        .filter(|export| pattern.is_match(&export.name))
        .map(|export| export.id())
        .collect();
    for &id in &unused {
        module.exports.delete(id);
    }
    write_module(&mut module, path)?;
    println!("{}", unused.len());
    Ok(())
}

/// Short names: `a`, `b`, ... `z`, `A` ... `Z`, then `aa`, `ab`, ...
fn short_name(mut n: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let base = LETTERS.len();
    let mut length = 1;
    let mut count = base;
    while n >= count {
        n -= count;
        length += 1;
        count *= base;
    }
    let mut name = vec![0; length];
    for slot in name.iter_mut().rev() {
        *slot = LETTERS[n % base];
        n /= base;
    }
    String::from_utf8(name).expect("ASCII letters")
}

fn short_imports(path: &Path, from: &str, to: &str) -> Result<()> {
    let mut module = read_module(path)?;
    // Named in the import section's order (walrus keeps it).
    let mut renamed = BTreeMap::<String, String>::new();
    for import in module.imports.iter_mut() {
        if import.module != from {
            continue;
        }
        import.module = to.to_owned();
        let next = renamed.len();
        let short = renamed
            .entry(import.name.clone())
            .or_insert_with(|| short_name(next));
        import.name = short.clone();
    }
    if renamed.is_empty() {
        bail!("{} imports nothing from {from}", path.display());
    }
    write_module(&mut module, path)?;
    println!("{}", serde_json::to_string(&renamed)?);
    Ok(())
}

/// The pages as JSON, in the nav's order.
fn pages_json() -> serde_json::Value {
    pages::PAGES
        .iter()
        .map(|page| {
            serde_json::json!({
                "path": page.path,
                "title": page.title,
                "short_title": page.short_title,
                "share_key": page.share_key,
                "share_fold": page.share_fold,
                "tray": page.is_tray(),
            })
        })
        .collect()
}

fn print_pages() -> Result<()> {
    println!("{}", serde_json::to_string_pretty(&pages_json())?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{pages, pages_json, short_name};

    #[test]
    fn pages_print_every_page_in_order_with_its_tray_flag() {
        let json = pages_json();
        let printed = json.as_array().expect("an array");
        assert_eq!(printed.len(), pages::PAGES.len());
        for (page, printed) in pages::PAGES.iter().zip(printed) {
            assert_eq!(printed["path"], page.path);
            assert_eq!(printed["title"], page.title);
            assert_eq!(printed["short_title"], page.short_title);
            assert_eq!(printed["share_fold"], page.share_fold);
            assert_eq!(printed["tray"], page.share_key.is_some());
            match page.share_key {
                Some(key) => assert_eq!(printed["share_key"], key),
                None => assert!(printed["share_key"].is_null()),
            }
        }
    }

    #[test]
    fn short_names_count_up_like_spreadsheet_columns() {
        assert_eq!(short_name(0), "a");
        assert_eq!(short_name(25), "z");
        assert_eq!(short_name(26), "A");
        assert_eq!(short_name(51), "Z");
        assert_eq!(short_name(52), "aa");
        assert_eq!(short_name(53), "ab");
        assert_eq!(short_name(52 + 52 * 52), "aaa");
    }
}
