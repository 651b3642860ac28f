//! Effective Level notation (RULES.md section 3), for share links, history and the command
//! line: `el 8`, `el 7 dice d8`, `el 12 dice d6,d6,d4`, `el 10 wager 3 vs 4`,
//! `el 9 dice d10 vs 6 vsdice d6,d4`. `vs` is resistance; add `opposed` for an opposition,
//! and `by` and the other side's name last: `el 8 vs 5 opposed by the goblin` (everything
//! after `by` is the name, as the player typed it). Words may be separated by spaces or `+`
//! (as in a link), in any order after `el N`; `2d6` counts as `d6,d6`. Formatting is
//! canonical, in the order above.

use super::{MAX_NOTATION_CHARS, NotationError, digits_value, excerpt, number};
use crate::core::effective_level::{
    Against, ElCheck, ElDice, ElDie, MAX_CHOSEN_DICE, MAX_EL, Pushback, Side, side_name,
};

/// Reads a roll in EL notation.
pub fn parse_check(text: &str) -> Result<ElCheck, NotationError> {
    let length = text.chars().count();
    if length > MAX_NOTATION_CHARS {
        return Err(NotationError::new(format!(
            "That text is too long ({length} characters; at most {MAX_NOTATION_CHARS})."
        )));
    }
    let lower = text.to_ascii_lowercase();
    let mut words = lower.split([' ', '+', '\t']).filter(|w| !w.is_empty());
    if words.next() != Some("el") {
        return Err(NotationError::new(
            "An EL roll starts with “el” and the EL, e.g. “el 8”.",
        ));
    }
    let el = number("el", words.next(), MAX_EL)?;
    let mut check = ElCheck::simple(el);
    let (mut dice, mut wager, mut vs, mut vs_dice, mut opposed) = (None, None, None, None, false);
    let mut name = None;
    while let Some(word) = words.next() {
        let once = |seen: bool| {
            if seen {
                Err(NotationError::new(format!("“{word}” is given twice.")))
            } else {
                Ok(())
            }
        };
        match word {
            "dice" => {
                once(dice.is_some())?;
                dice = Some(parse_dice(words.next())?);
            }
            "wager" => {
                once(wager.is_some())?;
                wager = Some(number("wager", words.next(), MAX_EL)?);
            }
            "vs" => {
                once(vs.is_some())?;
                vs = Some(number("vs", words.next(), MAX_EL)?);
            }
            "vsdice" => {
                once(vs_dice.is_some())?;
                vs_dice = Some(parse_dice(words.next())?);
            }
            "opposed" => {
                once(opposed)?;
                opposed = true;
            }
            "by" => {
                // The rest is the name, in the case it was typed: `lower` is `text` with
                // ASCII letters lowered, so the two share every byte offset.
                let rest = word.as_ptr() as usize - lower.as_ptr() as usize + word.len();
                name = side_name(&text[rest..]).map_err(NotationError::new)?;
                if name.is_none() {
                    return Err(NotationError::new(
                        "“by” needs the other side's name after it.",
                    ));
                }
                break;
            }
            other => {
                return Err(NotationError::new(format!(
                    "Unknown word “{}”. After “el N” come: dice, wager, vs, vsdice, opposed, by.",
                    excerpt(other)
                )));
            }
        }
    }
    check.me.dice = dice.unwrap_or_default();
    check.wager = wager.unwrap_or(0);
    check.against = match vs {
        Some(el) => Some(Against {
            side: Side {
                el,
                dice: vs_dice.unwrap_or_default(),
            },
            kind: if opposed {
                Pushback::Opposition
            } else {
                Pushback::Resistance
            },
            name,
        }),
        None if vs_dice.is_some() || opposed || name.is_some() => {
            return Err(NotationError::new(
                "“vsdice”, “opposed” and “by” need “vs” and the other side's EL.",
            ));
        }
        None => None,
    };
    if let Some(reason) = check.refusal_explained(None) {
        return Err(NotationError::new(reason));
    }
    Ok(check)
}

/// The canonical text of a roll: `el 12 dice 2d6,d4 wager 3 vs 4 vsdice d6 opposed by the
/// goblin`.
pub fn format_check(check: &ElCheck) -> String {
    let mut text = format!("el {}", check.me.el);
    if !check.me.dice.is_simple() {
        text.push_str(&format!(" dice {}", format_dice(&check.me.dice)));
    }
    if check.wager > 0 {
        text.push_str(&format!(" wager {}", check.wager));
    }
    if let Some(against) = &check.against {
        text.push_str(&format!(" vs {}", against.side.el));
        if !against.side.dice.is_simple() {
            text.push_str(&format!(" vsdice {}", format_dice(&against.side.dice)));
        }
        if against.kind == Pushback::Opposition {
            text.push_str(" opposed");
        }
        if let Some(name) = &against.name {
            text.push_str(" by ");
            text.push_str(name);
        }
    }
    text
}

/// Chosen dice as `2d6,d4`: each size once with its count, largest first, a lone die without
/// one (so forty d20 are `40d20`, short enough for any reader); `simple` for the Simple Pool.
pub fn format_dice(dice: &ElDice) -> String {
    match dice {
        ElDice::Simple => "simple".into(),
        ElDice::Chosen(_) => ElDie::ALL
            .iter()
            .rev()
            .filter_map(|&die| match dice.count(die) {
                0 => None,
                1 => Some(die.name()),
                n => Some(format!("{n}{}", die.name())),
            })
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// Reads `d6,d6,d4`, `2d6,d4` or `simple`. Every entry is at least one die, and the list
/// holds at most `MAX_CHOSEN_DICE`.
pub fn parse_dice(text: Option<&str>) -> Result<ElDice, NotationError> {
    let text = text.ok_or_else(|| NotationError::new("“dice” needs a list, e.g. d6,d6,d4."))?;
    if text == "simple" {
        return Ok(ElDice::Simple);
    }
    let too_many = || NotationError::new(format!("At most {MAX_CHOSEN_DICE} dice can be picked."));
    let mut dice = Vec::new();
    for item in text.split(',') {
        if item.is_empty() {
            return Err(NotationError::new(
                "The dice list has an empty entry: separate dice with single commas, e.g. d6,d4.",
            ));
        }
        let (count, size) = item.split_once('d').ok_or_else(|| bad_die(item))?;
        let die = digits_value(size)
            .and_then(ElDie::of_sides)
            .ok_or_else(|| bad_die(item))?;
        let count = match count {
            "" => 1,
            _ => digits_value(count).ok_or_else(|| bad_die(item))?,
        };
        if count == 0 {
            return Err(NotationError::new(format!(
                "“{}” has a count of 0, which is no die: write 1 or more before the d.",
                excerpt(item)
            )));
        }
        if dice.len() as u32 + count > MAX_CHOSEN_DICE {
            return Err(too_many());
        }
        dice.extend(std::iter::repeat_n(die, count as usize));
    }
    if dice.is_empty() {
        return Err(NotationError::new(
            "The dice list is empty: give at least one die, e.g. d6.",
        ));
    }
    Ok(ElDice::of(&dice))
}

fn bad_die(item: &str) -> NotationError {
    NotationError::new(format!(
        "“{}” is not a die: use d2, d4, d6, d8, d10, d12 or d20.",
        excerpt(item)
    ))
}

/// Rolled faces as stored: `d8:3 d4:0`.
pub fn format_faces(faces: &[(ElDie, u32)]) -> String {
    faces
        .iter()
        .map(|(die, face)| format!("{}:{face}", die.name()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads what `format_faces` writes; each face must be on its die.
pub fn parse_faces(text: &str) -> Result<Vec<(ElDie, u32)>, NotationError> {
    text.split_whitespace()
        .map(|token| {
            let bad = || NotationError::new(format!("“{}” is not a rolled die.", excerpt(token)));
            let (die, face) = token.split_once(':').ok_or_else(bad)?;
            let die = die
                .strip_prefix('d')
                .and_then(digits_value)
                .and_then(ElDie::of_sides)
                .ok_or_else(bad)?;
            let face = digits_value(face)
                .filter(|&f| f < die.sides())
                .ok_or_else(bad)?;
            Ok((die, face))
        })
        .collect()
}
