//! Fairness: every die the app rolls, rolled a million times through the app's own code path
//! (the platform's secure generator behind `SecureDice`, the resolvers' own roll functions),
//! must pass a chi-square test of uniform faces.
//!
//! Each test uses significance 1 in 10,000: a fair die fails it by chance once in 10,000
//! runs. With 15 dice tested, a whole run raises a false alarm about once in 670 runs. At this
//! many rolls a d6 with one face 1% more likely than it should be (1/6 x 1.01) and another
//! 1% less is caught about 85% of the time; at 2% it is caught essentially always (the
//! statistic's non-centrality is 33 and 133; 5 degrees of freedom).

mod fair_dice;

use dicetray::core::effective_level::ElDie;
use dicetray::core::narrative::NarrativeDie;
use dicetray::core::rng::SecureDice;
use fair_dice::{assert_fair, chi_square, critical, d6_faces, el_faces, narrative_faces};

const ROLLS: u64 = 1_000_000;

#[test]
fn narrative_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    for die in NarrativeDie::ALL {
        let counts = narrative_faces(die, ROLLS, &mut dice);
        assert_eq!(dice.check(), Ok(()));
        assert_fair(die.name(), &counts);
    }
}

#[test]
fn highest_d6_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    let counts = d6_faces(ROLLS, &mut dice);
    assert_eq!(dice.check(), Ok(()));
    assert_fair("d6", &counts);
}

#[test]
fn effective_level_dice_are_fair() {
    let mut dice = SecureDice::new().expect("a secure generator");
    for die in ElDie::ALL {
        let counts = el_faces(die, ROLLS, &mut dice);
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
