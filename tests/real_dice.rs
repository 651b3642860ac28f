//! Real dice: any roll the app makes, entered again face by face as a player would read it
//! off physical dice, is the same roll, so it resolves exactly alike; and whatever is
//! entered, only faces the dice have are taken, with a message otherwise, never a panic.

use dicetray::core::effective_level::{Against, ElCheck, ElDie, ElRoll, Pushback, Side};
use dicetray::core::highest_d6::{D6Roll, MAX_POOL_DICE, PoolSize};
use dicetray::core::narrative::{NarrativeDie, NarrativeRoll, RolledDie};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

mod strategies;
use strategies::{any_narrative_pool, el_dice};

fn plan() -> impl Strategy<Value = PoolSize> {
    prop_oneof![
        (1..=MAX_POOL_DICE).prop_map(PoolSize::Dice),
        Just(PoolSize::OneForNone),
        Just(PoolSize::LowestOfTwo),
    ]
}

/// A check as the tray allows it: EL 1 to 100, a wager that leaves at least 1, and any
/// other side.
fn el_check() -> impl Strategy<Value = ElCheck> {
    (
        (1..=100u32, el_dice()),
        any::<u32>(),
        prop::option::of((1..=100u32, el_dice(), any::<bool>())),
    )
        .prop_map(|((el, dice), wager, against)| ElCheck {
            me: Side { el, dice },
            wager: wager % el,
            dedicated: None,
            against: against.map(|(el, dice, opposed)| Against {
                side: Side { el, dice },
                kind: if opposed {
                    Pushback::Opposition
                } else {
                    Pushback::Resistance
                },
                name: None,
            }),
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_narrative_roll_entered_again_is_the_same_roll(pool in any_narrative_pool(), seed in any::<u64>()) {
        let made = NarrativeRoll::roll(&pool, &mut StdRng::seed_from_u64(seed));
        let faces: Vec<u32> = made.dice().iter().map(RolledDie::face_index).collect();
        let entered = NarrativeRoll::from_entered(&pool, &faces);
        prop_assert_eq!(entered.as_ref(), Ok(&made));
        prop_assert_eq!(entered.unwrap().result(), made.result());
    }

    #[test]
    fn a_highest_d6_roll_entered_again_is_the_same_roll(plan in plan(), seed in any::<u64>()) {
        let made = D6Roll::roll(plan, &mut StdRng::seed_from_u64(seed));
        let entered = D6Roll::from_entered(plan, made.faces());
        prop_assert_eq!(entered.as_ref(), Ok(&made));
        prop_assert_eq!(entered.unwrap().outcome(), made.outcome());
    }

    #[test]
    fn an_effective_level_roll_entered_again_is_the_same_roll(check in el_check(), seed in any::<u64>()) {
        let made = check.roll(&mut StdRng::seed_from_u64(seed));
        let value = |faces: &[(ElDie, u32)]| faces.iter().map(|&(_, f)| f).collect::<Vec<_>>();
        let entered = ElRoll::from_entered(&check, &value(&made.faces), &value(&made.their_faces));
        prop_assert_eq!(entered.as_ref(), Ok(&made));
        prop_assert_eq!(entered.unwrap().outcome(), made.outcome());
    }

    /// Anything entered is taken only when every face is on its die, one per die.
    #[test]
    fn only_faces_the_dice_have_are_taken(
        pool in any_narrative_pool(),
        faces in prop::collection::vec(0..14u32, 0..30),
        plan in plan(),
        d6 in prop::collection::vec(any::<u8>(), 0..6),
        check in el_check(),
        mine in prop::collection::vec(0..22u32, 0..12),
        theirs in prop::collection::vec(0..22u32, 0..12),
    ) {
        let dice: Vec<NarrativeDie> = pool.dice().collect();
        let fits = dice.len() == faces.len()
            && dice.iter().zip(&faces).all(|(d, &f)| f < d.sides());
        match NarrativeRoll::from_entered(&pool, &faces) {
            Ok(roll) => prop_assert!(fits && roll.pool() == &pool),
            Err(error) => prop_assert!(!fits && !error.to_string().is_empty()),
        }
        let fits = d6.len() == plan.dice_thrown() as usize && d6.iter().all(|f| (1..=6).contains(f));
        prop_assert_eq!(D6Roll::from_entered(plan, &d6).is_ok(), fits);
        let (my_dice, their_dice) = check.dice_to_enter();
        let on = |dice: &[ElDie], values: &[u32]| {
            dice.len() == values.len() && dice.iter().zip(values).all(|(d, &v)| v < d.sides())
        };
        let fits = on(&my_dice, &mine) && on(&their_dice, &theirs);
        prop_assert_eq!(ElRoll::from_entered(&check, &mine, &theirs).is_ok(), fits);
    }
}
