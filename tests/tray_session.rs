//! A tray's session (what it was doing, kept across a reload in this tab): what is written
//! reads back, and anything else reads as a fresh tray.

use dicetray::storage::tray_session::{KeptRoll, MAX_ENTERED, TraySession, session_key};

fn full() -> TraySession {
    TraySession {
        label: "Pilot: evade the TIEs".into(),
        gm_side: Some("2 Difficulty, 1 Setback".into()),
        shown: Some(KeptRoll::Own {
            id: 42,
            kind: "settled".into(),
            verdict: Some(("Defended: no harm".into(), "good".into())),
        }),
        entered: vec![Some(3), None, Some(0)],
        spent: vec!["gm".into()],
    }
}

#[test]
fn what_is_written_reads_back() {
    let session = full();
    assert_eq!(TraySession::decode(&session.encode()), session);
    let link = TraySession {
        shown: Some(KeptRoll::Link("[3,[1,2]]".into())),
        ..TraySession::default()
    };
    assert_eq!(TraySession::decode(&link.encode()), link);
}

#[test]
fn the_stored_form_is_versioned() {
    // Written by hand: [version, {fields}].
    let text = r#"[1,{"label":"x","gm_side":null,"shown":{"Link":"abc"},"entered":[null,2]}]"#;
    let read = TraySession::decode(text);
    assert_eq!(read.label, "x");
    assert_eq!(read.shown, Some(KeptRoll::Link("abc".into())));
    assert_eq!(read.entered, vec![None, Some(2)]);
    assert!(
        read.spent.is_empty(),
        "kept before story points were: none spent"
    );
    let spent = text.replace(r#""entered""#, r#""spent":["players","gm"],"entered""#);
    assert_eq!(TraySession::decode(&spent).spent, vec!["players", "gm"]);
    // Another version, or not a session at all, reads as a fresh tray.
    assert_eq!(
        TraySession::decode(&text.replacen("[1,", "[2,", 1)),
        TraySession::default()
    );
    for bad in [
        "",
        "null",
        "[1]",
        "{\"label\":3}",
        "[1,{\"label\":5}]",
        "\u{0}",
    ] {
        assert_eq!(TraySession::decode(bad), TraySession::default(), "{bad:?}");
    }
}

#[test]
fn parts_out_of_bounds_are_left_out_alone() {
    let mut session = full();
    session.label = "x".repeat(81);
    session.entered = vec![Some(1); MAX_ENTERED + 1];
    session.spent = vec!["players".into(), "gm".into(), "gm".into()];
    let read = TraySession::decode(&session.encode());
    assert_eq!(read.label, "");
    assert!(read.entered.is_empty());
    assert!(read.spent.is_empty(), "two sides at most");
    session.spent = vec!["dealer".into()];
    assert!(
        TraySession::decode(&session.encode()).spent.is_empty(),
        "no such side"
    );
    assert_eq!(read.gm_side, full().gm_side);
    assert_eq!(read.shown, full().shown);
}

#[test]
fn entered_dice_are_kept_only_for_the_same_count() {
    let session = full();
    assert_eq!(session.entered_for(3), vec![Some(3), None, Some(0)]);
    assert_eq!(session.entered_for(2), vec![None, None]);
}

#[test]
fn each_tray_has_its_own_key() {
    assert_eq!(session_key("el"), "dicetray.session.el");
    assert_ne!(session_key("el"), session_key("d6"));
}
