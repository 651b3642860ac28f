//! Every page of the app, the three dice systems' trays first: the one list the router, the
//! nav (in the app and, written by the build, in `index.html`), History's filter, the live
//! table's messages, the build and the test helpers read.
//!
//! Adding a system is a folder in `core/`, a folder in `ui/`, its documents in `storage/`,
//! and one entry here (the compiler then asks for its page's code in `ui::shell::pages`).
//! `tests/systems.rs` and `tests/browser/systems.test.mjs` fail if any place misses it.
//!
//! Plain data with no imports: `xtask` reads this same file to write the built page's nav.

/// A page as every part of the app knows it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct PageInfo {
    /// Its path, and a tray's name wherever it is stored or sent: the route `#/d6`, History's
    /// tray key, the table's `tray`, the tab's session key, the build's `d6_page` split point
    /// and `pack_d6.wasm`. Stored: never renamed.
    pub path: &'static str,
    /// Its name in the nav, the window's title and its heading: "Highest d6".
    pub title: &'static str,
    /// A tray's name on History's filter, where four share a phone's width: "Narrative".
    pub short_title: &'static str,
    /// A tray's share link parameter (`#/d6?dice=4`); `None` for a page that is not a tray.
    pub share_key: Option<&'static str>,
    /// Its Share fold's id, remembered open in the settings. Stored: never renamed.
    pub share_fold: &'static str,
}

impl PageInfo {
    /// Whether it is a dice system's tray (it rolls, keeps History, takes the GM's side).
    pub const fn is_tray(&self) -> bool {
        self.share_key.is_some()
    }
}

/// Every page, in the nav's order: the trays first. The first opens when the address names
/// no page.
pub const PAGES: [PageInfo; 5] = [
    PageInfo {
        path: "narrative",
        title: "Narrative dice",
        short_title: "Narrative",
        share_key: Some("pool"),
        share_fold: "narrative-share",
    },
    PageInfo {
        path: "d6",
        title: "Highest d6",
        short_title: "Highest d6",
        share_key: Some("dice"),
        share_fold: "d6-share",
    },
    PageInfo {
        path: "el",
        title: "Effective Level",
        short_title: "Effective Level",
        share_key: Some("roll"),
        share_fold: "el-share",
    },
    PageInfo {
        path: "characters",
        title: "Characters",
        short_title: "Characters",
        share_key: None,
        share_fold: "characters-share",
    },
    PageInfo {
        path: "table",
        title: "Table",
        short_title: "Table",
        share_key: None,
        share_fold: "table-share",
    },
];

/// Whether `a` and `b` are the same text, at compile time: code that must handle every page
/// (where a `match` cannot be exhaustive over a list) asserts it follows [`PAGES`].
pub const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A page: one of [`PAGES`], cheap to copy, compared by its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Page(&'static PageInfo);

impl Page {
    /// Narrative dice.
    pub const NARRATIVE: Page = Page(&PAGES[0]);
    /// Highest d6.
    pub const HIGHEST_D6: Page = Page(&PAGES[1]);
    /// Effective Level.
    pub const EFFECTIVE_LEVEL: Page = Page(&PAGES[2]);
    /// The characters every tray rolls for.
    pub const CHARACTERS: Page = Page(&PAGES[3]);
    /// The live table.
    pub const TABLE: Page = Page(&PAGES[4]);
    /// The page opened when the address names none.
    pub const DEFAULT: Page = Page(&PAGES[0]);

    /// Every page, in the nav's order.
    pub fn all() -> impl Iterator<Item = Page> {
        PAGES.iter().map(Page)
    }

    /// The trays, in the nav's order.
    pub fn trays() -> impl Iterator<Item = Page> {
        Self::all().filter(|p| p.is_tray())
    }

    /// The page whose path is `path` (as routes, saved rolls and the table name trays).
    pub fn from_path(path: &str) -> Option<Page> {
        Self::all().find(|p| p.path() == path)
    }

    /// The tray whose path is `path`.
    pub fn tray(path: &str) -> Option<Page> {
        Self::from_path(path).filter(|p| p.is_tray())
    }

    /// What the list says of it.
    pub const fn info(self) -> &'static PageInfo {
        self.0
    }

    /// Its path: `narrative`, `d6`, `el`, `characters`, `table`.
    pub const fn path(self) -> &'static str {
        self.0.path
    }

    /// Its name in the nav and titles.
    pub const fn title(self) -> &'static str {
        self.0.title
    }

    /// Its name on History's filter.
    pub const fn short_title(self) -> &'static str {
        self.0.short_title
    }

    /// The query parameter a share link to it carries, if it is a tray.
    pub const fn share_key(self) -> Option<&'static str> {
        self.0.share_key
    }

    /// The id of its Share fold, remembered open in the settings.
    pub const fn share_fold(self) -> &'static str {
        self.0.share_fold
    }

    /// Whether it is a dice system's tray.
    pub const fn is_tray(self) -> bool {
        self.0.is_tray()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_pages_are_the_lists() {
        assert_eq!(Page::all().count(), PAGES.len());
        assert_eq!(
            Page::trays().map(Page::path).collect::<Vec<_>>(),
            ["narrative", "d6", "el"]
        );
        assert_eq!(Page::from_path("d6"), Some(Page::HIGHEST_D6));
        assert_eq!(Page::tray("table"), None);
        assert_eq!(Page::TABLE.path(), "table");
        assert_eq!(Page::CHARACTERS.path(), "characters");
        assert_eq!(Page::DEFAULT, Page::trays().next().unwrap());
    }

    #[test]
    fn paths_are_unique_plain_and_the_trays_come_first() {
        for (i, page) in PAGES.iter().enumerate() {
            assert!(
                page.path
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            );
            assert!(PAGES[..i].iter().all(|p| p.path != page.path));
            assert!(PAGES[..i].iter().all(|p| p.share_fold != page.share_fold));
        }
        let first_not_tray = PAGES.iter().position(|p| !p.is_tray()).unwrap();
        assert!(PAGES[first_not_tray..].iter().all(|p| !p.is_tray()));
        assert!(PAGES[0].is_tray(), "the app opens on a tray");
        assert!(same_text("narrative", "narrative"));
        assert!(!same_text("narrative", "narrativ"));
        assert!(!same_text("table", "tabla"));
    }
}
