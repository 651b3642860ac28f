//! Fairness in Chromium: the dice rolled through the browser's own secure generator
//! (`crypto.getRandomValues`, behind `SecureDice`) pass a chi-square test of uniform faces.
//! Smaller than the native test (100,000 rolls a die), at the same significance, 1 in
//! 10,000 per die. Run by `scripts/test` with wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

mod fair_dice;

use dicetray::core::effective_level::ElDie;
use dicetray::core::narrative::NarrativeDie;
use dicetray::core::rng::SecureDice;
use fair_dice::{assert_fair, d6_faces, el_faces, narrative_faces};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const ROLLS: u64 = 100_000;

#[wasm_bindgen_test]
fn every_die_is_fair_through_the_browsers_generator() {
    let mut dice = SecureDice::new().expect("the browser has a secure generator");
    for die in NarrativeDie::ALL {
        assert_fair(die.name(), &narrative_faces(die, ROLLS, &mut dice));
    }
    assert_fair("d6", &d6_faces(ROLLS, &mut dice));
    for die in ElDie::ALL {
        assert_fair(&die.name(), &el_faces(die, ROLLS, &mut dice));
    }
    assert_eq!(dice.check(), Ok(()));
}
