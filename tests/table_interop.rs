//! What the Node test client made (`tests/interop/from-js.json`) is what our Rust reads.

use dicetray::core::history::{HistoryEntry, RecordedRoll};
use dicetray::core::narrative::NarrativeRoll;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::storage::{entry_from_link, entry_link_text};
use dicetray::table::bytes::{from_hex_array, hex};
use dicetray::table::event::event_id;
use dicetray::table::keys::verify;
use dicetray::table::seal::{self, Sealed};
use dicetray::table::{DeviceKey, Event, Invite, Message, NoRandom, Table, What};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;

fn fixture() -> Value {
    serde_json::from_str(include_str!("interop/from-js.json")).unwrap()
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap()
}

fn bytes<const N: usize>(value: &Value) -> [u8; N] {
    from_hex_array::<N>(text(value)).unwrap()
}

fn device(secret: &Value) -> DeviceKey {
    DeviceKey::from_secret(bytes(secret)).unwrap()
}

fn invite(f: &Value) -> Invite {
    Invite::parse(text(&f["invite"]["code"])).unwrap()
}

fn kind(e: &Value) -> u32 {
    e["kind"].as_u64().unwrap() as u32
}

/// Our `event_id` of a fixture event's fields.
fn our_id(e: &Value) -> [u8; 32] {
    let tags: Vec<Vec<String>> = serde_json::from_value(e["tags"].clone()).unwrap();
    let created_at = e["created_at"].as_u64().unwrap();
    event_id(
        text(&e["pubkey"]),
        created_at,
        kind(e),
        &tags,
        text(&e["content"]),
    )
}

#[test]
fn the_invite_code_reads_and_writes_back_the_same() {
    let f = fixture();
    let i = &f["invite"];
    let invite = invite(&f);
    assert_eq!(hex(&invite.id), text(&i["id"]));
    assert_eq!(hex(&invite.key), text(&i["key"]));
    assert_eq!(hex(&invite.gm), text(&i["gm"]));
    let relays: Vec<String> = serde_json::from_value(i["relays"].clone()).unwrap();
    assert_eq!(invite.relays, relays);
    assert_eq!(invite.tag(), text(&i["tag"]));
    assert_eq!(invite.code(), text(&i["code"]));
    for who in ["gm", "player"] {
        assert_eq!(
            device(&f[who]["secret"]).public_hex(),
            text(&f[who]["pubkey"])
        );
    }
    assert_eq!(text(&f["gm"]["pubkey"]), text(&i["gm"]));
}

#[test]
fn every_event_has_our_id_and_a_valid_signature() {
    let f = fixture();
    for name in ["root", "join", "t1_roll", "g1_roll", "escaping"] {
        let e = &f[name]["event"];
        let id = our_id(e);
        assert_eq!(hex(&id), text(&e["id"]), "{name}");
        assert!(
            verify(&bytes(&e["pubkey"]), &id, &bytes(&e["sig"])),
            "{name}"
        );
        assert_eq!(Event::from_json(&e.to_string()).unwrap().id, text(&e["id"]));
    }
}

#[test]
fn the_escaping_event_id_is_sha256_of_its_serialization() {
    let f = fixture();
    let esc = &f["escaping"];
    assert_eq!(hex(&our_id(&esc["event"])), text(&esc["id"]));
    let digest: [u8; 32] =
        <sha2::Sha256 as sha2::Digest>::digest(text(&esc["serialized"]).as_bytes()).into();
    assert_eq!(hex(&digest), text(&esc["id"]));
}

#[test]
fn the_table_roll_opens_with_the_table_key() {
    let f = fixture();
    let t1 = &f["t1_roll"];
    let e = &t1["event"];
    let (kind, author, content) = (kind(e), text(&e["pubkey"]), text(&e["content"]));
    assert_eq!(seal::associated_data(kind, author), text(&t1["aad"]));
    assert_eq!(Sealed::of(content), Some(Sealed::Table));
    let plain = seal::open(Sealed::Table, &invite(&f).key, kind, author, content).unwrap();
    assert_eq!(plain, text(&t1["plaintext_json"]).as_bytes());
    let message = Message::decode(&plain).unwrap();
    let ours: Value = serde_json::from_str(&message.to_json()).unwrap();
    assert_eq!(ours, t1["plaintext"]);
}

#[test]
fn the_gm_only_roll_opens_with_our_gm_key_from_either_side() {
    let f = fixture();
    let g1 = &f["g1_roll"];
    let e = &g1["event"];
    let (sender, gm) = (device(&g1["sender_secret"]), device(&g1["gm_secret"]));
    let table_key = invite(&f).key;
    for (me, peer) in [(&sender, &gm), (&gm, &sender)] {
        assert_eq!(
            hex(&me.shared_x(&peer.public()).unwrap()),
            text(&g1["ecdh_x"])
        );
    }
    let by_gm = seal::gm_key(&table_key, &gm, &sender.public()).unwrap();
    let by_sender = seal::gm_key(&table_key, &sender, &gm.public()).unwrap();
    assert_eq!(hex(&by_gm), text(&g1["gm_only_key"]));
    assert_eq!(hex(&by_sender), text(&g1["gm_only_key"]));
    let (kind, author, content) = (kind(e), text(&e["pubkey"]), text(&e["content"]));
    assert_eq!(Sealed::of(content), Some(Sealed::GmOnly));
    for key in [by_gm, by_sender] {
        let plain = seal::open(Sealed::GmOnly, &key, kind, author, content).unwrap();
        let ours: Value =
            serde_json::from_str(&Message::decode(&plain).unwrap().to_json()).unwrap();
        assert_eq!(ours, g1["plaintext"]);
    }
    assert_eq!(
        seal::open(Sealed::GmOnly, &table_key, kind, author, content),
        None
    );
}

/// A phone of this device key (its "random" source gives that key's secret).
fn phone_of(f: &Value, who: &str, name: &str) -> Table {
    let secret = bytes::<32>(&f[who]["secret"]);
    Table::join(invite(f), name, &mut |out: &mut [u8]| {
        out.copy_from_slice(&secret[..out.len()]);
        Ok::<(), NoRandom>(())
    })
    .unwrap()
}

#[test]
fn the_gms_phone_reads_the_js_table() {
    let f = fixture();
    let mut gm = phone_of(&f, "gm", "Gia");
    for name in ["root", "join", "t1_roll", "g1_roll"] {
        assert_eq!(gm.take(&f[name]["event"].to_string()), Ok(()), "{name}");
    }
    gm.settle();
    assert!(gm.am_gm());
    let names: Vec<&str> = gm.view().people.iter().map(|p| p.shown.as_str()).collect();
    assert_eq!(names, ["Gia", "Ann"]);
    let log = gm.log();
    assert_eq!(log.len(), 4, "{log:?}");
    let roll = &f["t1_roll"]["plaintext"]["what"]["roll"];
    let entry = &log[2];
    assert_eq!(entry.id, text(&f["t1_roll"]["event"]["id"]));
    assert_eq!(entry.by, "Ann");
    assert_eq!(entry.t, f["t1_roll"]["plaintext"]["t"].as_u64().unwrap());
    assert!(!entry.to_gm && !entry.mine);
    let expected = What::Roll {
        tray: text(&roll["tray"]).into(),
        label: text(&roll["label"]).into(),
        roll: text(&roll["roll"]).into(),
        answers: String::new(),
    };
    assert_eq!(entry.what, expected);
    // The roll for the GM alone reached the GM.
    assert!(log[3].to_gm && !log[3].undelivered);
    // The player's phone, from the same events, shows the same table, and its own roll
    // for the GM as sent.
    let mut ann = phone_of(&f, "player", "Ann");
    for name in ["g1_roll", "t1_roll", "join", "root"] {
        let _ = ann.take(&f[name]["event"].to_string());
    }
    ann.settle();
    let public = |t: &Table| {
        t.log()
            .iter()
            .filter(|e| !e.to_gm)
            .map(|e| e.id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(public(&ann), public(&gm));
}

#[test]
fn a_real_roll_goes_through_the_table() {
    let pool = parse_pool("2g1y1p").unwrap();
    let original = HistoryEntry {
        id: 42,
        at_ms: 1_800_000_000_000,
        label: "Pilot: evade the \"TIEs\" — fast".into(),
        who: Some("Ann".into()),
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::Narrative(NarrativeRoll::roll(&pool, &mut StdRng::seed_from_u64(7))),
    };
    let now = 1_800_000_000_000;
    let mut counter = 0u8;
    let mut random = |out: &mut [u8]| {
        for byte in out.iter_mut() {
            counter = counter.wrapping_add(37);
            *byte = counter;
        }
        Ok::<(), NoRandom>(())
    };
    let (mut gm, started) = Table::start("Gia", vec![], now, &mut random).unwrap();
    let mut ann = Table::join(gm.invite().clone(), "Ann", &mut random).unwrap();
    ann.receive(&started[0].to_json()).unwrap();
    let joined = ann.join_when_ready(now + 1_000, &mut random).unwrap();
    let what = What::Roll {
        tray: "narrative".into(),
        label: original.label.clone(),
        roll: entry_link_text(&original),
        answers: String::new(),
    };
    let events = ann.say(what, false, now + 2_000, &mut random).unwrap();
    assert_eq!(events.len(), 1);
    gm.receive(&joined[0].to_json()).unwrap();
    assert_eq!(gm.receive(&events[0].to_json()), Ok(()));
    let [_, _, entry] = gm.log() else {
        panic!("three entries expected: {:?}", gm.log())
    };
    let What::Roll {
        tray, label, roll, ..
    } = &entry.what
    else {
        panic!("not a roll: {:?}", entry.what)
    };
    assert_eq!((tray.as_str(), label), ("narrative", &original.label));
    assert_eq!(entry_from_link(roll), Ok(original));
}

#[test]
fn both_sides_tag_a_joining_and_a_roll_alike() {
    let f = fixture();
    let tags = |name: &str| -> Vec<Vec<String>> {
        serde_json::from_value(f[name]["event"]["tags"].clone()).unwrap()
    };
    let mut counter = 0u8;
    let mut random = |out: &mut [u8]| {
        for byte in out.iter_mut() {
            counter = counter.wrapping_add(11);
            *byte = counter;
        }
        Ok::<(), NoRandom>(())
    };
    let (mut gm, started) = Table::start("Gia", vec![], 1_800_000_000_000, &mut random).unwrap();
    let tag = gm.invite().tag();
    // A joining: the table's tag, then `["j", "in"]`, and no expiry.
    assert_eq!(tags("join")[1], ["j", "in"]);
    assert_eq!(
        started[0].tags,
        [
            vec!["t".to_string(), tag.clone()],
            vec!["j".into(), "in".into()]
        ]
    );
    // A roll: the table's tag, then its expiry a week on.
    let roll = What::Roll {
        tray: "d6".into(),
        label: String::new(),
        roll: "x".into(),
        answers: String::new(),
    };
    let rolled = gm.say(roll, false, 1_800_000_001_000, &mut random).unwrap();
    assert_eq!(tags("t1_roll")[1][0], "expiration");
    assert_eq!(rolled[0].tags[0], ["t".to_string(), tag]);
    assert_eq!(
        rolled[0].tags[1],
        [
            "expiration".to_string(),
            (1_800_000_001 + 604_800).to_string()
        ]
    );
    // Points: no expiry (it says what the pool is).
    let points = gm
        .say(
            What::Points { light: 1, dark: 1 },
            false,
            1_800_000_002_000,
            &mut random,
        )
        .unwrap();
    assert_eq!(points[0].tags.len(), 1);
}
