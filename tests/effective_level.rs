//! RULES.md section 3, single rolls: each rule with a worked case, exact odds against
//! counting every roll in the test itself, the best-dice search against an exhaustive one,
//! and the notation.

use dicetray::core::count::Count;
use dicetray::core::effective_level::{
    Against, Dedicated, ElBuild, ElCheck, ElDice, ElDie, ElRoll, ElSetup, MAX_CHOSEN_DICE,
    Modifier, Pushback, Side, against_player, best_dice, side_name,
};
use dicetray::core::notation::effective_level::{format_check, parse_check};
use dicetray::core::tone::Tone;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn check(text: &str) -> ElCheck {
    parse_check(text).expect("valid notation")
}

#[test]
fn a_total_over_the_el_fails_and_counts_as_zero() {
    let c = check("el 5");
    let over = c.resolve(6, None);
    assert_eq!((over.value, over.effect), (0, 0));
    let zero = c.resolve(0, None);
    assert_eq!((zero.value, zero.effect), (0, 0));
    let top = c.resolve(5, None);
    assert_eq!((top.value, top.effect), (5, 5));
}

#[test]
fn ties_go_to_the_defender() {
    let c = check("el 8 vs 6");
    let tie = c.resolve(4, Some(4));
    assert_eq!(tie.effect, 0);
    let win = c.resolve(5, Some(4));
    assert_eq!(win.effect, 1);
    // A defender who rolls over their own EL counts 0.
    let their_over = c.resolve(3, Some(7));
    assert_eq!((their_over.their_value, their_over.effect), (0, 3));
}

#[test]
fn resistance_never_gives_the_resisting_side_effect() {
    let resisted = check("el 6 vs 8").resolve(2, Some(7));
    assert_eq!((resisted.effect, resisted.their_effect), (0, 0));
    let opposed = check("el 6 vs 8 opposed").resolve(2, Some(7));
    assert_eq!((opposed.effect, opposed.their_effect), (0, 5));
}

#[test]
fn the_texts_wager_example() {
    // EL 10, wager 3: roll at 7. A 5 against a defence roll of 4 leaves 1, plus 3 wagered
    // = 4. (The defender's EL here is 6, so both of its rolls below count.)
    let c = check("el 10 wager 3 vs 6");
    assert_eq!(c.rolled_el(), 7);
    let won = c.resolve(5, Some(4));
    assert_eq!(won.effect, 4);
    assert!(won.wager_applied);
    // Against defence 5 no effect is left, so the wagered points are lost.
    let lost = c.resolve(5, Some(5));
    assert_eq!(lost.effect, 0);
    assert!(!lost.wager_applied);
    // A total of 8 succeeds at EL 10 but not at the 7 rolled: the wager needs a roll that
    // succeeds without it.
    let over = c.resolve(8, Some(0));
    assert_eq!((over.value, over.effect, over.wager_applied), (0, 0, false));
}

#[test]
fn el_below_one_is_impossible_and_wagers_have_limits() {
    let mut c = ElCheck::simple(0);
    assert_eq!(c.refusal(None).as_deref(), Some("Impossible (EL below 1)"));
    assert!(
        c.refusal_explained(None)
            .unwrap()
            .contains("impossible for now")
    );
    assert!(
        parse_check("el 0")
            .unwrap_err()
            .message()
            .contains("impossible for now")
    );
    c.me.el = 10;
    c.wager = 10;
    assert!(c.refusal(None).unwrap().contains("at most 9"));
    c.wager = 5;
    assert!(c.refusal(Some(4)).unwrap().contains("rank (4)"));
    assert_eq!(c.refusal(Some(5)), None);
    assert!(parse_check("el 0").is_err());
    assert!(parse_check("el 5 wager 5").is_err());
}

#[test]
fn the_el_sum_line_by_line_with_the_training_cap() {
    let mut build = ElBuild {
        level: 6,
        roles: vec![Modifier {
            name: "Warrior".into(),
            value: 4,
        }],
        modifiers: vec![Modifier {
            name: "Feint".into(),
            value: 1,
        }],
        penalties: vec![Modifier {
            name: "Bruised".into(),
            value: 1,
        }],
        needs_training: false,
    };
    assert_eq!(
        build.sum_text(),
        "Level 6 + Warrior 4 + Feint 1 − Bruised 1 = EL 10"
    );
    assert_eq!(build.total(), 10);
    build.needs_training = true;
    assert_eq!(build.total(), 8);
    assert_eq!(
        build.sum_text(),
        "Level 4 (6 capped at 4: needs training) + Warrior 4 + Feint 1 − Bruised 1 = EL 8"
    );
    build.roles.clear();
    assert_eq!(
        build.total(),
        0,
        "no role: no Level for a task that needs training"
    );
    assert_eq!(build.best_rank(), None);
}

/// Every face combination of a side's dice at an EL: (total, ways).
fn totals(dice: &ElDice, el: u32) -> Vec<u64> {
    let sizes: Vec<u32> = dice.dice(el).iter().map(|d| d.sides()).collect();
    let top: u32 = sizes.iter().map(|s| s - 1).sum();
    let mut ways = vec![0u64; top as usize + 1];
    let mut faces = vec![0u32; sizes.len()];
    loop {
        ways[faces.iter().sum::<u32>() as usize] += 1;
        let mut i = 0;
        loop {
            if i == sizes.len() {
                return ways;
            }
            faces[i] += 1;
            if faces[i] < sizes[i] {
                break;
            }
            faces[i] = 0;
            i += 1;
        }
    }
}

/// The effect by RULES.md, worked here: values 0 outside 1..=EL, difference to the higher
/// roller, ties to the defender, wager added when the roller's value succeeds and wins.
fn rules_effect(total: u32, el: u32, wager: u32, theirs: Option<(u32, u32)>) -> u32 {
    let value = if total >= 1 && total <= el { total } else { 0 };
    let their_value = match theirs {
        Some((t, their_el)) if t >= 1 && t <= their_el => t,
        _ => 0,
    };
    if value >= 1 && value > their_value {
        value - their_value + wager
    } else {
        0
    }
}

fn check_against_enumeration(c: &ElCheck) -> Result<(), TestCaseError> {
    let el = c.rolled_el();
    let mine = totals(&c.me.dice, el);
    let theirs = match &c.against {
        Some(a) => totals(&a.side.dice, a.side.el)
            .into_iter()
            .enumerate()
            .map(|(t, w)| (Some((t as u32, a.side.el)), w))
            .collect(),
        None => vec![(None, 1)],
    };
    let mut effect = vec![0u64; 200];
    let mut success = 0u64;
    let mut all = 0u64;
    for (t, ways) in mine.iter().enumerate() {
        for (their, their_ways) in &theirs {
            let n = ways * their_ways;
            effect[rules_effect(t as u32, el, c.wager, *their) as usize] += n;
            all += n;
            if t >= 1 && t as u32 <= el {
                success += n;
            }
        }
    }
    let odds = c.odds();
    prop_assert_eq!(&odds.effect.total(), &Count::from(all));
    prop_assert_eq!(
        &odds.success.ways,
        &Count::from(success * odds.success.total.to_u64().unwrap() / all)
    );
    for (value, ways) in odds.effect.iter() {
        prop_assert_eq!(
            ways,
            &Count::from(effect[value as usize]),
            "effect {}",
            value
        );
    }
    Ok(())
}

#[test]
fn odds_of_the_issue_examples_match_enumeration() {
    for text in [
        "el 10 wager 3 vs 4",
        "el 8",
        "el 7 dice d8",
        "el 12 dice d6,d6,d4",
        "el 9 dice d10 vs 6 vsdice d6,d4",
        "el 9 dice d10 vs 6 vsdice d6,d4 opposed",
    ] {
        check_against_enumeration(&check(text)).unwrap();
    }
    // By hand: one d8 at EL 7 succeeds on 1..7, 7 faces of 8.
    let odds = check("el 7 dice d8").odds();
    assert_eq!(odds.success.small_fraction(), Some((7, 8)));
    assert_eq!(odds.over.small_fraction(), Some((0, 1)));
    // At EL 5, a d8 goes over on 6 and 7: 2 of 8.
    assert_eq!(
        check("el 5 dice d8").odds().over.small_fraction(),
        Some((1, 4))
    );
}

fn small_dice() -> impl Strategy<Value = ElDice> {
    prop_oneof![
        Just(ElDice::Simple),
        prop::collection::vec(0usize..7, 1..=3).prop_map(|picks| ElDice::of(
            &picks.iter().map(|&i| ElDie::ALL[i]).collect::<Vec<_>>()
        )),
    ]
}

fn small_check() -> impl Strategy<Value = ElCheck> {
    (
        1u32..=9,
        0u32..4,
        small_dice(),
        prop::option::of((1u32..=7, small_dice(), any::<bool>(), "[a-zA-Z +]{0,45}")),
    )
        .prop_filter_map("wager below EL", |(el, wager, dice, against)| {
            (wager < el).then(|| ElCheck {
                me: Side { el, dice },
                wager,
                dedicated: None,
                against: against.map(|(el, dice, opposed, typed)| Against {
                    side: Side { el, dice },
                    kind: if opposed {
                        Pushback::Opposition
                    } else {
                        Pushback::Resistance
                    },
                    name: side_name(&typed).ok().flatten(),
                }),
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn odds_match_counting_every_roll(c in small_check()) {
        check_against_enumeration(&c)?;
    }

    #[test]
    fn odds_sum_to_one_and_means_are_sane(c in small_check()) {
        let odds = c.odds();
        prop_assert!(odds.success.ways <= odds.success.total);
        let p: f64 = odds.effect.iter().map(|(_, w)| Count::ratio(w, &odds.effect.total())).sum();
        prop_assert!((p - 1.0).abs() < 1e-12);
        prop_assert!(odds.effect.mean() >= 0.0);
        prop_assert!(odds.effect.mean() <= f64::from(c.rolled_el() + c.wager));
    }

    #[test]
    fn rolled_faces_resolve_like_the_rules(c in small_check(), seed in any::<u64>()) {
        let roll = c.roll(&mut StdRng::seed_from_u64(seed));
        let total: u32 = roll.faces.iter().map(|(_, f)| f).sum();
        let their: u32 = roll.their_faces.iter().map(|(_, f)| f).sum();
        let theirs = c.against.as_ref().map(|a| (their, a.side.el));
        prop_assert_eq!(roll.outcome().effect, rules_effect(total, c.rolled_el(), c.wager, theirs));
        let rebuilt = ElRoll::from_parts(c.clone(), roll.faces.clone(), roll.their_faces.clone());
        prop_assert_eq!(rebuilt, Ok(roll));
    }

    /// The headline says who gets effect: "Effect" or "You win" exactly when the roller
    /// does, "against you" exactly when the other side does, and never "Success".
    #[test]
    fn headlines_follow_the_effect(c in small_check(), seed in any::<u64>()) {
        let roll = c.roll(&mut StdRng::seed_from_u64(seed));
        let (headline, outcome) = (roll.headline(), roll.outcome());
        prop_assert!(!headline.to_lowercase().contains("success"), "{}", headline);
        let mine = headline.starts_with("Effect ") || headline.starts_with("You win: effect ");
        prop_assert_eq!(mine, outcome.effect > 0, "{}", headline);
        prop_assert_eq!(headline.ends_with(" against you"), outcome.their_effect > 0, "{}", headline);
        prop_assert_eq!(roll.tone() == Tone::Good, outcome.effect > 0);
    }

    #[test]
    fn notation_round_trips(c in small_check()) {
        let text = format_check(&c);
        prop_assert_eq!(parse_check(&text), Ok(c));
    }

    #[test]
    fn parsing_never_panics(text in any::<String>()) {
        let _ = parse_check(&text);
        let _ = parse_check(&format!("el {text}"));
    }
}

#[test]
fn notation_reads_links_and_the_ruless_examples() {
    assert_eq!(
        format_check(&check("el+10+wager+3+vs+4")),
        "el 10 wager 3 vs 4"
    );
    assert_eq!(
        format_check(&check("EL 12 dice d6,d4,d6")),
        "el 12 dice 2d6,d4"
    );
    assert_eq!(
        format_check(&check("el 9 dice d10 vs 6 vsdice d6,d4")),
        "el 9 dice d10 vs 6 vsdice d6,d4"
    );
    for bad in [
        "",
        "el",
        "el x",
        "el 5 dice d7",
        "el 5 dice",
        "el 5 wager 1 wager 1",
        "el 5 opposed",
        "el 5 vsdice d6",
        "el 5 vs 0",
        "el 5 dice 41d2",
        "el 101",
    ] {
        assert!(parse_check(bad).is_err(), "{bad:?}");
    }
    let _ = Dedicated::default();
}

#[test]
fn notation_names_the_other_side_last() {
    let named = |text: &str| check(text).against.and_then(|a| a.name);
    for text in [
        "el 8 vs 5 opposed by the goblin",
        "el+8+vs+5+opposed+by+the+goblin",
    ] {
        assert_eq!(named(text).as_deref(), Some("the goblin"), "{text}");
    }
    // Everything after "by" is the name, keywords too.
    let c = check("el 8 vs 5 by the goblin opposed");
    assert_eq!(c.against.as_ref().unwrap().kind, Pushback::Resistance);
    assert_eq!(
        named("el 8 vs 5 by the goblin opposed").as_deref(),
        Some("the goblin opposed")
    );
    // Keywords are read in any case, the name as typed, its words joined by single spaces.
    let c = check("EL 8 VS 5 OPPOSED BY The   Goblin+King");
    assert_eq!(c.against.as_ref().unwrap().kind, Pushback::Opposition);
    assert_eq!(
        c.against.as_ref().unwrap().name.as_deref(),
        Some("The Goblin King")
    );
    assert_eq!(format_check(&c), "el 8 vs 5 opposed by The Goblin King");
    // Everything after "by" is the name, so it is written last.
    let mut c = check("el 12 dice d6,d4 wager 3 vs 4 vsdice d8 opposed");
    c.against.as_mut().unwrap().name = Some("Old Grum".into());
    assert_eq!(
        format_check(&c),
        "el 12 dice d6,d4 wager 3 vs 4 vsdice d8 opposed by Old Grum"
    );
    assert_eq!(parse_check(&format_check(&c)), Ok(c));
    // A name needs a side to name, and words; 40 characters at most.
    for bad in ["el 8 by the goblin", "el 8 vs 5 by", "el 8 vs 5 by + +"] {
        assert!(parse_check(bad).is_err(), "{bad}");
    }
    assert!(named(&format!("el 8 vs 5 by {}", "g".repeat(40))).is_some());
    assert!(parse_check(&format!("el 8 vs 5 by {}", "g".repeat(41))).is_err());
    assert_eq!(
        side_name("  the \t goblin + co "),
        Ok(Some("the goblin co".into()))
    );
    assert_eq!(side_name(" + "), Ok(None));
}

/// A roll whose faces add up to `total` for the roller and `theirs` for the other side,
/// built from `text`'s check.
fn landed(c: ElCheck, total: u32, theirs: u32) -> ElRoll {
    fn faces(dice: Vec<ElDie>, mut left: u32) -> Vec<(ElDie, u32)> {
        let faces = dice
            .into_iter()
            .map(|die| {
                let face = left.min(die.sides() - 1);
                left -= face;
                (die, face)
            })
            .collect();
        assert_eq!(left, 0, "the dice cannot show that total");
        faces
    }
    let mine = faces(c.me.dice.dice(c.rolled_el()), total);
    let their = match &c.against {
        Some(a) => faces(a.side.dice.dice(a.side.el), theirs),
        None => Vec::new(),
    };
    ElRoll::from_parts(c, mine, their).unwrap()
}

#[test]
fn el_outcomes_say_who_gets_effect() {
    use Tone::{Bad, Good, Neutral};
    // (roll, my total, their total, headline, details, tone), each worked by hand from
    // RULES.md section 3.
    let table: [(&str, u32, u32, &str, &str, Tone); 27] = [
        // Nobody pushes back: the value is the effect.
        ("el 7", 4, 0, "Effect 4", "rolled 4 (EL 7)", Good),
        ("el 7", 7, 0, "Effect 7", "rolled 7 (EL 7)", Good),
        ("el 7", 0, 0, "No effect", "rolled 0", Bad),
        (
            "el 3 dice d6",
            5,
            0,
            "No effect",
            "rolled 5, over EL 3",
            Bad,
        ),
        // EL 10 wager 3 rolls at 7: 5 succeeds, 5 + 3; 8 is over the 7 rolled.
        (
            "el 10 wager 3",
            5,
            0,
            "Effect 8",
            "rolled 5 (EL 7) · +3 wagered, applied · 5 + 3 = effect 8",
            Good,
        ),
        (
            "el 10 wager 3",
            0,
            0,
            "No effect",
            "rolled 0 · 3 wagered, lost",
            Bad,
        ),
        (
            "el 10 wager 3 dice d10",
            8,
            0,
            "No effect",
            "rolled 8, over EL 7 · 3 wagered, lost",
            Bad,
        ),
        // Resistance: it holds on a tie, on a better roll, and when the roll fails.
        (
            "el 8 vs 6",
            5,
            4,
            "You win: effect 1",
            "rolled 5 (EL 8) · resistance 4 · 5 − 4 = effect 1",
            Good,
        ),
        (
            "el 8 vs 6",
            4,
            4,
            "It holds: no effect",
            "rolled 4 (EL 8) · resistance 4",
            Neutral,
        ),
        (
            "el 8 vs 6",
            3,
            5,
            "It holds: no effect",
            "rolled 3 (EL 8) · resistance 5",
            Neutral,
        ),
        (
            "el 8 vs 6",
            0,
            2,
            "It holds: no effect",
            "rolled 0 · resistance 2",
            Bad,
        ),
        // Its 5 is over its EL 3, so it counts 0.
        (
            "el 8 vs 3 vsdice d6",
            3,
            5,
            "You win: effect 3",
            "rolled 3 (EL 8) · resistance 5, counts 0",
            Good,
        ),
        // The text's wager example: 5 against 4 leaves 1, plus 3; against 5, nothing.
        (
            "el 10 wager 3 vs 6",
            5,
            4,
            "You win: effect 4",
            "rolled 5 (EL 7) · resistance 4 · +3 wagered, applied · 5 − 4 + 3 = effect 4",
            Good,
        ),
        (
            "el 10 wager 3 vs 6",
            5,
            5,
            "It holds: no effect",
            "rolled 5 (EL 7) · resistance 5 · 3 wagered, lost",
            Neutral,
        ),
        (
            "el 8 vs 6 by the locked door",
            2,
            5,
            "The locked door holds: no effect",
            "rolled 2 (EL 8) · the locked door rolled 5",
            Neutral,
        ),
        // Opposition: whoever rolls higher gets the difference; a tie or two failures,
        // nobody.
        (
            "el 9 vs 6 opposed",
            7,
            3,
            "You win: effect 4",
            "rolled 7 (EL 9) · opposition 3 · 7 − 3 = effect 4",
            Good,
        ),
        (
            "el 9 vs 6 opposed",
            3,
            6,
            "They win: 3 against you",
            "rolled 3 (EL 9) · opposition 6 · 6 − 3 = 3 against you",
            Bad,
        ),
        (
            "el 9 vs 6 opposed",
            5,
            5,
            "They hold: no effect",
            "rolled 5 (EL 9) · opposition 5",
            Neutral,
        ),
        (
            "el 9 vs 6 opposed",
            0,
            0,
            "They hold: no effect",
            "rolled 0 · opposition 0, counts 0",
            Bad,
        ),
        (
            "el 9 vs 6 opposed",
            0,
            4,
            "They win: 4 against you",
            "rolled 0 · opposition 4",
            Bad,
        ),
        // The issue's case: EL 1 against an opposition of EL 20, rolling 1.
        (
            "el 1 vs 20 opposed",
            1,
            11,
            "They win: 10 against you",
            "rolled 1 (EL 1) · opposition 11 · 11 − 1 = 10 against you",
            Bad,
        ),
        (
            "el 1 vs 20 opposed",
            1,
            1,
            "They hold: no effect",
            "rolled 1 (EL 1) · opposition 1",
            Neutral,
        ),
        (
            "el 1 vs 20 opposed",
            1,
            0,
            "You win: effect 1",
            "rolled 1 (EL 1) · opposition 0, counts 0",
            Good,
        ),
        (
            "el 1 vs 20 opposed by goblin",
            1,
            11,
            "Goblin wins: 10 against you",
            "rolled 1 (EL 1) · goblin rolled 11 · 11 − 1 = 10 against you",
            Bad,
        ),
        (
            "el 9 vs 6 opposed by the goblin",
            5,
            5,
            "The goblin holds: no effect",
            "rolled 5 (EL 9) · the goblin rolled 5",
            Neutral,
        ),
        // Only ASCII letters are capitalised.
        (
            "el 5 vs 3 by élan",
            1,
            2,
            "élan holds: no effect",
            "rolled 1 (EL 5) · élan rolled 2",
            Neutral,
        ),
        (
            "el 10 wager 3 vs 6 opposed",
            2,
            4,
            "They win: 2 against you",
            "rolled 2 (EL 7) · opposition 4 · 3 wagered, lost · 4 − 2 = 2 against you",
            Bad,
        ),
    ];
    for (text, total, theirs, headline, details, tone) in table {
        let roll = landed(check(text), total, theirs);
        assert_eq!(roll.headline(), headline, "{text} {total} vs {theirs}");
        assert_eq!(
            roll.details().join(" · "),
            details,
            "{text} {total} vs {theirs}"
        );
        assert_eq!(roll.tone(), tone, "{text} {total} vs {theirs}");
    }
    // A dedicated effect is named when the wagered points apply, and only then.
    let mut c = check("el 10 wager 3 vs 6 opposed");
    c.dedicated = Some(Dedicated {
        kind: "Injury".into(),
        name: "Gashed leg".into(),
    });
    let won = landed(c.clone(), 6, 2);
    assert_eq!(won.headline(), "You win: effect 7");
    assert_eq!(
        won.details().join(" · "),
        "rolled 6 (EL 7) · opposition 2 · +3 wagered, applied · 6 − 2 + 3 = effect 7 · dedicated to Injury: Gashed leg"
    );
    let lost = landed(c, 2, 4);
    assert_eq!(
        lost.details().join(" · "),
        "rolled 2 (EL 7) · opposition 4 · 3 wagered, lost · 4 − 2 = 2 against you"
    );
    // Under other words than its own headline (a roll against the player), the facts
    // without the sum.
    let against = landed(check("el 8 vs 6"), 5, 4);
    assert_eq!(
        against.facts().join(" · "),
        "rolled 5 (EL 8) · resistance 4"
    );
    assert_eq!(
        against.details().join(" · "),
        "rolled 5 (EL 8) · resistance 4 · 5 − 4 = effect 1"
    );
}

#[test]
fn a_roll_against_you_says_what_it_does_to_you() {
    use Tone::{Bad, Good, Neutral};
    // The fire rolls at EL 3 (three coins); you resist at EL 6, or cannot at EL 0.
    let table = [
        (6, 3, 1, "Fire wins: 2 against you", Bad),
        (6, 2, 2, "You hold: no effect", Neutral),
        (6, 1, 4, "You hold: no effect", Neutral),
        (6, 0, 1, "Fire fails: no effect", Good),
        (0, 2, 0, "Fire wins: 2 against you", Bad),
        (0, 0, 0, "Fire fails: no effect", Good),
    ];
    for (your_el, its_total, yours, headline, tone) in table {
        let roll = landed(against_player(3, your_el), its_total, yours);
        assert_eq!(roll.headline_against_you("fire"), headline);
        assert_eq!(roll.tone_against_you(), tone);
    }
}

#[test]
fn a_tray_at_el_below_one_is_impossible_in_short() {
    let setup = ElSetup {
        quick_el: 0,
        ..ElSetup::default()
    };
    assert_eq!(
        setup.check(None, &[]),
        Err("Impossible (EL below 1)".to_string())
    );
}

#[test]
fn notation_refuses_empty_pools_and_names_numbers_too_large() {
    let message = |text: &str| match parse_check(text) {
        Ok(c) => panic!("{text:?} was read as {c:?}"),
        Err(e) => e.message().to_string(),
    };
    // A count of 0 is no die, whether alone or beside others; an empty entry is no die.
    for text in ["el 5 dice 0d6", "el 5 dice d4,0d6", "el 5 vs 3 vsdice 00d8"] {
        assert!(
            message(text).contains("count of 0"),
            "{text}: {}",
            message(text)
        );
    }
    for text in ["el 5 dice d6,,d4", "el 5 dice ,", "el 5 dice d6,"] {
        assert!(
            message(text).contains("empty entry"),
            "{text}: {}",
            message(text)
        );
    }
    // Digits past the limit are too large, however many there are.
    assert_eq!(
        message("el 4294967296"),
        "4294967296 after “el” is more than 100."
    );
    assert_eq!(message("el 101"), "101 after “el” is more than 100.");
    assert_eq!(
        message(&format!("el 5 vs {}", "9".repeat(150))),
        format!("{}… after “vs” is more than 100.", "9".repeat(20))
    );
    assert_eq!(
        message("el 5 dice 99999999999999d2"),
        "At most 40 dice can be picked."
    );
    assert_eq!(message("el x"), "“el” needs a number after it.");
    // Leading zeros are still a number.
    assert_eq!(check("el 5 wager 00000000000000000003").wager, 3);
    assert_eq!(
        check("el 5 dice 0000000000001d6").me.dice,
        ElDice::of(&[ElDie::D6])
    );
}

/// The chance of each total of a set of zero-based dice, counted here by convolving in
/// floats, cut at `el + 1` totals: a total over the EL fails whatever more dice add.
fn chance_of_totals(sizes: &[u32], el: u32) -> Vec<f64> {
    let mut dist = vec![0.0; el as usize + 1];
    dist[0] = 1.0;
    for &sides in sizes {
        dist = add_one_die(&dist, sides);
    }
    dist
}

/// The chance of each total after one more die with faces 0 to `sides - 1`, cut at the
/// same length.
fn add_one_die(dist: &[f64], sides: u32) -> Vec<f64> {
    let mut next = vec![0.0; dist.len()];
    for (t, p) in dist.iter().enumerate() {
        for face in 0..sides as usize {
            if let Some(slot) = next.get_mut(t + face) {
                *slot += p / f64::from(sides);
            }
        }
    }
    next
}

/// The other side of a best-dice case, rolling the Simple Pool: whether it is an opposition,
/// and the chance of each of its values.
struct OtherSide {
    opposed: bool,
    values: Vec<(u32, f64)>,
}

impl OtherSide {
    fn new(el: u32, opposed: bool) -> Self {
        // `el` coins show t heads in C(el, t) ways: a row of Pascal's triangle, built here
        // rather than by trying all 2^el faces.
        let mut ways = vec![1u64];
        for _ in 0..el {
            let mut next = vec![1u64; ways.len() + 1];
            for k in 1..ways.len() {
                next[k] = ways[k - 1] + ways[k];
            }
            ways = next;
        }
        let all: u64 = ways.iter().sum();
        let values = ways
            .iter()
            .enumerate()
            .map(|(t, w)| {
                let value = if t >= 1 && t as u32 <= el {
                    t as u32
                } else {
                    0
                };
                (value, *w as f64 / all as f64)
            })
            .collect();
        Self { opposed, values }
    }
}

/// For each value of the roller, 0 to `el`: its expected own effect and the other side's,
/// over the other side's values, worked here by RULES.md: the higher value gets the
/// difference (ties to the defender), the wager only when the roller's value succeeds and
/// wins, and a resisting side never gets effect.
fn effects_by_value(el: u32, wager: u32, other: Option<&OtherSide>) -> Vec<(f64, f64)> {
    let nobody = [(0, 1.0)];
    let their_values = other.map_or(&nobody[..], |o| &o.values[..]);
    (0..=el)
        .map(|v| {
            let (mut mine, mut theirs) = (0.0, 0.0);
            for &(r, q) in their_values {
                if v >= 1 && v > r {
                    mine += q * f64::from(v - r + wager);
                } else if other.is_some_and(|o| o.opposed) && r > v {
                    theirs += q * f64::from(r - v);
                }
            }
            (mine, theirs)
        })
        .collect()
}

/// (expected own effect, expected effect of the other side, chance of success) from the
/// chance of each total 0..=el; a total of 0 or over the EL is a value of 0.
fn outcome_from(dist: &[f64], by_value: &[(f64, f64)]) -> (f64, f64, f64) {
    let success: f64 = dist[1..].iter().sum();
    let chance_of_value = |v: usize| if v == 0 { 1.0 - success } else { dist[v] };
    let (mut mine, mut theirs) = (0.0, 0.0);
    for (v, (own, their)) in by_value.iter().enumerate() {
        mine += chance_of_value(v) * own;
        theirs += chance_of_value(v) * their;
    }
    (mine, theirs, success)
}

/// What a set of dice scores: (expected own effect, the other side's, chance of success).
fn outcome_of(sizes: &[u32], el: u32, wager: u32, other: Option<&OtherSide>) -> (f64, f64, f64) {
    outcome_from(
        &chance_of_totals(sizes, el),
        &effects_by_value(el, wager, other),
    )
}

/// What the best-dice search maximises: own effect, net of the other side's under an
/// opposition (RULES.md section 3).
fn objective(sizes: &[u32], el: u32, wager: u32, other: Option<&OtherSide>) -> (f64, f64) {
    let (mine, theirs, success) = outcome_of(sizes, el, wager, other);
    (mine - theirs, success)
}

/// Every multiset of at most `max_dice` dice sizes with highest total at most `bound`.
fn multisets(bound: u32, max_dice: usize) -> Vec<Vec<u32>> {
    const SIDES: [u32; 7] = [20, 12, 10, 8, 6, 4, 2];
    fn walk(
        i: usize,
        budget: u32,
        max_dice: usize,
        current: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
        if i == SIDES.len() {
            if !current.is_empty() {
                out.push(current.clone());
            }
            return;
        }
        walk(i + 1, budget, max_dice, current, out);
        let mut added = 0;
        while budget >= (added + 1) * (SIDES[i] - 1) && current.len() < max_dice {
            current.push(SIDES[i]);
            added += 1;
            walk(
                i + 1,
                budget - added * (SIDES[i] - 1),
                max_dice,
                current,
                out,
            );
        }
        current.truncate(current.len() - added as usize);
    }
    let mut out = Vec::new();
    walk(0, bound, max_dice, &mut Vec::new(), &mut out);
    out
}

/// The best (net mean, chance of success, dice) of RULES.md's order over every set of at
/// most `PICKABLE_DICE` dice with highest total at most `bound`. Each set is scored in full;
/// they are walked size by size, so that a set's totals are its parent's plus one die.
fn best_within(bound: u32, el: u32, wager: u32, other: Option<&OtherSide>) -> (f64, f64, usize) {
    const SIDES: [u32; 7] = [20, 12, 10, 8, 6, 4, 2];
    struct Walk {
        by_value: Vec<(f64, f64)>,
        best: (f64, f64, usize),
    }
    impl Walk {
        fn visit(&mut self, i: usize, budget: u32, dice: usize, dist: &[f64]) {
            if i == SIDES.len() {
                if dice == 0 {
                    return;
                }
                let (mine, theirs, success) = outcome_from(dist, &self.by_value);
                let (mean, best) = (mine - theirs, self.best);
                let better = if (mean - best.0).abs() > 1e-12 {
                    mean > best.0
                } else if (success - best.1).abs() > 1e-12 {
                    success > best.1
                } else {
                    dice < best.2
                };
                if better {
                    self.best = (mean, success, dice);
                }
                return;
            }
            self.visit(i + 1, budget, dice, dist);
            let (top, mut dist, mut added) = (SIDES[i] - 1, dist.to_vec(), 0);
            while budget >= (added + 1) * top && dice + (added as usize) < PICKABLE_DICE {
                added += 1;
                dist = add_one_die(&dist, SIDES[i]);
                self.visit(i + 1, budget - added * top, dice + added as usize, &dist);
            }
        }
    }
    let mut walk = Walk {
        by_value: effects_by_value(el, wager, other),
        best: (f64::MIN, 0.0, usize::MAX),
    };
    let mut start = vec![0.0; el as usize + 1];
    start[0] = 1.0;
    walk.visit(0, bound, 0, &start);
    walk.best
}

/// The dice sizes of a suggestion, as the test's own functions take them.
fn sizes_of(dice: &ElDice, el: u32) -> Vec<u32> {
    dice.dice(el).iter().map(|d| d.sides()).collect()
}

/// The most dice a side may pick: the app's limit, restated so the test can count with it.
const PICKABLE_DICE: usize = 40;

#[test]
fn best_dice_matches_an_exhaustive_search_for_el_1_to_12() {
    assert_eq!(MAX_CHOSEN_DICE as usize, PICKABLE_DICE);
    let others = [None, Some((4u32, false)), Some((6, true))];
    for el in 1..=12u32 {
        for wager in [0, 1.min(el - 1)] {
            for other in others {
                let text = match other {
                    Some((their_el, false)) => format!("el {el} wager {wager} vs {their_el}"),
                    Some((their_el, true)) => {
                        format!("el {el} wager {wager} vs {their_el} opposed")
                    }
                    None => format!("el {el} wager {wager}"),
                };
                let other = other.map(|(their_el, opposed)| OtherSide::new(their_el, opposed));
                let c = check(&text);
                let rolled = c.rolled_el();
                let found = best_dice(&c).expect("searchable");
                let sizes = sizes_of(&found.dice, rolled);
                assert!(sizes.len() <= PICKABLE_DICE, "{text}: {found:?}");
                // The suggestion's score, counted here, is what it says.
                let (mean, success) = objective(&sizes, rolled, wager, other.as_ref());
                assert!((found.mean_effect - mean).abs() < 1e-9, "{text}: {found:?}");
                assert!((found.success - success).abs() < 1e-9, "{text}: {found:?}");
                // The best of every pickable set within the search's bound (highest total
                // twice the EL rolled)...
                let within = best_within(2 * rolled, rolled, wager, other.as_ref());
                assert!(
                    (mean - within.0).abs() < 1e-9,
                    "{text}: {found:?} vs {within:?}"
                );
                assert!(
                    (success - within.1).abs() < 1e-9,
                    "{text}: {found:?} vs {within:?}"
                );
                assert_eq!(sizes.len(), within.2, "{text}: fewer dice win ties");
                // ... and, when it says it is proven, of sets well past that bound.
                if found.proven {
                    let wider = best_within(3 * rolled + 12, rolled, wager, other.as_ref());
                    assert!(
                        (mean - wider.0).abs() < 1e-9,
                        "{text}: {found:?} vs {wider:?}"
                    );
                }
                // The exact odds of the suggestion agree.
                let mut with = c.clone();
                with.me.dice = found.dice.clone();
                assert!(
                    (with.odds().net_effect_mean() - found.mean_effect).abs() < 1e-9,
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn best_dice_under_an_opposition_maximise_the_net_effect() {
    // EL 3 against an opposition of EL 2 (two coins: values 0, 1, 2 with 1/4, 1/2, 1/4;
    // mean 1). Worked by hand, with no wager:
    // - 4 coins: totals 0..4 as 1, 4, 6, 4, 1 of 16; a 4 is over the EL. Values 1, 2, 3 on
    //   4, 6, 4 of 16. Own effect (1·1/4·4 + (2·1/4 + 1·1/2)·6 + (3/4 + 1 + 1/4)·4)/16 =
    //   15/16; the net effect is always my value minus theirs: 28/16 − 1 = 3/4.
    // - 5 coins: values 1, 2, 3 on 5, 10, 10 of 32 (0 on 0, 4 or 5). Own effect
    //   (5/4 + 10 + 20)/32 = 125/128; net 55/32 − 1 = 23/32.
    // So five coins give more effect of one's own, four more net of the other side's.
    let other = OtherSide::new(2, true);
    let (own4, their4, success4) = outcome_of(&[2; 4], 3, 0, Some(&other));
    assert!((own4 - 15.0 / 16.0).abs() < 1e-12 && (own4 - their4 - 0.75).abs() < 1e-12);
    assert!((success4 - 14.0 / 16.0).abs() < 1e-12);
    let (own5, their5, _) = outcome_of(&[2; 5], 3, 0, Some(&other));
    assert!((own5 - 125.0 / 128.0).abs() < 1e-12 && (own5 - their5 - 23.0 / 32.0).abs() < 1e-12);
    // Over every pickable set, each aim has its own winner: own effect five coins, net four.
    let sets = multisets(3 * 3 + 12, PICKABLE_DICE);
    let winner = |score: &dyn Fn(&[u32]) -> f64| {
        sets.iter().fold((f64::MIN, Vec::new()), |best, set| {
            let s = score(set);
            if s > best.0 + 1e-12 {
                (s, set.clone())
            } else {
                best
            }
        })
    };
    let own_best = winner(&|set| outcome_of(set, 3, 0, Some(&other)).0);
    let net_best = winner(&|set| objective(set, 3, 0, Some(&other)).0);
    assert_eq!(own_best.1, vec![2; 5]);
    assert_eq!(net_best.1, vec![2; 4]);
    let found = best_dice(&check("el 3 vs 2 opposed")).expect("searchable");
    assert_eq!(found.dice, ElDice::of(&[ElDie::D2; 4]));
    assert!((found.mean_effect - 0.75).abs() < 1e-12, "{found:?}");
    assert!((found.success - 14.0 / 16.0).abs() < 1e-12, "{found:?}");
    assert!(found.proven);
}

#[test]
fn best_dice_past_el_20_stay_within_the_dice_a_player_can_pick() {
    // Without the limit the search suggested 49 coins at EL 30 and 52 against EL 30.
    for (text, other) in [
        ("el 30", None),
        ("el 30 vs 30 opposed", Some(OtherSide::new(30, true))),
        ("el 25 wager 2 vs 12", Some(OtherSide::new(12, false))),
    ] {
        let c = check(text);
        let rolled = c.rolled_el();
        let wager = c.wager;
        let found = best_dice(&c).expect("searchable");
        let sizes = sizes_of(&found.dice, rolled);
        assert!(sizes.len() <= PICKABLE_DICE, "{text}: {found:?}");
        let (mean, success) = objective(&sizes, rolled, wager, other.as_ref());
        assert!((found.mean_effect - mean).abs() < 1e-9, "{text}: {found:?}");
        assert!((found.success - success).abs() < 1e-9, "{text}: {found:?}");
        let best = best_within(2 * rolled, rolled, wager, other.as_ref());
        assert_eq!(sizes.len(), best.2, "{text}: fewer dice win ties");
        assert!(
            (mean - best.0).abs() < 1e-9,
            "{text}: {found:?} vs {best:?}"
        );
        assert!(
            (success - best.1).abs() < 1e-9,
            "{text}: {found:?} vs {best:?}"
        );
        // The suggestion can be entered one die at a time.
        let mut picked = ElDice::Simple;
        for die in found.dice.dice(rolled) {
            picked.add(die).expect("within the limit");
        }
    }
}

#[test]
fn best_dice_for_a_plain_el_beats_or_equals_the_simple_pool() {
    for el in 1..=30 {
        let c = ElCheck::simple(el);
        let found = best_dice(&c).unwrap();
        assert!(
            found.proven,
            "EL {el}: without opposition the bound is always proven"
        );
        assert!(
            found.mean_effect + 1e-12 >= c.odds().effect.mean(),
            "EL {el}"
        );
    }
}

#[test]
fn best_dice_describes_its_dice_and_stops_past_el_30() {
    assert_eq!(
        ElDice::of(&[ElDie::D8, ElDie::D12, ElDie::D8]).describe(),
        "d12, 2d8"
    );
    assert!(best_dice(&ElCheck::simple(31)).is_none());
    assert!(best_dice(&ElCheck::simple(0)).is_none());
}
