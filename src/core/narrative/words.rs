//! The narrative tray in words, for shared text, history and screen readers: a pool as
//! "2 Ability, 1 Boost vs 2 Difficulty · 1 Force · +1 success", a die as "Ability: success,
//! advantage".

use super::die::NarrativeDie;
use super::pool::NarrativePool;
use super::roll::RolledDie;
use super::symbols::{AddedSymbol, Symbols};
use crate::core::words::plural;

/// The dice that help, strongest after the one they upgrade from, as the example pools read.
const HELPING: [NarrativeDie; 3] = [
    NarrativeDie::Ability,
    NarrativeDie::Proficiency,
    NarrativeDie::Boost,
];
/// The dice that hinder, in the same order.
const HINDERING: [NarrativeDie; 3] = [
    NarrativeDie::Difficulty,
    NarrativeDie::Challenge,
    NarrativeDie::Setback,
];

/// A pool in words: the helping dice "vs" the hindering ones, then force dice and added
/// symbols, each after a "·": "2 Ability, 1 Proficiency vs 2 Difficulty, 1 Setback",
/// "1 Ability · 1 Force · +1 success, +2 advantage"; "no dice" for an empty pool.
pub fn pool_words(pool: &NarrativePool) -> String {
    let side = |dice: [NarrativeDie; 3]| -> String {
        dice.into_iter()
            .filter(|&die| pool.count(die) > 0)
            .map(|die| format!("{} {}", pool.count(die), die.title()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (helping, hindering) = (side(HELPING), side(HINDERING));
    let dice = match (helping.is_empty(), hindering.is_empty()) {
        (false, false) => format!("{helping} vs {hindering}"),
        (false, true) => helping,
        _ => hindering,
    };
    let force = pool.count(NarrativeDie::Force);
    let force = (force > 0).then(|| format!("{force} Force"));
    let added = added_words(pool.added());
    let parts: Vec<String> = [Some(dice), force, added]
        .into_iter()
        .flatten()
        .filter(|part| !part.is_empty())
        .collect();
    if parts.is_empty() {
        "no dice".into()
    } else {
        parts.join(" · ")
    }
}

/// Added symbols as "+1 success, +2 advantage", or `None` when there are none.
fn added_words(added: Symbols) -> Option<String> {
    let parts: Vec<String> = AddedSymbol::ALL
        .into_iter()
        .filter(|&symbol| added.get(symbol) > 0)
        .map(|symbol| {
            let (one, many) = symbol_nouns(symbol);
            format!("+{}", plural(added.get(symbol), one, many))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The noun for one and for several of a symbol, as results count them ("2 advantage").
fn symbol_nouns(symbol: AddedSymbol) -> (&'static str, &'static str) {
    match symbol {
        AddedSymbol::Success => ("success", "successes"),
        AddedSymbol::Advantage => ("advantage", "advantage"),
        AddedSymbol::Triumph => ("triumph", "triumphs"),
        AddedSymbol::Failure => ("failure", "failures"),
        AddedSymbol::Threat => ("threat", "threat"),
        AddedSymbol::Despair => ("despair", "despairs"),
    }
}

/// What one face shows: "success, advantage", "2 successes", "dark pip", "blank".
pub fn face_words(face: Symbols) -> String {
    let kinds = [
        (face.success, "success", "successes"),
        (face.failure, "failure", "failures"),
        (face.advantage, "advantage", "advantage"),
        (face.threat, "threat", "threat"),
        (face.triumph, "triumph", "triumphs"),
        (face.despair, "despair", "despairs"),
        (face.light, "light pip", "light pips"),
        (face.dark, "dark pip", "dark pips"),
    ];
    let parts: Vec<String> = kinds
        .into_iter()
        .filter(|&(n, _, _)| n > 0)
        .map(|(n, one, many)| {
            if n == 1 {
                one.to_string()
            } else {
                plural(n, one, many)
            }
        })
        .collect();
    if parts.is_empty() {
        "blank".into()
    } else {
        parts.join(", ")
    }
}

/// One rolled die: "Ability: success, advantage".
pub fn die_words(die: RolledDie) -> String {
    format!("{}: {}", die.die().title(), face_words(die.symbols()))
}

/// A die's faces from the first roll to now: "Ability: blank → success → advantage".
pub fn rerolled_words(faces: &[RolledDie]) -> String {
    let Some(first) = faces.first() else {
        return String::new();
    };
    let shown: Vec<String> = faces.iter().map(|d| face_words(d.symbols())).collect();
    format!("{}: {}", first.die().title(), shown.join(" → "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::narrative::parse_pool;

    fn words(pool: &str) -> String {
        pool_words(&parse_pool(pool).unwrap())
    }

    #[test]
    fn pools_read_as_helping_against_hindering_dice() {
        assert_eq!(
            words("2g1y2p1k"),
            "2 Ability, 1 Proficiency vs 2 Difficulty, 1 Setback"
        );
        assert_eq!(
            words("2g1b2p1w+1s"),
            "2 Ability, 1 Boost vs 2 Difficulty · 1 Force · +1 success"
        );
        assert_eq!(words("3g"), "3 Ability");
        assert_eq!(words("1r1p"), "1 Difficulty, 1 Challenge");
        assert_eq!(words("2w"), "2 Force");
        assert_eq!(
            words("+2a1x1f3t1d"),
            "+2 advantage, +1 triumph, +1 failure, +3 threat, +1 despair"
        );
        assert_eq!(words("1g+2s"), "1 Ability · +2 successes");
        assert_eq!(words(""), "no dice");
    }

    #[test]
    fn faces_read_symbol_by_symbol() {
        // RULES.md's Ability faces: blank, S, S, SS, A, A, SA, AA.
        let ability = |face| die_words(RolledDie::new(NarrativeDie::Ability, face).unwrap());
        assert_eq!(ability(0), "Ability: blank");
        assert_eq!(ability(3), "Ability: 2 successes");
        assert_eq!(ability(6), "Ability: success, advantage");
        assert_eq!(ability(7), "Ability: 2 advantage");
        // Difficulty's last face is FT; Proficiency's last is Triumph; Force's 7th dark-dark.
        let die = |die, face| die_words(RolledDie::new(die, face).unwrap());
        assert_eq!(
            die(NarrativeDie::Difficulty, 7),
            "Difficulty: failure, threat"
        );
        assert_eq!(die(NarrativeDie::Proficiency, 11), "Proficiency: triumph");
        assert_eq!(die(NarrativeDie::Challenge, 11), "Challenge: despair");
        assert_eq!(die(NarrativeDie::Force, 6), "Force: 2 dark pips");
        assert_eq!(die(NarrativeDie::Force, 7), "Force: light pip");
    }

    #[test]
    fn a_rerolled_die_reads_from_its_first_face() {
        let faces = [0, 1, 7].map(|f| RolledDie::new(NarrativeDie::Ability, f).unwrap());
        assert_eq!(
            rerolled_words(&faces),
            "Ability: blank → success → 2 advantage"
        );
        assert_eq!(rerolled_words(&[]), "");
    }
}
