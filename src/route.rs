//! Hash routes, so a deep link opens the right page on any static host and under any
//! sub-path: `#/narrative`, `#/d6`, `#/el`, `#/characters`, with a tray's share parameter
//! (`?pool=2g1y`, `?dice=4`) when a link carries one, or the GM's challenge for the tray
//! (`?challenge=2p1r`: only the other side, `notation::challenge`), or a roll to show
//! read-only (`?result=...`).

use crate::core::notation::percent_decode;

pub use crate::pages::Page;

/// Where the address bar points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The page to show.
    pub page: Page,
    /// The page's share parameter, percent-decoded, when a share link carries one.
    pub shared: Option<String>,
    /// The GM's challenge for the tray, percent-decoded, when a challenge link carries one.
    pub challenge: Option<String>,
    /// A roll to show read-only, percent-decoded, when a result link carries one.
    pub result: Option<String>,
    /// A table's invite, when a table link carries one (`#/table?join=...`).
    pub join: Option<String>,
    /// A path no page answers to; the app shows the default tray and says so.
    pub unknown_path: Option<String>,
}

impl Page {
    /// The link to this page, relative to the page: works under any sub-path.
    pub fn href(self) -> String {
        format!("#/{}", self.path())
    }

    /// The query parameter that carries the GM's challenge, on the trays only.
    pub fn challenge_key(self) -> Option<&'static str> {
        self.share_key().map(|_| "challenge")
    }

    /// A link that opens this tray with the GM's challenge, its spaces written as `+`:
    /// `#/el?challenge=obstacle+12+el+3+by+Barred+door`. The page itself for a page with no
    /// tray.
    pub fn challenge_href(self, text: &str) -> String {
        match self.challenge_key() {
            Some(key) => format!(
                "#/{}?{key}={}",
                self.path(),
                percent_encode(&text.replace(' ', "+"))
            ),
            None => self.href(),
        }
    }

    /// A link that shows a roll read-only on this tray: `#/narrative?result=...`, the roll
    /// as `storage::entry_link_text` writes it.
    pub fn result_href(self, text: &str) -> String {
        match self.share_key() {
            Some(_) => format!("#/{}?result={}", self.path(), percent_encode(text)),
            None => self.href(),
        }
    }

    /// The link that joins a table: `#/table?join=<invite code>`.
    pub fn join_href(code: &str) -> String {
        format!("#/{}?join={}", Page::TABLE.path(), percent_encode(code))
    }

    /// A link that opens this page with shared text, e.g. `#/narrative?pool=2g1y`.
    pub fn share_href(self, text: &str) -> String {
        match self.share_key() {
            Some(key) => format!("#/{}?{key}={}", self.path(), percent_encode(text)),
            None => self.href(),
        }
    }
}

impl Route {
    /// Reads `location.hash` (with or without the leading `#`). Never fails: anything
    /// unrecognised opens the narrative tray.
    pub fn parse(hash: &str) -> Self {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let path = path.trim_matches('/');
        let found = Page::from_path(path);
        let page = found.unwrap_or(Page::DEFAULT);
        let read = |wanted: Option<&str>| {
            wanted.and_then(|wanted| {
                query
                    .split('&')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(key, _)| *key == wanted)
                    .map(|(_, value)| {
                        String::from_utf8_lossy(&percent_decode(value).bytes).into_owned()
                    })
            })
        };
        Self {
            page,
            shared: read(page.share_key()),
            challenge: read(page.challenge_key()),
            result: read(page.share_key().map(|_| "result")),
            join: read((page == Page::TABLE).then_some("join")),
            unknown_path: (found.is_none() && !path.is_empty()).then(|| path.to_string()),
        }
    }

    /// Whether the address holds more than the page (a share or an unknown path), so it
    /// should be cleaned once read.
    pub fn needs_cleaning(hash: &str) -> bool {
        let route = Self::parse(hash);
        route.unknown_path.is_some() || hash.contains('?')
    }
}

/// Escapes everything but letters, digits and `-_.~+`, which pool notation uses freely.
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'+' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_has_a_route() {
        for page in Page::all() {
            assert_eq!(Route::parse(&page.href()).page, page);
        }
    }

    #[test]
    fn empty_hash_opens_narrative() {
        let route = Route::parse("");
        assert_eq!(route.page, Page::NARRATIVE);
        assert_eq!(route.shared, None);
        assert_eq!(route.unknown_path, None);
    }

    #[test]
    fn share_link_round_trips() {
        let href = Page::NARRATIVE.share_href("2g1y+1s");
        assert_eq!(href, "#/narrative?pool=2g1y+1s");
        assert_eq!(Route::parse(&href).shared.as_deref(), Some("2g1y+1s"));
        assert_eq!(
            Route::parse("#/narrative?x=1&pool=2g%201y")
                .shared
                .as_deref(),
            Some("2g 1y")
        );
        assert_eq!(Page::HIGHEST_D6.share_href("4"), "#/d6?dice=4");
        assert_eq!(Route::parse("#/d6?dice=4").shared.as_deref(), Some("4"));
        // Each page reads only its own parameter.
        assert_eq!(Route::parse("#/d6?pool=5g").shared, None);
        assert_eq!(Route::parse("#/characters?pool=5g").shared, None);
        assert!(Route::needs_cleaning("#/d6?pool=5g"));
        assert!(!Route::needs_cleaning("#/d6"));
    }

    #[test]
    fn challenge_links_round_trip() {
        let href = Page::EFFECTIVE_LEVEL.challenge_href("obstacle 12 el 3 by Barred door");
        assert_eq!(href, "#/el?challenge=obstacle+12+el+3+by+Barred+door");
        let route = Route::parse(&href);
        assert_eq!(route.page, Page::EFFECTIVE_LEVEL);
        assert_eq!(
            route.challenge.as_deref(),
            Some("obstacle+12+el+3+by+Barred+door")
        );
        assert_eq!(route.shared, None);
        // A name's own escapes survive the link's.
        let href = Page::HIGHEST_D6.challenge_href("social~helps 100%25 & more");
        assert_eq!(href, "#/d6?challenge=social~helps+100%2525+%26+more");
        assert_eq!(
            Route::parse(&href).challenge.as_deref(),
            Some("social~helps+100%25+&+more")
        );
        // Both parameters may come together; the characters page takes neither.
        let both = Route::parse("#/narrative?pool=2g&challenge=2p1r");
        assert_eq!(both.shared.as_deref(), Some("2g"));
        assert_eq!(both.challenge.as_deref(), Some("2p1r"));
        assert_eq!(Route::parse("#/characters?challenge=2p").challenge, None);
        assert_eq!(Page::CHARACTERS.challenge_href("2p"), "#/characters");
        assert!(Route::needs_cleaning("#/d6?challenge=social"));
    }

    #[test]
    fn table_links_carry_their_invite_only_to_the_table() {
        let href = Page::join_href("AQID-_x");
        assert_eq!(href, "#/table?join=AQID-_x");
        let route = Route::parse(&href);
        assert_eq!(route.page, Page::TABLE);
        assert_eq!(route.join.as_deref(), Some("AQID-_x"));
        assert_eq!(route.shared, None);
        assert_eq!(Route::parse("#/narrative?join=AQID").join, None);
        assert!(Route::needs_cleaning(&href));
    }

    #[test]
    fn unknown_paths_and_bad_escapes_are_reported_not_fatal() {
        let route = Route::parse("#/nowhere?pool=%zz%");
        assert_eq!(route.page, Page::NARRATIVE);
        assert_eq!(route.unknown_path.as_deref(), Some("nowhere"));
        assert_eq!(route.shared.as_deref(), Some("%zz%"));
        assert_eq!(Route::parse("#/%E2%82").shared, None);
        // A sign is not a hex digit: `%+A` stays as written.
        assert_eq!(
            Route::parse("#/narrative?pool=%+A1g").shared.as_deref(),
            Some("%+A1g")
        );
        assert_eq!(
            Route::parse("#/narrative?pool=%E2%82").shared.as_deref(),
            Some("\u{fffd}")
        );
    }
}
