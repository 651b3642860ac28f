//! Narrative pool notation: `2g1y2p1r1b1k1w+1s2a`.
//!
//! Dice by colour letter (RULES.md section 1), then, after a `+`, symbols added by talents or
//! items: s success, a advantage, x triumph, f failure, t threat, d despair. Letters may come
//! in any order and repeat; a missing count means one. Formatting is canonical.
//!
//! Rolled faces for history are written `g3 y11`: die letter and face index.

use super::{NotationError, digits_value, excerpt, scan_terms};
use crate::core::narrative::{AddedSymbol, NarrativeDie, NarrativePool, RolledDie};

/// Reads pool notation such as `2g1y+1s`; refuses anything else with a clear message.
pub fn parse_pool(text: &str) -> Result<NarrativePool, NotationError> {
    let mut dice = [0u32; 7];
    let mut added = [0u32; 6];
    for term in scan_terms(text)? {
        if let Some(die) = NarrativeDie::from_letter(term.letter) {
            dice[die.index()] += term.count;
        } else if let Some(symbol) = AddedSymbol::from_letter(term.letter) {
            added[symbol as usize] += term.count;
        } else {
            return Err(NotationError::new(format!(
                "Unknown letter '{}' at position {}. Dice are g ability, y proficiency, \
                 b boost, p difficulty, r challenge, k setback, w force; added symbols are \
                 s success, a advantage, x triumph, f failure, t threat, d despair.",
                term.letter, term.position
            )));
        }
    }
    let mut pool = NarrativePool::default();
    for die in NarrativeDie::ALL {
        pool.set_count(die, dice[die.index()])
            .map_err(|e| NotationError::new(e.to_string()))?;
    }
    for symbol in AddedSymbol::ALL {
        pool.set_added(symbol, added[symbol as usize])
            .map_err(|e| NotationError::new(e.to_string()))?;
    }
    Ok(pool)
}

/// The canonical text of a pool; empty for an empty pool.
pub fn format_pool(pool: &NarrativePool) -> String {
    let mut text = String::new();
    for die in NarrativeDie::ALL {
        let count = pool.count(die);
        if count > 0 {
            text.push_str(&format!("{count}{}", die.letter()));
        }
    }
    let added = pool.added();
    if !added.is_empty() {
        text.push('+');
        for symbol in AddedSymbol::ALL {
            let count = added.get(symbol);
            if count > 0 {
                text.push_str(&format!("{count}{}", symbol.letter()));
            }
        }
    }
    text
}

/// Reads `g3 y11 w0`: one token per die, letter then face index.
pub fn parse_faces(text: &str) -> Result<Vec<RolledDie>, NotationError> {
    text.split_whitespace()
        .map(|token| {
            let mut chars = token.chars();
            let letter = chars.next().unwrap_or(' ');
            let shown = excerpt(token);
            let die = NarrativeDie::from_letter(letter)
                .ok_or_else(|| NotationError::new(format!("'{shown}' names no die.")))?;
            let face = digits_value(chars.as_str())
                .ok_or_else(|| NotationError::new(format!("'{shown}' has no face number.")))?;
            RolledDie::new(die, face).ok_or_else(|| {
                NotationError::new(format!(
                    "'{shown}': a {} die has only {} faces.",
                    die.name(),
                    die.sides()
                ))
            })
        })
        .collect()
}

/// Writes rolled faces as `g3 y11`.
pub fn format_faces(dice: &[RolledDie]) -> String {
    dice.iter()
        .map(|d| format!("{}{}", d.die().letter(), d.face_index()))
        .collect::<Vec<_>>()
        .join(" ")
}
