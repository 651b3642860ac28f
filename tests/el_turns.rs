//! RULES.md section 3, turns and the scene: splits, cross-role splits, contingent portions,
//! defence reused against every attack, boosts, accumulated progress and what ends with the
//! scene; exact odds against enumeration counted here; the documents' migrations.

use dicetray::core::count::Count;
use dicetray::core::effective_level::{
    CrossRoleSplit, ElCheck, PortionKind, PortionState, Pushback, Turn, against_obstacle,
    against_player, attack_effect, finish_within, roll_at_obstacle,
};
use dicetray::core::scene::Scene;
use dicetray::storage::{self, Document, KeyValueStore, MemoryStore};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

const NOW: u64 = 1_764_500_000_000;

#[test]
fn portions_take_at_least_one_point_and_no_more_than_remain() {
    let mut turn = Turn::new(8);
    let a = turn.add("goblin 1", 4, PortionKind::Action, None).unwrap();
    assert_eq!(turn.remaining(), 4);
    assert!(
        turn.add("goblin 2", 0, PortionKind::Action, None)
            .unwrap_err()
            .contains("at least 1")
    );
    assert!(
        turn.add("goblin 2", 5, PortionKind::Action, None)
            .unwrap_err()
            .contains("Only 4 of EL 8")
    );
    turn.add("goblin 2", 4, PortionKind::Action, None).unwrap();
    assert_eq!(turn.remaining(), 0);
    assert_eq!(turn.el_of(a), 4);
    // Portions roll in any order, once each.
    let mut rng = StdRng::seed_from_u64(1);
    let b = turn.portions[1].id;
    turn.roll(b, None, 0, &mut rng).unwrap();
    turn.roll(a, None, 0, &mut rng).unwrap();
    assert!(
        turn.roll(a, None, 0, &mut rng)
            .unwrap_err()
            .contains("has been rolled")
    );
    turn.end();
    assert!(turn.portions.is_empty());
}

#[test]
fn the_texts_cross_role_example() {
    let mut split =
        CrossRoleSplit::new([("Performer".to_string(), 10), ("Warrior".to_string(), 20)]);
    assert_eq!(split.next_role().unwrap().name, "Performer");
    let rally = split.assign(8, "rally").unwrap();
    assert_eq!(rally.role, "Performer");
    assert_eq!(
        rally.after,
        vec![("Performer".to_string(), 2), ("Warrior".to_string(), 12)]
    );
    assert_eq!(split.next_role().unwrap().name, "Warrior");
    let attack = split.assign(6, "attack").unwrap();
    assert_eq!(attack.role, "Warrior");
    assert_eq!(
        attack.after,
        vec![("Warrior".to_string(), 6)],
        "Performer is gone"
    );
    let defence = split.assign(6, "defence").unwrap();
    assert_eq!(defence.role, "Warrior");
    assert!(defence.after.is_empty());
    assert!(split.assign(1, "more").is_err());
}

#[test]
fn a_cross_role_assignment_cannot_pass_the_roles_el() {
    let mut split = CrossRoleSplit::new([("Scout".to_string(), 3), ("Sage".to_string(), 9)]);
    assert!(
        split
            .assign(4, "too much")
            .unwrap_err()
            .contains("Scout has EL 3")
    );
    assert!(split.assign(0, "none").is_err());
}

proptest! {
    #[test]
    fn cross_role_splits_keep_their_sums(
        els in prop::collection::vec(1u32..30, 2..5),
        picks in prop::collection::vec(1u32..40, 1..8),
    ) {
        let roles: Vec<(String, u32)> = els.iter().enumerate().map(|(i, &el)| (format!("r{i}"), el)).collect();
        let mut split = CrossRoleSplit::new(roles.clone());
        // A model kept here: each role's EL less everything given so far, in play while
        // above 0. The role whose turn it is: the lowest in play that has not given points
        // yet (as the text's example goes), then the lowest in play.
        let mut given = 0;
        let mut used: Vec<usize> = Vec::new();
        for points in picks {
            let in_play: Vec<(usize, u32)> = roles
                .iter()
                .enumerate()
                .map(|(i, (_, el))| (i, el.saturating_sub(given)))
                .filter(|&(_, el)| el > 0)
                .collect();
            let lowest = |pool: &mut dyn Iterator<Item = (usize, u32)>| {
                pool.fold(None, |best: Option<(usize, u32)>, (i, el)| match best {
                    Some((_, b)) if b <= el => best,
                    _ => Some((i, el)),
                })
            };
            let turn = lowest(&mut in_play.iter().copied().filter(|(i, _)| !used.contains(i)))
                .or_else(|| lowest(&mut in_play.iter().copied()));
            let Some((role, its_el)) = turn else {
                prop_assert!(split.assign(points, "x").is_err(), "nothing left to give");
                break;
            };
            let before = split.clone();
            match split.assign(points, "x") {
                // More than the role's EL at its turn is refused, and nothing changes.
                Err(_) => {
                    prop_assert!(points > its_el, "{points} fits in {its_el}");
                    prop_assert_eq!(&split, &before);
                }
                Ok(assignment) => {
                    // Never more than the role's EL at its turn.
                    prop_assert!(points <= its_el, "{points} passes {its_el}");
                    prop_assert_eq!(&assignment.role, &roles[role].0);
                    prop_assert_eq!(assignment.points, points);
                    used.push(role);
                    given += points;
                    // Every role still in play has its first EL less everything given.
                    let expected: Vec<(String, u32)> = roles
                        .iter()
                        .filter(|(_, el)| *el > given)
                        .map(|(n, el)| (n.clone(), el - given))
                        .collect();
                    let mut after = assignment.after.clone();
                    after.sort();
                    let mut expected = expected;
                    expected.sort();
                    prop_assert_eq!(after, expected);
                }
            }
        }
    }
}

#[test]
fn a_contingent_portion_waits_and_is_lost_if_the_first_fails() {
    // EL 1 portions: a coin each. Seeds are searched for a failure and a success.
    for seed in 0..64 {
        let mut turn = Turn::new(2);
        let catch = turn
            .add("catch the bottle", 1, PortionKind::Action, None)
            .unwrap();
        let throw = turn
            .add("throw it back", 1, PortionKind::Action, Some(catch))
            .unwrap();
        assert_eq!(turn.state(throw), PortionState::Waiting);
        let mut rng = StdRng::seed_from_u64(seed);
        assert!(
            turn.roll(throw, None, 0, &mut rng).is_err(),
            "not before the catch"
        );
        let caught = turn.roll(catch, None, 0, &mut rng).unwrap().outcome().value >= 1;
        if caught {
            assert_eq!(turn.state(throw), PortionState::Ready);
            turn.roll(throw, None, 0, &mut rng).unwrap();
            assert_eq!(turn.state(throw), PortionState::Rolled);
        } else {
            assert_eq!(turn.state(throw), PortionState::Lost);
            assert!(
                turn.roll(throw, None, 0, &mut rng)
                    .unwrap_err()
                    .contains("lost")
            );
        }
    }
}

#[test]
fn defence_is_rolled_again_for_every_attack_and_never_spent() {
    let mut turn = Turn::new(10);
    let defence = turn.add("defence", 4, PortionKind::Defence, None).unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..3 {
        turn.defend(defence, None, &mut rng).unwrap();
    }
    assert_eq!(turn.get(defence).unwrap().defences.len(), 3);
    assert_eq!(turn.remaining(), 6, "the points stay where they were");
    assert!(
        turn.roll(defence, None, 0, &mut rng)
            .unwrap_err()
            .contains("Defend")
    );
    let attack = turn.add("attack", 2, PortionKind::Action, None).unwrap();
    assert!(turn.defend(attack, None, &mut rng).is_err());
}

#[test]
fn an_attack_gets_what_it_beats_the_defence_by() {
    // (attack value, defence value, attack's effect): RULES.md's 5 against 4 gives 1, ties
    // go to the defender, and a defence that rolls higher only holds.
    for (attack, defence, effect) in [(5, 4, 1), (5, 5, 0), (4, 5, 0), (0, 0, 0), (9, 0, 9)] {
        assert_eq!(
            attack_effect(attack, defence),
            effect,
            "{attack} vs {defence}"
        );
    }
}

#[test]
fn a_boost_adds_its_value_to_the_portion_it_sets_up() {
    for seed in 0..32 {
        let mut turn = Turn::new(9);
        let strike = turn.add("strike", 5, PortionKind::Action, None).unwrap();
        let study = turn
            .add(
                "study his style",
                3,
                PortionKind::Boost {
                    into: strike,
                    free: false,
                },
                None,
            )
            .unwrap();
        let log = turn
            .add(
                "the fallen log",
                2,
                PortionKind::Boost {
                    into: strike,
                    free: true,
                },
                None,
            )
            .unwrap();
        assert_eq!(turn.remaining(), 1, "the free boost takes no points");
        let mut rng = StdRng::seed_from_u64(seed);
        let a = turn
            .roll(study, None, 0, &mut rng)
            .unwrap()
            .outcome()
            .effect;
        let b = turn.roll(log, None, 0, &mut rng).unwrap().outcome().effect;
        assert_eq!(turn.el_of(strike), 5 + a + b);
    }
}

#[test]
fn removing_a_portion_takes_what_depends_on_it() {
    let mut turn = Turn::new(9);
    let a = turn.add("a", 3, PortionKind::Action, None).unwrap();
    turn.add("b", 3, PortionKind::Action, Some(a)).unwrap();
    turn.add(
        "boost a",
        2,
        PortionKind::Boost {
            into: a,
            free: false,
        },
        None,
    )
    .unwrap();
    turn.remove(a).unwrap();
    assert!(turn.portions.is_empty());
}

/// The distribution of a Simple Pool's effect at `el`, counted over every coin toss.
fn coin_effects(el: u32) -> Vec<u64> {
    let mut ways = vec![0u64; el as usize + 1];
    for tosses in 0..(1u64 << el) {
        ways[tosses.count_ones() as usize] += 1;
    }
    ways
}

#[test]
fn progress_odds_match_enumeration() {
    // EL 3, Simple Pool, no opposition: effect = number of heads. Finish 5 within 2 rolls.
    let effect = ElCheck::simple(3).odds().effect;
    let one = coin_effects(3);
    let mut hits = 0u64;
    let mut all = 0u64;
    for (a, wa) in one.iter().enumerate() {
        for (b, wb) in one.iter().enumerate() {
            all += wa * wb;
            if a + b >= 5 {
                hits += wa * wb;
            }
        }
    }
    let chance = finish_within(&effect, 5, 2);
    assert_eq!(chance.ways, Count::from(hits));
    assert_eq!(chance.total, Count::from(all));
    assert_eq!(
        finish_within(&effect, 5, 1).ways,
        Count::zero(),
        "3 at most in one roll"
    );
    assert!(finish_within(&effect, 0, 1).is_certain());
}

#[test]
fn progress_at_an_obstacle_counts_its_resistance() {
    // EL 2 against a door at EL 1, both Simple Pools: every toss of three coins counted
    // here. The door's heads cancel the player's; a better door roll stops them, and the
    // door never gets effect from resisting.
    let check = against_obstacle(&ElCheck::simple(2).me, 1, 0);
    let mut one = [0u64; 3]; // effect 0, 1, 2
    for tosses in 0..8u32 {
        let mine = (tosses & 0b11).count_ones();
        let door = tosses >> 2;
        one[mine.saturating_sub(door) as usize] += 1;
    }
    assert_eq!(
        one,
        [4, 3, 1],
        "hand count: 0 heads or matched, 1 over, 2 over"
    );
    let effect = check.odds().effect;
    // Finish 3 within 2 rolls.
    let (mut hits, mut all) = (0u64, 0u64);
    for (a, wa) in one.iter().enumerate() {
        for (b, wb) in one.iter().enumerate() {
            all += wa * wb;
            if a + b >= 3 {
                hits += wa * wb;
            }
        }
    }
    let chance = finish_within(&effect, 3, 2);
    assert_eq!(chance.ways, Count::from(hits));
    assert_eq!(chance.total, Count::from(all));
    // An obstacle at EL 0 does not resist: the plain check.
    assert_eq!(
        against_obstacle(&ElCheck::simple(2).me, 0, 0),
        ElCheck::simple(2)
    );
}

#[test]
fn a_contingent_chain_succeeds_with_both_chances() {
    let mut turn = Turn::new(5);
    let a = turn.add("a", 2, PortionKind::Action, None).unwrap();
    let b = turn.add("b", 3, PortionKind::Action, Some(a)).unwrap();
    // Counted: at EL 2 three tosses of four succeed; at EL 3 seven of eight.
    let both = turn.chain_success(b);
    assert_eq!(both.small_fraction(), Some((21, 32)));
}

#[test]
fn obstacles_accumulate_and_the_scene_ends_with_its_boosts() {
    let mut scene = Scene::default();
    let door = scene.add_obstacle("Barred door", 6, 3).unwrap();
    assert!(!scene.add_progress(door, 2).unwrap());
    assert!(!scene.add_progress(door, 3).unwrap());
    assert!(scene.add_progress(door, 4).unwrap(), "done at 9 of 6");
    assert!(scene.obstacles[0].done());
    scene.add_boost("Studied his style", 3).unwrap();
    scene.add_residual("On fire", 4).unwrap();
    scene.add_facet("Slippery Ground", false).unwrap();
    assert!(scene.add_obstacle("", 3, 1).is_err());
    assert!(scene.add_obstacle("Wall", 0, 1).is_err());
    let before = scene.clone();
    scene.end();
    assert!(scene.is_empty());
    assert!(scene.boosts.is_empty() && scene.obstacles.is_empty() && scene.residuals.is_empty());
    let store = MemoryStore::default();
    storage::save(&store, &before).unwrap();
    assert_eq!(storage::load::<Scene>(&store, NOW).value, before);
}

#[test]
fn a_scene_boost_adds_to_the_builders_el_once_ticked() {
    use dicetray::core::character::Roster;
    use dicetray::core::effective_level::{ElMode, ElSetup};
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    roster.set_level(mira, 5).unwrap();
    let mut scene = Scene::default();
    let boost = scene.add_boost("Studied his style", 3).unwrap();
    let mut setup = ElSetup {
        mode: ElMode::Builder,
        ..ElSetup::default()
    };
    let character = roster.get(mira);
    assert_eq!(setup.el(character, &scene.boosts), 5);
    setup.toggle_scene(boost);
    assert_eq!(setup.el(character, &scene.boosts), 8);
    assert_eq!(
        setup.build(character, &scene.boosts).unwrap().sum_text(),
        "Level 5 + Studied his style (scene) 3 = EL 8"
    );
    scene.end();
    assert_eq!(setup.el(character, &scene.boosts), 5, "gone with the scene");
}

#[test]
fn the_scene_and_the_el_tray_migrate_from_version_one() {
    use dicetray::core::effective_level::{ElMode, ElSetup};
    let store = MemoryStore::default();
    let scene_v1 = include_str!("fixtures/scene-v1.json").trim();
    store.set(Scene::KEY, scene_v1).unwrap();
    let scene = storage::load::<Scene>(&store, NOW);
    assert!(scene.notice.is_none());
    assert_eq!(scene.value.facets.items().len(), 2);
    assert!(scene.value.obstacles.is_empty());
    let mut value = scene.value;
    assert!(
        value.add_boost("New", 1).unwrap() >= 4,
        "ids continue after the old ones"
    );

    let setup_v1 = include_str!("fixtures/el-setup-v1.json").trim();
    store.set(ElSetup::KEY, setup_v1).unwrap();
    let setup = storage::load::<ElSetup>(&store, NOW);
    assert!(setup.notice.is_none());
    assert_eq!(setup.value.mode, ElMode::Builder);
    assert_eq!(setup.value.picked, vec![3, 5]);
    assert!(setup.value.picked_scene.is_empty());
    assert_eq!(setup.value.dedicated.kind, "Injury");
    let backups = storage::backup_keys(&store);
    assert_eq!(backups.len(), 2, "both originals kept");
}

#[test]
fn a_turn_in_the_middle_is_kept_whole() {
    let store = MemoryStore::default();
    let mut turn = Turn::new(12);
    let a = turn.add("goblin 1", 4, PortionKind::Action, None).unwrap();
    let d = turn.add("defence", 4, PortionKind::Defence, None).unwrap();
    turn.add("goblin 2", 2, PortionKind::Action, Some(a))
        .unwrap();
    turn.add(
        "study",
        1,
        PortionKind::Boost {
            into: a,
            free: false,
        },
        None,
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(9);
    turn.roll(a, None, 0, &mut rng).unwrap();
    turn.defend(d, None, &mut rng).unwrap();
    turn.defend(d, None, &mut rng).unwrap();
    let mut split =
        CrossRoleSplit::new([("Performer".to_string(), 10), ("Warrior".to_string(), 20)]);
    split.assign(8, "rally").unwrap();
    turn.cross = Some(split);
    storage::save(&store, &turn).unwrap();
    let loaded = storage::load::<Turn>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value, turn);
    // A portion pointing at nothing is refused, and the original kept.
    let text = r#"{"version":1,"data":{"el":5,"next_id":3,"portions":[{"id":1,"name":"x","points":2,"kind":"action","after":7}]}}"#;
    store.set(Turn::KEY, text).unwrap();
    let loaded = storage::load::<Turn>(&store, NOW);
    assert!(loaded.value.portions.is_empty());
    assert_eq!(
        store
            .get(&loaded.notice.unwrap().backup_key.unwrap())
            .unwrap()
            .as_deref(),
        Some(text)
    );
}

#[test]
fn undoing_the_end_of_a_scene_keeps_what_was_added_since() {
    let mut scene = Scene::default();
    let old = scene.add_facet("Slippery Ground", false).unwrap();
    scene.add_boost("Studied his style", 2).unwrap();
    let ended = scene.end();
    let new = scene.add_facet("Torchlight", true).unwrap();
    assert!(new > old, "ids keep counting after the end");
    scene.restore(ended);
    let names: Vec<&str> = scene
        .facets
        .items()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, vec!["Slippery Ground", "Torchlight"]);
    assert_eq!(scene.boosts.len(), 1);
    let next = scene.add_facet("Third", true).unwrap();
    assert!(next > new, "no id is handed out twice");
}

#[test]
fn a_wager_needs_a_role_and_stays_within_its_rank() {
    use dicetray::core::character::Roster;
    use dicetray::core::effective_level::{ElMode, ElSetup};
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    roster.set_level(mira, 6).unwrap();
    let warrior = roster.add_role(mira, "Warrior", 4).unwrap();
    let mut setup = ElSetup {
        mode: ElMode::Builder,
        wager: 2,
        ..ElSetup::default()
    };
    let character = roster.get(mira);
    assert!(
        setup
            .check(character, &[])
            .unwrap_err()
            .contains("tick the role")
    );
    setup.toggle(warrior);
    assert!(setup.check(character, &[]).is_ok());
    setup.wager = 5;
    assert!(
        setup
            .check(character, &[])
            .unwrap_err()
            .contains("rank (4)")
    );
    // A quick EL takes the rank the player gives.
    let mut quick = ElSetup {
        quick_el: 10,
        wager: 3,
        ..ElSetup::default()
    };
    assert!(quick.check(None, &[]).is_err());
    quick.quick_rank = 3;
    assert!(quick.check(None, &[]).is_ok());
}

#[test]
fn the_el_tray_migrates_from_version_two() {
    use dicetray::core::effective_level::ElSetup;
    let store = MemoryStore::default();
    let v2 = include_str!("fixtures/el-setup-v2.json").trim();
    store.set(ElSetup::KEY, v2).unwrap();
    let loaded = storage::load::<ElSetup>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value.picked_scene, vec![4]);
    assert_eq!((loaded.value.wager, loaded.value.quick_rank), (3, 0));
}

#[test]
fn a_cross_role_defence_is_kept_aside_and_defence_follows_nothing() {
    let mut turn = Turn::new(20);
    let defence = turn.add_assigned("defence", 6, "Warrior", true).unwrap();
    let attack = turn.add_assigned("attack", 6, "Warrior", false).unwrap();
    assert_eq!(turn.get(defence).unwrap().kind, PortionKind::Defence);
    assert_eq!(turn.get(attack).unwrap().kind, PortionKind::Action);
    assert_eq!(turn.get(defence).unwrap().role.as_deref(), Some("Warrior"));
    let mut rng = StdRng::seed_from_u64(1);
    turn.defend(defence, None, &mut rng).unwrap();
    // A defence is there for every attack: it cannot wait on another portion.
    let mut turn = Turn::new(6);
    let first = turn.add("first", 2, PortionKind::Action, None).unwrap();
    assert!(
        turn.add("guard", 2, PortionKind::Defence, Some(first))
            .unwrap_err()
            .contains("follows nothing")
    );
}

#[test]
fn rolling_at_an_obstacle_checks_it_and_caps_its_el() {
    let mut scene = Scene::default();
    let door = scene.add_obstacle("Barred door", 4, 3).unwrap();
    assert!(
        scene.add_obstacle("Mountain", 4, 101).is_err(),
        "EL past 100"
    );
    assert!(scene.add_residual("Inferno", 101).is_err(), "EL past 100");
    let check = ElCheck::simple(6);
    for seed in 0..20 {
        let at =
            roll_at_obstacle(&scene, door, &check.me, 0, &mut StdRng::seed_from_u64(seed)).unwrap();
        assert_eq!(at.name, "Barred door");
        assert_eq!(at.effect, at.roll.outcome().effect);
        // The door resisted at EL 3: its roll is in the record.
        assert_eq!(at.roll.check.against.as_ref().unwrap().side.el, 3);
    }
    assert!(roll_at_obstacle(&scene, 999, &check.me, 0, &mut StdRng::seed_from_u64(0)).is_err());
    scene.add_progress(door, 4).unwrap();
    let done = roll_at_obstacle(&scene, door, &check.me, 0, &mut StdRng::seed_from_u64(0));
    assert!(done.unwrap_err().contains("already overcome"));
    // An EL saved before the cap is rolled at 100.
    assert_eq!(
        against_obstacle(&check.me, 1000, 0)
            .against
            .unwrap()
            .side
            .el,
        100
    );
    // The door, or a condition, rolls at the player, who resists at the tray's EL.
    let fire = scene.add_residual("On fire", 4).unwrap();
    assert_eq!(scene.roller(door), Some(("Barred door", 3)));
    assert_eq!(scene.roller(fire), Some(("On fire", 4)));
    assert_eq!(scene.roller(999), None);
    let at_player = against_player(3, 6);
    assert_eq!(at_player.me.el, 3);
    let resists = at_player.against.unwrap();
    assert_eq!((resists.side.el, resists.kind), (6, Pushback::Resistance));
    assert!(
        against_player(3, 0).against.is_none(),
        "below EL 1 nobody resists"
    );
    assert_eq!(against_player(1000, 6).me.el, 100);
}

#[test]
fn a_condition_is_a_penalty_of_the_players_choosing() {
    use dicetray::core::character::{Harm, Roster, SheetList};
    use dicetray::core::effective_level::{ElMode, ElSetup};
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    roster.set_level(mira, 6).unwrap();
    let warrior = roster.add_role(mira, "Warrior", 4).unwrap();
    let tired = roster
        .add_standing(mira, SheetList::Penalties, "Tired", 1)
        .unwrap();
    let limping = roster
        .add_harm(mira, Harm::Condition("Limping".into()))
        .unwrap();
    let shaken = roster
        .add_harm(mira, Harm::Condition("Shaken".into()))
        .unwrap();
    let mut setup = ElSetup {
        mode: ElMode::Builder,
        ..ElSetup::default()
    };
    setup.toggle(warrior);
    setup.toggle(tired);
    setup.toggle_condition(limping);
    assert_eq!(setup.condition_value(limping), Some(1), "1 by default");
    setup.set_condition_value(shaken, 3).unwrap();
    let sum =
        |setup: &ElSetup, roster: &Roster| setup.build(roster.get(mira), &[]).unwrap().sum_text();
    // 6 + 4 − 1 − 1 − 3 = 5.
    assert_eq!(
        sum(&setup, &roster),
        "Level 6 + Warrior 4 − Tired 1 − Limping 1 − Shaken 3 = EL 5"
    );
    assert_eq!(setup.el(roster.get(mira), &[]), 5);
    for bad in [0, 101] {
        assert!(setup.set_condition_value(limping, bad).is_err(), "{bad}");
    }
    setup.set_condition_value(limping, 100).unwrap();
    assert_eq!(setup.el(roster.get(mira), &[]), 6 + 4 - 1 - 100 - 3);
    setup.toggle_condition(limping);
    assert_eq!(setup.condition_value(limping), None);
    // Healed, a condition no longer counts; nor does it for another character.
    roster.heal(mira, shaken);
    assert_eq!(sum(&setup, &roster), "Level 6 + Warrior 4 − Tired 1 = EL 9");
    let tor = roster.create("Tor").unwrap();
    roster.set_level(tor, 3).unwrap();
    setup.toggle_condition(limping);
    assert_eq!(
        setup.build(roster.get(tor), &[]).unwrap().sum_text(),
        "Level 3 = EL 3"
    );
}

#[test]
fn a_wager_belongs_to_the_one_roll_it_was_set_for() {
    use dicetray::core::effective_level::{Dedicated, ElSetup};
    let mut setup = ElSetup {
        quick_el: 8,
        quick_rank: 3,
        wager: 2,
        dedicated: Dedicated {
            kind: "Injury".into(),
            name: "Gashed leg".into(),
        },
        against: Some(Pushback::Opposition),
        ..ElSetup::default()
    };
    setup.set_their_name("  the   goblin ").unwrap();
    assert_eq!(setup.their_name, "the goblin");
    assert_eq!(setup.roll_label(), "Roll · wager 2 · Injury");
    let tray = setup.check(None, &[]).unwrap();
    assert_eq!((tray.wager, tray.dedicated.is_some()), (2, true));
    assert_eq!(
        tray.against.as_ref().unwrap().name.as_deref(),
        Some("the goblin")
    );
    // An obstacle roll, a portion and a defence made beside it take none of that wager.
    let at = against_obstacle(&tray.me, 4, 0);
    assert_eq!((at.wager, at.dedicated), (0, None));
    let mut scene = Scene::default();
    let door = scene.add_obstacle("Barred door", 10, 3).unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    let rolled = roll_at_obstacle(&scene, door, &tray.me, 0, &mut rng).unwrap();
    assert_eq!(
        (rolled.roll.check.wager, rolled.roll.check.dedicated),
        (0, None)
    );
    let resisting = rolled.roll.check.against.as_ref().unwrap();
    assert_eq!(resisting.name.as_deref(), Some("Barred door"));
    let mut turn = Turn::new(8);
    let strike = turn.add("Strike", 5, PortionKind::Action, None).unwrap();
    let guard = turn.add("Guard", 3, PortionKind::Defence, None).unwrap();
    let portion = turn
        .roll(strike, tray.against.as_ref(), 0, &mut rng)
        .unwrap();
    assert_eq!((portion.check.wager, portion.check.me.el), (0, 5));
    assert_eq!(
        turn.defend(guard, None, &mut rng).unwrap().roll.check.wager,
        0
    );
    // A wager set for that roll itself is taken, and must leave 1 to roll.
    let wagered = roll_at_obstacle(&scene, door, &tray.me, 3, &mut rng).unwrap();
    assert_eq!(wagered.roll.check.wager, 3);
    assert!(roll_at_obstacle(&scene, door, &tray.me, 8, &mut rng).is_err());
    // After the tray's roll the wager and its effect are gone.
    setup.after_roll();
    assert_eq!(
        (setup.wager, setup.dedicated.clone()),
        (0, Dedicated::default())
    );
    assert_eq!(setup.roll_label(), "Roll");
    assert_eq!(setup.check(None, &[]).unwrap().wager, 0);
    // The button names what a wager is dedicated to by its kind, else its name.
    setup.wager = 1;
    assert_eq!(setup.roll_label(), "Roll · wager 1");
    setup.dedicated.name = "Gashed leg".into();
    assert_eq!(setup.roll_label(), "Roll · wager 1 · Gashed leg");
    // The name is kept across rolls; empty text clears it.
    assert_eq!(setup.their_name, "the goblin");
    setup.set_their_name(" ").unwrap();
    assert_eq!(setup.check(None, &[]).unwrap().against.unwrap().name, None);
    assert!(setup.set_their_name(&"g".repeat(41)).is_err());
}

#[test]
fn a_stored_tray_with_a_bad_name_or_condition_is_kept_aside() {
    use dicetray::core::effective_level::ElSetup;
    let stored = |name: &str, conditions: &str| {
        format!(
            r#"{{"version":5,"data":["quick",7,3,[],[],[],false,"simple",0,"","","opposition",5,"simple",{name},{conditions}]}}"#
        )
    };
    let good = stored(r#""the goblin""#, "[[8,1],[9,100]]");
    let store = MemoryStore::default();
    store.set(ElSetup::KEY, &good).unwrap();
    let loaded = storage::load::<ElSetup>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value.their_name, "the goblin");
    assert_eq!(loaded.value.conditions, vec![(8, 1), (9, 100)]);
    for bad in [
        stored(r#""the  goblin""#, "[]"),
        stored(r#"" goblin""#, "[]"),
        stored(&format!(r#""{}""#, "g".repeat(41)), "[]"),
        stored(r#""""#, "[[8,0]]"),
        stored(r#""""#, "[[8,101]]"),
        stored(r#""""#, "[[8,1],[8,2]]"),
        stored(r#""""#, "[[8]]"),
    ] {
        let store = MemoryStore::default();
        store.set(ElSetup::KEY, &bad).unwrap();
        let loaded = storage::load::<ElSetup>(&store, NOW);
        let backup = loaded.notice.and_then(|n| n.backup_key);
        assert_eq!(
            backup.and_then(|key| store.get(&key).unwrap()).as_deref(),
            Some(bad.as_str()),
            "{bad}"
        );
    }
}

/// The issue's split: EL 3 portions against a resistance of 4, counted over every toss of
/// the seven coins (three the player's, four the resistance's). A value is the number of
/// heads when it lands in 1 to its EL, else 0 (four coins never pass 4); the portion gets
/// effect when its value beats the resistance's.
fn el3_against_resistance4_by_hand() -> (u64, u64, u64) {
    let (mut effect_ways, mut effect_sum, mut all) = (0u64, 0u64, 0u64);
    for tosses in 0..(1u32 << 7) {
        let mine = (tosses & 0b111).count_ones();
        let theirs = (tosses >> 3).count_ones();
        let value = if (1..=3).contains(&mine) { mine } else { 0 };
        let resists = if (1..=4).contains(&theirs) { theirs } else { 0 };
        let effect = value.saturating_sub(resists);
        all += 1;
        if effect > 0 {
            effect_ways += 1;
            effect_sum += u64::from(effect);
        }
    }
    (effect_ways, effect_sum, all)
}

fn resistance(el: u32) -> dicetray::core::effective_level::Against {
    use dicetray::core::effective_level::{Against, ElDice, Side};
    Against {
        side: Side {
            el,
            dice: ElDice::Simple,
        },
        kind: Pushback::Resistance,
        name: None,
    }
}

#[test]
fn a_portion_shows_the_bars_measure_the_chance_of_effect_against_the_other_side() {
    let (ways, sum, all) = el3_against_resistance4_by_hand();
    // By hand: P(value 1, 2, 3) = 3/8, 3/8, 1/8 and P(resistance below 1, 2, 3) = 1/16,
    // 5/16, 11/16, so (3·1 + 3·5 + 1·11)/128 = 29/128; the effect sums to 38 over 128.
    assert_eq!((ways, sum, all), (29, 38, 128));
    let mut turn = Turn::new(6);
    let first = turn.add("goblin 1", 3, PortionKind::Action, None).unwrap();
    turn.add("goblin 2", 3, PortionKind::Action, None).unwrap();
    let target = resistance(4);
    let figures = turn.odds(first, Some(&target), 0).key_figures();
    assert_eq!(figures.chance.small_fraction(), Some((ways, all)));
    assert_eq!(figures.chance.percent_text(), "22.7%");
    assert_eq!(figures.chance_name, "Win");
    assert!((figures.mean - sum as f64 / all as f64).abs() < 1e-12);
    assert_eq!((figures.mean_name, figures.net), ("Avg effect", false));
    // Not the portion's own chance of landing in 1 to 3, 7/8, which it showed before.
    assert_ne!(figures.chance.small_fraction(), Some((7, 8)));
    // The bar counts the tray's roll at the same EL against the same side the same way.
    let mut tray = ElCheck::simple(3);
    tray.against = Some(target.clone());
    assert_eq!(tray.odds().key_figures(), figures);
    // What the bar rolls next is that portion, with that roll.
    let next = turn.next_roll(Some(&target)).unwrap();
    assert_eq!((next.id, next.check.odds().key_figures()), (first, figures));
    assert_eq!(next.roll_label(), "Roll goblin 1 · EL 3");
}

#[test]
fn key_figures_name_what_they_count() {
    // Nobody pushing back: the chance of effect is the chance of success, EL 2 → 3/4;
    // the expected effect is 1·2/4 + 2·1/4 = 1.
    let plain = ElCheck::simple(2).odds();
    let figures = plain.key_figures();
    assert_eq!(figures.chance_name, "Success");
    assert_eq!(figures.chance.small_fraction(), Some((3, 4)));
    assert_eq!(figures.chance, plain.success);
    assert!((figures.mean - 1.0).abs() < 1e-12);
    // Opposition EL 1 against EL 1 (one coin each, 4 tosses): I win only on heads
    // against tails, 1/4; they win 1/4 the same way; the net effect is 0.
    let mut opposed = ElCheck::simple(1);
    opposed.against = Some(dicetray::core::effective_level::Against {
        kind: Pushback::Opposition,
        ..resistance(1)
    });
    let figures = opposed.odds().key_figures();
    assert_eq!(
        (figures.chance_name, figures.mean_name, figures.net),
        ("Win", "Net effect", true)
    );
    assert_eq!(figures.chance.small_fraction(), Some((1, 4)));
    assert!(figures.mean.abs() < 1e-12);
}

#[test]
fn the_bar_rolls_the_next_portion_boosts_first_and_never_defence() {
    let mut turn = Turn::new(10);
    assert!(!turn.in_play());
    assert_eq!(turn.next_portion(), None);
    let guard = turn.add("guard", 2, PortionKind::Defence, None).unwrap();
    assert!(turn.in_play());
    assert_eq!(turn.next_portion(), None, "defence is rolled with Defend");
    let strike = turn.add("strike", 4, PortionKind::Action, None).unwrap();
    let follow = turn
        .add("follow", 2, PortionKind::Action, Some(strike))
        .unwrap();
    let feint = PortionKind::Boost {
        into: strike,
        free: false,
    };
    let feint = turn.add("feint", 2, feint, None).unwrap();
    // The boost first, so its value is there when the strike rolls.
    assert_eq!(turn.next_portion(), Some(feint));
    // A boost is unopposed; an action meets the target; defence never does.
    let target = resistance(4);
    assert_eq!(turn.check(feint, Some(&target), 0).against, None);
    assert_eq!(
        turn.check(strike, Some(&target), 0).against,
        Some(target.clone())
    );
    assert_eq!(turn.check(guard, Some(&target), 0).against, None);
    let mut rng = StdRng::seed_from_u64(5);
    turn.roll(feint, Some(&target), 0, &mut rng).unwrap();
    assert_eq!(
        turn.get(feint)
            .unwrap()
            .roll
            .as_ref()
            .unwrap()
            .check
            .against,
        None
    );
    assert_eq!(turn.next_portion(), Some(strike));
    let struck = turn
        .roll(strike, Some(&target), 0, &mut rng)
        .unwrap()
        .clone();
    if struck.outcome().value >= 1 {
        assert_eq!(turn.next_portion(), Some(follow));
        turn.roll(follow, None, 0, &mut rng).unwrap();
    } else {
        assert_eq!(turn.state(follow), PortionState::Lost);
    }
    // Nothing left but the defence: the bar rolls the tray again, and says the whole EL.
    assert_eq!(turn.next_portion(), None);
    assert!(turn.in_play());
    use dicetray::core::effective_level::ElSetup;
    let mut setup = ElSetup::default();
    assert_eq!(setup.whole_roll_label(12), "Roll EL 12");
    setup.wager = 2;
    assert_eq!(setup.whole_roll_label(12), "Roll EL 12 · wager 2");
}

#[test]
fn a_portion_given_no_name_is_numbered() {
    let mut turn = Turn::new(6);
    let a = turn.add("", 2, PortionKind::Action, None).unwrap();
    let b = turn.add("  ", 2, PortionKind::Action, None).unwrap();
    assert_eq!(turn.get(a).unwrap().name, "Portion 1");
    assert_eq!(turn.get(b).unwrap().name, "Portion 2");
    turn.remove(a).unwrap();
    let c = turn.add("", 1, PortionKind::Action, None).unwrap();
    assert_eq!(
        turn.get(c).unwrap().name,
        "Portion 1",
        "the lowest number free"
    );
}

#[test]
fn a_defence_reads_as_what_the_attack_gets_and_keeps_its_attack() {
    use dicetray::core::effective_level::{ElDefence, MAX_ATTACK};
    let mut turn = Turn::new(8);
    let guard = turn.add("guard", 4, PortionKind::Defence, None).unwrap();
    let mut rng = StdRng::seed_from_u64(11);
    let defence = turn.defend(guard, Some(9), &mut rng).unwrap();
    let value = defence.value();
    assert_eq!(defence.attack, Some(9));
    assert_eq!(defence.attack_gets(), Some(9 - value));
    assert_eq!(
        defence.said(),
        format!(
            "Defence rolls {value} against the attack's 9: the attack gets effect {}.",
            9 - value
        )
    );
    assert_eq!(
        defence.headline(),
        format!("The attack gets effect {}", 9 - value)
    );
    assert!(defence.details().contains(&"the attack's 9".to_string()));
    // The roll is the defence's own: the Simple Pool at its EL, nothing against it.
    assert_eq!(
        (defence.roll.check.me.el, defence.roll.check.against.clone()),
        (4, None)
    );
    assert_eq!(
        turn.get(guard).unwrap().defences,
        vec![defence.roll.clone()]
    );
    // Held off, and without an attack given.
    let held = ElDefence::new(defence.roll.clone(), Some(0)).unwrap();
    assert_eq!(
        (held.headline().as_str(), held.attack_gets()),
        ("Held off", Some(0))
    );
    let alone = ElDefence::new(defence.roll.clone(), None).unwrap();
    assert_eq!(alone.headline(), format!("Defence {value}"));
    assert_eq!(alone.said(), format!("Defence rolls {value}."));
    // An attack past the field's limit is refused, and nothing is rolled.
    assert!(turn.defend(guard, Some(MAX_ATTACK + 1), &mut rng).is_err());
    assert_eq!(turn.get(guard).unwrap().defences.len(), 1);
    // A roll against another side, or with a wager, is no defence.
    let mut opposed = ElCheck::simple(3);
    opposed.against = Some(resistance(2));
    assert!(ElDefence::new(opposed.roll(&mut rng), None).is_err());
}
