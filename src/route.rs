//! Hash routes, so a deep link opens the right tray on any static host and under any sub-path:
//! `#/narrative`, `#/d6`, `#/el`, with `?pool=...` for a shared pool.

/// The three trays, one per dice system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tray {
    /// Narrative dice.
    Narrative,
    /// Highest d6.
    HighestD6,
    /// Effective Level.
    EffectiveLevel,
}

/// Where the address bar points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The tray to show.
    pub tray: Tray,
    /// The `pool` query value, percent-decoded, when a share link carries one.
    pub pool: Option<String>,
    /// A path no tray answers to; the app shows the default tray and says so.
    pub unknown_path: Option<String>,
}

impl Tray {
    /// Every tray, in navigation order.
    pub const ALL: [Self; 3] = [Self::Narrative, Self::HighestD6, Self::EffectiveLevel];

    /// The route's path: `narrative`, `d6`, `el`.
    pub fn path(self) -> &'static str {
        match self {
            Self::Narrative => "narrative",
            Self::HighestD6 => "d6",
            Self::EffectiveLevel => "el",
        }
    }

    /// The tray's name in navigation and titles.
    pub fn title(self) -> &'static str {
        match self {
            Self::Narrative => "Narrative dice",
            Self::HighestD6 => "Highest d6",
            Self::EffectiveLevel => "Effective Level",
        }
    }

    /// The link to this tray, relative to the page: works under any sub-path.
    pub fn href(self) -> String {
        format!("#/{}", self.path())
    }

    /// A link that opens this tray with a pool, e.g. `#/narrative?pool=2g1y`.
    pub fn share_href(self, pool: &str) -> String {
        format!("#/{}?pool={}", self.path(), percent_encode(pool))
    }
}

impl Route {
    /// Reads `location.hash` (with or without the leading `#`). Never fails: anything
    /// unrecognised opens the narrative tray.
    pub fn parse(hash: &str) -> Self {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let path = path.trim_matches('/');
        let tray = Tray::ALL.into_iter().find(|t| t.path() == path);
        let pool = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == "pool")
            .map(|(_, value)| percent_decode(value));
        Self {
            tray: tray.unwrap_or(Tray::Narrative),
            pool,
            unknown_path: (tray.is_none() && !path.is_empty()).then(|| path.to_string()),
        }
    }
}

/// Decodes `%XX` escapes; a malformed escape is kept as written, for the parser to report.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        // Two hex digits exactly: `from_str_radix` alone would also take a sign (`%+A`).
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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
    fn each_tray_has_a_route() {
        for tray in Tray::ALL {
            assert_eq!(Route::parse(&tray.href()).tray, tray);
        }
    }

    #[test]
    fn empty_hash_opens_narrative() {
        let route = Route::parse("");
        assert_eq!(route.tray, Tray::Narrative);
        assert_eq!(route.pool, None);
        assert_eq!(route.unknown_path, None);
    }

    #[test]
    fn share_link_round_trips() {
        let href = Tray::Narrative.share_href("2g1y+1s");
        assert_eq!(href, "#/narrative?pool=2g1y+1s");
        assert_eq!(Route::parse(&href).pool.as_deref(), Some("2g1y+1s"));
        assert_eq!(
            Route::parse("#/narrative?x=1&pool=2g%201y").pool.as_deref(),
            Some("2g 1y")
        );
    }

    #[test]
    fn unknown_paths_and_bad_escapes_are_reported_not_fatal() {
        let route = Route::parse("#/nowhere?pool=%zz%");
        assert_eq!(route.tray, Tray::Narrative);
        assert_eq!(route.unknown_path.as_deref(), Some("nowhere"));
        assert_eq!(route.pool.as_deref(), Some("%zz%"));
        assert_eq!(Route::parse("#/%E2%82").pool, None);
        // A sign is not a hex digit: `%+A` stays as written.
        assert_eq!(
            Route::parse("#/narrative?pool=%+A1g").pool.as_deref(),
            Some("%+A1g")
        );
        assert_eq!(
            Route::parse("#/narrative?pool=%E2%82").pool.as_deref(),
            Some("\u{fffd}")
        );
    }
}
