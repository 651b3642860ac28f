//! Highest d6 notation: how many base dice a share link asks for (`#/d6?dice=4`), what a
//! roll threw (`4`, `none-one`, `none-lowest`) and its faces (`6 3 1`).

use super::{NotationError, digits_value, excerpt};
use crate::core::highest_d6::{D6Roll, MAX_BASE_DICE, MIN_BASE_DICE, PoolSize};

/// Reads a count of base dice, `MIN_BASE_DICE` to `MAX_BASE_DICE`.
pub fn parse_base_dice(text: &str) -> Result<u32, NotationError> {
    let text = text.trim();
    let count = digits_value(text).ok_or_else(|| {
        NotationError::new(format!("“{}” is not a number of dice.", excerpt(text)))
    })?;
    if !(MIN_BASE_DICE..=MAX_BASE_DICE).contains(&count) {
        return Err(NotationError::new(format!(
            "A pool has {MIN_BASE_DICE} to {MAX_BASE_DICE} base dice ({} asked).",
            shown_number(text)
        )));
    }
    Ok(count)
}

/// Reads a pool size of 0 or more dice (0 means the zero-dice rule applies), at most 200.
pub fn parse_dice_count(text: &str) -> Result<u32, NotationError> {
    let text = text.trim();
    match digits_value(text) {
        Some(n) if n <= MAX_POOL => Ok(n),
        Some(_) => Err(NotationError::new(format!(
            "{} dice is more than the {MAX_POOL} a pool may hold.",
            shown_number(text)
        ))),
        None => Err(NotationError::new(format!(
            "“{}” is not a whole number of dice.",
            excerpt(text)
        ))),
    }
}

/// What a roll threw, as stored: `4`, `none-one` or `none-lowest`.
pub fn format_plan(plan: PoolSize) -> String {
    match plan {
        PoolSize::Dice(n) => n.to_string(),
        PoolSize::OneForNone => "none-one".into(),
        PoolSize::LowestOfTwo => "none-lowest".into(),
    }
}

/// Reads what `format_plan` writes.
pub fn parse_plan(text: &str) -> Result<PoolSize, NotationError> {
    match text {
        "none-one" => Ok(PoolSize::OneForNone),
        "none-lowest" => Ok(PoolSize::LowestOfTwo),
        _ => match digits_value(text) {
            Some(n) if (1..=MAX_POOL).contains(&n) => Ok(PoolSize::Dice(n)),
            _ => Err(NotationError::new(format!(
                "“{}” is not a Highest d6 pool.",
                excerpt(text)
            ))),
        },
    }
}

/// The most dice a stored roll may hold: every base die and a long list of facets.
const MAX_POOL: u32 = 200;

/// Reads a roll's faces, `6 3 1`, for what `plan` threw.
pub fn parse_roll(plan: PoolSize, text: &str) -> Result<D6Roll, NotationError> {
    let faces = text
        .split_whitespace()
        .map(|face| match digits_value(face) {
            Some(n @ 1..=6) => Ok(n as u8),
            _ => Err(NotationError::new(format!(
                "“{}” is not a d6 face.",
                excerpt(face)
            ))),
        })
        .collect::<Result<Vec<u8>, _>>()?;
    D6Roll::from_parts(plan, faces).map_err(NotationError::new)
}

/// Writes a roll's faces: `6 3 1`.
pub fn format_roll(roll: &D6Roll) -> String {
    roll.faces()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A number of dice as typed, for a message: without leading zeros, and cut when long.
fn shown_number(text: &str) -> String {
    match text.trim_start_matches('0') {
        "" => "0".into(),
        digits => excerpt(digits),
    }
}
