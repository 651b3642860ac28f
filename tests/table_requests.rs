//! The GM's requests for rolls, phone by phone: who is asked, each player's answer as it
//! stands (replaced, changed, taken back), closing, a hand-over, the GM alone, the limit,
//! checkpoints, and a player's forged requests. Expected values are what each test's phones
//! said, written out here.

mod table_sim;

use dicetray::table::phone::{CHECKPOINT_EVERY, Table};
use dicetray::table::{Amendment, OpenAsk, What};
use table_sim::*;

fn ask(label: &str, who: Vec<String>, to_gm: bool) -> What {
    What::Ask {
        tray: "narrative".into(),
        label: label.into(),
        challenge: "2p".into(),
        who,
        to_gm,
    }
}

fn answer(ask: &str, text: &str) -> What {
    What::Roll {
        tray: "narrative".into(),
        label: "Perception".into(),
        roll: text.into(),
        answers: ask.into(),
    }
}

/// The only open request a phone shows.
fn the_ask(phone: &Table) -> &OpenAsk {
    assert_eq!(phone.view().asks.len(), 1, "one request open");
    &phone.view().asks[0]
}

/// Each answer as (player, roll text, changed, replaced).
fn answers(phone: &Table) -> Vec<(String, String, bool, bool)> {
    the_ask(phone)
        .answers
        .iter()
        .map(|a| (a.player.clone(), a.roll.clone(), a.changed, a.replaced))
        .collect()
}

#[test]
fn a_request_to_one_player_keeps_their_newest_answer_as_it_stands() {
    let mut t = table3();
    let ana = t.ana.me().to_string();
    t.say(
        GM,
        ask("Perception", vec![ana.clone()], false),
        false,
        10_000,
    );
    let id = the_ask(&t.gm).id.clone();
    for phone in t.phones() {
        let open = the_ask(phone);
        assert_eq!(
            (open.label.as_str(), open.challenge.as_str()),
            ("Perception", "2p")
        );
        assert!(open.asks(&ana, t.gm.me()) && !open.asks(t.ben.me(), t.gm.me()));
    }
    // Ben, not asked, answers nothing; Ana answers, then again.
    t.say(BEN, answer(&id, "ben"), false, 11_000);
    let first = t.say(ANA, answer(&id, "first"), false, 12_000);
    for phone in t.phones() {
        assert_eq!(
            answers(phone),
            [(ana.clone(), "first".into(), false, false)]
        );
    }
    t.say(ANA, answer(&id, "second"), false, 13_000);
    for phone in t.phones() {
        assert_eq!(
            answers(phone),
            [(ana.clone(), "second".into(), false, true)]
        );
    }
    // Her dice rolled again: the answer is the roll as it stands, marked changed.
    let second = the_ask(&t.ana).answers[0].roll_id.clone();
    let amend = What::Amend {
        of: second.clone(),
        why: Amendment::Reroll,
        tray: "narrative".into(),
        label: "Perception".into(),
        roll: "second, re-rolled".into(),
    };
    t.say(ANA, amend, false, 14_000);
    for phone in t.phones() {
        assert_eq!(
            answers(phone),
            [(ana.clone(), "second, re-rolled".into(), true, true)]
        );
    }
    // Taken back, the first answer stands again.
    t.say(ANA, What::Undo { of: second }, false, 15_000);
    for phone in t.phones() {
        assert_eq!(
            answers(phone),
            [(ana.clone(), "first".into(), false, false)]
        );
    }
    // Taken back too: Ana is waiting again.
    t.say(
        ANA,
        What::Undo {
            of: id_of(&first[0]),
        },
        false,
        16_000,
    );
    for phone in t.phones() {
        assert!(the_ask(phone).answers.is_empty());
    }
}

#[test]
fn everyone_means_each_player_and_a_closed_request_takes_no_answer() {
    let mut t = table3();
    t.say(GM, ask("Initiative", vec![], false), false, 10_000);
    let id = the_ask(&t.gm).id.clone();
    t.say(BEN, answer(&id, "ben"), false, 11_000);
    t.say(ANA, answer(&id, "ana"), false, 12_000);
    // The GM's own roll answers nothing.
    t.say(GM, answer(&id, "gm"), false, 13_000);
    let (ana, ben) = (t.ana.me().to_string(), t.ben.me().to_string());
    for phone in t.phones() {
        assert_eq!(
            answers(phone),
            [
                (ben.clone(), "ben".into(), false, false),
                (ana.clone(), "ana".into(), false, false)
            ]
        );
    }
    // A player cannot close it, the GM can; an answer after that answers nothing.
    assert!(
        t.ana
            .say(
                What::Close { of: id.clone() },
                false,
                T0 + 14_000,
                &mut rng(9)
            )
            .is_err()
    );
    t.say(GM, What::Close { of: id.clone() }, false, 15_000);
    t.say(ANA, answer(&id, "late"), false, 16_000);
    for phone in t.phones() {
        assert!(phone.view().asks.is_empty());
    }
    assert!(
        t.gm.say(What::Close { of: id }, false, T0 + 17_000, &mut rng(10))
            .is_err(),
        "closed already"
    );
}

#[test]
fn answers_to_a_request_for_the_gm_alone_reach_only_the_gm() {
    let mut t = table3();
    t.say(GM, ask("Stealth", vec![], true), false, 10_000);
    let id = the_ask(&t.gm).id.clone();
    assert!(the_ask(&t.ben).to_gm);
    t.say(ANA, answer(&id, "hidden"), true, 11_000);
    let ana = t.ana.me().to_string();
    let only = [(ana.clone(), "hidden".to_string(), false, false)];
    assert_eq!(answers(&t.gm), only);
    assert_eq!(answers(&t.ana), only, "her own answer");
    assert!(answers(&t.ben).is_empty(), "Ben cannot read it");
    assert_eq!(t.ben.view().asks[0].label, "Stealth");
}

#[test]
fn a_hand_over_leaves_open_requests_to_the_new_gm() {
    let mut t = table3();
    t.say(GM, ask("Athletics", vec![], false), false, 10_000);
    let id = the_ask(&t.gm).id.clone();
    let ana = t.ana.me().to_string();
    let handed = json(t.gm.hand_over(&ana, T0 + 11_000, &mut rng(20)).unwrap());
    t.all.extend(handed.clone());
    for phone in [&mut t.ana, &mut t.ben] {
        deliver(phone, &handed);
    }
    for phone in t.phones() {
        assert_eq!(the_ask(phone).id, id, "still open");
    }
    // Ana, GM now, is no longer asked by "everyone"; Gia now is, and answers.
    t.say(GM, answer(&id, "gia"), false, 12_000);
    assert_eq!(answers(&t.ben)[0].0, t.gm.me());
    assert!(
        t.gm.say(
            What::Close { of: id.clone() },
            false,
            T0 + 13_000,
            &mut rng(21)
        )
        .is_err(),
        "the former GM cannot close it"
    );
    t.say(ANA, What::Close { of: id }, false, 14_000);
    for phone in t.phones() {
        assert!(phone.view().asks.is_empty());
    }
}

#[test]
fn a_fifth_open_request_is_refused_on_every_phone() {
    let mut t = table3();
    for i in 0..4u64 {
        t.say(
            GM,
            ask(&format!("Check {i}"), vec![], false),
            false,
            10_000 + i,
        );
    }
    assert!(
        t.gm.say(
            ask("Fifth", vec![], false),
            false,
            T0 + 20_000,
            &mut rng(30)
        )
        .is_err()
    );
    // Written by hand past the check, it counts as refused on every phone alike.
    let gm_key = key_of(&t.gm);
    let last = t.gm.log().iter().rev().find(|e| e.mine).unwrap().id.clone();
    let latest = latest_other(&t.gm);
    let t_last = t.gm.log().last().unwrap().t;
    let text = plaintext(t_last + 1, &last, &latest.0, ask("Fifth", vec![], false));
    let fifth = forged(t.gm.invite(), &gm_key, &text, T0 / 1000 + 30, None);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, std::slice::from_ref(&fifth));
        assert_eq!(phone.view().asks.len(), 4);
        assert!(
            phone
                .log()
                .iter()
                .any(|e| e.id == id_of(&fifth) && e.refused)
        );
    }
}

#[test]
fn a_players_forged_requests_and_closes_change_no_phone() {
    let mut t = table3();
    t.say(GM, ask("Perception", vec![], false), false, 10_000);
    let id = the_ask(&t.gm).id.clone();
    assert!(
        t.ben
            .say(ask("Mine", vec![], false), false, T0 + 11_000, &mut rng(40))
            .is_err()
    );
    let forged_all = t.ben_forges(
        vec![ask("Forged", vec![], false), What::Close { of: id }],
        T0 / 1000 + 12,
    );
    t.change_nothing(&forged_all);
}

#[test]
fn a_checkpoint_never_cuts_past_an_open_request_so_a_late_joiner_sees_it() {
    let mut t = table3();
    ben_rolls(&mut t, 80, 10_000);
    deliver(&mut t.ana, &t.all.clone());
    t.say(GM, ask("Perception", vec![], false), false, 100_000);
    let id = the_ask(&t.gm).id.clone();
    t.say(ANA, answer(&id, "ana"), false, 101_000);
    ben_rolls(&mut t, CHECKPOINT_EVERY as u64 + 80, 200_000);
    let cut = t.gm.view().cut.clone().expect("folded from a checkpoint");
    let asked_at = the_ask(&t.gm).key.clone();
    assert!(cut < asked_at, "the cut stops before the request");
    assert!(
        t.gm.view().counted.len() > CHECKPOINT_EVERY,
        "more is kept while the request is open"
    );
    let mut late = joiner(t.gm.invite(), "Late", 300);
    deliver(&mut late, &t.all);
    assert_eq!(the_ask(&late).id, id);
    assert_eq!(answers(&late)[0].1, "ana");
    // Once closed, the next checkpoint cuts as usual.
    let closed = json(
        t.gm.say(What::Close { of: id }, false, T0 + 900_000, &mut rng(7))
            .unwrap(),
    );
    t.all.extend(closed);
    let written =
        t.gm.checkpoint_due()
            .expect("due once nothing holds it back");
    let What::Checkpoint(c) = &written else {
        panic!("a checkpoint")
    };
    assert!(c.cut.as_ref().is_some_and(|c| *c > asked_at));
}

fn dark_on(ask: &str, player: &str) -> What {
    What::Flip {
        from: dicetray::table::PointSide::Dark,
        check: Some(dicetray::table::message::Check {
            ask: ask.into(),
            player: player.into(),
        }),
    }
}

#[test]
fn a_dark_point_on_a_players_check_upgrades_it_once_on_every_phone() {
    let mut t = table3();
    t.say(GM, What::Points { light: 1, dark: 3 }, false, 9_000);
    t.say(GM, ask("Perception", vec![], false), false, 10_000);
    let id = the_ask(&t.gm).id.clone();
    let (ana, ben) = (t.ana.me().to_string(), t.ben.me().to_string());
    t.say(GM, dark_on(&id, &ana), false, 11_000);
    for phone in t.phones() {
        assert_eq!(the_ask(phone).upgraded, std::slice::from_ref(&ana));
        let pool = phone.view().pool.unwrap();
        assert_eq!((pool.light, pool.dark), (2, 2), "one point moved");
    }
    // Once per check: the app refuses a second; signed by hand, every phone refuses it.
    assert!(
        t.gm.say(dark_on(&id, &ana), false, T0 + 12_000, &mut rng(50))
            .is_err()
    );
    assert!(
        t.ana
            .say(dark_on(&id, &ben), false, T0 + 12_000, &mut rng(51))
            .is_err(),
        "a dark point is the GM's"
    );
    let gm_key = key_of(&t.gm);
    let last = t.gm.log().iter().rev().find(|e| e.mine).unwrap();
    let text = plaintext(last.t + 1, &last.id, "", dark_on(&id, &ana));
    let second = forged(t.gm.invite(), &gm_key, &text, T0 / 1000 + 13, None);
    for phone in [&mut t.gm, &mut t.ana, &mut t.ben] {
        deliver(phone, std::slice::from_ref(&second));
        assert!(
            phone
                .log()
                .iter()
                .any(|e| e.id == id_of(&second) && e.refused)
        );
        let pool = phone.view().pool.unwrap();
        assert_eq!((pool.light, pool.dark), (2, 2), "no second point");
    }
    // Ben's check is his own: one point on it too. Taken back, his upgrade goes.
    let on_ben = t.say(GM, dark_on(&id, &ben), false, 14_000);
    assert_eq!(the_ask(&t.ana).upgraded, [ana.clone(), ben.clone()]);
    t.say(
        GM,
        What::Undo {
            of: id_of(&on_ben[0]),
        },
        false,
        15_000,
    );
    for phone in t.phones() {
        assert_eq!(the_ask(phone).upgraded, std::slice::from_ref(&ana));
        let pool = phone.view().pool.unwrap();
        assert_eq!((pool.light, pool.dark), (2, 2));
    }
    // Not on a request in another tray, nor on the GM's own roll.
    t.say(
        GM,
        What::Ask {
            tray: "d6".into(),
            label: "Climb".into(),
            challenge: String::new(),
            who: vec![],
            to_gm: false,
        },
        false,
        16_000,
    );
    let climb = t.gm.view().asks[1].id.clone();
    assert!(
        t.gm.say(dark_on(&climb, &ana), false, T0 + 17_000, &mut rng(52))
            .is_err()
    );
    let gm_me = t.gm.me().to_string();
    assert!(
        t.gm.say(dark_on(&id, &gm_me), false, T0 + 17_000, &mut rng(53))
            .is_err()
    );
}
