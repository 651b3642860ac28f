//! Properties that must hold for any input: parsers never panic, notation round-trips, and
//! every distribution accounts for every outcome exactly once.

use dicetray::core::count::Count;
use dicetray::core::narrative::{AddedSymbol, NarrativeDie, NarrativeOdds, NarrativePool};
use dicetray::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use dicetray::route::Route;
use proptest::prelude::*;

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
            &mut dicetray::core::rng::seeded(seed),
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

/// The storage layer's JSON agrees with serde_json, the reference implementation.
mod json_against_serde_json {
    use dicetray::storage::json::{Json, write_string};
    use proptest::prelude::*;
    use serde_json::Value;

    /// Turns our value into serde_json's, numbers read by serde_json from our text.
    fn to_serde(json: &Json) -> Value {
        match json {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(text) => serde_json::from_str(text).expect("our number text is JSON"),
            Json::String(s) => Value::String(s.clone()),
            Json::Array(items) => Value::Array(items.iter().map(to_serde).collect()),
            Json::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), to_serde(v)))
                    .collect(),
            ),
        }
    }

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<u64>().prop_map(Value::from),
            any::<i32>().prop_map(Value::from),
            any::<String>().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 40, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map(any::<String>(), inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Text that looks like JSON, with its mistakes, to reach every error path.
    fn json_like() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("{"),
                Just("}"),
                Just("["),
                Just("]"),
                Just(","),
                Just(":"),
                Just("\""),
                Just("\\"),
                Just("\\u"),
                Just("d83c"),
                Just("0"),
                Just("12"),
                Just("-"),
                Just("."),
                Just("e"),
                Just("true"),
                Just("nul"),
                Just(" "),
                Just("é"),
                Just("a"),
            ],
            0..30,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn reads_what_serde_json_writes(value in any_value()) {
            let text = serde_json::to_string(&value).unwrap();
            let ours = Json::parse(&text).expect("serde_json's output is valid JSON");
            prop_assert_eq!(to_serde(&ours), value.clone());
            let pretty = serde_json::to_string_pretty(&value).unwrap();
            prop_assert_eq!(to_serde(&Json::parse(&pretty).unwrap()), value);
        }

        #[test]
        fn accepts_exactly_what_serde_json_accepts(text in json_like()) {
            let ours = Json::parse(&text);
            let theirs = serde_json::from_str::<Value>(&text);
            prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?}: {:?} vs {:?}", text, ours, theirs);
            if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
                prop_assert_eq!(to_serde(&ours), theirs);
            }
        }

        #[test]
        fn never_panics_on_any_text(text in any::<String>()) {
            let _ = Json::parse(&text);
        }

        #[test]
        fn strings_round_trip(text in any::<String>()) {
            let mut written = String::new();
            write_string(&mut written, &text);
            prop_assert_eq!(serde_json::from_str::<String>(&written).unwrap(), text.clone());
            prop_assert_eq!(Json::parse(&written).unwrap(), Json::String(text));
        }
    }
}
