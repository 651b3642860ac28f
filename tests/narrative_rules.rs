//! RULES.md section 1, one test per rule, each with a worked case.

use dicetray::core::narrative::{
    AddedSymbol, Ladder, NarrativeDie, NarrativePool, NarrativeRoll, PoolError, RolledDie, Symbols,
};
use dicetray::core::notation::narrative::parse_pool;
use rand::SeedableRng;
use rand::rngs::StdRng;

use NarrativeDie::*;

/// The face of `die` that shows exactly `symbols`.
fn face(die: NarrativeDie, symbols: Symbols) -> RolledDie {
    let index = die
        .faces()
        .iter()
        .position(|f| *f == symbols)
        .expect("the die has such a face");
    RolledDie::new(die, index as u32).expect("index in range")
}

fn sym(success: u32, advantage: u32, failure: u32, threat: u32) -> Symbols {
    Symbols {
        success,
        advantage,
        failure,
        threat,
        ..Symbols::NONE
    }
}

fn roll_of(dice: Vec<RolledDie>) -> NarrativeRoll {
    NarrativeRoll::from_parts(dice, Symbols::NONE, vec![]).expect("valid roll")
}

/// Renders a die's faces as RULES.md writes them: blank, S, SA, Triumph, ...
fn face_names(die: NarrativeDie) -> Vec<String> {
    die.faces()
        .iter()
        .map(|f| {
            let mut name = String::new();
            name += &"S".repeat(f.success as usize);
            name += &"A".repeat(f.advantage as usize);
            name += &"F".repeat(f.failure as usize);
            name += &"T".repeat(f.threat as usize);
            name += &"Triumph".repeat(f.triumph as usize);
            name += &"Despair".repeat(f.despair as usize);
            name += &"L".repeat(f.light as usize);
            name += &"D".repeat(f.dark as usize);
            if name.is_empty() {
                "blank".into()
            } else {
                name
            }
        })
        .collect()
}

#[test]
fn faces_are_exactly_the_rules_table() {
    let table: [(NarrativeDie, u32, &str); 7] = [
        (Boost, 6, "blank blank S SA AA A"),
        (Setback, 6, "blank blank F F T T"),
        (Ability, 8, "blank S S SS A A SA AA"),
        (Difficulty, 8, "blank F FF T T T TT FT"),
        (Proficiency, 12, "blank S S SS SS A SA SA SA AA AA Triumph"),
        (Challenge, 12, "blank F F FF FF T T FT FT TT TT Despair"),
        (Force, 12, "D D D D D D DD L L LL LL LL"),
    ];
    for (die, sides, faces) in table {
        assert_eq!(die.sides(), sides, "{die:?} sides");
        assert_eq!(face_names(die).join(" "), faces, "{die:?} faces");
    }
}

#[test]
fn letters_follow_the_notation_table() {
    let expected = [
        (Ability, 'g'),
        (Proficiency, 'y'),
        (Difficulty, 'p'),
        (Challenge, 'r'),
        (Boost, 'b'),
        (Setback, 'k'),
        (Force, 'w'),
    ];
    for (die, letter) in expected {
        assert_eq!(die.letter(), letter);
        assert_eq!(NarrativeDie::from_letter(letter), Some(die));
        assert_eq!(NarrativeDie::ALL[die.index()], die);
    }
}

#[test]
fn triumph_counts_as_a_success_and_on_its_own() {
    // A proficiency die showing Triumph alone: one net success, one triumph.
    let triumph = Symbols {
        triumph: 1,
        ..Symbols::NONE
    };
    let result = roll_of(vec![face(Proficiency, triumph)]).result();
    assert_eq!(result.net_success, 1);
    assert_eq!(result.triumph, 1);
    assert!(result.succeeded());
}

#[test]
fn despair_counts_as_a_failure_and_on_its_own() {
    // Ability SS against challenge Despair: 2 - 1 = 1 net success, with one despair.
    let despair = Symbols {
        despair: 1,
        ..Symbols::NONE
    };
    let result = roll_of(vec![
        face(Ability, sym(2, 0, 0, 0)),
        face(Challenge, despair),
    ])
    .result();
    assert_eq!(result.net_success, 1);
    assert_eq!(result.despair, 1);
    assert!(result.succeeded());
    assert_eq!(result.summary(), "Success: 1 net success, 1 despair");
}

#[test]
fn triumph_and_despair_never_cancel() {
    let triumph = Symbols {
        triumph: 1,
        ..Symbols::NONE
    };
    let despair = Symbols {
        despair: 1,
        ..Symbols::NONE
    };
    let result = roll_of(vec![face(Proficiency, triumph), face(Challenge, despair)]).result();
    assert_eq!((result.triumph, result.despair), (1, 1));
    // Their success and failure do cancel: net zero, so the check fails.
    assert_eq!(result.net_success, 0);
    assert!(!result.succeeded());
    assert_eq!(
        result.summary(),
        "Failure: no net success, 1 triumph, 1 despair"
    );
}

#[test]
fn check_succeeds_only_with_at_least_one_net_success() {
    // S + S (two ability) vs F (difficulty) + F (setback): 2 - 2 = 0, a failure.
    let tie = roll_of(vec![
        face(Ability, sym(1, 0, 0, 0)),
        face(Ability, sym(1, 0, 0, 0)),
        face(Difficulty, sym(0, 0, 1, 0)),
        face(Setback, sym(0, 0, 1, 0)),
    ]);
    assert_eq!(tie.result().net_success, 0);
    assert!(!tie.result().succeeded());
    // SS vs F: one net success.
    let win = roll_of(vec![
        face(Ability, sym(2, 0, 0, 0)),
        face(Difficulty, sym(0, 0, 1, 0)),
    ]);
    assert_eq!(win.result().net_success, 1);
    assert!(win.result().succeeded());
    // S vs FF: one net failure.
    let loss = roll_of(vec![
        face(Boost, sym(1, 0, 0, 0)),
        face(Difficulty, sym(0, 0, 2, 0)),
    ]);
    assert_eq!(loss.result().net_success, -1);
    assert_eq!(loss.result().summary(), "Failure: 1 net failure");
}

#[test]
fn net_advantage_cancels_and_a_negative_shows_as_threat() {
    // AA (boost) vs TT (difficulty) + T (setback): 2 - 3 = -1, one threat.
    let result = roll_of(vec![
        face(Boost, sym(0, 2, 0, 0)),
        face(Difficulty, sym(0, 0, 0, 2)),
        face(Setback, sym(0, 0, 0, 1)),
    ])
    .result();
    assert_eq!(result.net_advantage, -1);
    assert_eq!(result.summary(), "Failure: no net success, 1 threat");
    // SA (ability) vs T (difficulty): advantage cancels to zero and is not mentioned.
    let even = roll_of(vec![
        face(Ability, sym(1, 1, 0, 0)),
        face(Difficulty, sym(0, 0, 0, 1)),
    ]);
    assert_eq!(even.result().net_advantage, 0);
    assert_eq!(even.result().summary(), "Success: 1 net success");
}

#[test]
fn force_pips_are_totals_that_never_touch_success() {
    let light2 = Symbols {
        light: 2,
        ..Symbols::NONE
    };
    let dark = Symbols {
        dark: 1,
        ..Symbols::NONE
    };
    let result = roll_of(vec![
        face(Ability, sym(1, 0, 0, 0)),
        face(Force, light2),
        face(Force, dark),
    ])
    .result();
    assert_eq!((result.light, result.dark), (2, 1));
    assert_eq!(result.net_success, 1);
    assert_eq!(
        result.summary(),
        "Success: 1 net success, 2 light pips and 1 dark pip"
    );
    // Force dice alone make no check: the result is only pips.
    let force_only = roll_of(vec![face(Force, light2)]).result();
    assert_eq!(force_only.summary(), "Force: 2 light pips and 0 dark pips");
}

#[test]
fn upgrade_turns_ability_into_proficiency_or_adds_ability() {
    let mut pool = parse_pool("2g").unwrap();
    pool.upgrade(Ladder::Ability).unwrap();
    assert_eq!((pool.count(Ability), pool.count(Proficiency)), (1, 1));
    let mut empty = NarrativePool::default();
    empty.upgrade(Ladder::Ability).unwrap();
    assert_eq!((empty.count(Ability), empty.count(Proficiency)), (1, 0));
    // With only proficiency dice, an upgrade adds an ability die.
    let mut only_yellow = parse_pool("1y").unwrap();
    only_yellow.upgrade(Ladder::Ability).unwrap();
    assert_eq!(
        (only_yellow.count(Ability), only_yellow.count(Proficiency)),
        (1, 1)
    );
}

#[test]
fn upgrade_difficulty_likewise() {
    let mut pool = parse_pool("2p1r").unwrap();
    pool.upgrade(Ladder::Difficulty).unwrap();
    assert_eq!((pool.count(Difficulty), pool.count(Challenge)), (1, 2));
    let mut none = NarrativePool::default();
    none.upgrade(Ladder::Difficulty).unwrap();
    assert_eq!((none.count(Difficulty), none.count(Challenge)), (1, 0));
}

#[test]
fn downgrade_is_the_reverse() {
    let mut pool = parse_pool("1y1r").unwrap();
    pool.downgrade(Ladder::Ability).unwrap();
    pool.downgrade(Ladder::Difficulty).unwrap();
    assert_eq!(pool, parse_pool("1g1p").unwrap());
    // Nothing to downgrade: refused, pool unchanged.
    let before = pool.clone();
    assert_eq!(
        pool.downgrade(Ladder::Ability),
        Err(PoolError::NothingToDowngrade(Ladder::Ability))
    );
    assert_eq!(pool, before);
}

#[test]
fn upgrades_respect_the_pool_limit() {
    let mut pool = parse_pool("1g20y").unwrap();
    let before = pool.clone();
    let error = pool.upgrade(Ladder::Ability).unwrap_err();
    assert_eq!(pool, before);
    assert_eq!(
        error.to_string(),
        "A pool holds at most 20 proficiency dice (21 asked)."
    );
}

#[test]
fn notation_example_reads_every_colour() {
    let pool = parse_pool("2g1y2p1r1b1k1w").unwrap();
    let counts: Vec<u32> = NarrativeDie::ALL.iter().map(|&d| pool.count(d)).collect();
    assert_eq!(counts, vec![2, 1, 2, 1, 1, 1, 1]);
}

#[test]
fn added_symbols_count_in_the_result() {
    // Ability blank plus an added success and an added threat.
    let mut added = Symbols::NONE;
    added.set(AddedSymbol::Success, 1);
    added.set(AddedSymbol::Threat, 1);
    let roll =
        NarrativeRoll::from_parts(vec![face(Ability, Symbols::NONE)], added, vec![]).unwrap();
    assert_eq!(roll.result().summary(), "Success: 1 net success, 1 threat");
}

#[test]
fn dice_are_rolled_in_tray_order_with_the_pool_counts() {
    let pool = parse_pool("2g1y2p1r1b1k1w+1s").unwrap();
    let roll = NarrativeRoll::roll(&pool, &mut StdRng::seed_from_u64(7));
    let order: Vec<NarrativeDie> = roll.dice().iter().map(|d| d.die()).collect();
    assert_eq!(
        order,
        vec![
            Proficiency,
            Ability,
            Ability,
            Boost,
            Challenge,
            Difficulty,
            Difficulty,
            Setback,
            Force
        ]
    );
    assert_eq!(*roll.pool(), pool);
    assert_eq!(roll.added().success, 1);
}

#[test]
fn reroll_changes_one_die_and_remembers_the_old_face() {
    let pool = parse_pool("3g").unwrap();
    let mut roll = NarrativeRoll::roll(&pool, &mut StdRng::seed_from_u64(1));
    let before = roll.dice().to_vec();
    roll.reroll(1, &mut StdRng::seed_from_u64(99)).unwrap();
    assert_eq!(roll.dice()[0], before[0]);
    assert_eq!(roll.dice()[2], before[2]);
    assert_eq!(roll.rerolls().len(), 1);
    assert_eq!(roll.rerolls()[0].index, 1);
    assert_eq!(roll.rerolls()[0].before, before[1]);
    assert!(roll.was_rerolled(1) && !roll.was_rerolled(0));
    assert!(roll.reroll(3, &mut StdRng::seed_from_u64(1)).is_err());
}

/// Rolling many times, every face of every die comes up equally often: a chi-square test
/// at the 0.1% level, with a fixed seed so the test is repeatable.
#[test]
fn rolls_are_uniform_over_faces() {
    // Critical chi-square values at p = 0.001 for 5, 7 and 11 degrees of freedom.
    let critical = |sides: u32| match sides {
        6 => 20.515,
        8 => 24.322,
        12 => 31.264,
        _ => unreachable!(),
    };
    let mut rng = StdRng::seed_from_u64(2026);
    for die in NarrativeDie::ALL {
        let sides = die.sides();
        let per_face = 5_000u32;
        let mut seen = vec![0u32; sides as usize];
        for _ in 0..per_face * sides {
            seen[RolledDie::roll(die, &mut rng).face_index() as usize] += 1;
        }
        let chi: f64 = seen
            .iter()
            .map(|&n| (f64::from(n) - f64::from(per_face)).powi(2) / f64::from(per_face))
            .sum();
        assert!(
            chi < critical(sides),
            "{die:?}: chi-square {chi}, counts {seen:?}"
        );
    }
}

#[test]
fn faces_are_described_in_words() {
    assert_eq!(Symbols::NONE.describe(), "blank");
    assert_eq!(sym(1, 1, 0, 0).describe(), "success and advantage");
    assert_eq!(sym(0, 0, 0, 2).describe(), "2 threats");
    assert_eq!(
        Symbols {
            light: 2,
            ..Symbols::NONE
        }
        .describe(),
        "2 light pips"
    );
    assert_eq!(sym(1, 1, 1, 0).describe(), "success, advantage and failure");
}

#[test]
fn rolled_faces_are_digits_only() {
    use dicetray::core::notation::narrative::parse_faces;
    assert!(parse_faces("g3 y11").is_ok());
    for bad in ["g+3", "g-1", "g", "g 3", "q3", "g99"] {
        assert!(parse_faces(bad).is_err(), "{bad:?} must be refused");
    }
}

#[test]
fn rerolled_notes_count_dice() {
    let pool = parse_pool("3g").unwrap();
    let mut roll = NarrativeRoll::roll(&pool, &mut StdRng::seed_from_u64(4));
    assert_eq!(roll.rerolled_note(), None);
    roll.reroll(0, &mut StdRng::seed_from_u64(5)).unwrap();
    assert_eq!(roll.rerolled_note().as_deref(), Some("1 die re-rolled"));
    roll.reroll(2, &mut StdRng::seed_from_u64(6)).unwrap();
    assert_eq!(roll.rerolled_note().as_deref(), Some("2 dice re-rolled"));
}

#[test]
fn the_tone_follows_success_and_force_is_neutral() {
    use dicetray::core::narrative::net_success_tone;
    use dicetray::core::tone::Tone;
    assert_eq!(net_success_tone(1), Tone::Good);
    assert_eq!(net_success_tone(0), Tone::Bad);
    assert_eq!(net_success_tone(-2), Tone::Bad);
    let force = NarrativeRoll::roll(&parse_pool("2w").unwrap(), &mut StdRng::seed_from_u64(1));
    assert_eq!(force.result().tone(), Tone::Neutral);
    let success = roll_of(vec![face(Ability, sym(1, 0, 0, 0))]);
    assert_eq!(success.result().tone(), Tone::Good);
    let failure = roll_of(vec![face(Ability, Symbols::NONE)]);
    assert_eq!(failure.result().tone(), Tone::Bad);
}

#[test]
fn added_symbols_total_and_glyph_caps() {
    let pool = parse_pool("1g+2s3t1x").unwrap();
    assert_eq!(pool.added_count(), 6);
    let many = Symbols {
        success: 15,
        threat: 2,
        ..Symbols::NONE
    };
    let drawn = many.glyphs_capped(12);
    assert_eq!(drawn.len(), 14, "12 successes and both threats");
}
