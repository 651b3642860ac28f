//! Properties that must hold for any input: parsers never panic, notation round-trips, and
//! every distribution accounts for every outcome exactly once.

use dicetray::core::count::Count;
use dicetray::core::highest_d6::PoolSize;
use dicetray::core::narrative::{AddedSymbol, NarrativeDie, NarrativeOdds, NarrativePool};
use dicetray::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use dicetray::core::notation::{NotationError, effective_level, highest_d6, narrative};
use dicetray::route::Route;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn any_pool() -> impl Strategy<Value = NarrativePool> {
    (
        prop::array::uniform7(0u32..=20),
        prop::array::uniform6(0u32..=20),
    )
        .prop_map(|(dice, added)| {
            let mut pool = NarrativePool::default();
            for (die, n) in NarrativeDie::ALL.into_iter().zip(dice) {
                pool.set_count(die, n).unwrap();
            }
            for (symbol, n) in AddedSymbol::ALL.into_iter().zip(added) {
                pool.set_added(symbol, n).unwrap();
            }
            pool
        })
}

/// Text built from the notation's own alphabet, so the parser's paths are all reached.
fn notation_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("g"),
            Just("Y"),
            Just("p"),
            Just("r"),
            Just("b"),
            Just("k"),
            Just("w"),
            Just("s"),
            Just("a"),
            Just("x"),
            Just("f"),
            Just("t"),
            Just("d"),
            Just("q"),
            Just("+"),
            Just(" "),
            Just(","),
            Just("0"),
            Just("1"),
            Just("2"),
            Just("9"),
            Just("25"),
            Just("99999"),
            Just("%"),
            Just("é"),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn format_then_parse_gives_the_pool_back(pool in any_pool()) {
        let text = format_pool(&pool);
        prop_assert_eq!(parse_pool(&text), Ok(pool));
    }

    #[test]
    fn parsing_is_canonical(text in notation_like()) {
        if let Ok(pool) = parse_pool(&text) {
            let canonical = format_pool(&pool);
            prop_assert_eq!(parse_pool(&canonical), Ok(pool.clone()));
            prop_assert_eq!(format_pool(&parse_pool(&canonical).unwrap()), canonical);
        }
    }

    #[test]
    fn parse_never_panics_on_any_string(text in any::<String>()) {
        let _ = parse_pool(&text);
        let _ = parse_faces(&text);
        let _ = Route::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_notation_like_text(text in notation_like()) {
        match parse_pool(&text) {
            Ok(pool) => prop_assert!(NarrativeDie::ALL.iter().all(|&d| pool.count(d) <= 20)),
            Err(error) => prop_assert!(!error.message().is_empty()),
        }
    }

    #[test]
    fn rolled_faces_round_trip(pool in any_pool(), seed in any::<u64>()) {
        let roll = dicetray::core::narrative::NarrativeRoll::roll(
            &pool,
            &mut StdRng::seed_from_u64(seed),
        );
        let text = format_faces(roll.dice());
        prop_assert_eq!(parse_faces(&text), Ok(roll.dice().to_vec()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Odds sum to 1: every distribution's weights add up to the number of face combinations,
    /// and every chance lies between impossible and certain.
    #[test]
    fn odds_sum_to_one(pool in any_pool()) {
        let mut combinations = Count::from(1);
        for die in pool.dice() {
            combinations = Count::product(&combinations, &Count::from(u64::from(die.sides())));
        }
        let o = NarrativeOdds::of(&pool);
        for distribution in [&o.net_success, &o.net_advantage, &o.light, &o.dark] {
            prop_assert_eq!(distribution.total(), combinations.clone());
        }
        for chance in [&o.success, &o.advantage, &o.threat, &o.triumph, &o.despair] {
            prop_assert_eq!(&chance.total, &combinations);
            prop_assert!(chance.ways <= chance.total);
        }
        let p_success = o.success.probability();
        let p_not = o.net_success.chance(|n| n < 1).probability();
        prop_assert!((p_success + p_not - 1.0).abs() < 1e-12);
    }
}

/// Every message of every notation parser on `text`, the EL grammar also with `text` after
/// its words (where a dice list or a number is read).
fn notation_errors(text: &str) -> Vec<NotationError> {
    let mut results: Vec<Result<(), NotationError>> = vec![
        narrative::parse_pool(text).map(drop),
        narrative::parse_faces(text).map(drop),
        highest_d6::parse_base_dice(text).map(drop),
        highest_d6::parse_dice_count(text).map(drop),
        highest_d6::parse_plan(text).map(drop),
        highest_d6::parse_roll(PoolSize::Dice(3), text).map(drop),
        effective_level::parse_dice(Some(text)).map(drop),
        effective_level::parse_faces(text).map(drop),
        effective_level::parse_check(text).map(drop),
    ];
    for words in [
        "el ",
        "el 5 ",
        "el 5 dice ",
        "el 5 wager ",
        "el 5 vs 3 vsdice ",
    ] {
        results.push(effective_level::parse_check(&format!("{words}{text}")).map(drop));
    }
    results.into_iter().filter_map(Result::err).collect()
}

/// Text that reaches the parsers' quoting paths: long runs of digits, dice, faces, words.
fn long_input() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("9"),
        Just("0"),
        Just("d"),
        Just("d6"),
        Just(","),
        Just(":"),
        Just("g"),
        Just("x"),
        Just("é"),
        Just("+"),
        Just("-"),
    ];
    (
        prop_oneof![Just(""), Just("d6,"), Just("g"), Just("d8:"), Just("9")],
        prop::collection::vec(piece, 11..1500),
    )
        .prop_map(|(start, pieces)| format!("{start}{}", pieces.concat()))
}

/// Whether `message` holds any run of more than 20 consecutive characters of `input`.
fn quotes_more_than_20(input: &str, message: &str) -> bool {
    let chars: Vec<char> = input.chars().collect();
    chars
        .windows(21)
        .any(|window| message.contains(&window.iter().collect::<String>()))
}

#[test]
fn messages_quote_at_most_20_characters_of_a_long_input() {
    for input in [
        "9".repeat(3000),
        "d".repeat(3000),
        format!("d6,{}", "x".repeat(3000)),
        format!("d8:{}", "7".repeat(3000)),
        format!("g{}", "5".repeat(3000)),
        "é".repeat(3000),
    ] {
        for error in notation_errors(&input) {
            let message = error.message();
            assert!(!quotes_more_than_20(&input, message), "{message}");
            assert!(message.chars().count() <= 300, "{message}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever the input, an error quotes at most a short part of it, so a huge pasted
    /// link never comes back whole in a message.
    #[test]
    fn messages_quote_little_of_any_input(text in long_input()) {
        for error in notation_errors(&text) {
            let message = error.message();
            prop_assert!(!quotes_more_than_20(&text, message), "{}", message);
            prop_assert!(message.chars().count() <= 300, "{}", message);
        }
    }

    #[test]
    fn messages_quote_little_of_arbitrary_text(text in any::<String>()) {
        for error in notation_errors(&text) {
            let message = error.message();
            prop_assert!(!quotes_more_than_20(&text, message), "{}", message);
        }
    }
}

/// Euclid on `u128`, independent of the limb code under test.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn count_of_u128(value: u128) -> Count {
    let two_to_64 = Count::product(&Count::from(1 << 32), &Count::from(1 << 32));
    let mut out = Count::product(&Count::from((value >> 64) as u64), &two_to_64);
    out.add(&Count::from(value as u64));
    out
}

fn product_of(parts: &[u64]) -> Count {
    parts.iter().fold(Count::from(1), |acc, &p| {
        Count::product(&acc, &Count::from(p))
    })
}

proptest! {
    /// Greatest common divisor and division of counts agree with `u128` arithmetic.
    #[test]
    fn count_gcd_and_quotient_match_u128_arithmetic(
        a in any::<u64>(),
        b in 1u64..,
        c in any::<u64>(),
        d in 1u64..,
    ) {
        let (x, y) = (u128::from(a) * u128::from(b), u128::from(c) * u128::from(d));
        let (big_x, big_y) = (count_of_u128(x), count_of_u128(y));
        prop_assert_eq!(Count::gcd(&big_x, &big_y), count_of_u128(gcd_u128(x, y)));
        prop_assert_eq!(big_x.quotient(&big_y), Some(count_of_u128(x / y)));
    }

    /// Past 128 bits: the quotient q of x by y is the one with q·y <= x < (q + 1)·y.
    #[test]
    fn count_quotient_leaves_less_than_the_divisor(
        x in prop::collection::vec(any::<u64>(), 1..8),
        y in prop::collection::vec(1u64.., 1..5),
    ) {
        let (x, y) = (product_of(&x), product_of(&y));
        let q = x.quotient(&y).expect("divisor is not zero");
        let mut next = Count::product(&q, &y);
        prop_assert!(next <= x);
        next.add(&y);
        prop_assert!(next > x);
    }
}

/// Whatever text sits under a key, loading never panics, and the text is either read as it
/// is or kept as a backup before anything is written over it.
mod stored_text {
    use dicetray::core::character::Roster;
    use dicetray::core::effective_level::{ElSetup, Turn};
    use dicetray::core::highest_d6::D6Setup;
    use dicetray::core::narrative::NarrativePool;
    use dicetray::core::scene::Scene;
    use dicetray::storage::{
        self, Document, KeyValueStore, MemoryStore, RollHistory, SavedPools, Settings,
    };
    use proptest::prelude::*;

    /// Text that looks like saved data, with its mistakes, to reach every error path.
    fn stored_like() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("{\"version\":1,\"data\":"),
                Just("{\"entries\":["),
                Just("{\"pools\":["),
                Just("{\"pool\":"),
                Just("{\"name\":\"x\",\"system\":\"narrative\",\"pool\":\"1g\"}"),
                Just("{\"id\":1,\"at\":2,\"label\":\"\",\"system\":\"narrative\",\"pool\":\"1g\",\"faces\":\"g1\"}"),
                Just("\"2g1y\""),
                Just("\"rerolls\":"),
                Just("{\"characters\":[{\"name\":\"Ada\",\"facets\":["),
                Just("{\"obstacles\":[{\"name\":\"Wall\",\"value\":3}"),
                Just("{\"base_dice\":3,\"challenge\":\"risk\""),
                Just("{\"mode\":\"quick\",\"quick_el\":5"),
                Just("{\"theme\":\"dark\""),
                Just("\"<script>\""),
                Just("}"),
                Just("]"),
                Just(","),
                Just("\\u+041"),
                Just("1e400"),
                Just("-1"),
                Just("null"),
            ],
            0..12,
        )
        .prop_map(|parts| parts.concat())
    }

    fn check<D: Document>(text: &str) -> Result<(), TestCaseError> {
        let store = MemoryStore::default();
        store.set(D::KEY, text).unwrap();
        let loaded = storage::load::<D>(&store, 1);
        let now = store.get(D::KEY).unwrap().unwrap();
        if now != text {
            let backups = storage::backup_keys(&store);
            prop_assert!(
                backups
                    .iter()
                    .any(|k| store.get(k).unwrap().as_deref() == Some(text)),
                "replaced without a backup"
            );
            prop_assert!(loaded.notice.is_some() || backups.len() == 1);
        }
        Ok(())
    }

    /// Every document the app stores, so none of them can lose or crash on what it reads.
    fn check_every_document(text: &str) -> Result<(), TestCaseError> {
        check::<RollHistory>(text)?;
        check::<SavedPools>(text)?;
        check::<NarrativePool>(text)?;
        check::<Roster>(text)?;
        check::<Scene>(text)?;
        check::<Settings>(text)?;
        check::<D6Setup>(text)?;
        check::<ElSetup>(text)?;
        check::<Turn>(text)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn any_stored_text_is_read_or_kept(text in stored_like()) {
            check::<RollHistory>(&text)?;
            check::<SavedPools>(&text)?;
            check::<NarrativePool>(&text)?;
        }

        #[test]
        fn any_string_at_all_is_read_or_kept(text in any::<String>()) {
            check_every_document(&text)?;
        }

        #[test]
        fn any_stored_like_text_is_read_or_kept_by_every_document(text in stored_like()) {
            check_every_document(&text)?;
        }
    }
}
