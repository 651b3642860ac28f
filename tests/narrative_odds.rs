//! Exact odds: against values worked by hand, and against enumerating every face.

use dicetray::core::count::Count;
use dicetray::core::distribution::Chance;
use dicetray::core::narrative::{AddedSymbol, NarrativeDie, NarrativeOdds, NarrativePool};
use dicetray::core::notation::narrative::parse_pool;
use proptest::prelude::*;

mod strategies;
use strategies::narrative_pool;

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

/// The faces of each die exactly as RULES.md lists them, in `NarrativeDie::ALL` order.
/// Letters: S success, F failure, A advantage, T threat, X triumph, D despair.
const RULES_FACES: [(NarrativeDie, &str); 6] = [
    (NarrativeDie::Ability, "- S S SS A A SA AA"),
    (NarrativeDie::Proficiency, "- S S SS SS A SA SA SA AA AA X"),
    (NarrativeDie::Difficulty, "- F FF T T T TT FT"),
    (NarrativeDie::Challenge, "- F F FF FF T T FT FT TT TT D"),
    (NarrativeDie::Boost, "- - S SA AA A"),
    (NarrativeDie::Setback, "- - F F T T"),
];

/// A face or a pool's added symbols as counts, read in this test only:
/// `[success, failure, advantage, threat, triumph, despair]`.
type Tally = [i32; 6];

fn tally(face: &str) -> Tally {
    let mut t = [0; 6];
    for letter in face.chars() {
        match letter {
            'S' => t[0] += 1,
            'F' => t[1] += 1,
            'A' => t[2] += 1,
            'T' => t[3] += 1,
            'X' => t[4] += 1,
            'D' => t[5] += 1,
            _ => {}
        }
    }
    t
}

/// Counts, by trying every combination of faces from the table above, how often each event
/// happens, scoring each combination here rather than with the code under test.
/// Force dice never touch these events, so each multiplies every count by 12.
fn enumerate(pool: &NarrativePool) -> [u64; 6] {
    let dice: Vec<Vec<Tally>> = RULES_FACES
        .iter()
        .flat_map(|(die, faces)| {
            let faces: Vec<Tally> = faces.split(' ').map(tally).collect();
            std::iter::repeat_n(faces, pool.count(*die) as usize)
        })
        .collect();
    let force = 12u64.pow(pool.count(NarrativeDie::Force));
    let added = pool.added();
    let base: Tally = [
        added.success as i32,
        added.failure as i32,
        added.advantage as i32,
        added.threat as i32,
        added.triumph as i32,
        added.despair as i32,
    ];
    let mut counts = [0u64; 6]; // success, advantage, threat, triumph, despair, total
    let mut faces = vec![0usize; dice.len()];
    loop {
        let mut sum = base;
        for (die, &face) in dice.iter().zip(&faces) {
            for (total, n) in sum.iter_mut().zip(die[face]) {
                *total += n;
            }
        }
        let [s, f, a, t, triumph, despair] = sum;
        let net_success = s + triumph - f - despair;
        let net_advantage = a - t;
        counts[0] += force * u64::from(net_success >= 1);
        counts[1] += force * u64::from(net_advantage >= 1);
        counts[2] += force * u64::from(net_advantage <= -1);
        counts[3] += force * u64::from(triumph >= 1);
        counts[4] += force * u64::from(despair >= 1);
        counts[5] += force;
        // Next combination, like an odometer.
        let mut i = 0;
        loop {
            if i == dice.len() {
                return counts;
            }
            faces[i] += 1;
            if faces[i] < dice[i].len() {
                break;
            }
            faces[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn the_oracle_scores_a_known_pool() {
    // The oracle itself, checked by hand: 1g1p gives 22 of 64 (see above).
    let counts = enumerate(&parse_pool("1g1p").unwrap());
    assert_eq!((counts[0], counts[5]), (22, 64));
}

#[test]
fn fractions_past_64_bits_are_in_lowest_terms() {
    // Force dice never touch success: 18 of them alone can never succeed, and with one
    // ability die the chance stays that die's 4 of 8.
    assert_eq!(odds("18w").success.exact_text(), "0/1");
    assert_eq!(odds("1g20w").success.exact_text(), "1/2");
    // Twenty proficiency dice: no triumph on 11 of 12 faces each, so the chance of one is
    // (12^20 - 11^20) / 12^20, already in lowest terms (the top is odd and not a multiple
    // of 3), with a bottom past 64 bits.
    let (top, bottom) = (12u128.pow(20) - 11u128.pow(20), 12u128.pow(20));
    assert_eq!(
        odds("20y20w").triumph.exact_text(),
        format!("{top}/{bottom}")
    );
}

/// A decimal text divided by a small number: quotient (no leading zeros) and remainder,
/// worked on the digits so that it shares nothing with the code under test.
fn divide_decimal(digits: &str, divisor: u32) -> (String, u32) {
    let mut quotient = String::new();
    let mut rest = 0;
    for digit in digits.bytes().map(|b| u32::from(b - b'0')) {
        let current = rest * 10 + digit;
        if !(quotient.is_empty() && current / divisor == 0) {
            quotient.push(char::from(b'0' + (current / divisor) as u8));
        }
        rest = current % divisor;
    }
    if quotient.is_empty() {
        quotient.push('0');
    }
    (quotient, rest)
}

fn count_of_decimal(digits: &str) -> Count {
    digits.bytes().fold(Count::zero(), |acc, b| {
        let mut next = Count::product(&acc, &Count::from(10));
        next.add(&Count::from(u64::from(b - b'0')));
        next
    })
}

fn small_pool() -> impl Strategy<Value = NarrativePool> {
    (
        prop::collection::vec(0usize..7, 0..=4),
        prop::array::uniform6(0u32..3),
    )
        .prop_map(|(dice, added)| {
            let mut pool = NarrativePool::default();
            for i in dice {
                pool.add_die(NarrativeDie::ALL[i]).unwrap();
            }
            for (symbol, n) in AddedSymbol::ALL.into_iter().zip(added) {
                pool.set_added(symbol, n).unwrap();
            }
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every printed fraction equals its unreduced ways/total and is in lowest terms. Every
    /// die has 6, 8 or 12 sides, so a total has no prime factor but 2 and 3; a fraction
    /// over it is in lowest terms when its bottom keeps only those factors and its two
    /// parts do not share either.
    #[test]
    fn printed_fractions_are_in_lowest_terms(pool in narrative_pool(20, 3)) {
        let o = NarrativeOdds::of(&pool);
        for chance in [&o.success, &o.advantage, &o.threat, &o.triumph, &o.despair] {
            let text = chance.exact_text();
            let (top, bottom) = text.split_once('/').expect("a fraction");
            prop_assert!(top.bytes().chain(bottom.bytes()).all(|b| b.is_ascii_digit()), "{}", text);
            prop_assert_eq!(
                Count::product(&count_of_decimal(top), &chance.total),
                Count::product(&count_of_decimal(bottom), &chance.ways),
                "{} against {}/{}", text, chance.ways, chance.total
            );
            if top == "0" {
                prop_assert_eq!(bottom, "1");
                continue;
            }
            let mut rest = bottom.to_string();
            for prime in [2, 3] {
                let bottom_shares = divide_decimal(bottom, prime).1 == 0;
                let top_shares = divide_decimal(top, prime).1 == 0;
                prop_assert!(!(bottom_shares && top_shares), "{} shares {}", text, prime);
                while rest != "1" && divide_decimal(&rest, prime).1 == 0 {
                    rest = divide_decimal(&rest, prime).0;
                }
            }
            prop_assert_eq!(rest, "1", "{} has another factor below", text);
        }
    }
}
