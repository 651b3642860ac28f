//! Properties that must hold for any input: parsers never panic, notation round-trips, and
//! every distribution accounts for every outcome exactly once.

use dicetray::core::count::Count;
use dicetray::core::highest_d6::PoolSize;
use dicetray::core::narrative::{NarrativeDie, NarrativeOdds};
use dicetray::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use dicetray::core::notation::{NotationError, effective_level, highest_d6, narrative};
use dicetray::route::Route;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

mod strategies;
use strategies::any_narrative_pool;

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
    fn format_then_parse_gives_the_pool_back(pool in any_narrative_pool()) {
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
    fn rolled_faces_round_trip(pool in any_narrative_pool(), seed in any::<u64>()) {
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
    fn odds_sum_to_one(pool in any_narrative_pool()) {
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
        "el 5 vs 3 by ",
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
    use dicetray::core::history::RollHistory;
    use dicetray::core::narrative::NarrativePool;
    use dicetray::core::scene::Scene;
    use dicetray::core::story_points::StoryPoints;
    use dicetray::storage::{self, Document, KeyValueStore, MemoryStore, SavedPools, Settings};
    use proptest::prelude::*;

    /// Text that looks like saved data, with its mistakes, to reach every error path.
    fn stored_like() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("{\"version\":1,\"data\":"),
                Just("{\"version\":4,\"data\":["),
                Just("{\"version\":2,\"data\":"),
                Just("[1,2,\"\",null,\"narrative\",\"1g\",\"g1\",[[0,\"g0\"]]]"),
                Just("{\"version\":5,\"data\":["),
                Just("[1,2,\"\",null,true,\"narrative\",\"1g\",\"g1\",[]]"),
                Just("[3,4,\"\",null,false,\"story\",\"destiny\",\"roll\",1,0,\"w7\"]"),
                Just("[\"story-points\",4,1,[3,2]]"),
                Just("[\"one-die\",true,false,[\"el-best-dice\"]]"),
                Just("{\"version\":3,\"data\":"),
                Just("[3,\"el 2\",\"d2:1 d2:0\",\"\",[\"Injury\",\"\"]]"),
                Just("[7,\"Mira\",[[2,\"Keen Eye\",true]],[[3,\"condition\"]],0,[],[],[],[]]"),
                Just("[\"Heavy\",\"narrative\",\"2g\"]"),
                Just("[0,[],[],[],[]]"),
                Just("\"one-die\""),
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
        check::<Turn>(text)?;
        check::<StoryPoints>(text)
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

/// Everything the app writes, it reads back: every kind of roll each tray can make, up to the
/// tray's limits, and every document holding them, survive save, reload and load unchanged,
/// and read strictly as an import would. Values are made the way the app makes them: through
/// the core's own constructors and changes, with seeded dice; a change the core refuses is
/// skipped, as the tray would refuse it.
mod round_trip {
    use std::fmt::Debug;

    use dicetray::core::character::{Harm, MAX_CHARACTERS, MAX_HARM, Roster, SheetList};
    use dicetray::core::effective_level::{
        Against, CrossRoleSplit, Dedicated, ElCheck, ElDice, ElMode, ElSetup, MAX_CHOSEN_DICE,
        MAX_DEFENCES, MAX_EL, MAX_PORTIONS, MAX_SITUATIONAL, PortionKind, Pushback, Side, Turn,
        against_obstacle, roll_at_obstacle,
    };
    use dicetray::core::facet::{MAX_FACETS, MAX_NAME_CHARS, clean_name};
    use dicetray::core::highest_d6::{
        ChallengeKind, D6Check, D6Pool, D6Roll, D6Setup, FacetRef, HarmKind, MAX_BASE_DICE,
        MAX_COST_CHARS, MAX_POOL_DICE, MAX_SUM_LINE_CHARS, PoolSize, ZeroDiceRule,
    };
    use dicetray::core::history::{
        HistoryEntry, MAX_HISTORY, MAX_LABEL_CHARS, RecordedRoll, RollHistory,
    };
    use dicetray::core::narrative::{
        Ladder, NarrativeDie, NarrativePool, NarrativeRoll, RolledDie,
    };
    use dicetray::core::notation::MAX_NOTATION_CHARS;
    use dicetray::core::notation::effective_level::{format_check, format_dice, parse_check};
    use dicetray::core::notation::highest_d6::{format_plan, parse_plan};
    use dicetray::core::notation::narrative::format_pool;
    use dicetray::core::scene::{MAX_SCENE_EL, MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Scene};
    use dicetray::core::story_points::{
        MAX_PLAYERS, MAX_POINTS, PointCounts, StoryChange, StoryNaming, StoryPoints, StorySide,
    };
    use dicetray::storage::{
        self, Document, MAX_FOLD_ID_CHARS, MAX_OPEN_FOLDS, MAX_SAVED_POOLS, MemoryStore,
        SavedPools, Settings, SystemPool,
    };
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use crate::strategies::{any_narrative_pool, el_dice, full_tray};

    /// Saves `value`, loads it back and reads its text strictly, as an import does.
    fn survives<D: Document + PartialEq + Debug>(value: &D) -> Result<(), TestCaseError> {
        let store = MemoryStore::default();
        storage::save(&store, value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let loaded = storage::load::<D>(&store, 1);
        prop_assert!(loaded.notice.is_none(), "{:?}", loaded.notice);
        prop_assert!(loaded.writable);
        prop_assert_eq!(&loaded.value, value);
        let text = storage::encode(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let imported = storage::decode_text::<D>(&text);
        prop_assert_eq!(imported.as_ref(), Ok(value));
        Ok(())
    }

    /// Any characters at all, up to `max` of them.
    fn any_text(max: usize) -> impl Strategy<Value = String> {
        prop::collection::vec(any::<char>(), 0..=max).prop_map(String::from_iter)
    }

    /// A name of the most characters a name has, none of them space.
    fn longest_name() -> impl Strategy<Value = String> {
        prop::collection::vec(
            any::<char>().prop_filter("shown", |c| !c.is_whitespace()),
            MAX_NAME_CHARS..=MAX_NAME_CHARS,
        )
        .prop_map(String::from_iter)
    }

    /// What a player types for a name: any characters, often at or past the limit.
    fn typed_name() -> BoxedStrategy<String> {
        let name = prop_oneof![
            any_text(MAX_NAME_CHARS + 2),
            longest_name(),
            Just("Mira".to_string())
        ];
        name.boxed()
    }

    /// What a player types for a note cut to `max` characters: anything, or text with
    /// spaces where it is cut.
    fn typed_note(max: usize) -> impl Strategy<Value = String> {
        let spaced = (1..max, any_text(4)).prop_map(move |(words, tail)| {
            format!("{}{}{tail}", "w".repeat(words), " ".repeat(max - words + 1))
        });
        prop_oneof![any_text(max + 4), spaced]
    }

    /// A name the app keeps: typed, then cleaned as every name is.
    fn name() -> impl Strategy<Value = String> {
        typed_name().prop_map(|typed| clean_name(&typed, "name").unwrap_or_else(|_| "x".into()))
    }

    /// Any narrative pool the tray holds, the full tray included.
    fn narrative_pool() -> BoxedStrategy<NarrativePool> {
        prop_oneof![any_narrative_pool(), Just(full_tray())].boxed()
    }

    /// A narrative roll with any re-rolls.
    fn narrative_roll() -> impl Strategy<Value = RecordedRoll> {
        (
            narrative_pool(),
            any::<u64>(),
            prop::collection::vec(any::<usize>(), 0..6),
        )
            .prop_map(|(pool, seed, rerolls)| {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut roll = NarrativeRoll::roll(&pool, &mut rng);
                let dice = roll.dice().len();
                for index in rerolls.into_iter().filter(|_| dice > 0) {
                    roll.reroll(index % dice, &mut rng).unwrap();
                }
                RecordedRoll::Narrative(roll)
            })
    }

    /// Facets as the player adds them: a name, whether it helps, whether it is applied.
    fn facets() -> impl Strategy<Value = Vec<(String, bool, bool)>> {
        let facet = (typed_name(), any::<bool>(), any::<bool>());
        let longest = (longest_name(), any::<bool>(), Just(true));
        prop_oneof![
            prop::collection::vec(facet.clone(), 0..=8),
            prop::collection::vec(facet, MAX_FACETS..=MAX_FACETS + 2),
            prop::collection::vec(longest, MAX_FACETS..=MAX_FACETS),
        ]
    }

    /// Conditions as marked on a character: a name and whether it is ticked, up to past
    /// the most harm a character carries, often all under the longest name.
    fn conditions() -> impl Strategy<Value = Vec<(String, bool)>> {
        let condition = (typed_name(), any::<bool>());
        let longest = (longest_name(), Just(true));
        prop_oneof![
            prop::collection::vec(condition.clone(), 0..=4),
            prop::collection::vec(condition, MAX_HARM..=MAX_HARM + 2),
            prop::collection::vec(longest, MAX_HARM..=MAX_HARM),
        ]
    }

    /// A Highest d6 check: any base dice, character and scene facets applied, kind,
    /// conflict, zero-dice rule, and a cost note on a costly success.
    fn d6_roll() -> impl Strategy<Value = RecordedRoll> {
        (
            (0..=MAX_BASE_DICE + 1, facets(), facets(), conditions()),
            (0..4usize, any::<bool>(), any::<bool>()),
            (any::<u64>(), typed_note(MAX_COST_CHARS)),
        )
            .prop_map(
                |((base, own, shared, harm), (kind, conflict, lowest), (seed, cost))| {
                    let mut roster = Roster::default();
                    let who = roster.create("Mira").unwrap();
                    let mut scene = Scene::default();
                    let mut setup = D6Setup::default();
                    while setup.base < base && setup.add_die() {}
                    while setup.base > base && setup.remove_die() {}
                    setup.kind = ChallengeKind::ALL[kind];
                    setup.conflict = conflict;
                    for (name, helps, applied) in own {
                        if let Ok(id) = roster.add_facet(who, &name, helps)
                            && applied
                        {
                            setup.toggle(FacetRef::Character(id));
                        }
                    }
                    for (name, helps, applied) in shared {
                        if let Ok(id) = scene.add_facet(&name, helps)
                            && applied
                        {
                            setup.toggle(FacetRef::Scene(id));
                        }
                    }
                    for (name, applied) in harm {
                        if let Ok(id) = roster.add_harm(who, Harm::Condition(name))
                            && applied
                        {
                            setup.toggle(FacetRef::Condition(id));
                        }
                    }
                    let pool = setup.pool(roster.get(who), &scene);
                    let rule = if lowest {
                        ZeroDiceRule::LowestOfTwo
                    } else {
                        ZeroDiceRule::OneDie
                    };
                    let mut rng = StdRng::seed_from_u64(seed);
                    let mut check = D6Check {
                        roll: D6Roll::roll(pool.plan(rule), &mut rng),
                        pool_line: pool.sum_line(),
                        kind: setup.kind,
                        conflict: setup.conflict,
                        cost: None,
                    };
                    let _ = check.note_cost(&cost);
                    RecordedRoll::HighestD6(check)
                },
            )
    }

    /// What the player may type for a dedicated effect: nothing, or a name.
    fn dedicated_text() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("Injury".to_string()),
            typed_name()
        ]
    }

    /// An Effective Level tray as the player sets it, with a quick EL.
    fn quick_setup() -> impl Strategy<Value = ElSetup> {
        (
            (0..=MAX_EL, 0..=MAX_EL, 0..=MAX_EL, el_dice()),
            (dedicated_text(), dedicated_text()),
            (0..3usize, 0..=MAX_EL, el_dice(), dedicated_text()),
        )
            .prop_map(
                |(
                    (el, rank, wager, dice),
                    (kind, named),
                    (against, their_el, their_dice, their_name),
                )| {
                    let clean = |text: &str| clean_name(text, "effect").unwrap_or_default();
                    let mut setup = ElSetup {
                        mode: ElMode::Quick,
                        quick_el: el,
                        quick_rank: rank,
                        dice,
                        wager,
                        dedicated: Dedicated {
                            kind: clean(&kind),
                            name: clean(&named),
                        },
                        against: [None, Some(Pushback::Resistance), Some(Pushback::Opposition)]
                            [against],
                        their_el,
                        their_dice,
                        ..ElSetup::default()
                    };
                    // A name the tray refuses leaves none.
                    let _ = setup.set_their_name(&their_name);
                    setup
                },
            )
    }

    /// A check the tray lets the player roll, from any quick setup.
    fn el_check() -> impl Strategy<Value = ElCheck> {
        quick_setup().prop_filter_map("the tray refuses it", |setup| setup.check(None, &[]).ok())
    }

    /// An Effective Level roll: at the tray's other side, or at a named obstacle of any EL
    /// with a wager set for that roll (the tray's own wager, or none).
    fn el_roll() -> impl Strategy<Value = RecordedRoll> {
        let obstacle = (0..=MAX_SCENE_EL, typed_name(), any::<bool>());
        (el_check(), prop::option::of(obstacle), any::<u64>()).prop_map(
            |(check, obstacle, seed)| {
                let mut rng = StdRng::seed_from_u64(seed);
                let roll = match obstacle {
                    Some((el, name, wagered)) => {
                        let mut scene = Scene::default();
                        let wager = if wagered { check.wager } else { 0 };
                        match scene.add_obstacle(&name, MAX_SCENE_VALUE, el) {
                            Ok(id) => roll_at_obstacle(&scene, id, &check.me, wager, &mut rng)
                                .map(|at| at.roll)
                                .unwrap_or_else(|_| check.roll(&mut rng)),
                            Err(_) => against_obstacle(&check.me, el, wager).roll(&mut rng),
                        }
                    }
                    None => check.roll(&mut rng),
                };
                RecordedRoll::EffectiveLevel(roll)
            },
        )
    }

    /// A defence rolled from a turn against any attack the field takes (past its limit
    /// refused, as the turn refuses it), at any EL the tray rolls.
    fn el_defence() -> impl Strategy<Value = RecordedRoll> {
        use dicetray::core::effective_level::MAX_ATTACK;
        let attack = prop::option::of(prop_oneof![
            0..=20u32,
            Just(MAX_ATTACK),
            Just(MAX_ATTACK + 1)
        ]);
        (1..=MAX_EL, attack, any::<u64>()).prop_filter_map(
            "the turn refuses it",
            |(points, attack, seed)| {
                let mut turn = Turn::new(points);
                let guard = turn.add("", points, PortionKind::Defence, None).ok()?;
                let defence = turn
                    .defend(guard, attack, &mut StdRng::seed_from_u64(seed))
                    .ok()?;
                Some(RecordedRoll::ElDefence(defence))
            },
        )
    }

    /// A change the story points panel makes: set by hand, a start, a Destiny roll (by the
    /// app or entered from Force dice), a spend, Undo, or another naming.
    #[derive(Clone, Debug)]
    enum PointsChange {
        Set(u32, u32),
        Start(u32),
        Roll(u32, u64),
        Enter(Vec<u32>),
        Spend(bool),
        Undo,
        Name(bool),
    }

    fn points_change() -> impl Strategy<Value = PointsChange> {
        let players = 0..=MAX_PLAYERS + 1;
        prop_oneof![
            (0..=MAX_POINTS + 1, 0..=MAX_POINTS + 1).prop_map(|(p, g)| PointsChange::Set(p, g)),
            Just(PointsChange::Set(MAX_POINTS, MAX_POINTS)),
            players.clone().prop_map(PointsChange::Start),
            (players, any::<u64>()).prop_map(|(n, seed)| PointsChange::Roll(n, seed)),
            prop::collection::vec(0..12u32, 0..=MAX_PLAYERS as usize + 1)
                .prop_map(PointsChange::Enter),
            any::<bool>().prop_map(PointsChange::Spend),
            Just(PointsChange::Undo),
            any::<bool>().prop_map(PointsChange::Name),
        ]
    }

    /// The table's points after any run of changes, with every change made on the way (a
    /// change the core refuses is skipped, as the panel would refuse it).
    fn story_points() -> impl Strategy<Value = (StoryPoints, Vec<StoryChange>)> {
        prop::collection::vec(points_change(), 0..80).prop_map(|changes| {
            let mut points = StoryPoints::default();
            let mut made = Vec::new();
            for change in changes {
                let change = match change {
                    PointsChange::Set(players, gm) => points.set(PointCounts { players, gm }),
                    PointsChange::Start(players) => points.start_story_points(players),
                    PointsChange::Roll(players, seed) => {
                        points.roll_destiny(players, &mut StdRng::seed_from_u64(seed))
                    }
                    PointsChange::Enter(faces) => points.enter_destiny(
                        faces
                            .into_iter()
                            .filter_map(|f| RolledDie::new(NarrativeDie::Force, f))
                            .collect(),
                    ),
                    PointsChange::Spend(players) => points.spend(if players {
                        StorySide::Players
                    } else {
                        StorySide::Gm
                    }),
                    PointsChange::Undo => points.undo(),
                    PointsChange::Name(destiny) => {
                        points.set_naming(if destiny {
                            StoryNaming::Destiny
                        } else {
                            StoryNaming::StoryPoints
                        });
                        continue;
                    }
                };
                made.extend(change.ok());
            }
            (points, made)
        })
    }

    /// The last change of a run of story points changes, as history records it.
    fn story_change() -> impl Strategy<Value = RecordedRoll> {
        story_points().prop_filter_map("no change was made", |(_, made)| {
            made.last().cloned().map(RecordedRoll::StoryPoints)
        })
    }

    /// One roll of any tray, or a story points change, recorded as the app records it,
    /// from its own dice or from real dice entered by hand, sent to a table's GM alone or not.
    fn entry() -> impl Strategy<Value = HistoryEntry> {
        (
            (any::<u64>(), any::<u64>(), any::<bool>(), any::<bool>()),
            typed_note(MAX_LABEL_CHARS),
            prop::option::of(name()),
            prop_oneof![
                narrative_roll(),
                d6_roll(),
                el_roll(),
                el_defence(),
                story_change()
            ],
        )
            .prop_map(
                |((id, at_ms, real_dice, to_gm), label, who, roll)| HistoryEntry {
                    id,
                    at_ms,
                    label: HistoryEntry::clean_label(&label),
                    who,
                    real_dice,
                    to_gm,
                    roll,
                },
            )
    }

    /// Settings with any switches and any panels opened and closed, past the limit, asked or
    /// not to keep the data, exported at any time or never.
    fn settings() -> impl Strategy<Value = Settings> {
        let fold = prop_oneof![
            "[a-z][a-z0-9-]{0,12}",
            prop::collection::vec(0x21u8..0x7f, MAX_FOLD_ID_CHARS..=MAX_FOLD_ID_CHARS)
                .prop_map(|bytes| String::from_utf8(bytes).unwrap_or_default()),
            any_text(MAX_FOLD_ID_CHARS + 2),
        ];
        (
            (any::<bool>(), any::<bool>(), any::<bool>()),
            prop::collection::vec((fold, any::<bool>()), 0..MAX_OPEN_FOLDS + 10),
            (any::<bool>(), any::<Option<u64>>()),
        )
            .prop_map(
                |((lowest, haptics, coach), folds, (keep_asked, last_export))| {
                    let mut settings = Settings::default();
                    if lowest {
                        settings.zero_dice = ZeroDiceRule::LowestOfTwo;
                    }
                    settings.haptics = haptics;
                    settings.coach = coach;
                    settings.keep_asked = keep_asked;
                    settings.last_export_ms = last_export;
                    for (id, open) in folds {
                        let _ = settings.set_fold_open(&id, open);
                    }
                    settings
                },
            )
    }

    fn history_of(entries: Vec<HistoryEntry>) -> RollHistory {
        let mut history = RollHistory::default();
        for entry in entries {
            history.record(entry);
        }
        history
    }

    /// A change the player makes to a turn: a portion of any kind, an assignment of a
    /// cross-role split, a roll or a defence. Indexes pick a portion already there.
    #[derive(Clone, Debug)]
    enum TurnChange {
        Add(String, u32, usize, usize, Option<usize>),
        Assign(u32, String, bool),
        Roll(usize, bool),
        Defend(usize),
    }

    fn turn_change() -> impl Strategy<Value = TurnChange> {
        let points = prop_oneof![1..=4u32, 0..=MAX_EL + 1];
        prop_oneof![
            (
                typed_name(),
                points.clone(),
                0..4usize,
                any::<usize>(),
                prop::option::of(any::<usize>())
            )
                .prop_map(|(n, p, k, i, a)| TurnChange::Add(n, p, k, i, a)),
            (points, any_text(MAX_NAME_CHARS + 4), any::<bool>())
                .prop_map(|(p, l, d)| TurnChange::Assign(p, l, d)),
            (any::<usize>(), any::<bool>()).prop_map(|(i, at)| TurnChange::Roll(i, at)),
            any::<usize>().prop_map(TurnChange::Defend),
        ]
    }

    /// A turn in play, built from any EL the tray shows (a built EL can pass `MAX_EL`), an
    /// optional cross-role split, and a run of changes long enough to reach every limit.
    fn turn() -> impl Strategy<Value = Turn> {
        (
            (0..=3 * MAX_EL, any::<u64>(), el_check()),
            prop::option::of(prop::collection::vec((name(), 0..=2 * MAX_EL), 2..5)),
            prop::collection::vec(turn_change(), 0..(MAX_PORTIONS + MAX_DEFENCES + 10)),
        )
            .prop_map(|((el, seed, target), roles, changes)| {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut turn = Turn::new(el);
                turn.cross = roles.map(CrossRoleSplit::new);
                let pick = |turn: &Turn, index: usize| {
                    let ids: Vec<u64> = turn.portions.iter().map(|p| p.id).collect();
                    (!ids.is_empty()).then(|| ids[index % ids.len()])
                };
                for change in changes {
                    match change {
                        TurnChange::Add(name, points, kind, index, after) => {
                            let into = pick(&turn, index).unwrap_or(0);
                            let kind = match kind {
                                0 => PortionKind::Action,
                                1 => PortionKind::Defence,
                                k => PortionKind::Boost { into, free: k == 3 },
                            };
                            let after = after.and_then(|a| pick(&turn, a));
                            let _ = turn.add(&name, points, kind, after);
                        }
                        TurnChange::Assign(points, label, defence) => {
                            let Some(cross) = turn.cross.as_mut() else {
                                continue;
                            };
                            if let Ok(a) = cross.assign(points, &label) {
                                let name = if a.label.is_empty() {
                                    &a.role
                                } else {
                                    &a.label
                                };
                                let name = clean_name(name, "portion").unwrap_or("x".into());
                                let _ = turn.add_assigned(&name, a.points, &a.role, defence);
                            }
                        }
                        TurnChange::Roll(index, at_target) => {
                            if let Some(id) = pick(&turn, index) {
                                let against = target.against.as_ref().filter(|_| at_target);
                                let _ = turn.roll(id, against, 0, &mut rng);
                            }
                        }
                        TurnChange::Defend(index) => {
                            if let Some(id) = pick(&turn, index) {
                                let _ = turn.defend(id, None, &mut rng);
                            }
                        }
                    }
                }
                turn
            })
    }

    /// A scene after any run of additions, progress and removals, up to its limits.
    fn scene() -> impl Strategy<Value = Scene> {
        let change = (
            0..6usize,
            typed_name(),
            0..=MAX_SCENE_VALUE + 1,
            0..=MAX_SCENE_EL + 1,
            any::<usize>(),
        );
        let most = 3 * MAX_SCENE_ITEMS + MAX_FACETS;
        let changes = prop_oneof![Just(Vec::new()), prop::collection::vec(change, 0..most)];
        changes.prop_map(|changes| {
            let mut scene = Scene::default();
            for (what, name, value, el, index) in changes {
                let ids: Vec<u64> = scene.obstacles.iter().map(|o| o.id).collect();
                let picked = (!ids.is_empty()).then(|| ids[index % ids.len()]);
                let _ = match what {
                    0 => scene.add_facet(&name, value % 2 == 0).map(drop),
                    1 => scene.add_obstacle(&name, value, el).map(drop),
                    2 => scene.add_boost(&name, value).map(drop),
                    3 => scene.add_residual(&name, el).map(drop),
                    4 => scene.add_progress(picked.unwrap_or(0), value).map(drop),
                    _ => {
                        scene.remove(picked.unwrap_or(0));
                        Ok(())
                    }
                };
            }
            scene
        })
    }

    /// A roster after any run of the changes the Characters page makes, up to its limits.
    fn roster() -> impl Strategy<Value = Roster> {
        let change = (
            0..12usize,
            typed_name(),
            -(MAX_EL as i32) - 1..=MAX_EL as i32 + 1,
            any::<usize>(),
            any::<usize>(),
        );
        let changes = prop_oneof![Just(Vec::new()), prop::collection::vec(change, 0..140)];
        (changes, any::<bool>()).prop_map(|(changes, nearly_full)| {
            let mut roster = Roster::default();
            // One short of the limit, so creating, removing and putting back meet it.
            let extras = if nearly_full { MAX_CHARACTERS - 1 } else { 0 };
            for n in 0..extras {
                roster.create(&format!("Extra {n}")).unwrap();
            }
            let mut removed = Vec::new();
            for (what, name, value, index, other) in changes {
                let ids: Vec<u64> = roster.characters().iter().map(|c| c.id).collect();
                // Removed and put back (undo), as the Characters page does.
                if what == 10 {
                    removed.extend(
                        ids.get(index % ids.len().max(1))
                            .and_then(|&id| roster.remove(id)),
                    );
                    continue;
                }
                if what == 11 {
                    if let Some((at, character)) = removed.pop() {
                        let _ = roster.restore(at, character);
                    }
                    continue;
                }
                let Some(&who) = ids.get(index % ids.len().max(1)) else {
                    let _ = roster.create(&name);
                    continue;
                };
                let sheet = &roster.get(who).unwrap().sheet;
                let roles: Vec<u64> = sheet.roles.iter().map(|r| r.id).collect();
                let role = roles.get(other % roles.len().max(1)).copied().unwrap_or(0);
                let entries: Vec<u64> = roster.get(who).unwrap().ids().collect();
                let entry = entries[other % entries.len()];
                let magnitude = value.unsigned_abs();
                let _ = match what {
                    0 => roster.create(&name).map(drop),
                    1 => roster.add_facet(who, &name, value > 0).map(drop),
                    2 => {
                        let kinds = [
                            HarmKind::Scratch,
                            HarmKind::Wound,
                            HarmKind::WoundWithCondition,
                        ];
                        roster.take_harm(who, kinds[other % 3], &name)
                    }
                    3 => roster.set_level(who, magnitude),
                    4 => roster.add_role(who, &name, magnitude).map(drop),
                    5 => roster.add_maneuver(who, role, &name, value).map(drop),
                    6 => roster
                        .add_standing(who, SheetList::Boosts, &name, magnitude)
                        .map(drop),
                    7 => roster
                        .add_standing(who, SheetList::Penalties, &name, magnitude)
                        .map(drop),
                    8 => roster.remove_from_sheet(who, entry),
                    _ => {
                        roster.heal(who, entry);
                        roster.set_active(Some(ids[other % ids.len()]));
                        roster.rename(who, &name)
                    }
                };
            }
            roster
        })
    }

    /// The Effective Level tray as left: a quick EL or a builder with ticks and situational
    /// modifiers.
    fn el_setup() -> impl Strategy<Value = ElSetup> {
        (
            quick_setup(),
            (any::<bool>(), any::<bool>()),
            prop::collection::vec((any::<u64>(), any::<bool>()), 0..12),
            prop::collection::vec(
                (typed_name(), -(MAX_EL as i32)..=MAX_EL as i32),
                0..=MAX_SITUATIONAL + 2,
            ),
            prop::collection::vec((any::<u64>(), 0..=MAX_EL + 1, any::<bool>()), 0..8),
        )
            .prop_map(
                |(mut setup, (builder, training), ticks, modifiers, conditions)| {
                    if builder {
                        setup.mode = ElMode::Builder;
                    }
                    setup.needs_training = training;
                    for (id, scene) in ticks {
                        if scene {
                            setup.toggle_scene(id);
                        } else {
                            setup.toggle(id);
                        }
                    }
                    for (name, value) in modifiers {
                        let _ = setup.add_situational(&name, value);
                    }
                    for (mark, value, toggle) in conditions {
                        if toggle {
                            setup.toggle_condition(mark);
                        } else {
                            let _ = setup.set_condition_value(mark, value);
                        }
                    }
                    setup
                },
            )
    }

    fn d6_setup() -> impl Strategy<Value = D6Setup> {
        (
            0..=MAX_BASE_DICE + 1,
            0..4usize,
            any::<bool>(),
            prop::collection::vec((0..3u8, any::<u64>()), 0..8),
        )
            .prop_map(|(base, kind, conflict, facets)| {
                let mut setup = D6Setup::default();
                while setup.base < base && setup.add_die() {}
                while setup.base > base && setup.remove_die() {}
                setup.kind = ChallengeKind::ALL[kind];
                setup.conflict = conflict;
                for (at, id) in facets {
                    setup.toggle(match at {
                        0 => FacetRef::Character(id),
                        1 => FacetRef::Scene(id),
                        _ => FacetRef::Condition(id),
                    });
                }
                setup
            })
    }

    fn saved_pools() -> impl Strategy<Value = SavedPools> {
        let pool = (typed_name(), narrative_pool(), any::<bool>());
        prop_oneof![
            prop::collection::vec(pool.clone(), 0..6),
            prop::collection::vec(pool, MAX_SAVED_POOLS..=MAX_SAVED_POOLS + 2),
        ]
        .prop_map(|pools| {
            let mut saved = SavedPools::default();
            for (name, pool, keep) in pools {
                let _ = saved.save(&name, SystemPool::Narrative(pool));
                if !keep {
                    saved.remove(name.trim());
                }
            }
            saved
        })
    }

    /// The longest text the tray writes for each side's dice, found by trying every way the
    /// counts can be written (absent, a lone die, one digit, two digits) within the limit.
    fn longest_dice() -> ElDice {
        let mut longest = (0, ElDice::Simple);
        for ways in 0..4usize.pow(7) {
            let counts: [u32; 7] =
                std::array::from_fn(|i| [0, 1, 2, 10][ways / 4usize.pow(i as u32) % 4]);
            if counts.iter().sum::<u32>() > MAX_CHOSEN_DICE || counts == [0; 7] {
                continue;
            }
            let dice = ElDice::Chosen(counts);
            let length = format_dice(&dice).len();
            if length > longest.0 {
                longest = (length, dice);
            }
        }
        longest.1
    }

    #[test]
    fn the_longest_check_fits_the_notation() {
        let dice = longest_dice();
        let check = ElCheck {
            me: Side {
                el: MAX_EL,
                dice: dice.clone(),
            },
            wager: MAX_EL - 1,
            dedicated: None,
            against: Some(Against {
                side: Side { el: MAX_EL, dice },
                kind: Pushback::Opposition,
                // The longest name, each character the longest a name can have.
                name: Some("\u{10FFFF}".repeat(MAX_NAME_CHARS)),
            }),
        };
        let text = format_check(&check);
        assert!(text.chars().count() <= MAX_NOTATION_CHARS, "{text}");
        assert_eq!(parse_check(&text), Ok(check));
    }

    #[test]
    fn the_longest_pool_line_and_the_largest_pool_fit_history() {
        let longest = "n".repeat(MAX_NAME_CHARS);
        // Every facet of a character and of the scene, helping or hindering, and every
        // condition of the character (they hinder).
        for hindering in [0, 1, 2 * MAX_FACETS] {
            for conditions in [0, MAX_HARM] {
                let pool = D6Pool {
                    base: MAX_BASE_DICE,
                    helping: vec![longest.clone(); 2 * MAX_FACETS - hindering],
                    hindering: vec![longest.clone(); hindering + conditions],
                };
                assert!(pool.sum_line().chars().count() <= MAX_SUM_LINE_CHARS);
            }
        }
        let most = PoolSize::Dice(MAX_POOL_DICE);
        assert_eq!(parse_plan(&format_plan(most)), Ok(most));
        let full = full_tray();
        assert!(format_pool(&full).chars().count() <= MAX_NOTATION_CHARS);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn every_roll_survives_in_the_history(entries in prop::collection::vec(entry(), 1..8)) {
            survives(&history_of(entries))?;
        }

        #[test]
        fn the_narrative_tray_survives(pool in narrative_pool(), upgrade in any::<bool>()) {
            let mut pool = pool;
            if upgrade {
                let _ = pool.upgrade(Ladder::Ability);
            }
            survives(&pool)?;
        }

        #[test]
        fn every_turn_survives(turn in turn()) {
            survives(&turn)?;
        }

        #[test]
        fn every_scene_survives(scene in scene()) {
            survives(&scene)?;
        }

        #[test]
        fn every_roster_survives(roster in roster()) {
            prop_assert!(roster.characters().len() <= MAX_CHARACTERS);
            survives(&roster)?;
        }

        #[test]
        fn every_tray_setup_survives(el in el_setup(), d6 in d6_setup(), settings in settings()) {
            survives(&el)?;
            survives(&d6)?;
            prop_assert!(settings.open_folds().len() <= MAX_OPEN_FOLDS);
            survives(&settings)?;
        }

        #[test]
        fn every_story_points_pool_survives((points, made) in story_points()) {
            prop_assert!(points.counts().total() <= 2 * MAX_POINTS);
            survives(&points)?;
            let mut history = RollHistory::default();
            for (id, change) in made.into_iter().enumerate() {
                history.record(HistoryEntry {
                    id: id as u64,
                    at_ms: id as u64,
                    label: String::new(),
                    who: None,
                    real_dice: false,
                    to_gm: false,
                    roll: RecordedRoll::StoryPoints(change),
                });
            }
            survives(&history)?;
        }

        #[test]
        fn every_saved_pool_survives(saved in saved_pools()) {
            survives(&saved)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

        /// A full history: the most rolls it keeps, of every tray.
        #[test]
        fn a_full_history_survives(
            entries in prop::collection::vec(entry(), MAX_HISTORY..=MAX_HISTORY + 2)
        ) {
            let history = history_of(entries);
            prop_assert_eq!(history.entries().len(), MAX_HISTORY);
            survives(&history)?;
        }
    }
}
