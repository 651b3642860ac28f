//! Text forms of pools and rolls, shared by share links, history and the command line.
//!
//! Each system has its own grammar in a submodule; this module holds what they share: the
//! error type and a scanner for `count letter` terms such as `2g1y`.

pub mod challenge;
pub mod effective_level;
pub mod highest_d6;
pub mod narrative;

use std::fmt;

/// Longest text any parser accepts; longer input is refused before it is read.
pub const MAX_NOTATION_CHARS: usize = 200;

/// The most characters of the input an error message quotes.
pub const QUOTED_CHARS: usize = 20;

/// The part of `text` an error message may quote: at most `QUOTED_CHARS` characters, with
/// "…" when cut, so a long or hostile input never comes back whole.
pub fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(QUOTED_CHARS).collect();
    if chars.next().is_some() {
        shown.push('…');
    }
    shown
}

/// The value of a whole number written with ASCII digits only (no sign, no spaces, leading
/// zeros allowed), or `None` when `text` is not one. A value past `u32::MAX` comes back as
/// `u32::MAX`: every limit is far below it, so a long run of digits is refused as too
/// large, never wrapped or called "not a number".
pub(crate) fn digits_value(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u32, |n, b| {
        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

/// A number after `word`, 0 to `max`; a run of digits of any length past `max` is named
/// too large rather than not a number.
pub(crate) fn number(word: &str, text: Option<&str>, max: u32) -> Result<u32, NotationError> {
    let text = text.unwrap_or_default();
    match digits_value(text) {
        Some(n) if n <= max => Ok(n),
        Some(_) => Err(NotationError::new(format!(
            "{} after “{word}” is more than {max}.",
            excerpt(text.trim_start_matches('0'))
        ))),
        None => Err(NotationError::new(format!(
            "“{word}” needs a number after it."
        ))),
    }
}

/// Text with its `%XX` escapes decoded, as links and the names in a challenge write them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PercentDecoded {
    /// The text's bytes after decoding; they need not be UTF-8.
    pub bytes: Vec<u8>,
    /// Whether some `%` was not an escape (not followed by two hex digits) and was kept as
    /// written.
    pub stray_percent: bool,
}

/// Decodes every `%XX` escape of `text`: a `%` and exactly two hex digits become that byte
/// (`from_str_radix` alone would also take a sign, `%+A`); any other `%` is kept as written
/// and noted in [`PercentDecoded::stray_percent`], for the reader to accept or report.
pub fn percent_decode(text: &str) -> PercentDecoded {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut stray_percent = false;
    let mut i = 0;
    while i < bytes.len() {
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
                stray_percent |= bytes[i] == b'%';
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    PercentDecoded {
        bytes: out,
        stray_percent,
    }
}

/// A parse failure, worded for the person who typed or shared the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    message: String,
}

impl NotationError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }

    /// The message, for the person who typed or shared the text.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// One `3g` term: a count (1 when left out) before a lower-cased letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    pub count: u32,
    pub letter: char,
    /// 1-based position of the letter in the text, for messages.
    pub position: usize,
}

/// A count above this is refused while scanning, before it can overflow anything.
const MAX_TERM_COUNT: u32 = 9_999;

/// Splits text like `2g 1Y+3p` into terms. Spaces, `+` and `,` only separate.
pub(crate) fn scan_terms(text: &str) -> Result<Vec<Term>, NotationError> {
    let length = text.chars().count();
    if length > MAX_NOTATION_CHARS {
        return Err(NotationError::new(format!(
            "That text is too long ({length} characters; at most {MAX_NOTATION_CHARS})."
        )));
    }
    let mut terms = Vec::new();
    let mut count: Option<u32> = None;
    for (i, ch) in text.chars().enumerate() {
        let position = i + 1;
        if let Some(digit) = ch.to_digit(10) {
            let next = count.unwrap_or(0) * 10 + digit;
            if next > MAX_TERM_COUNT {
                return Err(NotationError::new(format!(
                    "The number at position {position} is too large."
                )));
            }
            count = Some(next);
        } else if ch.is_ascii_alphabetic() {
            terms.push(Term {
                count: count.take().unwrap_or(1),
                letter: ch.to_ascii_lowercase(),
                position,
            });
        } else if ch.is_whitespace() || ch == '+' || ch == ',' {
            if let Some(n) = count {
                return Err(NotationError::new(format!(
                    "The number {n} before position {position} needs a letter right after it."
                )));
            }
        } else {
            return Err(NotationError::new(format!(
                "Unexpected '{ch}' at position {position}."
            )));
        }
    }
    if let Some(n) = count {
        return Err(NotationError::new(format!(
            "The number {n} at the end needs a letter after it."
        )));
    }
    Ok(terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_runs_of_any_length_have_a_value() {
        assert_eq!(digits_value("0"), Some(0));
        assert_eq!(digits_value("007"), Some(7));
        assert_eq!(digits_value("4294967295"), Some(u32::MAX));
        assert_eq!(digits_value("4294967296"), Some(u32::MAX));
        assert_eq!(digits_value(&"9".repeat(3000)), Some(u32::MAX));
        for not_a_number in ["", "+3", "-3", " 3", "3a", "٣"] {
            assert_eq!(digits_value(not_a_number), None, "{not_a_number:?}");
        }
    }

    #[test]
    fn excerpts_cut_long_text_only() {
        assert_eq!(excerpt("d7"), "d7");
        assert_eq!(excerpt(&"x".repeat(20)), "x".repeat(20));
        assert_eq!(excerpt(&"é".repeat(3000)), format!("{}…", "é".repeat(20)));
        assert_eq!(excerpt(""), "");
    }

    #[test]
    fn scans_counts_letters_and_separators() {
        let terms = scan_terms("2g Y+10p").expect("valid");
        let pairs: Vec<(u32, char)> = terms.iter().map(|t| (t.count, t.letter)).collect();
        assert_eq!(pairs, vec![(2, 'g'), (1, 'y'), (10, 'p')]);
        assert_eq!(terms[2].position, 8);
    }

    #[test]
    fn refuses_dangling_numbers_and_odd_characters() {
        assert!(
            scan_terms("2g3")
                .unwrap_err()
                .message()
                .contains("at the end")
        );
        assert!(
            scan_terms("2 g")
                .unwrap_err()
                .message()
                .contains("letter right after")
        );
        assert!(scan_terms("2g;").unwrap_err().message().contains("';'"));
        assert!(
            scan_terms("99999g")
                .unwrap_err()
                .message()
                .contains("too large")
        );
        assert!(
            scan_terms(&"g".repeat(201))
                .unwrap_err()
                .message()
                .contains("too long")
        );
    }
}
