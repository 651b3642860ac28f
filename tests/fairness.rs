//! Fairness: every die the app rolls, rolled a million times through the app's own code path
//! (the platform's secure generator behind `SecureDice`, the resolvers' own roll functions),
//! must pass a chi-square test of uniform faces.
//!
//! Each test uses significance 1 in 10,000: a fair die fails it by chance once in 10,000
//! runs. With 15 dice tested, a whole run raises a false alarm about once in 670 runs. At this
//! many rolls a d6 with one face 1% more likely than it should be (1/6 x 1.01) and another
//! 1% less is caught about 85% of the time; at 2% it is caught essentially always (the
//! statistic's non-centrality is 33 and 133; 5 degrees of freedom).

use dicetray::core::effective_level::{ElCheck, ElDice, ElDie, Side};
use dicetray::core::highest_d6::{D6Roll, PoolSize};
use dicetray::core::narrative::{NarrativeDie, RolledDie};
use dicetray::core::rng::SecureDice;

const ROLLS: u64 = 1_000_000;

/// The chi-square critical value at significance 0.0001 for `sides - 1` degrees of freedom
/// (worked out separately by bisection on the regularised incomplete gamma function).
fn critical(sides: usize) -> f64 {
    match sides {
        2 => 15.137,
        4 => 21.108,
        6 => 25.745,
        8 => 29.878,
        10 => 33.720,
        12 => 37.367,
        20 => 50.795,
        _ => unreachable!("no such die"),
    }
}

fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum()
}

fn assert_fair(name: &str, counts: &[u64]) {
    let chi = chi_square(counts);
    assert!(
        chi < critical(counts.len()),
        "{name}: chi-square {chi:.2} over {} (counts {counts:?})",
        critical(counts.len())
    );
}

#[test]
fn narrative_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    for die in NarrativeDie::ALL {
        let mut counts = vec![0u64; die.sides() as usize];
        for _ in 0..ROLLS {
            counts[RolledDie::roll(die, &mut dice).face_index() as usize] += 1;
        }
        assert_eq!(dice.check(), Ok(()));
        assert_fair(die.name(), &counts);
    }
}

#[test]
fn highest_d6_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    let mut counts = [0u64; 6];
    // Five dice a throw, as the tray rolls them.
    for _ in 0..ROLLS / 5 {
        for &face in D6Roll::roll(PoolSize::Dice(5), &mut dice).faces() {
            counts[usize::from(face - 1)] += 1;
        }
    }
    assert_eq!(dice.check(), Ok(()));
    assert_fair("d6", &counts);
}

#[test]
fn effective_level_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    for die in ElDie::ALL {
        // Ten dice of one size a throw, through the same roll the tray makes.
        let check = ElCheck {
            me: Side {
                el: 1,
                dice: ElDice::of(&[die; 10]),
            },
            ..ElCheck::simple(1)
        };
        let mut counts = vec![0u64; die.sides() as usize];
        for _ in 0..ROLLS / 10 {
            for (_, face) in check.roll(&mut dice).faces {
                counts[face as usize] += 1;
            }
        }
        assert_eq!(dice.check(), Ok(()));
        assert_fair(&die.name(), &counts);
    }
}

#[test]
fn the_test_catches_a_biased_die_and_passes_a_fair_one() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    // Out of 300 equal chances: a fair d6 gives each face 50; the biased one gives its 1
    // 49 and its 6 51, so the 6 comes up 2% more often than it should and the 1 2% less.
    let throw = |rng: &mut StdRng, weights: [u32; 6]| {
        let mut x = rng.random_range(0..300u32);
        weights
            .iter()
            .position(|&w| {
                let hit = x < w;
                x = x.saturating_sub(w);
                hit
            })
            .expect("weights sum to 300")
    };
    let mut rng = StdRng::seed_from_u64(7);
    let mut fair = [0u64; 6];
    let mut biased = [0u64; 6];
    for _ in 0..ROLLS {
        fair[throw(&mut rng, [50; 6])] += 1;
        biased[throw(&mut rng, [49, 50, 50, 50, 50, 51])] += 1;
    }
    assert!(chi_square(&fair) < critical(6), "fair: {fair:?}");
    assert!(chi_square(&biased) > critical(6), "biased: {biased:?}");
}
