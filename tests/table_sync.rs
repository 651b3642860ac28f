//! What a phone asks relays for (`table::sync`), against a relay simulated as NIP-01 says:
//! whatever strangers or members flood the table with, however the relay reads `until`,
//! however few events it answers at a time, a phone that asks finds the whole table.

mod table_sim;

use dicetray::table::{Pool, Table, What, message::PointSide};
use table_sim::*;

/// A table of four: the GM Gia, Ana, Ben and Cleo; the pool set, rolls, a flip, and the GM
/// role handed to Ana, who sets the pool again. Every phone holds everything; each GM
/// writes the checkpoints due. The events, Gia's phone and Ana's (the GM now).
fn played() -> (Vec<String>, Table, Table) {
    let (mut gia, mut all) = start("Gia", T0, 1);
    let mut phones = Vec::new();
    for (i, name) in ["Ana", "Ben", "Cleo"].into_iter().enumerate() {
        let mut p = joiner(gia.invite(), name, 10 + i as u64);
        all.extend(deliver_and_join(
            &mut p,
            &all,
            T0 + 1_000 * (i as u64 + 1),
            20 + i as u64,
        ));
        phones.push(p);
    }
    deliver(&mut gia, &all);
    if let Some(checkpoint) = gia.checkpoint_due() {
        all.extend(say(&mut gia, checkpoint, T0 + 4_500, 29));
    }
    all.extend(say(
        &mut gia,
        What::Points { light: 3, dark: 2 },
        T0 + 5_000,
        30,
    ));
    for p in phones.iter_mut() {
        deliver(p, &all);
    }
    for (i, p) in phones.iter_mut().enumerate() {
        all.extend(say(
            p,
            roll(&format!("roll {i}")),
            T0 + 6_000 + i as u64,
            40 + i as u64,
        ));
    }
    all.extend(say(
        &mut phones[1],
        What::Flip {
            from: PointSide::Light,
            check: None,
        },
        T0 + 7_000,
        50,
    ));
    deliver(&mut gia, &all);
    let ana_key = phones[0].me().to_string();
    all.extend(json(
        gia.hand_over(&ana_key, T0 + 8_000, &mut rng(51)).unwrap(),
    ));
    let mut ana = phones.remove(0);
    deliver(&mut ana, &all);
    if let Some(checkpoint) = ana.checkpoint_due() {
        all.extend(say(&mut ana, checkpoint, T0 + 8_500, 52));
    }
    all.extend(say(
        &mut ana,
        What::Points { light: 4, dark: 4 },
        T0 + 9_000,
        53,
    ));
    deliver(&mut gia, &all);
    (all, gia, ana)
}

#[test]
fn a_joining_phone_finds_the_whole_table_under_a_flood_of_strangers() {
    let (mut all, gia, _) = played();
    // 1,000 events by 50 keys that never joined, sealed with the leaked key, newer than all.
    let root = id_of(&all[0]);
    for i in 0..1_000u64 {
        let stranger = key(100 + (i % 50) as u8);
        let at = T0 / 1000 + 100 + (i % 2) * 900;
        let text = plaintext(at * 1000, "", &root, roll("junk"));
        all.push(forged(gia.invite(), &stranger, &text, at, None));
    }
    for exclusive in [false, true] {
        let mut relay = SimRelay::new(&all);
        relay.until_exclusive = exclusive;
        let mut late = joiner(gia.invite(), "Dan", 60);
        sync_with(&mut late, &relay);
        assert_eq!(shown(&late), shown(&gia), "until exclusive: {exclusive}");
        assert_eq!(late.view().pool, Some(Pool { light: 4, dark: 4 }));
        assert_eq!(late.gm(), gia.view().gm);
    }
}

#[test]
fn a_member_flooding_one_second_hides_no_one_however_few_a_relay_answers() {
    let (mut all, mut gia, mut ana) = played();
    // Bo joins (Ana, the GM, names him in a checkpoint), then floods: 700 rolls, all
    // stamped with the same second.
    let mut bo = joiner(gia.invite(), "Bo", 70);
    all.extend(deliver_and_join(&mut bo, &all, T0 + 10_000, 71));
    deliver(&mut ana, &all);
    let checkpoint = ana.checkpoint_due().expect("Bo to be named");
    all.extend(say(&mut ana, checkpoint, T0 + 10_500, 72));
    deliver(&mut bo, &all);
    for i in 0..700u64 {
        all.extend(say(
            &mut bo,
            roll(&format!("flood {i}")),
            T0 + 11_000,
            100 + i,
        ));
    }
    // Then Ben rolls once more: under the flood, by created_at.
    deliver(&mut gia, &all);
    for (exclusive, max_limit) in [(false, 5_000), (true, 5_000), (false, 100), (true, 120)] {
        let mut relay = SimRelay::new(&all);
        relay.until_exclusive = exclusive;
        relay.max_limit = max_limit;
        let mut late = joiner(gia.invite(), "Dan", 80);
        let asked = sync_with(&mut late, &relay);
        assert!(asked < 200, "{asked} requests");
        let case = format!("until exclusive: {exclusive}, at most {max_limit} an answer");
        assert_eq!(late.gm(), gia.gm(), "{case}");
        assert_eq!(late.view().pool, gia.view().pool, "{case}");
        let keys = |t: &Table| -> Vec<(String, String)> {
            t.view()
                .people
                .iter()
                .map(|p| (p.pubkey.clone(), p.shown.clone()))
                .collect()
        };
        assert_eq!(keys(&late), keys(&gia), "{case}");
        // Everyone else's messages are held: the flood hid no one. (Of the flood itself, a
        // relay serves a second only up to its limit: the rest cannot be asked for.)
        for e in all.iter().filter(|e| !e.contains(bo.me())) {
            assert_eq!(late.take(e), Err(dicetray::table::Dropped::Seen), "{case}");
        }
    }
}
