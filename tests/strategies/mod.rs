//! Generators of the app's own values that the property tests share (`tests/properties.rs`,
//! `tests/narrative_odds.rs`, `tests/real_dice.rs`, each with `mod strategies;`): narrative
//! pools and Effective Level dice.

// Each test file is its own crate and uses a part of these.
#![allow(dead_code)]

use dicetray::core::effective_level::{ElDice, ElDie, MAX_CHOSEN_DICE};
use dicetray::core::narrative::{
    AddedSymbol, MAX_ADDED_PER_SYMBOL, MAX_DICE_PER_KIND, NarrativeDie, NarrativePool,
};
use proptest::prelude::*;

/// The pool with these counts of each die (in `NarrativeDie::ALL`'s order) and of each
/// added symbol (in `AddedSymbol::ALL`'s).
pub fn pool_of(dice: [u32; 7], added: [u32; 6]) -> NarrativePool {
    let mut pool = NarrativePool::default();
    for (die, n) in NarrativeDie::ALL.into_iter().zip(dice) {
        pool.set_count(die, n).unwrap();
    }
    for (symbol, n) in AddedSymbol::ALL.into_iter().zip(added) {
        pool.set_added(symbol, n).unwrap();
    }
    pool
}

/// A narrative pool of up to `max_dice` of each die and `max_added` of each added symbol.
pub fn narrative_pool(max_dice: u32, max_added: u32) -> impl Strategy<Value = NarrativePool> {
    (
        prop::array::uniform7(0..=max_dice),
        prop::array::uniform6(0..=max_added),
    )
        .prop_map(|(dice, added)| pool_of(dice, added))
}

/// Any narrative pool the tray holds: up to its limits of every die and symbol.
pub fn any_narrative_pool() -> impl Strategy<Value = NarrativePool> {
    narrative_pool(MAX_DICE_PER_KIND, MAX_ADDED_PER_SYMBOL)
}

/// The full narrative tray: the most of every die and every symbol.
pub fn full_tray() -> NarrativePool {
    pool_of([MAX_DICE_PER_KIND; 7], [MAX_ADDED_PER_SYMBOL; 6])
}

/// A side's Effective Level dice: the Simple Pool, or up to `MAX_CHOSEN_DICE` picked of
/// every size, often all of them (more picked than that stop at the limit, as on the tray).
pub fn el_dice() -> impl Strategy<Value = ElDice> {
    let most = MAX_CHOSEN_DICE as usize;
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(0..7usize, 1..=most),
        prop::collection::vec(0..7usize, most..=most + 2),
        (0..7usize).prop_map(move |size| vec![size; most]),
    ]
    .prop_map(|sizes| {
        let mut dice = ElDice::Simple;
        for size in sizes {
            let _ = dice.add(ElDie::ALL[size]);
        }
        dice
    })
}
