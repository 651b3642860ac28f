//! Effective Level in words, for shared text and history: a check as "EL 8 with d8, d4 vs
//! EL 5 (opposition)", a side's dice as "d8 → 5, d4 → 2" (the faces are zero-based).

use super::check::{ElCheck, Pushback};
use super::dice::{ElDice, ElDie};
use crate::core::words::plural;

/// A check in words: the roller's EL, their dice when picked, the wager, then the other
/// side's EL and dice and how it pushes back: "EL 10 with d8, 2d6, wager 3 vs EL 4
/// (resistance)", "EL 8".
pub fn check_words(check: &ElCheck) -> String {
    let mut text = side_words(check.me.el, &check.me.dice);
    if check.wager > 0 {
        text.push_str(&format!(", wager {}", check.wager));
    }
    if let Some(against) = &check.against {
        let how = match against.kind {
            Pushback::Resistance => "resistance",
            Pushback::Opposition => "opposition",
        };
        let theirs = side_words(against.side.el, &against.side.dice);
        text.push_str(&format!(" vs {theirs} ({how})"));
    }
    text
}

/// A defence's roll in words: "EL 4, defence".
pub fn defence_words(check: &ElCheck) -> String {
    format!("{}, defence", side_words(check.me.el, &check.me.dice))
}

/// "EL 8", or "EL 8 with d8, d4" when dice were picked.
fn side_words(el: u32, dice: &ElDice) -> String {
    if dice.is_simple() {
        format!("EL {el}")
    } else {
        format!("EL {el} with {}", dice.describe())
    }
}

/// A side's dice as they landed, largest first: "d8 → 5, d4 → 2"; coins together at the
/// end, "3 coins → 1 0 1", so the Simple Pool's many coins stay short.
pub fn faces_words(faces: &[(ElDie, u32)]) -> String {
    let mut parts: Vec<String> = faces
        .iter()
        .filter(|(die, _)| *die != ElDie::D2)
        .map(|(die, face)| format!("{} → {face}", die.name()))
        .collect();
    let coins: Vec<String> = faces
        .iter()
        .filter(|(die, _)| *die == ElDie::D2)
        .map(|(_, face)| face.to_string())
        .collect();
    if !coins.is_empty() {
        let counted = plural(coins.len(), "coin", "coins");
        parts.push(format!("{counted} → {}", coins.join(" ")));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::effective_level::parse_check;

    fn words(check: &str) -> String {
        check_words(&parse_check(check).unwrap())
    }

    #[test]
    fn checks_read_as_the_sides_and_how_they_push_back() {
        assert_eq!(words("el 8"), "EL 8");
        assert_eq!(words("el 8 vs 5 opposed"), "EL 8 vs EL 5 (opposition)");
        assert_eq!(words("el 8 dice d8,d4"), "EL 8 with d8, d4");
        assert_eq!(
            words("el 10 dice d8,d6,d6 wager 3 vs 4"),
            "EL 10 with d8, 2d6, wager 3 vs EL 4 (resistance)"
        );
        assert_eq!(
            words("el 9 dice d10 vs 6 vsdice d6,d4"),
            "EL 9 with d10 vs EL 6 with d6, d4 (resistance)"
        );
    }

    #[test]
    fn faces_read_die_by_die_with_coins_together() {
        let faces = [(ElDie::D8, 5), (ElDie::D4, 2)];
        assert_eq!(faces_words(&faces), "d8 → 5, d4 → 2");
        let coins = [(ElDie::D2, 1), (ElDie::D2, 0), (ElDie::D2, 1)];
        assert_eq!(faces_words(&coins), "3 coins → 1 0 1");
        let mixed = [(ElDie::D20, 19), (ElDie::D2, 0)];
        assert_eq!(faces_words(&mixed), "d20 → 19, 1 coin → 0");
        assert_eq!(faces_words(&[]), "");
    }
}
