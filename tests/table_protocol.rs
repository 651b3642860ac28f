//! The live table's building blocks against values from outside this code: BIP-340's own test
//! vectors, NIP-01's id over a JSON string written by hand, the seals' tamper refusals, and
//! the invite code.

use dicetray::table::bytes::{base64url, from_base64url, from_hex_array, hex};
use dicetray::table::event::event_id;
use dicetray::table::keys::{DeviceKey, verify};
use dicetray::table::seal::{Sealed, gm_key, open, seal};
use dicetray::table::{Dropped, Event, Invite, wire};
use proptest::prelude::*;
use sha2::{Digest, Sha256};

fn h32(text: &str) -> [u8; 32] {
    from_hex_array(&text.to_lowercase()).unwrap()
}

fn h64(text: &str) -> [u8; 64] {
    from_hex_array(&text.to_lowercase()).unwrap()
}

/// bip-0340/test-vectors.csv, rows 0 to 3: secret key, public key, aux_rand, message, signature.
const SIGN_VECTORS: [[&str; 5]; 4] = [
    [
        "0000000000000000000000000000000000000000000000000000000000000003",
        "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0",
    ],
    [
        "B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF",
        "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
        "0000000000000000000000000000000000000000000000000000000000000001",
        "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
        "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A",
    ],
    [
        "C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9",
        "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
        "C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906",
        "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
        "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7",
    ],
    [
        "0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710",
        "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3",
    ],
];

#[test]
fn bip340_signing_vectors() {
    for [secret, public, aux, message, signature] in SIGN_VECTORS {
        let key = DeviceKey::from_secret(h32(secret)).unwrap();
        assert_eq!(key.public(), h32(public), "public key of {secret}");
        let sig = key.sign(&h32(message), &h32(aux));
        assert_eq!(hex(&sig), signature.to_lowercase(), "signature by {secret}");
        assert!(verify(&h32(public), &h32(message), &sig));
    }
}

#[test]
fn bip340_verification_vectors() {
    let msg = "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89";
    let dff = "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659";
    // (public key, message, signature, expected): rows 4 to 9 and 12 to 14.
    let rows = [
        (
            "D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9",
            "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703",
            "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4",
            true,
        ),
        (
            "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34",
            msg,
            "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
            false, // public key not on the curve
        ),
        (
            dff,
            msg,
            "FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2",
            false, // R has odd y
        ),
        (
            dff,
            msg,
            "1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD",
            false, // negated message
        ),
        (
            dff,
            msg,
            "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6",
            false, // negated s
        ),
        (
            dff,
            msg,
            "0000000000000000000000000000000000000000000000000000000000000000123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051",
            false, // sG - eP is infinite
        ),
        (
            dff,
            msg,
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
            false, // r equal to the field size
        ),
        (
            dff,
            msg,
            "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
            false, // s equal to the curve order
        ),
        (
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
            msg,
            "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
            false, // public key beyond the field size
        ),
    ];
    for (public, message, signature, expected) in rows {
        assert_eq!(
            verify(&h32(public), &h32(message), &h64(signature)),
            expected,
            "{public} {signature}"
        );
    }
}

#[test]
fn nip01_id_is_sha256_of_the_serialized_event() {
    let pubkey = "6e468422dfb74a5738702a8823b9b28168abab8655faacb6853cd0ee15deee93";
    let tags = vec![
        vec!["t".to_string(), "0102".to_string()],
        vec!["expiration".to_string(), "1700604800".to_string()],
    ];
    let content = "say \"hi\"\nback\\slash\ttab é";
    // Written by hand, as NIP-01 describes the serialization.
    let expected = concat!(
        r#"[0,"6e468422dfb74a5738702a8823b9b28168abab8655faacb6853cd0ee15deee93","#,
        r#"1700000000,7237,[["t","0102"],["expiration","1700604800"]],"#,
        r#""say \"hi\"\nback\\slash\ttab é"]"#
    );
    let digest: [u8; 32] = Sha256::digest(expected.as_bytes()).into();
    assert_eq!(
        event_id(pubkey, 1_700_000_000, 7237, &tags, content),
        digest
    );

    let key = DeviceKey::from_secret([0x11; 32]).unwrap();
    let event = Event::signed(&key, 5, 27237, vec![], "x".into(), &[0; 32]);
    let text = format!(r#"[0,"{}",5,27237,[],"x"]"#, key.public_hex());
    assert_eq!(event.id, hex(&Sha256::digest(text.as_bytes())));
    assert_eq!(Event::from_json(&event.to_json()), Ok(event));
}

const TABLE_KEY: [u8; 32] = [0x42; 32];

#[test]
fn table_seal_opens_only_as_sealed() {
    let author = DeviceKey::from_secret([1; 32]).unwrap().public_hex();
    let other = DeviceKey::from_secret([2; 32]).unwrap().public_hex();
    let plain = br#"{"v":1}"#;
    let content = seal(Sealed::Table, &TABLE_KEY, 7237, &author, plain, &[7; 24]);
    assert!(content.starts_with("t1."));
    assert_eq!(
        open(Sealed::Table, &TABLE_KEY, 7237, &author, &content).as_deref(),
        Some(&plain[..])
    );
    assert_eq!(
        open(Sealed::Table, &[0x43; 32], 7237, &author, &content),
        None,
        "key"
    );
    assert_eq!(
        open(Sealed::Table, &TABLE_KEY, 37237, &author, &content),
        None,
        "kind"
    );
    assert_eq!(
        open(Sealed::Table, &TABLE_KEY, 7237, &other, &content),
        None,
        "pubkey"
    );
    assert_eq!(
        open(Sealed::GmOnly, &TABLE_KEY, 7237, &author, &content),
        None,
        "prefix"
    );
    let bytes = from_base64url(&content[3..]).unwrap();
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 1;
        let tampered = format!("t1.{}", base64url(&bad));
        assert_eq!(
            open(Sealed::Table, &TABLE_KEY, 7237, &author, &tampered),
            None,
            "byte {i} (nonce: {})",
            i < 24
        );
    }
    assert_eq!(
        open(
            Sealed::Table,
            &TABLE_KEY,
            7237,
            &author,
            &content[..content.len() - 2]
        ),
        None
    );
    assert_eq!(open(Sealed::Table, &TABLE_KEY, 7237, &author, "t1."), None);
    assert_eq!(
        open(Sealed::Table, &TABLE_KEY, 7237, &author, "t1.!!"),
        None
    );
}

#[test]
fn gm_seal_opens_for_the_gm_and_the_sender_only() {
    let sender = DeviceKey::from_secret([1; 32]).unwrap();
    let gm = DeviceKey::from_secret([2; 32]).unwrap();
    let third = DeviceKey::from_secret([3; 32]).unwrap();
    let key = gm_key(&TABLE_KEY, &sender, &gm.public()).unwrap();
    let content = seal(
        Sealed::GmOnly,
        &key,
        7237,
        &sender.public_hex(),
        b"secret",
        &[1; 24],
    );
    assert!(content.starts_with("g1."));
    let opens = |key: [u8; 32]| open(Sealed::GmOnly, &key, 7237, &sender.public_hex(), &content);
    assert_eq!(opens(key).as_deref(), Some(&b"secret"[..]), "sender");
    let gm_side = gm_key(&TABLE_KEY, &gm, &sender.public()).unwrap();
    assert_eq!(gm_side, key);
    assert_eq!(opens(gm_side).as_deref(), Some(&b"secret"[..]), "GM");
    assert_eq!(
        opens(gm_key(&TABLE_KEY, &third, &sender.public()).unwrap()),
        None
    );
    assert_eq!(
        opens(gm_key(&TABLE_KEY, &third, &gm.public()).unwrap()),
        None
    );
    assert_eq!(opens(TABLE_KEY), None, "the table key");
    assert_eq!(
        gm_key(&[0; 32], &gm, &sender.public()).map(|k| k == key),
        Some(false)
    );
    // SHA-256("dicetray gm-only" | table key | X), X the ECDH x coordinate.
    let x = sender.shared_x(&gm.public()).unwrap();
    let mut input = b"dicetray gm-only".to_vec();
    input.extend_from_slice(&TABLE_KEY);
    input.extend_from_slice(&x);
    assert_eq!(key, <[u8; 32]>::from(Sha256::digest(&input)));
}

fn invite(relays: &[&str]) -> Invite {
    Invite {
        id: [0xab; 16],
        key: TABLE_KEY,
        gm: DeviceKey::from_secret([2; 32]).unwrap().public(),
        later: Vec::new(),
        relays: relays.iter().map(|r| r.to_string()).collect(),
    }
}

#[test]
fn invite_round_trip_and_layout() {
    let one = invite(&["wss://nos.lol", "ws://127.0.0.1:7000"]);
    let code = one.code();
    assert_eq!(Invite::parse(&code), Ok(one.clone()));
    let bytes = from_base64url(&code).unwrap();
    assert_eq!(bytes[0], 2);
    assert_eq!(&bytes[1..17], &[0xab; 16]);
    assert_eq!(&bytes[17..49], &TABLE_KEY);
    assert_eq!(&bytes[81..], b"wss://nos.lol\nws://127.0.0.1:7000");
    assert_eq!(one.tag(), "abababababababababababababababab");
    let none = invite(&[]);
    assert_eq!(Invite::parse(&none.code()), Ok(none.clone()));
    assert_eq!(from_base64url(&none.code()).unwrap().len(), 81);
    let json = serde_json::to_string(&one).unwrap();
    assert_eq!(serde_json::from_str::<Invite>(&json).unwrap(), one);
    // A table moved to later keys: version 3, the keys' count and the keys before the relays.
    let moved = Invite {
        later: vec![[0xc1; 32], [0xc2; 32]],
        ..invite(&["wss://nos.lol"])
    };
    let bytes = from_base64url(&moved.code()).unwrap();
    assert_eq!(bytes[0], 3);
    assert_eq!(&bytes[17..49], &TABLE_KEY);
    assert_eq!(bytes[81], 2);
    assert_eq!(&bytes[82..114], &[0xc1; 32]);
    assert_eq!(&bytes[114..146], &[0xc2; 32]);
    assert_eq!(&bytes[146..], b"wss://nos.lol");
    assert_eq!(Invite::parse(&moved.code()), Ok(moved));
}

#[test]
fn bad_invites_are_refused_with_a_message() {
    let good = from_base64url(&invite(&["wss://nos.lol"]).code()).unwrap();
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut bytes = good.clone();
        f(&mut bytes);
        Invite::parse(&base64url(&bytes)).unwrap_err()
    };
    assert!(with(&|b| b[0] = 4).contains("version 4"));
    // Version 3 names its later keys: a count of none, or more keys than are there, is cut short.
    assert!(with(&|b| b[0] = 3).contains("cut short"));
    assert!(
        with(&|b| {
            b[0] = 3;
            b.truncate(81);
            b.push(2);
            b.extend_from_slice(&[1; 40]);
        })
        .contains("cut short")
    );
    // A version 1 table's link: that table is told plainly to start anew.
    assert!(with(&|b| b[0] = 1).contains("older Dicetray"));
    assert!(with(&|b| b.truncate(60)).contains("cut short"));
    assert!(with(&|b| b.truncate(1)).contains("cut short"));
    let bad_relay = with(&|b| {
        b.truncate(81);
        b.extend_from_slice(b"ws://relay.example.com");
    });
    assert!(bad_relay.contains("relay"), "{bad_relay}");
    let many = with(&|b| {
        b.truncate(81);
        b.extend_from_slice(["wss://nos.lol"; 9].join("\n").as_bytes());
    });
    assert!(many.contains("9 relays"), "{many}");
    assert!(with(&|b| b.push(0xff)).contains("not text"));
    assert!(with(&|b| b[49..81].copy_from_slice(&[0xff; 32])).contains("GM's key"));
    assert!(Invite::parse("").unwrap_err().contains("empty"));
    assert!(
        Invite::parse("not a code!")
            .unwrap_err()
            .contains("damaged")
    );
    let eight = invite(&["wss://nos.lol"; 8]);
    assert!(Invite::parse(&eight.code()).is_ok());
}

#[test]
fn event_checks_drop_with_reasons() {
    let key = DeviceKey::from_secret([4; 32]).unwrap();
    let event = Event::signed(&key, 1, 7237, vec![], "t1.".into(), &[0; 32]);
    let json = event.to_json();
    assert_eq!(
        Event::from_json(&json[..json.len() - 1]),
        Err(Dropped::BadJson)
    );
    let short = json.replace(&event.pubkey, &event.pubkey[2..]);
    assert_eq!(Event::from_json(&short), Err(Dropped::BadJson));
    let big = Event {
        content: "x".repeat(17_000),
        ..event
    };
    assert_eq!(Event::from_json(&big.to_json()), Err(Dropped::TooBig));
}

proptest! {
    #[test]
    fn from_json_never_panics(text in ".{0,400}") {
        let _ = Event::from_json(&text);
        let _ = wire::parse(&text);
        let _ = Invite::parse(&text);
    }

    #[test]
    fn parsers_never_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Event::from_json(&text);
        let _ = wire::parse(&text);
        prop_assert!(Invite::parse(&base64url(&bytes)).is_err() || matches!(bytes.first(), Some(&2 | &3)));
    }

    #[test]
    fn near_events_never_panic(pre in "[\\[\\]{}\",:a-z0-9 ]{0,60}") {
        let frame = format!(r#"["EVENT","s",{{"id":"{pre}","pubkey":{pre},"kind":1}}]"#);
        let _ = wire::parse(&frame);
        let _ = Event::from_json(&format!("{{{pre}}}"));
    }

    #[test]
    fn invite_codes_round_trip(
        id in any::<[u8; 16]>(),
        key in any::<[u8; 32]>(),
        secret in any::<[u8; 32]>(),
        hosts in prop::collection::vec("[a-z0-9]{1,20}(\\.[a-z]{2,6})?", 0..=8),
        local in any::<bool>(),
        later in prop::collection::vec(any::<[u8; 32]>(), 0..=16),
    ) {
        let gm = DeviceKey::from_secret(secret).map_or([2; 32], |k| k.public());
        let mut relays: Vec<String> = hosts.iter().map(|h| format!("wss://{h}")).collect();
        if local && !relays.is_empty() {
            relays[0] = "ws://localhost:7777".into();
        }
        let invite = Invite { id, key, gm, later, relays };
        prop_assert_eq!(Invite::parse(&invite.code()), Ok(invite.clone()));
    }
}
