//! Coaching deltas on the Effective Level tray: every tap's delta against the chance of
//! getting effect and the expected (net) effect counted in this test over every face of
//! both sides' dice, before and after the tap, with the EL summed here from the sheet.

use dicetray::core::character::{Character, ElSheet, Maneuver, Role, Standing};
use dicetray::core::coach::{ElCoach, ElTap, Figure, Measure, Step};
use dicetray::core::count::Count;
use dicetray::core::effective_level::{ElDice, ElDie, ElMode, ElSetup, Pushback};
use dicetray::core::scene::SceneValue;
use proptest::prelude::*;

/// A side's dice as the test sees them: sides of each die, empty for the Simple Pool.
fn sides(dice: &[u32]) -> ElDice {
    if dice.is_empty() {
        return ElDice::Simple;
    }
    let picked: Vec<ElDie> = dice
        .iter()
        .map(|&s| ElDie::of_sides(s).expect("a die"))
        .collect();
    ElDice::of(&picked)
}

/// Ways to roll each total with `dice` (sides; empty is one coin per point of `el`).
fn totals(dice: &[u32], el: u32) -> Vec<u64> {
    let sizes: Vec<u32> = if dice.is_empty() {
        vec![2; el as usize]
    } else {
        dice.to_vec()
    };
    let mut ways = vec![1u64];
    for size in sizes {
        let mut next = vec![0u64; ways.len() + size as usize - 1];
        for (total, w) in ways.iter().enumerate() {
            for face in 0..size as usize {
                next[total + face] += w;
            }
        }
        ways = next;
    }
    ways
}

/// Everything the test needs to know about the tray, kept apart from `ElSetup`.
#[derive(Clone, Debug)]
struct Tray {
    setup: ElSetup,
    my_dice: Vec<u32>,
    their_dice: Vec<u32>,
}

/// The character every builder case rolls for, and the scene's boosts.
fn sheet() -> (Character, Vec<SceneValue>) {
    let standing = |id, name: &str, value| Standing {
        id,
        name: name.into(),
        value,
    };
    let character = Character {
        sheet: ElSheet {
            level: 2,
            roles: vec![
                Role {
                    id: 1,
                    name: "Warrior".into(),
                    rank: 2,
                },
                Role {
                    id: 2,
                    name: "Scout".into(),
                    rank: 1,
                },
            ],
            maneuvers: vec![
                Maneuver {
                    id: 3,
                    name: "Feint".into(),
                    bonus: 1,
                    role: 1,
                },
                Maneuver {
                    id: 4,
                    name: "Lunge".into(),
                    bonus: 2,
                    role: 2,
                },
            ],
            boosts: vec![standing(5, "Blessed", 1)],
            penalties: vec![standing(6, "Bruised", 1)],
        },
        ..Character::new(9, "Mira".into())
    };
    let scene = vec![SceneValue {
        id: 7,
        name: "Studied his style".into(),
        value: 1,
    }];
    (character, scene)
}

/// The EL and the rank that caps a wager, summed here as RULES.md section 3 says: Level
/// (capped at the best ticked role's rank when the task needs training), ticked roles'
/// ranks, ticked maneuvers of ticked roles, ticked boosts and scene boosts, less ticked
/// penalties.
fn el_and_rank(setup: &ElSetup, character: &Character, scene: &[SceneValue]) -> (i32, u32) {
    if setup.mode == ElMode::Quick {
        return (setup.quick_el as i32, setup.quick_rank);
    }
    let sheet = &character.sheet;
    let picked = |id: u64| setup.picked.contains(&id);
    let ranks: Vec<u32> = sheet
        .roles
        .iter()
        .filter(|r| picked(r.id))
        .map(|r| r.rank)
        .collect();
    let best = ranks.iter().copied().max().unwrap_or(0);
    let level = if setup.needs_training {
        sheet.level.min(best)
    } else {
        sheet.level
    };
    let mut el = level as i32 + ranks.iter().sum::<u32>() as i32;
    for m in &sheet.maneuvers {
        if picked(m.id) && picked(m.role) {
            el += m.bonus;
        }
    }
    el += sheet
        .boosts
        .iter()
        .filter(|b| picked(b.id))
        .map(|b| b.value as i32)
        .sum::<i32>();
    el -= sheet
        .penalties
        .iter()
        .filter(|p| picked(p.id))
        .map(|p| p.value as i32)
        .sum::<i32>();
    el += scene
        .iter()
        .filter(|b| setup.picked_scene.contains(&b.id))
        .map(|b| b.value as i32)
        .sum::<i32>();
    (el, best)
}

/// (ways to get effect, gain, loss, total), where the expected net effect is
/// (gain − loss) / total; zero for an impossible task; `None` for a roll the rules or the
/// tray refuse (wager past the rank or not below the EL, ELs out of range).
fn brute_force(tray: &Tray, character: &Character, scene: &[SceneValue]) -> Option<[u64; 4]> {
    let setup = &tray.setup;
    let (el, rank) = el_and_rank(setup, character, scene);
    if el < 1 {
        return Some([0, 0, 0, 1]);
    }
    let el = el as u32;
    if el > 100 || setup.wager >= el || setup.wager > rank {
        return None;
    }
    let rolled = el - setup.wager;
    let mine = totals(&tray.my_dice, rolled);
    let theirs: Vec<(u32, u64)> = match setup.against {
        Some(_) if !(1..=100).contains(&setup.their_el) => return None,
        Some(_) => totals(&tray.their_dice, setup.their_el)
            .into_iter()
            .enumerate()
            .map(|(t, w)| (t as u32, w))
            .collect(),
        None => vec![(0, 1)],
    };
    let value = |total: u32, el: u32| if (1..=el).contains(&total) { total } else { 0 };
    let mut counts = [0u64; 4];
    for (total, ways) in mine.iter().enumerate() {
        for &(their_total, their_ways) in &theirs {
            let n = ways * their_ways;
            let mine = value(total as u32, rolled);
            let theirs = value(their_total, setup.their_el);
            if mine >= 1 && mine > theirs {
                counts[0] += n;
                counts[1] += n * u64::from(mine - theirs + setup.wager);
            }
            if setup.against == Some(Pushback::Opposition) && theirs > mine {
                counts[2] += n * u64::from(theirs - mine);
            }
            counts[3] += n;
        }
    }
    Some(counts)
}

/// Every tap the tray offers, made by hand on a copy of the tray.
fn taps_by_hand(tray: &Tray, character: &Character, scene: &[SceneValue]) -> Vec<(ElTap, Tray)> {
    let setup = &tray.setup;
    let mut taps = Vec::new();
    let mut with = |tap: ElTap, change: &dyn Fn(&mut ElSetup)| {
        let mut next = tray.clone();
        change(&mut next.setup);
        taps.push((tap, next));
    };
    if setup.mode == ElMode::Quick {
        if setup.quick_el < 100 {
            with(ElTap::Level(Step::Up), &|s| s.quick_el += 1);
        }
        if setup.quick_el > 0 {
            with(ElTap::Level(Step::Down), &|s| s.quick_el -= 1);
        }
    }
    if setup.wager < 100 {
        with(ElTap::Wager(Step::Up), &|s| s.wager += 1);
    }
    if setup.wager > 0 {
        with(ElTap::Wager(Step::Down), &|s| s.wager -= 1);
    }
    if setup.against.is_some() {
        if setup.their_el < 100 {
            with(ElTap::TheirLevel(Step::Up), &|s| s.their_el += 1);
        }
        if setup.their_el > 1 {
            with(ElTap::TheirLevel(Step::Down), &|s| s.their_el -= 1);
        }
    }
    if setup.mode == ElMode::Builder {
        let flip = |list: &mut Vec<u64>, id: u64| {
            if let Some(at) = list.iter().position(|&p| p == id) {
                list.remove(at);
            } else {
                list.push(id);
            }
        };
        let sheet = &character.sheet;
        let mut ids: Vec<u64> = sheet.roles.iter().map(|r| r.id).collect();
        ids.extend(
            sheet
                .maneuvers
                .iter()
                .filter(|m| setup.picked.contains(&m.role))
                .map(|m| m.id),
        );
        ids.extend(sheet.boosts.iter().chain(&sheet.penalties).map(|s| s.id));
        for id in ids {
            with(ElTap::Pick(id), &|s| flip(&mut s.picked, id));
        }
        for boost in scene {
            with(ElTap::PickScene(boost.id), &|s| {
                flip(&mut s.picked_scene, boost.id)
            });
        }
        with(ElTap::Training, &|s| s.needs_training = !s.needs_training);
    }
    taps
}

fn figures(counts: [u64; 4]) -> (Figure, Figure) {
    let [wins, gain, loss, total] = counts.map(Count::from);
    (
        Figure::new(wins, Count::zero(), total.clone()),
        Figure::new(gain, loss, total),
    )
}

/// Checks every tap's delta against brute force.
fn check_every_tap(tray: &Tray) -> Result<(), TestCaseError> {
    let (character, scene) = sheet();
    let coach = ElCoach::of(&tray.setup, Some(&character), &scene);
    let Some(before) = brute_force(tray, &character, &scene) else {
        prop_assert!(coach.deltas().is_empty(), "a refused roll has no deltas");
        return Ok(());
    };
    let (chance, effect) = figures(before);
    let mut expected = 0;
    for (tap, next) in taps_by_hand(tray, &character, &scene) {
        let delta = coach.delta(tap);
        let Some(after) = brute_force(&next, &character, &scene) else {
            prop_assert!(delta.is_none(), "{:?} leads to a refused roll", tap);
            continue;
        };
        expected += 1;
        let Some(delta) = delta else {
            return Err(TestCaseError::fail(format!("{tap:?} has no delta")));
        };
        let (new_chance, new_effect) = figures(after);
        prop_assert!(delta.chance.before.cmp_exact(&chance).is_eq());
        prop_assert!(delta.effect.before.cmp_exact(&effect).is_eq());
        prop_assert!(
            delta.chance.after.cmp_exact(&new_chance).is_eq(),
            "{:?} chance of {:?}",
            tap,
            next.setup
        );
        prop_assert!(
            delta.effect.after.cmp_exact(&new_effect).is_eq(),
            "{:?} effect of {:?}",
            tap,
            next.setup
        );
        let measure = match tray.setup.against {
            None => Measure::Success,
            Some(_) => Measure::AnyEffect,
        };
        prop_assert_eq!(delta.chance.measure, measure);
        let net = tray.setup.against == Some(Pushback::Opposition);
        prop_assert_eq!(delta.effect.measure == Measure::ExpectedNetEffect, net);
    }
    prop_assert_eq!(coach.deltas().len(), expected);
    Ok(())
}

fn quick(el: u32, wager: u32, rank: u32) -> ElSetup {
    ElSetup {
        quick_el: el,
        wager,
        quick_rank: rank,
        ..ElSetup::default()
    }
}

#[test]
fn the_quick_el_stepper_by_hand() {
    let (character, scene) = sheet();
    // EL 1: one coin, success 1/2, effect 1 half the time. EL 2: totals 0, 1, 2 on 1, 2, 1
    // ways: success 3/4, expected effect (2·1 + 1·2)/4 = 1.
    let coach = ElCoach::of(&quick(1, 0, 0), Some(&character), &scene);
    let up = coach.delta(ElTap::Level(Step::Up)).expect("room");
    assert_eq!(up.chance.short_text(), "+25%");
    assert_eq!(up.effect.short_text(), "+0.5 effect");
    assert_eq!(up.effect.spoken_text(), "adds 0.5 to the expected effect");
    // EL 0 is impossible: no success, no effect.
    let down = coach.delta(ElTap::Level(Step::Down)).expect("to EL 0");
    assert_eq!(down.chance.short_text(), "−50%");
    assert_eq!(
        down.chance.spoken_text(),
        "takes 50 points from the chance of success"
    );
    // A wager needs a rank: refused, so no delta.
    assert!(coach.delta(ElTap::Wager(Step::Up)).is_none());
    assert!(coach.delta(ElTap::Wager(Step::Down)).is_none());
    assert!(coach.delta(ElTap::TheirLevel(Step::Up)).is_none());
}

#[test]
fn the_other_sides_el_moves_the_chance_of_effect() {
    let (character, scene) = sheet();
    let mut setup = quick(2, 0, 0);
    setup.against = Some(Pushback::Opposition);
    setup.their_el = 1;
    // Mine: 0, 1, 2 on 1, 2, 1 of 4; theirs at EL 1: 0 or 1 evenly. I get effect on 1 vs 0
    // (2 ways), 2 vs 0 and 2 vs 1 (1 way each): 4 of 8. At their EL 2 (0, 1, 2 on 1, 2, 1):
    // 1 vs 0 (2), 2 vs 0 (1), 2 vs 1 (2): 5 of 16.
    let coach = ElCoach::of(&setup, Some(&character), &scene);
    let up = coach.delta(ElTap::TheirLevel(Step::Up)).expect("room");
    assert!(up.chance.before.cmp_exact(&figures([4, 0, 0, 8]).0).is_eq());
    assert!(up.chance.after.cmp_exact(&figures([5, 0, 0, 16]).0).is_eq());
    assert_eq!(up.chance.short_text(), "−19%");
    assert_eq!(up.effect.measure, Measure::ExpectedNetEffect);
    assert!(
        coach.delta(ElTap::TheirLevel(Step::Down)).is_none(),
        "EL 1 is the least"
    );
    check_every_tap(&Tray {
        setup,
        my_dice: vec![],
        their_dice: vec![],
    })
    .expect("matches");
}

#[test]
fn builder_ticks_match_brute_force() {
    for picked in 0u32..128 {
        for training in [false, true] {
            let ids = [1u64, 2, 3, 4, 5, 6];
            let mut setup = ElSetup {
                mode: ElMode::Builder,
                needs_training: training,
                wager: picked % 3,
                against: [None, Some(Pushback::Resistance), Some(Pushback::Opposition)]
                    [(picked % 3) as usize],
                their_el: 3,
                ..ElSetup::default()
            };
            for (i, id) in ids.into_iter().enumerate() {
                if picked >> i & 1 == 1 {
                    setup.picked.push(id);
                }
            }
            if picked >> 6 & 1 == 1 {
                setup.picked_scene.push(7);
            }
            check_every_tap(&Tray {
                setup,
                my_dice: vec![],
                their_dice: vec![],
            })
            .expect("matches");
        }
    }
}

#[test]
fn no_one_to_build_from_gives_no_deltas() {
    let setup = ElSetup {
        mode: ElMode::Builder,
        ..ElSetup::default()
    };
    assert!(ElCoach::of(&setup, None, &[]).deltas().is_empty());
}

fn small_dice() -> impl Strategy<Value = Vec<u32>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(prop::sample::select(vec![2u32, 4, 6, 8, 10]), 1..=2),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn quick_taps_match_brute_force(
        el in 0u32..=7,
        wager in 0u32..3,
        rank in 0u32..3,
        my_dice in small_dice(),
        against in prop::option::of((1u32..=5, small_dice(), any::<bool>())),
    ) {
        let mut setup = quick(el, wager, rank);
        setup.dice = sides(&my_dice);
        let mut their_dice = Vec::new();
        if let Some((their_el, dice, opposed)) = against {
            setup.their_el = their_el;
            setup.their_dice = sides(&dice);
            setup.against = Some(if opposed { Pushback::Opposition } else { Pushback::Resistance });
            their_dice = dice;
        }
        check_every_tap(&Tray { setup, my_dice, their_dice })?;
    }
}
