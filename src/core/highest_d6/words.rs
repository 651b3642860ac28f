//! Highest d6 in words, for shared text and history: a pool as "3 dice (2 base + Keen Eye)",
//! a roll's faces as "6, 4, 1".

use super::pool::PoolSize;
use super::roll::D6Roll;
use crate::core::words::plural;

/// What was thrown, with where the dice came from when facets changed the count: "3 dice",
/// "3 dice (2 base + Keen Eye)", "1 die (none left: 1 base − Slippery Ground)". `pool_line`
/// is the check's sum line ([`super::D6Pool::sum_line`]), read up to its last " = ".
pub fn pool_words(plan: PoolSize, pool_line: &str) -> String {
    let thrown = match plan {
        PoolSize::Dice(n) => plural(n, "die", "dice"),
        PoolSize::OneForNone => "1 die".into(),
        PoolSize::LowestOfTwo => "2 dice, keep the lower".into(),
    };
    let sources = pool_line
        .rsplit_once(" = ")
        .map_or(pool_line, |(sources, _)| sources)
        .trim();
    let base_only = sources
        .strip_suffix(" base")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let none_left = plan.rule_note().is_some();
    match (none_left, sources.is_empty() || base_only) {
        (true, true) => format!("{thrown} (none left)"),
        (true, false) => format!("{thrown} (none left: {sources})"),
        (false, true) => thrown,
        (false, false) => format!("{thrown} ({sources})"),
    }
}

/// The faces in throw order: "6, 4, 1".
pub fn faces_words(roll: &D6Roll) -> String {
    roll.faces()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_say_the_dice_and_where_they_came_from() {
        assert_eq!(pool_words(PoolSize::Dice(3), "3 base = 3 dice"), "3 dice");
        assert_eq!(pool_words(PoolSize::Dice(1), "1 base = 1 die"), "1 die");
        assert_eq!(
            pool_words(PoolSize::Dice(3), "2 base + Keen Eye = 3 dice"),
            "3 dice (2 base + Keen Eye)"
        );
        assert_eq!(
            pool_words(PoolSize::OneForNone, "1 base − Slippery Ground = 0 dice"),
            "1 die (none left: 1 base − Slippery Ground)"
        );
        assert_eq!(
            pool_words(PoolSize::LowestOfTwo, "2 base − A − B − C = −1 dice"),
            "2 dice, keep the lower (none left: 2 base − A − B − C)"
        );
        // A facet named with " = " in it: only the last one is the sum.
        assert_eq!(
            pool_words(PoolSize::Dice(2), "1 base + x = y = 2 dice"),
            "2 dice (1 base + x = y)"
        );
        assert_eq!(pool_words(PoolSize::Dice(4), ""), "4 dice");
    }

    #[test]
    fn faces_read_in_throw_order() {
        let roll = D6Roll::from_parts(PoolSize::Dice(3), vec![6, 4, 1]).unwrap();
        assert_eq!(faces_words(&roll), "6, 4, 1");
    }
}
