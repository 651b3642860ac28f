//! The GM's challenge as text, for the `challenge` share parameter (`core::challenge`).
//!
//! - Narrative: the GM's dice only, `2p1r1k` (p difficulty, r challenge, k setback); `0p`
//!   sets no dice.
//! - Highest d6: items split by `~`: the kind first, then `conflict` if harm is at stake,
//!   then each scene facet as `helps NAME` or `hinders NAME`:
//!   `social~conflict~helps Tense Atmosphere~hinders Slippery Ground`.
//! - Effective Level: `vs 5`, `vs 5 vsdice d6,d4 opposed`, as the end of an EL roll's
//!   notation, with `by NAME` last if the GM names the other side; or an obstacle,
//!   `obstacle 12 el 3 by Barred door` (`el` left out: it does not resist).
//!
//! In every form `+` reads as a space, as in a link (`Page::challenge_href` writes spaces as
//! `+`). In a name, `%`, `+` and `~` are written `%25`, `%2B` and `%7E`, so any name comes
//! back exactly; other text in a name is as typed. Keywords may be in any case.

use super::effective_level::{format_dice, parse_dice};
use super::{MAX_NOTATION_CHARS, NotationError, excerpt, number, percent_decode, scan_terms};
use crate::core::challenge::{D6Challenge, ElChallenge, MAX_CHALLENGE_FACETS, NarrativeChallenge};
use crate::core::effective_level::{Against, ElDice, MAX_EL, Pushback, Side};
use crate::core::facet::MAX_NAME_CHARS;
use crate::core::highest_d6::ChallengeKind;
use crate::core::narrative::NarrativeDie;
use crate::core::scene::{MAX_SCENE_EL, MAX_SCENE_VALUE};

/// The longest Highest d6 challenge: the longest kind, `conflict`, and the most facets, each
/// under the longest name written wholly in escapes.
pub const MAX_D6_CHALLENGE_CHARS: usize = "mystical".len()
    + "~conflict".len()
    + MAX_CHALLENGE_FACETS * ("~hinders ".len() + 3 * MAX_NAME_CHARS);

/// Refuses text longer than `limit` characters without reading it through: its length in
/// bytes first, then in characters. `+` then reads as a space.
fn within(text: &str, limit: usize) -> Result<String, NotationError> {
    let too_long = |length: usize| {
        NotationError::new(format!(
            "That challenge is too long ({length} characters; at most {limit})."
        ))
    };
    if text.len() > 4 * limit {
        return Err(too_long(text.len()));
    }
    let length = text.chars().count();
    if length > limit {
        return Err(too_long(length));
    }
    Ok(text.replace('+', " "))
}

/// A name as written in a challenge: `%`, `+` and `~` escaped.
fn write_name(name: &str) -> String {
    let mut text = String::with_capacity(name.len());
    for ch in name.chars() {
        match ch {
            '%' => text.push_str("%25"),
            '+' => text.push_str("%2B"),
            '~' => text.push_str("%7E"),
            _ => text.push(ch),
        }
    }
    text
}

/// A name as read from a challenge after the word `after`: `%XX` escapes decoded (the rest
/// as written), then trimmed; refused when empty, too long, or not text.
fn read_name(text: &str, after: &str) -> Result<String, NotationError> {
    let decoded = percent_decode(text);
    if decoded.stray_percent {
        return Err(NotationError::new(format!(
            "“{}”: a % in a name is written %25.",
            excerpt(text)
        )));
    }
    let name = String::from_utf8(decoded.bytes)
        .map_err(|_| NotationError::new(format!("The name “{}” is not text.", excerpt(text))))?;
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 {
        return Err(NotationError::new(format!(
            "“{after}” needs a name after it."
        )));
    }
    if length > MAX_NAME_CHARS {
        return Err(NotationError::new(format!(
            "A name can have at most {MAX_NAME_CHARS} characters ({length} given)."
        )));
    }
    Ok(name.to_string())
}

/// Reads the GM's narrative dice, `2p1r1k`; any other letter is refused.
pub fn parse_narrative_challenge(text: &str) -> Result<NarrativeChallenge, NotationError> {
    let text = within(text, MAX_NOTATION_CHARS)?;
    let terms = scan_terms(&text)?;
    if terms.is_empty() {
        return Err(NotationError::new(
            "A challenge gives the GM's dice, e.g. 2p1r, or 0p for none.",
        ));
    }
    let mut challenge = NarrativeChallenge::default();
    for term in terms {
        let count = match NarrativeDie::from_letter(term.letter) {
            Some(NarrativeDie::Difficulty) => &mut challenge.difficulty,
            Some(NarrativeDie::Challenge) => &mut challenge.challenge,
            Some(NarrativeDie::Setback) => &mut challenge.setback,
            _ => {
                return Err(NotationError::new(format!(
                    "A challenge sets only the GM's dice: p difficulty, r challenge, \
                     k setback ('{}' at position {} is not one of them).",
                    term.letter, term.position
                )));
            }
        };
        *count += term.count;
    }
    match challenge.refusal() {
        Some(reason) => Err(NotationError::new(reason)),
        None => Ok(challenge),
    }
}

/// The canonical text: `2p1r1k`, counts of zero left out; `0p` for no dice.
pub fn format_narrative_challenge(challenge: &NarrativeChallenge) -> String {
    let mut text = String::new();
    for (die, count) in challenge.dice() {
        if count > 0 {
            text.push_str(&format!("{count}{}", die.letter()));
        }
    }
    if text.is_empty() {
        text.push_str("0p");
    }
    text
}

/// Reads a Highest d6 challenge: `social~conflict~helps Tense Atmosphere`.
pub fn parse_d6_challenge(text: &str) -> Result<D6Challenge, NotationError> {
    let text = within(text, MAX_D6_CHALLENGE_CHARS)?;
    let mut items = text.split('~');
    let first = items.next().unwrap_or_default().trim().to_ascii_lowercase();
    let kind = ChallengeKind::from_key(&first).ok_or_else(|| {
        NotationError::new(format!(
            "A challenge starts with its kind: physical, mental, social or mystical (not “{}”).",
            excerpt(&first)
        ))
    })?;
    let mut challenge = D6Challenge {
        kind,
        ..D6Challenge::default()
    };
    for item in items {
        let trimmed = item.trim_start();
        let (word, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        match word.to_ascii_lowercase().as_str() {
            "conflict" if rest.trim().is_empty() => {
                if challenge.conflict {
                    return Err(NotationError::new("“conflict” is given twice."));
                }
                challenge.conflict = true;
            }
            "helps" | "hinders" => {
                if challenge.facets.len() == MAX_CHALLENGE_FACETS {
                    return Err(NotationError::new(format!(
                        "A challenge carries at most {MAX_CHALLENGE_FACETS} facets."
                    )));
                }
                let name = read_name(rest, word)?;
                challenge
                    .facets
                    .push((name, word.eq_ignore_ascii_case("helps")));
            }
            _ => {
                return Err(NotationError::new(format!(
                    "“{}” is not part of a challenge: after the kind come “conflict”, \
                     “helps NAME” and “hinders NAME”, each after a ~.",
                    excerpt(item)
                )));
            }
        }
    }
    match challenge.refusal() {
        Some(reason) => Err(NotationError::new(reason)),
        None => Ok(challenge),
    }
}

/// The canonical text: kind, `conflict`, then the facets in order.
pub fn format_d6_challenge(challenge: &D6Challenge) -> String {
    let mut text = challenge.kind.key().to_string();
    if challenge.conflict {
        text.push_str("~conflict");
    }
    for (name, helps) in &challenge.facets {
        text.push_str(if *helps { "~helps " } else { "~hinders " });
        text.push_str(&write_name(name));
    }
    text
}

/// Reads an Effective Level challenge: `vs 5 vsdice d6,d4 opposed by Guard captain` or
/// `obstacle 12 el 3 by Barred door`.
pub fn parse_el_challenge(text: &str) -> Result<ElChallenge, NotationError> {
    let text = within(text, MAX_NOTATION_CHARS)?;
    // The name, if any, is everything after the first word `by`, as written.
    let mut head = text.as_str();
    let mut name = None;
    let mut from = 0;
    for word in text.split(' ') {
        if word.eq_ignore_ascii_case("by") {
            head = &text[..from];
            name = Some(&text[from + word.len()..]);
            break;
        }
        from += word.len() + 1;
    }
    let name = name
        .map(|rest| read_name(rest.strip_prefix(' ').unwrap_or(rest), "by"))
        .transpose()?;
    let lower = head.to_ascii_lowercase();
    let mut words = lower.split([' ', '\t']).filter(|w| !w.is_empty());
    let twice = |word: &str| NotationError::new(format!("“{word}” is given twice."));
    let challenge = match words.next() {
        Some("vs") => {
            let el = number("vs", words.next(), MAX_EL)?;
            let (mut dice, mut opposed) = (None, false);
            while let Some(word) = words.next() {
                match word {
                    "vsdice" if dice.is_none() => dice = Some(parse_dice(words.next())?),
                    "opposed" if !opposed => opposed = true,
                    "vsdice" | "opposed" => return Err(twice(word)),
                    other => return Err(unknown(other, "vsdice, opposed, by")),
                }
            }
            ElChallenge::Against {
                against: Against {
                    side: Side {
                        el,
                        dice: dice.unwrap_or(ElDice::Simple),
                    },
                    kind: if opposed {
                        Pushback::Opposition
                    } else {
                        Pushback::Resistance
                    },
                    name,
                },
            }
        }
        Some("obstacle") => {
            let target = number("obstacle", words.next(), MAX_SCENE_VALUE)?;
            let mut el = None;
            while let Some(word) = words.next() {
                match word {
                    "el" if el.is_none() => el = Some(number("el", words.next(), MAX_SCENE_EL)?),
                    "el" => return Err(twice(word)),
                    other => return Err(unknown(other, "el, by")),
                }
            }
            let name = name.ok_or_else(|| {
                NotationError::new(
                    "An obstacle needs a name: end with “by” and the name, \
                     e.g. obstacle 12 el 3 by Barred door.",
                )
            })?;
            ElChallenge::Obstacle {
                name,
                target,
                el: el.unwrap_or(0),
            }
        }
        _ => {
            return Err(NotationError::new(
                "An EL challenge starts with “vs” and the other side's EL (e.g. vs 5 opposed), \
                 or “obstacle” and its target (e.g. obstacle 12 el 3 by Barred door).",
            ));
        }
    };
    match challenge.refusal() {
        Some(reason) => Err(NotationError::new(reason)),
        None => Ok(challenge),
    }
}

fn unknown(word: &str, expected: &str) -> NotationError {
    NotationError::new(format!(
        "Unknown word “{}” in the challenge; what may follow: {expected}.",
        excerpt(word)
    ))
}

/// The canonical text: `vs 5 vsdice 2d6,d4 opposed by Guard captain`, or
/// `obstacle 12 el 3 by Barred door`.
pub fn format_el_challenge(challenge: &ElChallenge) -> String {
    match challenge {
        ElChallenge::Against { against } => {
            let mut text = format!("vs {}", against.side.el);
            if !against.side.dice.is_simple() {
                text.push_str(&format!(" vsdice {}", format_dice(&against.side.dice)));
            }
            if against.kind == Pushback::Opposition {
                text.push_str(" opposed");
            }
            if let Some(name) = &against.name {
                text.push_str(&format!(" by {}", write_name(name)));
            }
            text
        }
        ElChallenge::Obstacle { name, target, el } => {
            let mut text = format!("obstacle {target}");
            if *el > 0 {
                text.push_str(&format!(" el {el}"));
            }
            text.push_str(&format!(" by {}", write_name(name)));
            text
        }
    }
}
