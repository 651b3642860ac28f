//! The UI's layers, read from the source: the shell is reached only from `ui/mod.rs`, and it
//! names the pages through their `PAGE` alone, so no page and no shared part imports it back
//! (no circle between the shell and the pages). Each file's `crate::ui::<part>` paths are
//! read; a comment does not count. `root.rs`, the app's handle, is made of small parts that
//! never import it back (components take those parts, not the handle).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const UI: &str = "src/ui";

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("src/ui is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The top-level part of `ui` a file is in: its folder, or the file's own stem.
fn part_of(file: &Path) -> String {
    let inside = file.strip_prefix(UI).expect("a file under src/ui");
    let first = inside.components().next().expect("a path inside src/ui");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_string()
}

/// The parts of `ui` a file's code imports (`crate::ui::<part>` outside comments).
fn imports_of(text: &str) -> BTreeSet<String> {
    let mut parts = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::ui::") {
            rest = &rest[at + "crate::ui::".len()..];
            let part: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !part.is_empty() {
                parts.insert(part);
            }
        }
    }
    parts
}

#[test]
fn only_ui_mod_reaches_the_shell() {
    let reaching: Vec<String> = rust_files(Path::new(UI))
        .into_iter()
        .filter(|f| part_of(f) != "shell" && !f.ends_with("ui/mod.rs"))
        .filter(|f| imports_of(&fs::read_to_string(f).unwrap()).contains("shell"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(reaching.is_empty(), "these import ui::shell: {reaching:?}");
}

#[test]
fn the_reader_sees_imports_and_not_comments() {
    let text = "use crate::ui::root::Root;\n// crate::ui::shell in a comment\nlet x = crate::ui::lazy::run;";
    let found: Vec<String> = imports_of(text).into_iter().collect();
    assert_eq!(found, ["lazy", "root"]);
}

#[test]
fn the_shell_names_pages_only_through_their_page() {
    let pages = [
        "narrative",
        "highest_d6",
        "effective_level",
        "characters",
        "table",
    ];
    let mut seen = BTreeSet::new();
    for file in rust_files(&Path::new(UI).join("shell")) {
        let text = fs::read_to_string(&file).unwrap();
        for line in text
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default())
        {
            for page in pages {
                let named = format!("{page}::");
                let mut from = 0;
                while let Some(found) = line[from..].find(&named) {
                    let at = from + found;
                    from = at + named.len();
                    let before = line[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = &line[from..];
                    seen.insert(page);
                    // The live table is the app's connection as well as a page: the shell
                    // starts it when the device is at a table.
                    let connection = page == "table" && rest.starts_with("run_table(");
                    assert!(
                        rest.starts_with("PAGE") || connection,
                        "{} names {page} other than by its PAGE: {line}",
                        file.display()
                    );
                }
            }
        }
    }
    assert_eq!(
        seen.len(),
        pages.len(),
        "the shell's list names every page: {seen:?}"
    );
}

/// The files a file's code imports by their module path (`crate::ui::a::b::Item` is
/// `src/ui/a/b.rs` or `src/ui/a/b/mod.rs`, whichever exists; else `src/ui/a.rs`).
fn imported_files(text: &str) -> BTreeSet<PathBuf> {
    let mut files = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::ui::") {
            rest = &rest[at + "crate::ui::".len()..];
            let path: Vec<&str> = rest
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap_or_default()
                .split("::")
                .filter(|s| !s.is_empty())
                .collect();
            // The longest prefix of the path that is a file.
            for len in (1..=path.len()).rev() {
                let folder = Path::new(UI).join(path[..len].join("/"));
                let candidates = [folder.with_extension("rs"), folder.join("mod.rs")];
                if let Some(found) = candidates.into_iter().find(|f| f.is_file()) {
                    files.insert(found);
                    break;
                }
            }
        }
    }
    files
}

#[test]
fn what_root_is_made_of_never_imports_it_back() {
    let root = Path::new(UI).join("root.rs");
    // Its own name in its own macros is no import.
    let mut parts = imported_files(&fs::read_to_string(&root).unwrap());
    parts.remove(&root);
    assert!(parts.len() >= 5, "root.rs's parts are read: {parts:?}");
    let circles: Vec<String> = parts
        .iter()
        .filter(|f| imports_of(&fs::read_to_string(f).unwrap()).contains("root"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        circles.is_empty(),
        "these are part of root.rs and import it back: {circles:?}"
    );
}

#[test]
fn the_reader_finds_the_file_an_import_names() {
    let found = imported_files(
        "use crate::ui::widgets::fold::Folds;\nuse crate::ui::visit::{Visit, WaitingLink};",
    );
    let names: Vec<String> = found.iter().map(|f| f.display().to_string()).collect();
    assert_eq!(names, ["src/ui/visit.rs", "src/ui/widgets/fold.rs"]);
}
