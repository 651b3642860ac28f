//! The live table's protocol, phone by phone: joining, the order, the pool, the GM chain,
//! GM-only rolls, checkpoints, and each attack a link holder (or anyone who learned the
//! table's tag) could send. Expected values come from the tests: what each phone said, and
//! hand counts of the pool.

mod table_sim;

use dicetray::table::message::PointSide;
use dicetray::table::order::{LEAP_MS, MAX_T};
use dicetray::table::phone::{CHECKPOINT_EVERY, KEPT_AFTER_CUT, MAX_HELD};
use dicetray::table::{Dropped, NoRandom, Pool, Table, What};
use proptest::prelude::*;
use table_sim::*;

fn flip(from: PointSide) -> What {
    What::Flip { from, check: None }
}

#[test]
fn joining_names_each_key_once_and_every_phone_lists_the_same_people() {
    let t = table3();
    for phone in [&t.gm, &t.ana, &t.ben] {
        let names: Vec<&str> = phone
            .view()
            .people
            .iter()
            .map(|p| p.shown.as_str())
            .collect();
        assert_eq!(names, ["Gia", "Ana", "Ben"]);
        assert_eq!(phone.gm(), t.gm.me());
    }
    assert_eq!(shown(&t.ana), shown(&t.gm));
    assert_eq!(shown(&t.ben), shown(&t.gm));
    // A second "Ana" on another device is told apart the same way on every phone.
    let mut other = joiner(t.gm.invite(), "Ana", 9);
    let joined = deliver_and_join(&mut other, &t.all, T0 + 3_000, 10);
    let mut phones = [t.gm, t.ana, t.ben];
    for phone in phones.iter_mut() {
        deliver(phone, &joined);
        assert_eq!(phone.view().people[3].shown, "Ana (2)");
    }
    // A joiner holding nothing yet names nothing, and waits.
    let mut early = joiner(phones[0].invite(), "Cleo", 11);
    assert!(early.join_when_ready(T0, &mut rng(12)).is_none());
    assert!(early.say(roll("x"), false, T0, &mut rng(13)).is_err());
}

#[test]
fn phones_agree_whatever_the_order_and_whenever_they_join() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 2, dark: 1 },
        T0 + 5_000,
        20,
    ));
    deliver(&mut t.ana, &all);
    deliver(&mut t.ben, &all);
    // Concurrent: nobody hears the others for a while.
    all.extend(say(&mut t.ana, roll("Ana shoots"), T0 + 6_000, 21));
    all.extend(say(&mut t.ana, flip(PointSide::Light), T0 + 7_000, 22));
    all.extend(say(&mut t.ben, roll("Ben hides"), T0 + 6_500, 23));
    all.extend(say(&mut t.ben, flip(PointSide::Light), T0 + 7_500, 24));
    all.extend(say(
        &mut t.gm,
        What::Side {
            tray: "narrative".into(),
            challenge: "2p".into(),
        },
        T0 + 8_000,
        25,
    ));
    all.extend(say(&mut t.gm, flip(PointSide::Dark), T0 + 9_000, 26));
    deliver(&mut t.gm, &shuffled(&all, 1));
    deliver(&mut t.ana, &all.iter().rev().cloned().collect::<Vec<_>>());
    deliver(&mut t.ben, &shuffled(&all, 2));
    // Points 2 light 1 dark; two light flips (0 light, 3 dark); the GM's dark flip back.
    for phone in [&t.gm, &t.ana, &t.ben] {
        assert_eq!(phone.view().pool, Some(Pool { light: 1, dark: 2 }));
        assert_eq!(phone.view().side("narrative"), Some("2p"));
        assert_eq!(shown(phone), shown(&t.gm));
    }
    for seed in 0..8 {
        let mut late = joiner(t.gm.invite(), "Late", 100 + seed);
        deliver(&mut late, &shuffled(&all, seed));
        assert_eq!(shown(&late), shown(&t.gm), "seed {seed}");
        // Reloaded: the same.
        let kept = serde_json::to_string(&late).unwrap();
        let back: Table = serde_json::from_str(&kept).unwrap();
        assert_eq!(shown(&back), shown(&late));
    }
}

#[test]
fn simultaneous_flips_with_one_point_left_refuse_the_same_one_everywhere() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 1, dark: 0 },
        T0 + 5_000,
        30,
    ));
    deliver(&mut t.ana, &all);
    deliver(&mut t.ben, &all);
    let a = say(&mut t.ana, flip(PointSide::Light), T0 + 6_000, 31);
    let b = say(&mut t.ben, flip(PointSide::Light), T0 + 6_000, 32);
    all.extend(a);
    all.extend(b);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &all);
        assert_eq!(phone.view().pool, Some(Pool { light: 0, dark: 1 }));
        let refused = phone.log().iter().filter(|e| e.refused).count();
        assert_eq!(refused, 1);
    }
    assert_eq!(shown(&t.ana), shown(&t.ben));
}

#[test]
fn a_players_gm_acts_change_no_phone_his_own_included() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 2, dark: 2 },
        T0 + 5_000,
        40,
    ));
    for phone in [&mut t.ana, &mut t.ben] {
        deliver(phone, &all);
    }
    // The app refuses them before they are sent.
    for what in [
        What::Points { light: 9, dark: 9 },
        flip(PointSide::Dark),
        What::End {},
    ] {
        assert!(t.ben.say(what, false, T0 + 6_000, &mut rng(41)).is_err());
    }
    // Forged by hand with Ben's own key and chain: every phone, Ben's too, changes nothing.
    let forged_all = t.ben_forges(
        vec![
            What::Points { light: 9, dark: 9 },
            flip(PointSide::Dark),
            What::Side {
                tray: "d6".into(),
                challenge: "6".into(),
            },
            What::End {},
            What::Gm {
                to: t.ben.me().into(),
                after: String::new(),
            },
        ],
        T0 / 1000 + 10,
    );
    t.change_nothing(&forged_all);
}

#[test]
fn a_counter_at_the_largest_safe_integer_splits_nothing() {
    let mut t = table3();
    let ana_key = key_of(&t.ana);
    let last = t
        .ana
        .view()
        .log
        .iter()
        .rev()
        .find(|e| e.mine)
        .unwrap()
        .id
        .clone();
    let latest = latest_other(&t.ana);
    let bomb = forged(
        t.gm.invite(),
        &ana_key,
        &plaintext(MAX_T, &last, &latest.0, roll("bomb")),
        T0 / 1000,
        None,
    );
    // And one a day and a second beyond what it names.
    let leap = forged(
        t.gm.invite(),
        &ana_key,
        &plaintext(latest.1 + LEAP_MS + 1_000, &last, &latest.0, roll("leap")),
        T0 / 1000,
        None,
    );
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &[bomb.clone(), leap.clone()]);
        assert!(latest_t(phone) < T0 + LEAP_MS, "nobody follows it");
    }
    // Honest messages after it are taken by every phone.
    let mut next = say(&mut t.ben, roll("after"), T0 + 20_000, 50);
    next.extend(say(
        &mut t.gm,
        What::Points { light: 3, dark: 0 },
        T0 + 21_000,
        51,
    ));
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &next);
        assert_eq!(phone.view().pool, Some(Pool { light: 3, dark: 0 }));
        assert!(
            phone
                .log()
                .iter()
                .any(|e| matches!(&e.what, What::Roll { label, .. } if label == "after"))
        );
        assert!(!phone.log().iter().any(
            |e| matches!(&e.what, What::Roll { label, .. } if label == "bomb" || label == "leap")
        ));
    }
    assert_eq!(shown(&t.ana), shown(&t.gm));
}

#[test]
fn a_hand_over_passes_the_role_and_a_former_gms_acts_count_nowhere() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 2, dark: 3 },
        T0 + 5_000,
        60,
    ));
    let ana = t.ana.me().to_string();
    all.extend(json(
        t.gm.hand_over(&ana, T0 + 6_000, &mut rng(61)).unwrap(),
    ));
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &all);
        assert_eq!(phone.gm(), ana);
    }
    assert!(t.ana.am_gm() && !t.gm.am_gm());
    all.extend(say(
        &mut t.ana,
        What::Points { light: 4, dark: 4 },
        T0 + 7_000,
        62,
    ));
    for phone in [&mut t.gm, &mut t.ben] {
        deliver(phone, &all);
    }
    let before = shown(&t.ben);
    // The former GM (Gia) forges acts with her kept key: placed before the hand-over, on
    // a fork of her own chain, and after it, continuing her chain.
    let gia = key_of(&t.gm);
    let gia_msgs: Vec<_> = t.gm.view().log.iter().filter(|e| e.mine).cloned().collect();
    let joined = &gia_msgs[0];
    let hand_over = gia_msgs
        .iter()
        .find(|e| matches!(e.what, What::Gm { .. }))
        .unwrap();
    let mut forgeries = Vec::new();
    for (i, what) in [
        What::Points { light: 20, dark: 0 },
        What::Side {
            tray: "el".into(),
            challenge: "obstacle 9".into(),
        },
        What::Gm {
            to: t.ben.me().into(),
            after: String::new(),
        },
    ]
    .into_iter()
    .enumerate()
    {
        // Before the hand-over, forking her chain after her first message.
        let early = plaintext(joined.t + 10 + i as u64, &joined.id, "", what.clone());
        forgeries.push(forged(t.gm.invite(), &gia, &early, T0 / 1000, None));
        // After it, continuing her chain.
        let late = plaintext(hand_over.t + 10_000 + i as u64, &hand_over.id, "", what);
        forgeries.push(forged(t.gm.invite(), &gia, &late, T0 / 1000 + 20, None));
    }
    let mut late = joiner(t.gm.invite(), "Late", 63);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben, &mut late] {
        deliver(phone, &all);
        deliver(phone, &forgeries);
    }
    for phone in [&t.gm, &t.ana, &t.ben, &late] {
        assert_eq!(shown(phone), before);
        assert_eq!(phone.view().pool, Some(Pool { light: 4, dark: 4 }));
    }
}

#[test]
fn a_gm_only_roll_reaches_the_gm_it_was_sealed_for_while_they_are_gm() {
    let mut t = table3();
    let mut all = t.all.clone();
    let private = json(
        t.ben
            .say(roll("secret"), true, T0 + 5_000, &mut rng(70))
            .unwrap(),
    );
    all.extend(private.clone());
    for phone in [&mut t.gm, &mut t.ana] {
        deliver(phone, &all);
    }
    let seen = |p: &Table| p.log().iter().any(|e| e.to_gm && !e.undelivered);
    assert!(seen(&t.gm) && seen(&t.ben) && !seen(&t.ana));
    // The GM hands over to Ana; Ben, not yet told, seals his next for Gia.
    let ana = t.ana.me().to_string();
    let hand = json(t.gm.hand_over(&ana, T0 + 6_000, &mut rng(71)).unwrap());
    all.extend(hand.clone());
    deliver(&mut t.ana, &hand);
    // Its place (Ben's clock, 7 s) is after the hand-over (6 s): it reached no one, and
    // once Ben holds the hand-over his phone says so, so he can send it again.
    let late_private = json(
        t.ben
            .say(roll("late"), true, T0 + 7_000, &mut rng(72))
            .unwrap(),
    );
    all.extend(late_private);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &all);
    }
    let late_entry = |p: &Table| {
        p.log()
            .iter()
            .find(|e| matches!(&e.what, What::Roll { label, .. } if label == "late"))
            .cloned()
    };
    assert!(late_entry(&t.ben).is_some_and(|e| e.undelivered));
    assert!(late_entry(&t.ana).is_none(), "the new GM cannot open it");
    assert!(
        late_entry(&t.gm).is_none(),
        "the former GM does not show it"
    );
}

#[test]
fn leaving_is_a_message_and_the_gm_hands_over_first() {
    let mut t = table3();
    let mut all = t.all.clone();
    assert!(
        t.gm.say(What::Left {}, false, T0 + 5_000, &mut rng(80))
            .is_err()
    );
    all.extend(say(&mut t.ben, What::Left {}, T0 + 5_000, 81));
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &all);
        let names: Vec<&str> = phone
            .view()
            .people
            .iter()
            .map(|p| p.shown.as_str())
            .collect();
        assert_eq!(names, ["Gia", "Ana"]);
        assert!(
            phone
                .log()
                .iter()
                .any(|e| matches!(e.what, What::Left {}) && e.by == "Ben")
        );
    }
    assert!(!t.ben.view().member);
    assert!(
        t.ben
            .say(roll("after leaving"), false, T0 + 6_000, &mut rng(82))
            .is_err()
    );
}

#[test]
fn undo_takes_back_only_ones_own() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 2, dark: 0 },
        T0 + 5_000,
        90,
    ));
    deliver(&mut t.ana, &all);
    deliver(&mut t.ben, &all);
    let flip_a = say(&mut t.ana, flip(PointSide::Light), T0 + 6_000, 91);
    all.extend(flip_a.clone());
    deliver(&mut t.ben, &all);
    let of = id_of(&flip_a[0]);
    // Ben cannot take back Ana's flip; forged, it changes nothing.
    assert!(
        t.ben
            .say(
                What::Undo { of: of.clone() },
                false,
                T0 + 7_000,
                &mut rng(92)
            )
            .is_err()
    );
    all.extend(say(&mut t.ana, What::Undo { of }, T0 + 7_000, 93));
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, &all);
        assert_eq!(phone.view().pool, Some(Pool { light: 2, dark: 0 }));
        assert!(phone.log().iter().any(|e| e.undone));
    }
}

#[test]
fn the_gm_checkpoints_and_every_phone_trims_and_refuses_late_messages_alike() {
    let mut t = table3();
    let mut all = t.all.clone();
    all.extend(say(
        &mut t.gm,
        What::Points { light: 5, dark: 5 },
        T0 + 5_000,
        100,
    ));
    for phone in [&mut t.ana, &mut t.ben] {
        deliver(phone, &all);
    }
    // Ben goes offline and rolls: his roll's place is early.
    let offline = say(&mut t.ben, roll("offline"), T0 + 6_000, 101);
    let mut now = T0 + 10_000;
    let mut checkpoints = 0;
    for i in 0..(CHECKPOINT_EVERY as u64 + 60) {
        now += 1_000;
        let said = say(&mut t.ana, roll(&format!("r{i}")), now, 200 + i);
        all.extend(said.clone());
        deliver(&mut t.gm, &said);
        if let Some(checkpoint) = t.gm.checkpoint_due() {
            let written = say(&mut t.gm, checkpoint, now + 1, 500 + i);
            checkpoints += 1;
            all.extend(written.clone());
            deliver(&mut t.ana, &written);
        }
    }
    assert!(checkpoints >= 1);
    let cut = t.gm.view().cut.clone().expect("a checkpoint folds");
    assert!(t.gm.view().counted.len() <= CHECKPOINT_EVERY);
    assert!(t.gm.view().counted.len() > KEPT_AFTER_CUT - 5);
    // Ben's offline roll arrives now: placed before the cut, every phone leaves it out,
    // a phone joining now as well.
    all.extend(offline.clone());
    let mut late = joiner(t.gm.invite(), "Late", 300);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben, &mut late] {
        deliver(phone, &all);
    }
    deliver(&mut late, &[]);
    for phone in [&t.gm, &t.ana, &t.ben, &late] {
        assert_eq!(phone.view().cut, Some(cut.clone()));
        assert!(
            !phone
                .log()
                .iter()
                .any(|e| matches!(&e.what, What::Roll { label, .. } if label == "offline"))
        );
        assert_eq!(phone.view().pool, Some(Pool { light: 5, dark: 5 }));
        assert_eq!(shown(phone), shown(&t.gm));
    }
    // A phone that holds only what comes after the cut (the checkpoint and the log) shows
    // the same as one that holds everything.
    let after: Vec<String> = all
        .iter()
        .filter(|e| {
            let id = id_of(e);
            t.gm.view().log.iter().any(|l| l.id == id)
                || t.gm.view().checkpoint.as_ref().is_some_and(|c| c.id == id)
        })
        .cloned()
        .collect();
    let mut partial = joiner(t.gm.invite(), "Partial", 301);
    deliver(&mut partial, &after);
    assert_eq!(shown(&partial), shown(&t.gm));
}

#[test]
fn replays_junk_and_a_flood_are_bounded() {
    let mut t = table3();
    let events = t.all.clone();
    for e in &events {
        assert_eq!(t.gm.take(e), Err(Dropped::Seen));
    }
    let stranger = key(77);
    let junk = forged(t.gm.invite(), &stranger, "not json", T0 / 1000, None);
    assert_eq!(t.gm.take(&junk), Err(Dropped::Plaintext));
    assert_eq!(t.gm.take(&junk), Err(Dropped::Seen));
    assert_eq!(t.gm.take(&"x".repeat(20_000)), Err(Dropped::TooBig));
    // A stranger's well-formed messages (never joined) count nowhere, however many.
    let before = shown(&t.gm);
    let mut flood = Vec::new();
    for i in 0..(MAX_HELD as u64 + 10) {
        let text = plaintext(T0 + 3_000 + i, "", &id_of(&events[0]), roll("junk"));
        flood.push(forged(t.gm.invite(), &stranger, &text, T0 / 1000 + i, None));
    }
    deliver(&mut t.gm, &flood);
    assert!(t.gm.held_count() <= MAX_HELD);
    assert_eq!(shown(&t.gm), before);
}

#[test]
fn what_a_phone_keeps_is_bounded_in_bytes_however_a_member_pads() {
    use dicetray::storage::table::{MAX_TABLE_BYTES, TableDoc};
    let mut t = table3();
    let mut all = Vec::new();
    for i in 0..120u64 {
        let padded = What::Roll {
            tray: "narrative".into(),
            label: "x".repeat(500),
            roll: "y".repeat(8_000),
            answers: String::new(),
        };
        all.extend(say(&mut t.ben, padded, T0 + 10_000 + i * 1_000, 600 + i));
    }
    deliver(&mut t.ana, &all);
    let mut doc = TableDoc {
        at: Some(t.ana),
        ..TableDoc::default()
    };
    assert!(serde_json::to_string(&doc).unwrap().len() > MAX_TABLE_BYTES);
    doc.keep_within_bounds();
    let kept = serde_json::to_string(&doc).unwrap();
    assert!(kept.len() <= MAX_TABLE_BYTES, "{} bytes", kept.len());
    // What fits is still shown: the people, and the newest rolls whole.
    let back: TableDoc = serde_json::from_str(&kept).unwrap();
    let table = back.at.unwrap();
    assert_eq!(table.view().people.len(), 3);
    let newest = table.log().last().unwrap();
    assert!(matches!(&newest.what, What::Roll { roll, .. } if roll.len() == 8_000));
}

#[test]
fn a_failing_random_source_stops_the_action_with_a_message() {
    let mut t = table3();
    let mut broken = |_: &mut [u8]| Err(NoRandom);
    let said = t.ana.say(roll("x"), false, T0 + 5_000, &mut broken);
    assert!(said.unwrap_err().contains("random"));
    assert!(Table::start("Gia", vec![], T0, &mut broken).is_err());
    assert!(Table::join(t.gm.invite().clone(), "Ana", &mut broken).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn taking_anything_never_panics(text in ".{0,300}", bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let (mut gm, _) = start("Gia", T0, 1);
        let _ = gm.take(&text);
        let _ = gm.take(&String::from_utf8_lossy(&bytes));
        gm.settle();
    }

    #[test]
    fn any_sealed_plaintext_never_panics(plain in ".{0,300}", t in any::<u64>()) {
        let (mut gm, events) = start("Gia", T0, 1);
        let root = id_of(&events[0]);
        let stranger = key(5);
        for text in [plain.clone(), plaintext(t % (MAX_T + 2), "", &root, What::Unsupported)] {
            let e = forged(gm.invite(), &stranger, &text, T0 / 1000, None);
            let _ = gm.take(&e);
        }
        gm.settle();
        prop_assert_eq!(gm.view().people.len(), 1);
    }
}
