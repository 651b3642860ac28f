//! The table's scene, phone by phone: the GM sets facets, obstacles and conditions, players
//! add boosts and their rolls' progress, in the agreed order on every phone; what a player
//! may not do changes nothing; a checkpoint carries the scene to a late joiner; a tray reads
//! it under short ids. Expected values are written out here, counted by hand.

mod table_sim;

use dicetray::table::message::Message;
use dicetray::table::phone::{CHECKPOINT_EVERY, Table};
use dicetray::table::scene::short_id;
use dicetray::table::{SceneAct, TableScene, What};
use table_sim::*;

fn facet(name: &str, helps: bool) -> What {
    What::Scene(SceneAct::Facet {
        name: name.into(),
        helps,
    })
}

fn obstacle(name: &str, target: u32, el: u32) -> What {
    What::Scene(SceneAct::Obstacle {
        name: name.into(),
        target,
        el,
        progress: 0,
    })
}

fn boost(name: &str, value: u32) -> What {
    What::Scene(SceneAct::Boost {
        name: name.into(),
        value,
    })
}

fn progress(of: &str, effect: u32) -> What {
    What::Scene(SceneAct::Progress {
        of: of.into(),
        effect,
    })
}

fn scene(phone: &Table) -> &TableScene {
    &phone.view().scene
}

/// The first obstacle's (name, target, progress) on a phone.
fn track(phone: &Table) -> (String, u32, u32) {
    let o = &scene(phone).obstacles[0];
    (o.1.clone(), o.2, o.3)
}

#[test]
fn the_gm_sets_the_scene_players_add_boosts_and_progress_and_every_phone_agrees() {
    let mut t = table3();
    t.say(GM, facet("Slick with rain", false), false, 10_000);
    let door = id_of(&t.say(GM, obstacle("Barred door", 6, 3), false, 11_000)[0]);
    t.say(
        GM,
        What::Scene(SceneAct::Condition {
            name: "Fire".into(),
            el: 4,
        }),
        false,
        12_000,
    );
    t.say(ANA, boost("Studied the lock", 2), false, 13_000);
    t.say(ANA, progress(&door, 2), false, 14_000);
    t.say(BEN, progress(&door, 3), false, 15_000);
    for phone in t.phones() {
        let s = scene(phone);
        assert_eq!(
            s.facets
                .iter()
                .map(|f| (f.1.as_str(), f.2))
                .collect::<Vec<_>>(),
            [("Slick with rain", false)]
        );
        assert_eq!(track(phone), ("Barred door".into(), 6, 5), "2 + 3");
        assert_eq!(s.boosts[0].1, "Studied the lock");
        assert_eq!((s.conditions[0].1.as_str(), s.conditions[0].2), ("Fire", 4));
        // The tray's scene: the same things under short ids, found back by them.
        let tray = s.to_scene();
        assert_eq!(tray.obstacles[0].id, short_id(&door));
        assert_eq!((tray.obstacles[0].progress, tray.obstacles[0].el), (5, 3));
        assert_eq!(s.event_id(tray.obstacles[0].id), Some(door.as_str()));
        assert_eq!(tray.boosts[0].value, 2);
        assert_eq!(tray.residuals[0].value, 4);
        assert!(!tray.facets.items()[0].helps);
    }
    // Past the target the track stops at the target's cap, never beyond 1000.
    t.say(ANA, progress(&door, 1000), false, 16_000);
    assert_eq!(track(&t.ben).2, 1000);
}

#[test]
fn a_players_forged_scene_changes_change_no_phone() {
    let mut t = table3();
    let door = id_of(&t.say(GM, obstacle("Barred door", 6, 3), false, 10_000)[0]);
    // The app refuses them on the player's own phone.
    for what in [
        facet("Mine", true),
        obstacle("Mine", 3, 0),
        What::Scene(SceneAct::Remove { of: door.clone() }),
        What::Scene(SceneAct::Clear {}),
    ] {
        assert!(t.ben.say(what, false, T0 + 11_000, &mut rng(40)).is_err());
    }
    let forged_all = t.ben_forges(
        vec![
            facet("Forged", true),
            obstacle("Forged", 3, 0),
            What::Scene(SceneAct::Condition {
                name: "Forged".into(),
                el: 3,
            }),
            What::Scene(SceneAct::Remove { of: door.clone() }),
            What::Scene(SceneAct::Clear {}),
        ],
        T0 / 1000 + 12,
    );
    t.change_nothing(&forged_all);
}

#[test]
fn progress_on_what_left_the_scene_is_refused_and_taking_back_restores_alike() {
    let mut t = table3();
    let door = id_of(&t.say(GM, obstacle("Barred door", 6, 3), false, 10_000)[0]);
    let wall = id_of(&t.say(GM, obstacle("Wall", 9, 0), false, 11_000)[0]);
    let ana_step = id_of(&t.say(ANA, progress(&door, 2), false, 12_000)[0]);
    t.say(BEN, progress(&wall, 4), false, 13_000);
    // Ana takes her progress back; the GM removes the wall, so Ben's next is refused.
    t.say(ANA, What::Undo { of: ana_step }, false, 14_000);
    let removed = id_of(
        &t.say(
            GM,
            What::Scene(SceneAct::Remove { of: wall.clone() }),
            false,
            15_000,
        )[0],
    );
    assert!(
        t.ben
            .say(progress(&wall, 1), false, T0 + 16_000, &mut rng(9))
            .is_err(),
        "refused at home"
    );
    for phone in t.phones() {
        assert_eq!(track(phone), ("Barred door".into(), 6, 0));
        assert_eq!(scene(phone).obstacles.len(), 1);
    }
    // The GM takes the removal back: the wall returns with its 4.
    t.say(GM, What::Undo { of: removed }, false, 17_000);
    // Changed in place: the same id, its track kept; a change of kind, or of what is gone,
    // is refused.
    let edit = |of: &str, to: What| {
        let What::Scene(to) = to else { unreachable!() };
        What::Scene(SceneAct::Edit {
            of: of.into(),
            to: Box::new(to),
        })
    };
    t.say(GM, edit(&wall, obstacle("High wall", 12, 2)), false, 17_500);
    for phone in t.phones() {
        let w = &scene(phone).obstacles[1];
        assert_eq!(
            (w.0.as_str(), w.1.as_str(), w.2, w.3, w.4),
            (wall.as_str(), "High wall", 12, 4, 2)
        );
    }
    assert!(
        t.gm.say(
            edit(&wall, facet("Wall", true)),
            false,
            T0 + 17_600,
            &mut rng(3)
        )
        .is_err(),
        "a facet is not an obstacle"
    );
    // The scene ends; taken back, all of it returns.
    let cleared = id_of(&t.say(GM, What::Scene(SceneAct::Clear {}), false, 18_000)[0]);
    for phone in t.phones() {
        assert!(scene(phone).is_empty());
    }
    t.say(GM, What::Undo { of: cleared }, false, 19_000);
    for phone in t.phones() {
        let tracks: Vec<(&str, u32)> = scene(phone)
            .obstacles
            .iter()
            .map(|o| (o.1.as_str(), o.3))
            .collect();
        assert_eq!(tracks, [("Barred door", 0), ("High wall", 4)]);
    }
    // Every order of delivery makes the same scene.
    let want = shown(&t.gm);
    for seed in 0..6 {
        let mut late = joiner(t.gm.invite(), "Late", 100 + seed);
        deliver(&mut late, &shuffled(&t.all, seed));
        assert_eq!(
            format!("{:?}", late.view().scene),
            format!("{:?}", t.gm.view().scene),
            "seed {seed}"
        );
        assert!(want.ends_with(&format!("scene {:?}", late.view().scene)));
    }
}

#[test]
fn a_checkpoint_carries_the_scene_and_a_late_joiner_adds_progress_on() {
    let mut t = table3();
    t.say(GM, facet("Crowded", true), false, 9_000);
    let door = id_of(&t.say(GM, obstacle("Barred door", 20, 3), false, 10_000)[0]);
    t.say(ANA, progress(&door, 3), false, 11_000);
    ben_rolls(&mut t, CHECKPOINT_EVERY as u64 + 40, 20_000);
    let cut = t.gm.view().cut.clone().expect("folded from a checkpoint");
    assert!(
        cut.t > T0 + 11_000,
        "the scene's messages are behind the cut"
    );
    let mut late = joiner(t.gm.invite(), "Late", 300);
    let joined = deliver_and_join(&mut late, &t.all, T0 + 900_000, 301);
    t.all.extend(joined);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &t.all.clone());
    }
    assert_eq!(track(&late), ("Barred door".into(), 20, 3));
    let said = json(
        late.say(progress(&door, 4), false, T0 + 901_000, &mut rng(302))
            .unwrap(),
    );
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &said);
        assert_eq!(track(phone).2, 7, "3 + 4");
    }
    assert_eq!(scene(&late).facets[0].1, "Crowded");
}

#[test]
fn a_scene_message_out_of_bounds_is_dropped_and_a_later_kind_reads_as_unknown() {
    let read = |what: &str| {
        Message::decode(format!(r#"{{"v":2,"t":5,"p":"","a":"","what":{what}}}"#).as_bytes())
    };
    let fine = read(r#"{"scene":{"obstacle":{"name":"Door","target":6,"el":3}}}"#).unwrap();
    assert_eq!(fine.what, obstacle("Door", 6, 3));
    for bad in [
        r#"{"scene":{"obstacle":{"name":"Door","target":0,"el":3}}}"#,
        r#"{"scene":{"obstacle":{"name":"Door","target":6,"el":101}}}"#,
        r#"{"scene":{"facet":{"name":" Door","helps":true}}}"#,
        r#"{"scene":{"facet":{"name":"","helps":true}}}"#,
        r#"{"scene":{"boost":{"name":"B","value":1001}}}"#,
        r#"{"scene":{"condition":{"name":"Fire","el":0}}}"#,
        r#"{"scene":{"progress":{"of":"ab","effect":1}}}"#,
        r#"{"scene":{"remove":{"of":"zz"}}}"#,
    ] {
        assert!(read(bad).is_none(), "{bad}");
    }
    for bad_edit in [
        r#"{"scene":{"edit":{"of":"ab","to":{"facet":{"name":"A","helps":true}}}}}"#,
        &format!(
            r#"{{"scene":{{"edit":{{"of":"{}","to":{{"clear":{{}}}}}}}}}}"#,
            "ab".repeat(32)
        ),
    ] {
        assert!(read(bad_edit).is_none(), "{bad_edit}");
    }
    let later = read(r#"{"scene":{"zone":{"name":"Up"}}}"#).unwrap();
    assert_eq!(later.what, What::Unsupported);
    let long = "x".repeat(41);
    assert!(
        read(&format!(
            r#"{{"scene":{{"facet":{{"name":"{long}","helps":true}}}}}}"#
        ))
        .is_none()
    );
}

#[test]
fn what_a_tray_changed_is_found_by_comparing_its_scene_before_and_after() {
    use dicetray::core::scene::Scene;
    use dicetray::table::scene::{SceneChange, scene_changes};
    let mut before = Scene::default();
    let door = before.add_obstacle("Barred door", 6, 3).unwrap();
    let rain = before.add_facet("Rain", false).unwrap();
    let mut after = before.clone();
    let boost = after.add_boost("Studied", 2).unwrap();
    after.add_progress(door, 3).unwrap();
    assert_eq!(
        scene_changes(&before, &after),
        [
            SceneChange::Progress(door, 3),
            SceneChange::Add(boost, boost_act("Studied", 2)),
        ]
    );
    // Progress taken back, a facet renamed (changed in place, under its id), one thing
    // removed; an obstacle's target and its track changed at once.
    let mut later = after.clone();
    later.obstacles[0].progress = 1;
    later.facets.rename(rain, "Heavy rain").unwrap();
    later.remove(boost);
    assert_eq!(
        scene_changes(&after, &later),
        [
            SceneChange::Edit(
                rain,
                SceneAct::Facet {
                    name: "Heavy rain".into(),
                    helps: false
                }
            ),
            SceneChange::TakeBack(door, 2),
            SceneChange::Remove(boost),
        ]
    );
    let mut retargeted = later.clone();
    retargeted.obstacles[0].target = 9;
    retargeted.obstacles[0].progress = 4;
    assert_eq!(
        scene_changes(&later, &retargeted),
        [
            SceneChange::Edit(
                door,
                SceneAct::Obstacle {
                    name: "Barred door".into(),
                    target: 9,
                    el: 3,
                    progress: 4
                }
            ),
            SceneChange::Progress(door, 3),
        ]
    );
    // The scene ends (said apart, not found here: everything out); put back, each thing
    // under the id it had.
    let mut ended = later.clone();
    let taken = ended.end();
    assert_eq!(
        scene_changes(&later, &ended),
        [SceneChange::Remove(rain), SceneChange::Remove(door)]
    );
    let mut back = ended.clone();
    back.restore(taken);
    let ids: Vec<u64> = scene_changes(&ended, &back)
        .iter()
        .map(|c| match c {
            SceneChange::Add(id, _) => *id,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&door));
    // Nothing changed: nothing to send.
    assert!(scene_changes(&back, &back).is_empty());
}

fn boost_act(name: &str, value: u32) -> SceneAct {
    let What::Scene(act) = boost(name, value) else {
        unreachable!()
    };
    act
}
