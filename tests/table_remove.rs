//! Removing a player: the GM moves the table to a new key shared with everyone kept. The
//! removed phone says so and reads nothing sent after; a link from before lets no one in and
//! opens only what came before; the new link opens the whole table; messages sealed with a
//! key a phone does not hold yet wait for it, in any order. Expected values are written out
//! here (who is at the table, which log entries each phone shows), not read from the code.

mod table_sim;

use dicetray::table::Dropped;
use dicetray::table::phone::Table;
use dicetray::table::seal::{Sealed, open};
use dicetray::table::{Event, What};
use table_sim::*;

fn names(phone: &Table) -> Vec<String> {
    phone
        .view()
        .people
        .iter()
        .map(|p| p.shown.clone())
        .collect()
}

fn labels(phone: &Table) -> Vec<String> {
    phone
        .log()
        .iter()
        .filter_map(|e| match &e.what {
            What::Roll { label, .. } => Some(label.clone()),
            _ => None,
        })
        .collect()
}

/// Gia removes Ben, with one roll each side of the move by Ana.
fn ben_removed() -> (Table3, Vec<String>) {
    let mut t = table3();
    t.say(ANA, roll("before"), false, 10_000);
    let ben = t.ben.me().to_string();
    let moved = json(t.gm.remove(&[ben], T0 + 11_000, &mut rng(11)).unwrap());
    t.all.extend(moved.clone());
    for phone in [&mut t.ana, &mut t.ben] {
        deliver(phone, &moved);
    }
    (t, moved)
}

#[test]
fn the_removed_phone_is_told_and_reads_nothing_sent_after() {
    let (mut t, moved) = ben_removed();
    assert_eq!(moved.len(), 1);
    // Every phone says who was removed, and by whom.
    for phone in t.phones() {
        let removals = &phone.view().removals;
        assert_eq!(removals.len(), 1);
        assert_eq!(removals[0].removed.len(), 1);
        assert_eq!(removals[0].removed[0].1, "Ben");
    }
    assert_eq!(names(&t.gm), ["Gia", "Ana"]);
    assert_eq!(names(&t.ana), ["Gia", "Ana"]);
    assert_eq!(t.ben.removed_by().as_deref(), Some("Gia"));
    assert!(t.ben.key_missing());
    assert!(!t.gm.key_missing() && !t.ana.key_missing());
    assert_eq!(t.gm.view().key_in_use, t.ana.view().key_in_use);
    assert_eq!(t.gm.view().key_in_use.len(), 16);
    let refused = t.ben.say(roll("after"), false, T0 + 12_000, &mut rng(12));
    assert_eq!(refused.unwrap_err(), "You were removed from this table.");

    // Ana rolls on: sealed with the new key, which neither Ben's phone nor the old link opens.
    let after = json(
        t.ana
            .say(roll("after"), false, T0 + 13_000, &mut rng(13))
            .unwrap(),
    );
    deliver(&mut t.gm, &after);
    let event = Event::parse(&after[0]).unwrap();
    assert!(event.content.starts_with("k1."), "{}", event.content);
    let old_key = t.gm.invite().key;
    assert_eq!(
        open(Sealed::Table, &old_key, 7237, &event.pubkey, &event.content),
        None
    );
    assert_eq!(t.ben.take(&after[0]), Err(Dropped::Locked));
    t.ben.settle();
    assert_eq!(labels(&t.ben), ["before"]);
    assert_eq!(labels(&t.gm), ["before", "after"]);
    assert_eq!(labels(&t.ana), ["before", "after"]);

    // Ben's own client, signing by hand with the old key, changes no kept phone.
    let forged = t.ben_forges(vec![roll("forged"), What::Joined { name: "Ben".into() }], 1);
    let before = shown(&t.gm);
    for phone in [&mut t.gm, &mut t.ana] {
        deliver(phone, &forged);
        assert_eq!(shown(phone), before);
    }
    // Nor can the GM hand Ben's key a way back: a removed key does not join again.
    assert!(
        t.gm.remove(&[t.ben.me().to_string()], T0 + 14_000, &mut rng(14))
            .is_err()
    );
}

#[test]
fn an_old_link_opens_only_what_came_before_and_the_new_one_everything() {
    let (mut t, _) = ben_removed();
    t.say(ANA, roll("after"), false, 13_000);

    // A newcomer with the link from before: reads up to the move, is not let in, and says why.
    let mut stale = joiner(t.gm.invite(), "Cleo", 20);
    assert!(deliver_and_join(&mut stale, &t.all, T0 + 20_000, 21).is_empty());
    assert!(stale.key_missing());
    assert_eq!(stale.removed_by(), None);
    assert_eq!(labels(&stale), ["before"]);
    let said = stale
        .say(roll("x"), false, T0 + 20_500, &mut rng(22))
        .unwrap_err();
    assert!(said.contains("out of date"), "{said}");
    // A joining sealed with the old key by hand, placed after the move, lets no one in.
    let cleo_key = key(40);
    let latest = latest_other(&t.gm);
    let sneaked = forged(
        t.gm.invite(),
        &cleo_key,
        &plaintext(
            latest.1 + 1,
            "",
            &latest.0,
            What::Joined {
                name: "Cleo".into(),
            },
        ),
        1,
        None,
    );
    let before = shown(&t.gm);
    deliver(&mut t.gm, &[sneaked]);
    assert_eq!(shown(&t.gm), before);

    // The new link: version 3, carrying the new key; the newcomer reads the whole table and
    // joins with the key in use, and every kept phone shows her.
    let link = t.gm.link();
    assert_eq!(link.later.len(), 1);
    assert_eq!(
        t.ben.link().later.len(),
        0,
        "Ben's phone has only the old key"
    );
    let code = link.code();
    let mut cleo = joiner(&dicetray::table::Invite::parse(&code).unwrap(), "Cleo", 30);
    let joined = deliver_and_join(&mut cleo, &shuffled(&t.all, 7), T0 + 30_000, 31);
    assert_eq!(joined.len(), 1);
    assert!(Event::parse(&joined[0]).unwrap().content.starts_with("k1."));
    t.all.extend(joined.clone());
    for phone in [&mut t.gm, &mut t.ana, &mut cleo] {
        deliver(phone, &joined);
    }
    assert_eq!(names(&t.gm), ["Gia", "Ana", "Cleo"]);
    assert_eq!(labels(&cleo), ["before", "after"]);
    assert_eq!(shown(&cleo), shown(&t.gm));
    assert_eq!(shown(&t.ana), shown(&t.gm));
    // Ben's phone sees none of it.
    deliver(&mut t.ben, &joined);
    assert_eq!(names(&t.ben), ["Gia", "Ana"]);
}

#[test]
fn messages_sealed_with_a_key_not_held_yet_wait_for_it_in_any_order_and_after_a_reload() {
    let (mut t, moved) = ben_removed();
    let after = t.say(ANA, roll("after"), false, 13_000);
    let more = t.say(GM, roll("more"), false, 14_000);
    // Ana's phone as it was before the move, reloaded from storage, given the new messages
    // first and the move last: what it holds opens once the key comes.
    let mut ana = table3().ana;
    deliver(&mut ana, &t.all[..t.all.len() - 3]);
    for event in after.iter().chain(&more) {
        assert_eq!(ana.take(event), Err(Dropped::Locked));
    }
    ana.settle();
    let mut ana: Table = serde_json::from_str(&serde_json::to_string(&ana).unwrap()).unwrap();
    // The reload forgot what waited: a relay sends it again.
    deliver(&mut ana, &after);
    deliver(&mut ana, &moved);
    deliver(&mut ana, &more);
    assert_eq!(labels(&ana), ["before", "after", "more"]);
    assert_eq!(shown(&ana), shown(&t.gm));
    // What it learned is kept: reloaded again, it still reads and writes with the new key.
    let mut ana: Table = serde_json::from_str(&serde_json::to_string(&ana).unwrap()).unwrap();
    assert!(!ana.key_missing());
    let next = json(
        ana.say(roll("next"), false, T0 + 15_000, &mut rng(15))
            .unwrap(),
    );
    deliver(&mut t.gm, &next);
    assert_eq!(labels(&t.gm), ["before", "after", "more", "next"]);
}

#[test]
fn only_the_gm_removes_and_only_players_at_the_table() {
    let mut t = table3();
    let ben = t.ben.me().to_string();
    let gm = t.gm.me().to_string();
    assert!(
        t.ana
            .remove(std::slice::from_ref(&ben), T0 + 5_000, &mut rng(5))
            .is_err()
    );
    assert!(t.gm.remove(&[gm], T0 + 5_000, &mut rng(5)).is_err());
    assert!(t.gm.remove(&[], T0 + 5_000, &mut rng(5)).is_err());
    assert!(
        t.gm.remove(&["ab".repeat(32)], T0 + 5_000, &mut rng(5))
            .is_err()
    );
    // Ana's forged move, by hand, changes nothing anywhere.
    let ana_key = key_of(&t.ana);
    let latest = latest_other(&t.ana);
    let last = t
        .ana
        .log()
        .iter()
        .rev()
        .find(|e| e.mine)
        .unwrap()
        .id
        .clone();
    let share = "A".repeat(96);
    let forged_move = forged(
        t.gm.invite(),
        &ana_key,
        &plaintext(
            latest.1 + 1,
            &last,
            &latest.0,
            What::Rekey {
                key: "0123456789abcdef".into(),
                keep: vec![(t.ana.me().to_string(), share)],
            },
        ),
        1,
        None,
    );
    t.change_nothing(&[forged_move]);
    assert!(t.gm.view().removals.is_empty());
}
