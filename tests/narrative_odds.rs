//! Exact odds: against values worked by hand, and against enumerating every face.

use dicetray::core::count::Count;
use dicetray::core::distribution::Chance;
use dicetray::core::narrative::{
    NarrativeDie, NarrativeOdds, NarrativePool, NarrativeRoll, RolledDie,
};
use dicetray::core::notation::narrative::parse_pool;
use proptest::prelude::*;

fn fraction(chance: &Chance) -> (u64, u64) {
    chance.small_fraction().expect("small pool")
}

fn odds(text: &str) -> NarrativeOdds {
    NarrativeOdds::of(&parse_pool(text).expect("valid pool"))
}

#[test]
fn one_ability_die_by_hand() {
    // S, S, SS, SA of 8 faces succeed; A, A, SA, AA of 8 give advantage.
    let o = odds("1g");
    assert_eq!(fraction(&o.success), (1, 2));
    assert_eq!(fraction(&o.advantage), (1, 2));
    assert_eq!(fraction(&o.threat), (0, 1));
    assert_eq!(fraction(&o.triumph), (0, 1));
}

#[test]
fn one_proficiency_die_by_hand() {
    // S, S, SS, SS, SA, SA, SA, Triumph: 8 of 12 succeed; Triumph is 1 of 12.
    let o = odds("1y");
    assert_eq!(fraction(&o.success), (2, 3));
    assert_eq!(fraction(&o.triumph), (1, 12));
    // A, SA x3, AA x2: 6 of 12.
    assert_eq!(fraction(&o.advantage), (1, 2));
}

#[test]
fn one_difficulty_die_by_hand() {
    // T, T, T, TT, FT: 5 of 8 faces give threat; nothing can succeed.
    let o = odds("1p");
    assert_eq!(fraction(&o.threat), (5, 8));
    assert_eq!(fraction(&o.success), (0, 1));
}

#[test]
fn ability_against_difficulty_by_hand() {
    // Ability successes: 0 on 4 faces, 1 on 3, 2 on 1. Difficulty failures: 0 on 5, 1 on 2,
    // 2 on 1. Net >= 1: (1 success, 0 failures) 3*5 + (2 successes, <= 1 failure) 1*7 = 22
    // of 64 = 11/32.
    assert_eq!(fraction(&odds("1g1p").success), (11, 32));
}

#[test]
fn two_boost_dice_by_hand() {
    // A boost die succeeds on 2 of 6 faces; at least one of two: 1 - (4/6)^2 = 5/9.
    assert_eq!(fraction(&odds("2b").success), (5, 9));
}

#[test]
fn challenge_despair_and_added_symbols() {
    assert_eq!(fraction(&odds("2r").despair), (23, 144));
    // An added triumph makes a triumph certain and adds a success.
    let o = odds("1p+1x");
    assert_eq!(fraction(&o.triumph), (1, 1));
    // Net = 1 - difficulty failures: succeeds when the die shows no failure (5 of 8).
    assert_eq!(fraction(&o.success), (5, 8));
}

#[test]
fn empty_pool_is_a_certain_nothing() {
    let o = NarrativeOdds::of(&NarrativePool::default());
    assert!(o.success.is_impossible() && o.advantage.is_impossible());
    assert_eq!(o.net_success.min(), 0);
    assert_eq!(o.net_success.max(), 0);
}

#[test]
fn full_tray_is_exact_beyond_u128() {
    let pool = parse_pool("20g20y20p20r20b20k20w").unwrap();
    let o = NarrativeOdds::of(&pool);
    // 8^40 * 12^60 * 6^40 outcomes, about 2^438.
    let mut expected = Count::from(1);
    for _ in 0..40 {
        expected = Count::product(&expected, &Count::from(8 * 6));
    }
    for _ in 0..60 {
        expected = Count::product(&expected, &Count::from(12));
    }
    assert_eq!(o.success.total, expected);
    assert_eq!(o.net_success.total(), expected);
    let p = o.success.probability();
    assert!(p > 0.0 && p < 1.0);
}

/// Counts, by trying every combination of faces, how often each event happens.
fn enumerate(pool: &NarrativePool) -> [u64; 6] {
    let dice: Vec<NarrativeDie> = pool.dice().collect();
    let mut counts = [0u64; 6]; // success, advantage, threat, triumph, despair, total
    let mut faces = vec![0u32; dice.len()];
    loop {
        let rolled = dice
            .iter()
            .zip(&faces)
            .map(|(&d, &f)| RolledDie::new(d, f).unwrap())
            .collect();
        let result = NarrativeRoll::from_parts(rolled, pool.added(), vec![])
            .unwrap()
            .result();
        counts[0] += u64::from(result.net_success >= 1);
        counts[1] += u64::from(result.net_advantage >= 1);
        counts[2] += u64::from(result.net_advantage <= -1);
        counts[3] += u64::from(result.triumph >= 1);
        counts[4] += u64::from(result.despair >= 1);
        counts[5] += 1;
        // Next combination, like an odometer.
        let mut i = 0;
        loop {
            if i == dice.len() {
                return counts;
            }
            faces[i] += 1;
            if faces[i] < dice[i].sides() {
                break;
            }
            faces[i] = 0;
            i += 1;
        }
    }
}

fn small_pool() -> impl Strategy<Value = NarrativePool> {
    (
        prop::collection::vec(0usize..7, 0..=4),
        0u32..3,
        0u32..3,
        0u32..2,
    )
        .prop_map(|(dice, success, threat, despair)| {
            let mut pool = NarrativePool::default();
            for i in dice {
                pool.add_die(NarrativeDie::ALL[i]).unwrap();
            }
            use dicetray::core::narrative::AddedSymbol::*;
            pool.set_added(Success, success).unwrap();
            pool.set_added(Threat, threat).unwrap();
            pool.set_added(Despair, despair).unwrap();
            pool
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn convolution_matches_brute_force(pool in small_pool()) {
        let counts = enumerate(&pool);
        let o = NarrativeOdds::of(&pool);
        let total = Count::from(counts[5]);
        for (chance, ways) in [&o.success, &o.advantage, &o.threat, &o.triumph, &o.despair]
            .into_iter()
            .zip(counts)
        {
            prop_assert_eq!(&chance.total, &total);
            prop_assert_eq!(&chance.ways, &Count::from(ways));
        }
    }
}
