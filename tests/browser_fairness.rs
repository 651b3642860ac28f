//! Fairness in Chromium: the dice rolled through the browser's own secure generator
//! (`crypto.getRandomValues`, behind `SecureDice`) pass a chi-square test of uniform faces.
//! Smaller than the native test (100,000 rolls a die), at the same significance, 1 in
//! 10,000 per die. Run by `scripts/test` with wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use dicetray::core::effective_level::{ElCheck, ElDice, ElDie, Side};
use dicetray::core::highest_d6::{D6Roll, PoolSize};
use dicetray::core::narrative::{NarrativeDie, RolledDie};
use dicetray::core::rng::SecureDice;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const ROLLS: u64 = 100_000;

/// The chi-square critical value at significance 0.0001 for `sides - 1` degrees of freedom.
fn critical(sides: usize) -> f64 {
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

fn assert_fair(name: &str, counts: &[u64]) {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    let chi: f64 = counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    assert!(
        chi < critical(counts.len()),
        "{name}: chi-square {chi:.2}, counts {counts:?}"
    );
}

#[wasm_bindgen_test]
fn every_die_is_fair_through_the_browsers_generator() {
    let mut dice = SecureDice::new().expect("the browser has a secure generator");
    for die in NarrativeDie::ALL {
        let mut counts = vec![0u64; die.sides() as usize];
        for _ in 0..ROLLS {
            counts[RolledDie::roll(die, &mut dice).face_index() as usize] += 1;
        }
        assert_fair(die.name(), &counts);
    }
    let mut counts = [0u64; 6];
    for _ in 0..ROLLS / 5 {
        for &face in D6Roll::roll(PoolSize::Dice(5), &mut dice).faces() {
            counts[usize::from(face - 1)] += 1;
        }
    }
    assert_fair("d6", &counts);
    for die in ElDie::ALL {
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
        assert_fair(&die.name(), &counts);
    }
    assert_eq!(dice.check(), Ok(()));
}
