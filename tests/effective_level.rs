//! RULES.md section 3, single rolls: each rule with a worked case, exact odds against
//! counting every roll in the test itself, the best-dice search against an exhaustive one,
//! and the notation.

use dicetray::core::count::Count;
use dicetray::core::effective_level::{
    Against, Dedicated, ElBuild, ElCheck, ElDice, ElDie, ElRoll, Modifier, Pushback, Side,
    best_dice,
};
use dicetray::core::notation::effective_level::{format_check, parse_check};
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
    assert!(c.refusal(None).unwrap().contains("impossible"));
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
        prop::option::of((1u32..=7, small_dice(), any::<bool>())),
    )
        .prop_filter_map("wager below EL", |(el, wager, dice, against)| {
            (wager < el).then(|| ElCheck {
                me: Side { el, dice },
                wager,
                dedicated: None,
                against: against.map(|(el, dice, opposed)| Against {
                    side: Side { el, dice },
                    kind: if opposed {
                        Pushback::Opposition
                    } else {
                        Pushback::Resistance
                    },
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

/// The expected effect and chance of success of a set of dice, counted here by convolving
/// zero-based dice in floats; `g[v]` is the expected effect of a value v.
fn score(sizes: &[u32], el: u32, g: &[f64]) -> (f64, f64) {
    let mut dist = vec![1.0];
    for &sides in sizes {
        let mut next = vec![0.0; dist.len() + sides as usize - 1];
        for (t, p) in dist.iter().enumerate() {
            for face in 0..sides as usize {
                next[t + face] += p / f64::from(sides);
            }
        }
        dist = next;
    }
    let mean = (1..=el as usize)
        .filter(|&t| t < dist.len())
        .map(|t| dist[t] * g[t])
        .sum();
    let success = (1..=el as usize)
        .filter(|&t| t < dist.len())
        .map(|t| dist[t])
        .sum();
    (mean, success)
}

/// Every multiset of dice sizes with highest total at most `bound`.
fn multisets(bound: u32) -> Vec<Vec<u32>> {
    const SIDES: [u32; 7] = [20, 12, 10, 8, 6, 4, 2];
    fn walk(i: usize, budget: u32, current: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if i == SIDES.len() {
            if !current.is_empty() {
                out.push(current.clone());
            }
            return;
        }
        walk(i + 1, budget, current, out);
        let mut added = 0;
        while budget >= (added + 1) * (SIDES[i] - 1) {
            current.push(SIDES[i]);
            added += 1;
            walk(i + 1, budget - added * (SIDES[i] - 1), current, out);
        }
        current.truncate(current.len() - added as usize);
    }
    let mut out = Vec::new();
    walk(0, bound, &mut Vec::new(), &mut out);
    out
}

#[test]
fn best_dice_matches_an_exhaustive_search_for_el_1_to_12() {
    let others = [None, Some(("vs 4", 4u32)), Some(("vs 6 opposed", 6))];
    for el in 1..=12u32 {
        for wager in [0, 1.min(el - 1)] {
            for other in others {
                let text = match other {
                    Some((vs, _)) => format!("el {el} wager {wager} {vs}"),
                    None => format!("el {el} wager {wager}"),
                };
                let c = check(&text);
                let rolled = c.rolled_el();
                // g counted here from the other side's own enumeration.
                let their: Vec<(u32, f64)> = match other {
                    Some((_, their_el)) => {
                        let ways = totals(&ElDice::Simple, their_el);
                        let all: u64 = ways.iter().sum();
                        ways.iter()
                            .enumerate()
                            .map(|(t, w)| {
                                let v = if t >= 1 && t as u32 <= their_el {
                                    t as u32
                                } else {
                                    0
                                };
                                (v, *w as f64 / all as f64)
                            })
                            .collect()
                    }
                    None => vec![(0, 1.0)],
                };
                let g: Vec<f64> = (0..=rolled)
                    .map(|v| {
                        their
                            .iter()
                            .filter(|(r, _)| v >= 1 && v > *r)
                            .map(|(r, p)| p * f64::from(v - r + wager))
                            .sum()
                    })
                    .collect();
                let mut best = (f64::MIN, 0.0);
                for set in multisets(3 * rolled + 12) {
                    let (mean, success) = score(&set, rolled, &g);
                    if mean > best.0 + 1e-12
                        || ((mean - best.0).abs() <= 1e-12 && success > best.1 + 1e-12)
                    {
                        best = (mean, success);
                    }
                }
                let found = best_dice(&c).expect("searchable");
                assert!(
                    (found.mean_effect - best.0).abs() < 1e-9,
                    "{text}: {found:?} vs {best:?}"
                );
                assert!(
                    (found.success - best.1).abs() < 1e-9,
                    "{text}: {found:?} vs {best:?}"
                );
                // The suggestion's own exact odds agree with its score.
                let mut with = c.clone();
                with.me.dice = found.dice.clone();
                assert!(
                    (with.odds().effect.mean() - found.mean_effect).abs() < 1e-9,
                    "{text}"
                );
            }
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
