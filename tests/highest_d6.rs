//! RULES.md section 2, one test per rule with worked cases, and exact odds against counting
//! every roll in the test itself.

use dicetray::core::character::Character;
use dicetray::core::count::Count;
use dicetray::core::facet::Facets;
use dicetray::core::highest_d6::{
    ChallengeKind, ConflictHarm, D6Odds, D6Outcome, D6Pool, D6Roll, D6Setup, FacetRef, HarmKind,
    PoolSize, ZeroDiceRule, classify,
};
use dicetray::core::notation::highest_d6::{format_plan, parse_base_dice, parse_plan};
use dicetray::core::scene::Scene;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use D6Outcome::*;

fn outcome(faces: &[u8]) -> D6Outcome {
    classify(faces).expect("dice were rolled")
}

#[test]
fn two_or_more_sixes_is_a_triumph() {
    assert_eq!(outcome(&[6, 6]), Triumph);
    assert_eq!(outcome(&[6, 6, 1, 1]), Triumph);
    assert_eq!(outcome(&[6, 3, 6, 6]), Triumph);
}

#[test]
fn one_six_is_a_success_even_with_two_ones() {
    assert_eq!(outcome(&[6]), Success);
    // The text: a catastrophe is a failure with more than one 1, so 6,1,1 is a success.
    assert_eq!(outcome(&[6, 1, 1]), Success);
}

#[test]
fn highest_four_or_five_is_a_costly_success() {
    assert_eq!(outcome(&[4]), CostlySuccess);
    assert_eq!(outcome(&[5, 2, 3]), CostlySuccess);
    // RULES.md classifies in order, and a highest die of 5 is a costly success before the
    // ones are looked at: 5,1,1 is not a catastrophe.
    assert_eq!(outcome(&[5, 1, 1]), CostlySuccess);
}

#[test]
fn a_failure_with_two_ones_is_a_catastrophe() {
    assert_eq!(outcome(&[3, 1, 1]), Catastrophe);
    assert_eq!(outcome(&[1, 1]), Catastrophe);
    assert_eq!(outcome(&[2, 1]), Failure);
    assert_eq!(outcome(&[1]), Failure);
    assert_eq!(outcome(&[3, 2]), Failure);
}

#[test]
fn no_dice_means_no_outcome() {
    assert_eq!(classify(&[]), None);
}

#[test]
fn the_harm_table() {
    use HarmKind::*;
    let table = [
        (Triumph, Some(WoundWithCondition), None),
        (Success, Some(Wound), None),
        (CostlySuccess, Some(Scratch), Some(Scratch)),
        (Failure, None, Some(Wound)),
        (Catastrophe, None, Some(WoundWithCondition)),
    ];
    for (outcome, opponent, character) in table {
        assert_eq!(
            outcome.harm(),
            ConflictHarm {
                opponent,
                character
            },
            "{outcome:?}"
        );
    }
    assert_eq!(
        CostlySuccess.harm().describe(),
        "The opponent takes a scratch; you take a scratch."
    );
    assert_eq!(Success.harm().short(), "harm: opponent a wound, you none");
}

#[test]
fn facets_and_costs_follow_the_outcome() {
    assert!(Triumph.creates_facet() && Triumph.facet_helps());
    assert!(Catastrophe.creates_facet() && !Catastrophe.facet_helps());
    assert!(!Success.creates_facet() && !CostlySuccess.creates_facet());
    assert_eq!(
        ChallengeKind::Mystical.facet_suggestions()[0],
        "Arcane Resonance"
    );
    for kind in ChallengeKind::ALL {
        assert_eq!(ChallengeKind::from_key(kind.key()), Some(kind));
        assert!(kind.cost_suggestions().iter().all(|c| !c.is_empty()));
    }
}

#[test]
fn pool_size_is_base_plus_helping_minus_hindering() {
    let pool = D6Pool {
        base: 3,
        helping: vec!["Arcane Resonance".into()],
        hindering: vec!["Slippery Ground".into()],
    };
    assert_eq!(pool.size(), 3);
    assert_eq!(
        pool.sum_line(),
        "3 base + Arcane Resonance − Slippery Ground = 3 dice"
    );
    assert_eq!(pool.plan(ZeroDiceRule::OneDie), PoolSize::Dice(3));
}

#[test]
fn zero_or_fewer_dice_follow_the_chosen_rule() {
    let pool = D6Pool {
        base: 1,
        helping: vec![],
        hindering: vec!["Bitter Cold".into(), "Broken Weapon".into()],
    };
    assert_eq!(pool.size(), -1);
    assert_eq!(
        pool.sum_line(),
        "1 base − Bitter Cold − Broken Weapon = −1 dice"
    );
    assert_eq!(pool.plan(ZeroDiceRule::OneDie), PoolSize::OneForNone);
    assert_eq!(pool.plan(ZeroDiceRule::LowestOfTwo), PoolSize::LowestOfTwo);
    assert!(
        PoolSize::OneForNone
            .rule_note()
            .unwrap()
            .contains("one die")
    );
    assert!(
        PoolSize::LowestOfTwo
            .rule_note()
            .unwrap()
            .contains("lower one")
    );
    assert_eq!(PoolSize::Dice(3).rule_note(), None);

    // One die for none: a single die is classified as it lands.
    let one = D6Roll::from_parts(PoolSize::OneForNone, vec![6]).unwrap();
    assert_eq!(one.outcome(), Success);
    // Two, keep the lowest: 6,6 keeps a 6, a success and never a triumph; 1,1 keeps a 1,
    // a failure and never a catastrophe.
    let sixes = D6Roll::from_parts(PoolSize::LowestOfTwo, vec![6, 6]).unwrap();
    assert_eq!(sixes.outcome(), Success);
    let ones = D6Roll::from_parts(PoolSize::LowestOfTwo, vec![1, 1]).unwrap();
    assert_eq!(ones.outcome(), Failure);
    let mixed = D6Roll::from_parts(PoolSize::LowestOfTwo, vec![5, 2]).unwrap();
    assert_eq!(mixed.outcome(), Failure);
    assert_eq!(mixed.deciding().dice, vec![1]);
    assert_eq!(mixed.deciding().dropped, Some(0));
}

#[test]
fn the_deciding_dice_are_marked() {
    let deciding = |faces: Vec<u8>| {
        D6Roll::from_parts(PoolSize::Dice(faces.len() as u32), faces)
            .unwrap()
            .deciding()
            .dice
    };
    assert_eq!(deciding(vec![6, 2, 6]), vec![0, 2]); // the two sixes of a triumph
    assert_eq!(deciding(vec![3, 6, 1]), vec![1]); // the six
    assert_eq!(deciding(vec![5, 5, 1]), vec![0, 1]); // every highest die
    assert_eq!(deciding(vec![1, 3, 1]), vec![0, 2]); // the ones of a catastrophe
    assert_eq!(deciding(vec![2, 3]), vec![1]); // the highest of a failure
}

#[test]
fn stored_rolls_must_fit_their_plan() {
    assert!(D6Roll::from_parts(PoolSize::Dice(2), vec![6]).is_err());
    assert!(D6Roll::from_parts(PoolSize::Dice(1), vec![7]).is_err());
    assert!(D6Roll::from_parts(PoolSize::LowestOfTwo, vec![3]).is_err());
    for plan in [
        PoolSize::Dice(4),
        PoolSize::OneForNone,
        PoolSize::LowestOfTwo,
    ] {
        assert_eq!(parse_plan(&format_plan(plan)), Ok(plan));
    }
    assert!(parse_plan("0").is_err() && parse_plan("+3").is_err() && parse_plan("").is_err());
}

#[test]
fn share_links_ask_for_one_to_ten_base_dice() {
    assert_eq!(parse_base_dice("4"), Ok(4));
    for bad in ["0", "11", "+4", "four", "", "4d6", "99999999999"] {
        assert!(parse_base_dice(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_setup_builds_its_pool_from_the_facets_that_apply() {
    let mut facets = Facets::default();
    facets.add(10, "Arcane Resonance", true).unwrap();
    facets.add(11, "Keen Eye", true).unwrap();
    let character = Character {
        facets,
        ..Character::new(1, "Mira".into())
    };
    let mut scene = Scene::default();
    let slippery = scene.add_facet("Slippery Ground", false).unwrap();
    let mut setup = D6Setup {
        base: 3,
        ..D6Setup::default()
    };
    setup.toggle(FacetRef::Character(10));
    setup.toggle(FacetRef::Scene(slippery));
    let pool = setup.pool(Some(&character), &scene);
    assert_eq!(
        pool.sum_line(),
        "3 base + Arcane Resonance − Slippery Ground = 3 dice"
    );
    // Without the character, its facets do not count; a removed facet no longer counts.
    assert_eq!(setup.pool(None, &scene).size(), 2);
    scene.end();
    assert_eq!(setup.pool(Some(&character), &scene).size(), 4);
    setup.toggle(FacetRef::Character(10));
    assert_eq!(setup.pool(Some(&character), &scene).size(), 3);
    // Base dice stay within 1 and 10.
    setup.base = 10;
    assert!(!setup.add_die());
    assert_eq!(setup.base, 10);
    setup.base = 1;
    assert!(!setup.remove_die());
    assert_eq!(setup.base, 1);
}

/// The outcome of one roll, classified here from RULES.md's list, not by the code under test.
fn rules_outcome(faces: &[u8]) -> usize {
    let highest = *faces.iter().max().unwrap();
    let sixes = faces.iter().filter(|&&f| f == 6).count();
    let ones = faces.iter().filter(|&&f| f == 1).count();
    if sixes >= 2 {
        0 // triumph
    } else if highest == 6 {
        1 // success
    } else if highest >= 4 {
        2 // costly success
    } else if ones >= 2 {
        4 // catastrophe
    } else {
        3 // failure
    }
}

/// Counts each outcome over every roll the plan can throw.
fn enumerate(plan: PoolSize) -> [u64; 5] {
    let thrown = plan.dice_thrown() as usize;
    let mut counts = [0u64; 5];
    let mut faces = vec![1u8; thrown];
    loop {
        let counted: Vec<u8> = if plan == PoolSize::LowestOfTwo {
            vec![faces[0].min(faces[1])]
        } else {
            faces.clone()
        };
        counts[rules_outcome(&counted)] += 1;
        let mut i = 0;
        loop {
            if i == thrown {
                return counts;
            }
            faces[i] += 1;
            if faces[i] <= 6 {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

#[test]
fn odds_match_counting_every_roll_for_zero_to_seven_dice() {
    let mut plans = vec![PoolSize::OneForNone, PoolSize::LowestOfTwo];
    plans.extend((1..=7).map(PoolSize::Dice));
    for plan in plans {
        let counts = enumerate(plan);
        let odds = D6Odds::of(plan);
        for (outcome, ways) in D6Outcome::ALL.into_iter().zip(counts) {
            let chance = odds.chance(outcome);
            assert_eq!(chance.ways, Count::from(ways), "{plan:?} {outcome:?}");
            assert_eq!(
                chance.total,
                Count::from(6u64.pow(plan.dice_thrown())),
                "{plan:?}"
            );
        }
    }
}

#[test]
fn odds_by_hand() {
    // Two dice: 1 way to triumph, 10 for exactly one six, 25 - 9 = 16 for a highest of 4-5,
    // 1 for two ones, and the remaining 8 fail.
    let odds = D6Odds::of(PoolSize::Dice(2));
    let fraction = |o| {
        let chance = odds.chance(o);
        (
            chance.ways.to_u64().unwrap(),
            chance.total.to_u64().unwrap(),
        )
    };
    assert_eq!(fraction(Triumph), (1, 36));
    assert_eq!(fraction(Success), (10, 36));
    assert_eq!(fraction(CostlySuccess), (16, 36));
    assert_eq!(fraction(Catastrophe), (1, 36));
    assert_eq!(fraction(Failure), (8, 36));
    // Keep the lowest of two: 1 way to keep a 6, 8 to keep a 4 or 5.
    let lowest = D6Odds::of(PoolSize::LowestOfTwo);
    assert_eq!(lowest.chance(Success).ways, Count::from(1));
    assert_eq!(lowest.chance(CostlySuccess).ways, Count::from(8));
    assert!(lowest.chance(Triumph).is_impossible());
    assert!(lowest.chance(Catastrophe).is_impossible());
}

#[test]
fn rolls_are_uniform_over_faces() {
    // A chi-square test at the 0.1% level (5 degrees of freedom: 20.515), fixed seed.
    let mut rng = StdRng::seed_from_u64(66);
    let mut seen = [0u32; 6];
    for _ in 0..6_000 {
        let roll = D6Roll::roll(PoolSize::Dice(5), &mut rng);
        for &face in roll.faces() {
            seen[usize::from(face - 1)] += 1;
        }
    }
    let expected = 5_000.0;
    let chi: f64 = seen
        .iter()
        .map(|&n| (f64::from(n) - expected).powi(2) / expected)
        .sum();
    assert!(chi < 20.515, "chi-square {chi}, counts {seen:?}");
}

proptest! {
    #[test]
    fn odds_sum_to_one(n in 1u32..40) {
        let odds = D6Odds::of(PoolSize::Dice(n));
        let mut ways = Count::zero();
        for outcome in D6Outcome::ALL {
            ways.add(&odds.chance(outcome).ways);
        }
        prop_assert_eq!(&ways, &odds.chance(Triumph).total);
    }

    #[test]
    fn adding_a_die_never_lowers_the_chance_of_a_costly_success_or_better(n in 1u32..40) {
        let fewer = D6Odds::of(PoolSize::Dice(n)).at_least_costly().probability();
        let more = D6Odds::of(PoolSize::Dice(n + 1)).at_least_costly().probability();
        prop_assert!(more >= fewer, "{} dice: {} then {}", n, fewer, more);
        // From no dice (either rule) to one die likewise.
        let one = D6Odds::of(PoolSize::Dice(1)).at_least_costly().probability();
        for none in [PoolSize::OneForNone, PoolSize::LowestOfTwo] {
            prop_assert!(one >= D6Odds::of(none).at_least_costly().probability());
        }
    }

    #[test]
    fn rolls_classify_like_the_rules(faces in prop::collection::vec(1u8..=6, 1..12)) {
        let roll = D6Roll::from_parts(PoolSize::Dice(faces.len() as u32), faces.clone()).unwrap();
        prop_assert_eq!(roll.outcome() as usize, rules_outcome(&faces));
    }

    #[test]
    fn parsing_never_panics(text in any::<String>()) {
        let _ = parse_base_dice(&text);
        let _ = parse_plan(&text);
    }
}

/// Success or better means at least one six: every roll of n dice but the 5^n with none.
#[test]
fn success_or_better_is_at_least_one_six() {
    for n in 1..=8u32 {
        let chance = D6Odds::of(PoolSize::Dice(n)).at_least_success();
        let none = 5u64.pow(n);
        let all = 6u64.pow(n);
        assert_eq!(
            chance.ways,
            Count::from(all - none),
            "{n} dice: ways with a six"
        );
        assert_eq!(chance.total, Count::from(all), "{n} dice: every roll");
    }
}

#[test]
fn a_condition_hinders_like_a_facet_until_it_heals() {
    use dicetray::core::character::{Harm, Roster};
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    let keen = roster.add_facet(mira, "Keen Eye", true).unwrap();
    roster.add_harm(mira, Harm::Wound).unwrap();
    let limping = roster
        .add_harm(mira, Harm::Condition("Limping".into()))
        .unwrap();
    let shaken = roster
        .add_harm(mira, Harm::Condition("Shaken".into()))
        .unwrap();
    let tor = roster.create("Tor").unwrap();
    let scene = Scene::default();
    let mut setup = D6Setup {
        base: 3,
        ..D6Setup::default()
    };
    // Offered after the character's facets, as hindering facets; wounds are not offered.
    let offered: Vec<(FacetRef, String, bool)> = setup
        .choices(roster.get(mira), &scene)
        .into_iter()
        .map(|(at, facet, _)| (at, facet.name, facet.helps))
        .collect();
    assert_eq!(
        offered,
        vec![
            (FacetRef::Character(keen), "Keen Eye".to_string(), true),
            (FacetRef::Condition(limping), "Limping".to_string(), false),
            (FacetRef::Condition(shaken), "Shaken".to_string(), false),
        ]
    );
    setup.toggle(FacetRef::Character(keen));
    setup.toggle(FacetRef::Condition(limping));
    setup.toggle(FacetRef::Condition(shaken));
    // 3 base + 1 helping − 2 hindering = 2.
    let pool = setup.pool(roster.get(mira), &scene);
    assert_eq!(
        pool.sum_line(),
        "3 base + Keen Eye − Limping − Shaken = 2 dice"
    );
    // Healed, a condition counts no more; another character's ticks count nothing.
    assert!(roster.heal(mira, shaken));
    assert_eq!(
        setup.pool(roster.get(mira), &scene).sum_line(),
        "3 base + Keen Eye − Limping = 3 dice"
    );
    assert_eq!(
        setup.pool(roster.get(tor), &scene).sum_line(),
        "3 base = 3 dice"
    );
    assert_eq!(setup.pool(None, &scene).size(), 3);
}
