//! Simulated phones at one table: whatever order events arrive in, every phone agrees.

use dicetray::table::message::PointSide;
use dicetray::table::seal::{Sealed, seal};
use dicetray::table::{Amendment, DeviceKey, Dropped, Event, Invite, Table, What, shown_log};
use proptest::prelude::*;

const T0: u64 = 1_800_000_000;

/// A deterministic stand-in for the browser's crypto RNG (splitmix64).
fn rng(seed: u64) -> impl FnMut(&mut [u8]) {
    let mut state = seed;
    move |out: &mut [u8]| {
        for byte in out.iter_mut() {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *byte = (z ^ (z >> 31)) as u8;
        }
    }
}

fn key(n: u8) -> DeviceKey {
    DeviceKey::from_secret([n; 32]).unwrap()
}

fn invite_for(gm: &DeviceKey) -> Invite {
    Invite {
        id: [7; 16],
        key: [9; 32],
        gm: gm.public(),
        relays: vec![],
    }
}

/// GM (key 1), Ana (2), Ben (3).
fn phones() -> (Table, Table, Table) {
    let invite = invite_for(&key(1));
    (
        Table::new(invite.clone(), key(1), "Gia".into()),
        Table::new(invite.clone(), key(2), "Ana".into()),
        Table::new(invite, key(3), "Ben".into()),
    )
}

fn roll(label: &str) -> What {
    What::Roll {
        tray: "narrative".into(),
        label: label.into(),
        roll: "[7,{}]".into(),
    }
}

fn say(table: &mut Table, what: What, now: u64, seed: u64) -> Vec<String> {
    table
        .say(what, false, now, &mut rng(seed))
        .unwrap()
        .iter()
        .map(Event::to_json)
        .collect()
}

fn deliver(table: &mut Table, events: &[String], now: u64) {
    for e in events {
        let _ = table.receive(e, now);
    }
}

fn log_view(table: &Table) -> Vec<(String, bool, bool)> {
    table
        .log()
        .iter()
        .map(|e| (e.id.clone(), e.refused, e.undone))
        .collect()
}

/// A simple seeded shuffle.
fn shuffled(events: &[String], seed: u64) -> Vec<String> {
    let mut out = events.to_vec();
    let mut random = rng(seed);
    for i in (1..out.len()).rev() {
        let mut b = [0u8; 8];
        random(&mut b);
        let j = (u64::from_le_bytes(b) % (i as u64 + 1)) as usize;
        out.swap(i, j);
    }
    out
}

/// An event sealed with the table key but written by hand (what no honest phone would send).
fn forged(author: &DeviceKey, kind: u32, d: Option<&str>, plaintext: &str, at: u64) -> String {
    let invite = invite_for(&key(1));
    let mut tags = vec![vec!["t".to_string(), invite.tag()]];
    if let Some(d) = d {
        tags.push(vec!["d".to_string(), d.to_string()]);
    }
    let me = author.public_hex();
    let content = seal(
        Sealed::Table,
        &invite.key,
        kind,
        &me,
        plaintext.as_bytes(),
        &[5; 24],
    );
    Event::signed(author, at, kind, tags, content, &[0; 32]).to_json()
}

/// A table played concurrently, then exchanged: the events and the three phones.
fn played() -> (Vec<String>, Table, Table, Table) {
    let (mut gm, mut ana, mut ben) = phones();
    let mut all = say(&mut gm, What::Points { light: 2, dark: 1 }, T0, 1);
    deliver(&mut ana, &all, T0);
    deliver(&mut ben, &all, T0);
    // Concurrent: nobody hears the others for a while.
    let a1 = say(&mut ana, roll("Ana shoots"), T0 + 5, 2);
    let a2 = say(
        &mut ana,
        What::Flip {
            from: PointSide::Light,
        },
        T0 + 6,
        3,
    );
    let b1 = say(&mut ben, roll("Ben hides"), T0 + 5, 4);
    let b2 = say(
        &mut ben,
        What::Flip {
            from: PointSide::Light,
        },
        T0 + 7,
        5,
    );
    let g1 = say(
        &mut gm,
        What::Side {
            tray: "narrative".into(),
            challenge: "DD".into(),
        },
        T0 + 8,
        6,
    );
    let g2 = say(
        &mut gm,
        What::Flip {
            from: PointSide::Dark,
        },
        T0 + 9,
        7,
    );
    for group in [&a1, &a2, &b1, &b2, &g1, &g2] {
        all.extend(group.iter().cloned());
    }
    (all, gm, ana, ben)
}

#[test]
fn phones_agree_whatever_the_order() {
    let (all, mut gm, mut ana, mut ben) = played();
    deliver(&mut gm, &shuffled(&all, 11), T0 + 20);
    deliver(
        &mut ana,
        &all.iter().rev().cloned().collect::<Vec<_>>(),
        T0 + 20,
    );
    deliver(&mut ben, &shuffled(&all, 12), T0 + 20);
    let expected = log_view(&gm);
    assert_eq!(log_view(&ana), expected);
    assert_eq!(log_view(&ben), expected);
    assert_eq!(gm.log().len(), 7);
    // Points 2/1; Ana's and Ben's light flips (2 -> 0 light); the GM's dark flip.
    for table in [&gm, &ana, &ben] {
        assert_eq!(table.pool().light, 1, "{:?}", table.log());
        assert_eq!(table.pool().dark, 2);
        assert_eq!(table.side("narrative"), Some("DD"));
    }
    for seed in 0..12 {
        let mut late = Table::new(invite_for(&key(1)), key(40), "Late".into());
        deliver(&mut late, &shuffled(&all, seed), T0 + 30);
        assert_eq!(log_view(&late), expected, "seed {seed}");
        assert_eq!(late.pool(), gm.pool());
        assert_eq!(late.side("narrative"), Some("DD"));
    }
}

#[test]
fn simultaneous_flips_with_one_point_left_refuse_the_same_one_everywhere() {
    let (mut gm, mut ana, mut ben) = phones();
    let points = say(&mut gm, What::Points { light: 1, dark: 0 }, T0, 1);
    deliver(&mut ana, &points, T0);
    deliver(&mut ben, &points, T0);
    let a = say(
        &mut ana,
        What::Flip {
            from: PointSide::Light,
        },
        T0 + 1,
        2,
    );
    let b = say(
        &mut ben,
        What::Flip {
            from: PointSide::Light,
        },
        T0 + 1,
        3,
    );
    assert_eq!(ana.pool().light, 0);
    deliver(&mut ana, &b, T0 + 2);
    deliver(&mut ben, &a, T0 + 2);
    deliver(&mut gm, &b, T0 + 2);
    deliver(&mut gm, &a, T0 + 2);
    let refused = |t: &Table| -> Vec<String> {
        t.log()
            .iter()
            .filter(|e| e.refused)
            .map(|e| e.id.clone())
            .collect()
    };
    assert_eq!(refused(&gm).len(), 1);
    assert_eq!(refused(&ana), refused(&gm));
    assert_eq!(refused(&ben), refused(&gm));
    for t in [&gm, &ana, &ben] {
        assert_eq!((t.pool().light, t.pool().dark), (0, 1));
    }
    // With no light point left, a phone will not even send another.
    assert!(
        ana.say(
            What::Flip {
                from: PointSide::Light
            },
            false,
            T0 + 3,
            &mut rng(4)
        )
        .is_err()
    );
    assert!(
        ana.say(
            What::Flip {
                from: PointSide::Dark
            },
            false,
            T0 + 3,
            &mut rng(4)
        )
        .is_err()
    );
}

#[test]
fn a_players_forged_gm_messages_are_dropped() {
    let (mut gm, mut ana, mut ben) = phones();
    let side = What::Side {
        tray: "d6".into(),
        challenge: "3".into(),
    };
    assert!(ana.say(side.clone(), false, T0, &mut rng(1)).is_err());
    // Ana's phone believing she is the GM (an altered invite) still signs as Ana.
    let mut liar = Table::new(invite_for(&key(2)), key(2), "Ana".into());
    let forged_events = say(&mut liar, side, T0, 2);
    assert_eq!(forged_events.len(), 2, "the message and its 37237 copy");
    for e in &forged_events {
        assert_eq!(gm.receive(e, T0), Err(Dropped::NotGm));
        assert_eq!(ben.receive(e, T0), Err(Dropped::NotGm));
    }
    assert_eq!(ben.side("d6"), None);
    let points = say(&mut liar, What::Points { light: 9, dark: 0 }, T0, 3);
    assert_eq!(ben.receive(&points[0], T0), Err(Dropped::NotGm));
    assert!(ben.log().is_empty());
    // Its 37237 pool copy is dropped too: the pool's state is the GM's to keep.
    assert_eq!(ben.receive(&points[1], T0), Err(Dropped::NotGm));
    assert_eq!((ben.pool().light, ben.pool().dark), (0, 0));
    let real = say(&mut gm, What::Points { light: 1, dark: 1 }, T0 + 1, 4);
    deliver(&mut ben, &real, T0 + 1);
    deliver(&mut ana, &real, T0 + 1);
    assert_eq!((ben.pool().light, ben.pool().dark), (1, 1));
    // A dark flip by a player, forged by hand: shown refused, pool untouched.
    let dark = forged(
        &key(2),
        7237,
        None,
        r#"{"v":1,"n":9,"by":"Ana","what":{"flip":{"from":"dark"}}}"#,
        T0 + 2,
    );
    assert_eq!(ben.receive(&dark, T0 + 2), Ok(true));
    assert!(ben.log().last().unwrap().refused);
    assert_eq!((ben.pool().light, ben.pool().dark), (1, 1));
}

#[test]
fn a_gm_only_roll_is_seen_by_the_gm_and_its_sender_only() {
    let (mut gm, mut ana, mut ben) = phones();
    let secret = ana.say(roll("hidden"), true, T0, &mut rng(1)).unwrap();
    assert_eq!(secret.len(), 1);
    assert!(secret[0].content.starts_with("g1."));
    let json = secret[0].to_json();
    assert!(ana.log()[0].to_gm && ana.log()[0].mine);
    assert_eq!(gm.receive(&json, T0), Ok(true));
    assert_eq!(gm.log()[0].what, roll("hidden"));
    assert!(gm.log()[0].to_gm);
    assert_eq!(ben.receive(&json, T0), Err(Dropped::Seal));
    assert!(ben.log().is_empty());
    // The sender's own copy, read back after a reload (a fresh Table, same key).
    let mut reloaded = Table::new(invite_for(&key(1)), key(2), "Ana".into());
    assert_eq!(reloaded.receive(&json, T0), Ok(true));
    // Only rolls (and undos) can go to the GM alone.
    assert!(
        ana.say(
            What::Flip {
                from: PointSide::Light
            },
            true,
            T0,
            &mut rng(2)
        )
        .is_err()
    );
}

#[test]
fn replays_and_second_relays_are_ignored() {
    let (mut gm, mut ana, _) = phones();
    let events = say(&mut ana, roll("once"), T0, 1);
    assert_eq!(gm.receive(&events[0], T0), Ok(true));
    assert_eq!(gm.receive(&events[0], T0), Err(Dropped::Seen));
    assert_eq!(gm.receive(&events[0], T0 + 600), Err(Dropped::Seen));
    assert_eq!(
        ana.receive(&events[0], T0),
        Err(Dropped::Seen),
        "my own echo"
    );
    assert_eq!(gm.log().len(), 1);
    // Pushed out of the remembered ids by a flood, still not shown twice.
    for i in 0..1001u64 {
        let _ = gm.receive(&format!("junk {i}"), T0);
    }
    let more = say(&mut ana, roll("twice?"), T0, 2);
    deliver(&mut gm, &more, T0);
    assert_eq!(gm.receive(&events[0], T0), Err(Dropped::Seen));
    assert_eq!(gm.log().len(), 2);
}

#[test]
fn a_flood_keeps_memory_bounded() {
    let (_, mut ana, _) = phones();
    let mut ben = Table::new(invite_for(&key(1)), key(3), "Ben".into());
    let stranger = Table::new(
        Invite {
            id: [8; 16],
            ..invite_for(&key(1))
        },
        key(4),
        "Zed".into(),
    );
    let mut stranger = stranger;
    let mut last = Vec::new();
    for i in 0..1000u64 {
        let at = T0 + i;
        match i % 4 {
            0 => assert!(ben.receive(&format!("{{\"id\":{i}}}"), at).is_err()),
            1 => {
                let e = say(&mut stranger, roll("elsewhere"), at, i);
                assert_eq!(ben.receive(&e[0], at), Err(Dropped::WrongTable));
            }
            _ => {
                last = say(&mut ana, roll(&format!("roll {i}")), at, i);
                assert_eq!(ben.receive(&last[0], at), Ok(true));
            }
        }
    }
    assert_eq!(ben.log().len(), 100);
    assert!(ben.seen_count() <= 1000);
    let last_id = Event::from_json(&last[0]).unwrap().id;
    assert_eq!(ben.log().last().unwrap().id, last_id);
    assert_eq!(ana.log().len(), 100);
    assert_eq!(ben.last_seen(), Some(T0 + 999));
}

#[test]
fn the_time_window() {
    let (_, mut ana, mut ben) = phones();
    let now = T0 + 100_000;
    let ahead = say(&mut ana, roll("future"), now + 901, 1);
    let close = say(&mut ana, roll("nearly"), now + 900, 2);
    let old = say(&mut ana, roll("old"), now - 8 * 86_400 - 1, 3);
    let aged = say(&mut ana, roll("aged"), now - 8 * 86_400, 4);
    assert_eq!(ben.receive(&ahead[0], now), Err(Dropped::OutOfTime));
    assert_eq!(ben.receive(&old[0], now), Err(Dropped::OutOfTime));
    assert_eq!(ben.receive(&close[0], now), Ok(true));
    assert_eq!(ben.receive(&aged[0], now), Ok(true));
    // A message too early now is fine once its time comes.
    assert_eq!(ben.receive(&ahead[0], now + 2), Ok(true));
}

#[test]
fn undo_takes_back_only_ones_own() {
    let (mut gm, mut ana, mut ben) = phones();
    let mut all = say(&mut gm, What::Points { light: 2, dark: 0 }, T0, 1);
    deliver(&mut ana, &all, T0);
    let flip = say(
        &mut ana,
        What::Flip {
            from: PointSide::Light,
        },
        T0 + 1,
        2,
    );
    let flip_id = Event::from_json(&flip[0]).unwrap().id;
    let r = say(&mut ana, roll("oops"), T0 + 2, 3);
    let roll_id = Event::from_json(&r[0]).unwrap().id;
    assert!(
        ben.say(
            What::Undo {
                of: roll_id.clone()
            },
            false,
            T0,
            &mut rng(9)
        )
        .is_err()
    );
    let undo_flip = say(
        &mut ana,
        What::Undo {
            of: flip_id.clone(),
        },
        T0 + 3,
        4,
    );
    assert_eq!(undo_flip.len(), 2, "the undo and a fresh pool copy");
    let undo_roll = say(
        &mut ana,
        What::Undo {
            of: roll_id.clone(),
        },
        T0 + 4,
        5,
    );
    // Ben forges an undo of Ana's roll by hand: it shows, and takes nothing back.
    let theft = forged(
        &key(3),
        7237,
        None,
        &format!(r#"{{"v":1,"n":50,"by":"Ben","what":{{"undo":{{"of":"{roll_id}"}}}}}}"#),
        T0 + 5,
    );
    for group in [&flip, &r, &undo_flip, &undo_roll] {
        all.extend(group.iter().cloned());
    }
    all.push(theft);
    deliver(&mut ben, &shuffled(&all, 3), T0 + 10);
    deliver(&mut gm, &all, T0 + 10);
    for t in [&ana, &ben, &gm] {
        let find = |id: &str| t.log().iter().find(|e| e.id == id).unwrap().clone();
        assert!(find(&flip_id).undone);
        assert!(find(&roll_id).undone);
        assert_eq!((t.pool().light, t.pool().dark), (2, 0));
    }
    assert_eq!(log_view(&ben), log_view(&gm));
}

#[test]
fn gm_hand_over_and_end() {
    let (mut gm, mut ana, mut ben) = phones();
    let hand = say(&mut gm, What::Gm { to: ana.me() }, T0, 1);
    assert_eq!(gm.gm(), ana.me());
    assert!(!gm.am_gm());
    assert!(
        gm.say(What::Points { light: 1, dark: 1 }, false, T0, &mut rng(2))
            .is_err()
    );
    deliver(&mut ana, &hand, T0);
    assert!(ana.am_gm());
    let points = say(&mut ana, What::Points { light: 3, dark: 3 }, T0 + 1, 3);
    // Ben hears Ana's points before the hand-over: held, then counted when it arrives.
    assert_eq!(ben.receive(&points[0], T0 + 1), Err(Dropped::NotGm));
    assert_eq!(ben.receive(&hand[0], T0 + 1), Ok(true));
    assert_eq!((ben.pool().light, ben.pool().dark), (3, 3));
    assert_eq!(ben.gm(), ana.me());
    let gm_people = ben.people(T0 + 1);
    assert!(gm_people.iter().any(|p| p.gm && p.name == "Ana"));
    deliver(&mut gm, &points, T0 + 1);
    assert_eq!(gm.pool(), ben.pool());
    // The old GM's messages after the hand-over are refused at their place.
    let end = say(&mut ana, What::End {}, T0 + 2, 4);
    deliver(&mut ben, &end, T0 + 2);
    deliver(&mut gm, &end, T0 + 2);
    for t in [&gm, &ana, &ben] {
        assert!(t.ended());
    }
    assert!(ben.say(roll("after"), false, T0 + 3, &mut rng(5)).is_err());
}

#[test]
fn unknown_messages_show_as_unsupported() {
    let (_, _, mut ben) = phones();
    let later = forged(
        &key(2),
        7237,
        None,
        r#"{"v":2,"n":1,"by":"Ana","what":{"hologram":{"x":1}}}"#,
        T0,
    );
    let unknown = forged(
        &key(2),
        7237,
        None,
        r#"{"v":1,"n":2,"by":"Ana","what":{"dance":{}}}"#,
        T0,
    );
    assert_eq!(ben.receive(&later, T0), Ok(true));
    assert_eq!(ben.receive(&unknown, T0), Ok(true));
    assert!(ben.log().iter().all(|e| e.what == What::Unsupported));
    let broken = forged(&key(2), 7237, None, r#"{"v":1,"n":3}"#, T0);
    assert_eq!(ben.receive(&broken, T0), Err(Dropped::Plaintext));
}

#[test]
fn presence_names_and_the_saved_table() {
    let (mut gm, mut ana, mut ben) = phones();
    let mut ana2 = Table::new(invite_for(&key(1)), key(5), "Ana".into());
    let here = say(&mut ana, What::Here { name: "Ana".into() }, T0, 1);
    assert_eq!(Event::from_json(&here[0]).unwrap().kind, 27237);
    let here2 = say(&mut ana2, What::Here { name: "Ana".into() }, T0 + 1, 2);
    assert_eq!(ben.receive(&here[0], T0), Ok(false));
    assert_eq!(ben.receive(&here2[0], T0 + 1), Ok(false));
    let people = ben.people(T0 + 60);
    let shown: Vec<&str> = people.iter().map(|p| p.shown.as_str()).collect();
    assert_eq!(shown, ["Ben", "Ana", "Ana (2)"]);
    assert!(people.iter().all(|p| p.here));
    assert!(people[0].me);
    let later = ben.people(T0 + 400);
    assert!(later[0].here && !later[1].here);
    // The UI keeps the table in localStorage: it comes back the same.
    let r = say(&mut gm, roll("kept"), T0, 3);
    deliver(&mut ben, &r, T0);
    let saved = serde_json::to_string(&ben).unwrap();
    let back: Table = serde_json::from_str(&saved).unwrap();
    assert_eq!(back.log(), ben.log());
    assert_eq!(back.people(T0), ben.people(T0));
    assert_eq!(back.me(), ben.me());
    let filters: serde_json::Value = serde_json::from_str(&ben.filters(Some(T0))).unwrap();
    assert_eq!(filters[0]["kinds"], serde_json::json!([7237, 37237]));
    assert_eq!(filters[0]["#t"][0], ben.invite().tag());
    assert_eq!(filters[0]["since"], T0);
    assert_eq!(filters[1]["kinds"], serde_json::json!([27237]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn receive_never_panics(text in ".{0,300}", bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let (_, _, mut ben) = phones();
        let _ = ben.receive(&text, T0);
        let _ = ben.receive(&String::from_utf8_lossy(&bytes), T0);
    }

    #[test]
    fn receive_never_panics_on_any_sealed_plaintext(plain in ".{0,200}", kind in prop::sample::select(vec![7237u32, 27237, 37237, 1]), d in prop::option::of("(pool|side:[a-z0-9]{0,4}|x)")) {
        let (_, _, mut ben) = phones();
        let json = forged(&key(2), kind, d.as_deref(), &plain, T0);
        prop_assert!(ben.receive(&json, T0).is_err());
        let framed = forged(&key(2), kind, d.as_deref(), &format!(r#"{{"v":1,"n":1,"by":"A","what":{plain}}}"#), T0);
        let _ = ben.receive(&framed, T0);
    }
}

#[test]
fn a_roll_changed_goes_as_a_change_of_ones_own_roll_only() {
    let (mut gm, mut ana, mut ben) = phones();
    let first = say(
        &mut ana,
        What::Roll {
            tray: "narrative".into(),
            label: "Attack".into(),
            roll: "[3,{}]".into(),
        },
        1_000,
        1,
    );
    deliver(&mut gm, &first, 1_000);
    deliver(&mut ben, &first, 1_000);
    let of = ana.log()[0].id.clone();
    let amend = |of: &str| What::Amend {
        of: of.into(),
        why: Amendment::Reroll,
        tray: "narrative".into(),
        label: "Attack".into(),
        roll: "[7,{}]".into(),
    };
    // Ben may not change Ana's roll; Ana may.
    assert!(ben.say(amend(&of), false, 1_001, &mut rng(2)).is_err());
    let changed = say(&mut ana, amend(&of), 1_002, 3);
    deliver(&mut gm, &changed, 1_002);
    // The GM shows Ana's roll once, as it stands, marked changed.
    let shown = shown_log(gm.log());
    assert_eq!(shown.len(), 1);
    assert!(shown[0].1);
    assert!(
        matches!(&shown[0].0.what, What::Amend { of: named, roll, .. } if *named == of && roll == "[7,{}]")
    );
    // Ana's own table finds the roll a change names, by its text, and where it went.
    assert_eq!(
        ana.my_roll(|text| text == "[3,{}]"),
        Some((of.clone(), false))
    );
    assert_eq!(ana.my_roll(|text| text == "nothing"), None);
}

#[test]
fn a_change_goes_where_its_roll_went_and_only_while_it_stands() {
    let (_gm, mut ana, _ben) = phones();
    let to_gm_only = What::Roll {
        tray: "d6".into(),
        label: "Sneak".into(),
        roll: "[4,{}]".into(),
    };
    ana.say(to_gm_only, true, 1_000, &mut rng(1)).unwrap();
    let of = ana.log()[0].id.clone();
    let amend = || What::Amend {
        of: of.clone(),
        why: Amendment::Cost,
        tray: "d6".into(),
        label: "Sneak".into(),
        roll: "[4,{}]".into(),
    };
    // Sent to the GM alone, its change goes to the GM alone, never to the whole table.
    assert!(ana.say(amend(), false, 1_001, &mut rng(2)).is_err());
    assert!(ana.say(amend(), true, 1_002, &mut rng(3)).is_ok());
    // Once the roll is taken back, it is changed no more.
    ana.say(What::Undo { of: of.clone() }, true, 1_003, &mut rng(4))
        .unwrap();
    assert!(ana.say(amend(), true, 1_004, &mut rng(5)).is_err());
}

#[test]
fn who_comes_later_learns_who_is_there_from_kept_joins() {
    let (mut gm, mut ana, mut ben) = phones();
    let mut kept = say(&mut gm, What::Joined {}, 1_000, 1);
    kept.extend(say(&mut ana, What::Joined {}, 1_010, 2));
    // Presence is never kept by relays: Ben, coming later, gets only the kept messages.
    deliver(&mut ben, &kept, 1_020);
    let names: Vec<(String, bool)> = ben
        .people(1_020)
        .into_iter()
        .map(|p| (p.name, p.gm))
        .collect();
    assert!(names.contains(&("Gia".to_string(), true)));
    assert!(names.contains(&("Ana".to_string(), false)));
    // A join is not a roll: nothing of it shows in the log.
    assert!(shown_log(ben.log()).is_empty());
}
