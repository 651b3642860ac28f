//! What both fairness tests share (`tests/fairness.rs` natively, `tests/browser_fairness.rs`
//! in Chromium): each die's faces counted through the app's own roll functions, and a
//! chi-square test of uniform faces at significance 1 in 10,000 per die.

use dicetray::core::effective_level::{ElCheck, ElDice, ElDie, Side};
use dicetray::core::highest_d6::{D6Roll, PoolSize};
use dicetray::core::narrative::{NarrativeDie, RolledDie};
use rand::Rng;

/// The chi-square critical value at significance 0.0001 for `sides - 1` degrees of freedom
/// (worked out separately by bisection on the regularised incomplete gamma function). Any
/// other size of die has none, so it fails the test rather than pass unchecked.
pub fn critical(sides: usize) -> f64 {
    match sides {
        2 => 15.137,
        4 => 21.108,
        6 => 25.745,
        8 => 29.878,
        10 => 33.720,
        12 => 37.367,
        20 => 50.795,
        _ => f64::NAN,
    }
}

/// The chi-square statistic of face counts against equal chances.
pub fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum()
}

/// Fails unless the counts pass the test.
pub fn assert_fair(name: &str, counts: &[u64]) {
    let chi = chi_square(counts);
    assert!(
        chi < critical(counts.len()),
        "{name}: chi-square {chi:.2} over {} (counts {counts:?})",
        critical(counts.len())
    );
}

/// How often each face of a narrative die came up in `rolls` rolls.
pub fn narrative_faces(die: NarrativeDie, rolls: u64, rng: &mut impl Rng) -> Vec<u64> {
    let mut counts = vec![0u64; die.sides() as usize];
    for _ in 0..rolls {
        counts[RolledDie::roll(die, rng).face_index() as usize] += 1;
    }
    counts
}

/// How often each face of the d6 came up in `rolls` dice, thrown five a time as the tray
/// rolls them.
pub fn d6_faces(rolls: u64, rng: &mut impl Rng) -> Vec<u64> {
    let mut counts = vec![0u64; 6];
    for _ in 0..rolls / 5 {
        for &face in D6Roll::roll(PoolSize::Dice(5), rng).faces() {
            counts[usize::from(face - 1)] += 1;
        }
    }
    counts
}

/// How often each face of an Effective Level die came up in `rolls` dice, thrown ten of
/// one size a time through the same roll the tray makes.
pub fn el_faces(die: ElDie, rolls: u64, rng: &mut impl Rng) -> Vec<u64> {
    let check = ElCheck {
        me: Side {
            el: 1,
            dice: ElDice::of(&[die; 10]),
        },
        ..ElCheck::simple(1)
    };
    let mut counts = vec![0u64; die.sides() as usize];
    for _ in 0..rolls / 10 {
        for (_, face) in check.roll(rng).faces {
            counts[face as usize] += 1;
        }
    }
    counts
}
