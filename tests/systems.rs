//! No part of the app misses a dice system. Every tray in `src/pages.rs` (the one list of
//! pages) is taken by the live table's messages (a roll, a change to a roll and the GM's side
//! naming it), opened with its shared text by the router, filtered to by History, given its
//! own tab session, and its Share fold remembered. Each check goes over the list itself, so
//! a system added to `PAGES` is checked at once: where this file has to make something of
//! the system's own (a roll for History), it fails naming the tray until it is taught to.
//! `tests/browser/systems.test.mjs` checks the same of the built app.

use std::collections::HashSet;

use dicetray::core::effective_level::ElRoll;
use dicetray::core::highest_d6::{ChallengeKind, D6Check, D6Roll, PoolSize};
use dicetray::core::history::{HistoryEntry, RecordedRoll, RollHistory};
use dicetray::core::narrative::NarrativeRoll;
use dicetray::core::notation::effective_level::parse_check;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::pages::{PAGES, Page};
use dicetray::route::Route;
use dicetray::storage::tray_session::session_key;
use dicetray::storage::{Settings, entry_from_link, entry_link_text};
use dicetray::table::message::is_tray;
use dicetray::table::{Amendment, Message, What};

/// The trays, from the list.
fn trays() -> Vec<Page> {
    let trays: Vec<Page> = Page::trays().collect();
    assert!(!trays.is_empty(), "src/pages.rs lists no tray");
    assert_eq!(
        trays.len(),
        PAGES.iter().filter(|p| p.share_key.is_some()).count()
    );
    trays
}

/// A version 2 message saying `what` (as JSON), as a phone opens it from its seal.
fn message(what: &str) -> Option<What> {
    let text = format!(r#"{{"v":2,"t":5,"p":"","a":"","what":{what}}}"#);
    Message::decode(text.as_bytes()).map(|m| m.what)
}

fn roll_naming(tray: &str) -> Option<What> {
    message(&format!(
        r#"{{"roll":{{"tray":"{tray}","label":"Climb","roll":"x"}}}}"#
    ))
}

fn amend_naming(tray: &str) -> Option<What> {
    let of = "ab".repeat(32);
    message(&format!(
        r#"{{"amend":{{"of":"{of}","why":"reroll","tray":"{tray}","label":"Climb","roll":"x"}}}}"#
    ))
}

fn side_naming(tray: &str) -> Option<What> {
    message(&format!(
        r#"{{"side":{{"tray":"{tray}","challenge":"obstacle 3"}}}}"#
    ))
}

#[test]
fn the_table_takes_a_roll_a_change_and_the_gms_side_on_every_tray_and_no_other_name() {
    for tray in trays() {
        let path = tray.path();
        assert!(is_tray(path), "the table's messages take {path}");
        assert_eq!(
            roll_naming(path),
            Some(What::Roll {
                tray: path.into(),
                label: "Climb".into(),
                roll: "x".into(),
                answers: String::new(),
            }),
            "a roll on {path}"
        );
        assert_eq!(
            amend_naming(path),
            Some(What::Amend {
                of: "ab".repeat(32),
                why: Amendment::Reroll,
                tray: path.into(),
                label: "Climb".into(),
                roll: "x".into(),
            }),
            "a change to a roll on {path}"
        );
        assert_eq!(
            side_naming(path),
            Some(What::Side {
                tray: path.into(),
                challenge: "obstacle 3".into(),
            }),
            "the GM's side on {path}"
        );
    }
    // A name that is no tray, and the pages that are not trays, read as a message this
    // version cannot show: never as a roll on some tray.
    let not_trays = PAGES
        .iter()
        .filter(|p| p.share_key.is_none())
        .map(|p| p.path);
    for name in ["nope", "", "Narrative", "story"]
        .into_iter()
        .chain(not_trays)
    {
        assert!(!is_tray(name), "{name:?} is no tray");
        assert_eq!(
            roll_naming(name),
            Some(What::Unsupported),
            "a roll on {name:?}"
        );
        assert_eq!(
            amend_naming(name),
            Some(What::Unsupported),
            "a change on {name:?}"
        );
        assert_eq!(
            side_naming(name),
            Some(What::Unsupported),
            "a side on {name:?}"
        );
    }
}

#[test]
fn every_page_has_its_route_and_every_tray_opens_its_shared_text() {
    for page in Page::all() {
        let route = Route::parse(&format!("#/{}", page.path()));
        assert_eq!(route.page, page, "#/{}", page.path());
        assert_eq!(route.unknown_path, None);
    }
    for tray in trays() {
        let key = tray.share_key().expect("a tray has a share key");
        let route = Route::parse(&format!("#/{}?{key}=x", tray.path()));
        assert_eq!(route.page, tray, "#/{}?{key}=x", tray.path());
        assert_eq!(
            route.shared.as_deref(),
            Some("x"),
            "{}'s shared text",
            tray.path()
        );
        assert_eq!(route.unknown_path, None);
        // The app's own share link opens the same.
        let href = tray.share_href("2 x");
        assert_eq!(Route::parse(&href).page, tray);
        assert_eq!(Route::parse(&href).shared.as_deref(), Some("2 x"));
    }
    let keys: HashSet<_> = trays().iter().map(|t| t.share_key()).collect();
    assert_eq!(
        keys.len(),
        trays().len(),
        "each tray's share key is its own"
    );
}

/// A roll on the tray `path`, made as each system's own tests make one. A tray this does not
/// know fails here, naming it: teach it to make one.
fn roll_on(path: &str) -> RecordedRoll {
    match path {
        "narrative" => RecordedRoll::Narrative(
            NarrativeRoll::from_entered(&parse_pool("2g1p").unwrap(), &[3, 4, 0]).unwrap(),
        ),
        "d6" => RecordedRoll::HighestD6(D6Check {
            roll: D6Roll::from_entered(PoolSize::Dice(3), &[6, 4, 1]).unwrap(),
            pool_line: "3 dice".into(),
            kind: ChallengeKind::Mystical,
            conflict: false,
            cost: None,
        }),
        "el" => RecordedRoll::EffectiveLevel(
            ElRoll::from_entered(&parse_check("el 4").unwrap(), &[1, 1, 0, 1], &[]).unwrap(),
        ),
        other => panic!(
            "tests/systems.rs makes no roll on the tray {other}: src/pages.rs lists it, so \
             History must file its rolls under it; add a roll of it to `roll_on`"
        ),
    }
}

#[test]
fn history_files_each_systems_roll_under_its_own_tray() {
    let entries: Vec<HistoryEntry> = trays()
        .iter()
        .enumerate()
        .map(|(i, tray)| HistoryEntry {
            id: i as u64 + 1,
            at_ms: 1_764_500_000_000 + i as u64,
            label: format!("on {}", tray.path()),
            who: None,
            real_dice: false,
            to_gm: false,
            roll: roll_on(tray.path()),
        })
        .collect();
    let history = RollHistory::from_entries(entries.clone());
    for (tray, entry) in trays().iter().zip(&entries) {
        let path = tray.path();
        assert_eq!(
            entry.roll.tray_key(),
            path,
            "a roll on {path} is filed under it"
        );
        let shown: Vec<_> = history.on_tray(path).collect();
        assert_eq!(
            shown,
            [entry],
            "History's filter for {path} shows its roll alone"
        );
        // As a result link carries it, and as it is stored: read back on the same tray.
        let read = entry_from_link(&entry_link_text(entry)).expect("the roll's link reads");
        assert_eq!(
            read.roll.tray_key(),
            path,
            "{path}'s roll read back from its link"
        );
    }
    for page in Page::all().filter(|p| !p.is_tray()) {
        assert_eq!(
            history.on_tray(page.path()).count(),
            0,
            "{} keeps no rolls",
            page.path()
        );
    }
}

#[test]
fn each_tray_keeps_its_own_tab_session_and_each_page_its_share_fold() {
    let keys: HashSet<String> = trays().iter().map(|t| session_key(t.path())).collect();
    assert_eq!(
        keys.len(),
        trays().len(),
        "one session key per tray: {keys:?}"
    );
    for tray in trays() {
        assert!(session_key(tray.path()).ends_with(&format!(".{}", tray.path())));
    }
    let mut settings = Settings::default();
    for page in Page::all() {
        settings
            .set_fold_open(page.share_fold(), true)
            .unwrap_or_else(|e| panic!("{}'s Share fold {}: {e}", page.path(), page.share_fold()));
        assert!(settings.is_fold_open(page.share_fold()));
    }
    let folds: HashSet<_> = Page::all().map(|p| p.share_fold()).collect();
    assert_eq!(
        folds.len(),
        PAGES.len(),
        "each page's Share fold is its own"
    );
}
