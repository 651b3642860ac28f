//! The shared character roster, the scene, settings and the Highest d6 tray as stored:
//! edits, validation, backups, migrations and two tabs.

use dicetray::core::character::{Harm, MAX_CHARACTERS, Roster, SheetList};
use dicetray::core::highest_d6::{
    ChallengeKind, D6Check, D6Roll, D6Setup, FacetRef, HarmKind, PoolSize, ZeroDiceRule,
};
use dicetray::core::history::{HistoryEntry, RecordedRoll, RollHistory};
use dicetray::core::scene::Scene;
use dicetray::storage::{self, Document, KeyValueStore, MemoryStore, Settings};
use serde_json::{Value, json};

const NOW: u64 = 1_764_500_000_000;

fn names(roster: &Roster) -> Vec<&str> {
    roster
        .characters()
        .iter()
        .map(|c| c.name.as_str())
        .collect()
}

#[test]
fn create_rename_remove_and_undo() {
    let mut roster = Roster::default();
    let mira = roster.create("  Mira ").unwrap();
    assert_eq!(
        roster.active_id(),
        Some(mira),
        "a new character becomes active"
    );
    let tor = roster.create("Tor").unwrap();
    assert_ne!(mira, tor);
    assert!(roster.create("mira").unwrap_err().contains("already"));
    assert!(roster.create("   ").unwrap_err().contains("name"));
    assert!(
        roster
            .create(&"x".repeat(41))
            .unwrap_err()
            .contains("at most 40")
    );
    roster.rename(mira, "Mira Vell").unwrap();
    assert_eq!(names(&roster), vec!["Mira Vell", "Tor"]);
    assert!(roster.rename(mira, "TOR").is_err());
    roster.set_active(Some(mira));
    let (index, removed) = roster.remove(mira).unwrap();
    assert_eq!(
        roster.active_id(),
        None,
        "removing the active character leaves none"
    );
    assert_eq!(names(&roster), vec!["Tor"]);
    roster.restore(index, removed).unwrap();
    assert_eq!(names(&roster), vec!["Mira Vell", "Tor"]);
    roster.set_active(Some(999));
    assert_eq!(roster.active_id(), None, "no such character");
}

#[test]
fn facets_and_harm_on_a_character() {
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    let keen = roster.add_facet(mira, "Keen Eye", true).unwrap();
    let facets = roster.facets_mut(mira).unwrap();
    facets.rename(keen, "Keener Eye").unwrap();
    facets.toggle_helps(keen).unwrap();
    assert!(!facets.get(keen).unwrap().helps);
    assert!(facets.remove(keen));
    assert!(!facets.remove(keen));

    roster.take_harm(mira, HarmKind::Scratch, "").unwrap();
    roster
        .take_harm(mira, HarmKind::WoundWithCondition, "Limping")
        .unwrap();
    let character = roster.get(mira).unwrap();
    assert_eq!(character.count(&Harm::Scratch), 1);
    assert_eq!(character.count(&Harm::Wound), 1);
    assert_eq!(character.count(&Harm::Condition("Limping".into())), 1);
    // A condition needs a name; nothing is marked when it is missing.
    assert!(
        roster
            .take_harm(mira, HarmKind::WoundWithCondition, " ")
            .is_err()
    );
    assert_eq!(roster.get(mira).unwrap().harm.len(), 3);
    let wound = roster.get(mira).unwrap().harm[1].id;
    assert!(roster.heal(mira, wound));
    assert!(!roster.heal(mira, wound));
    assert_eq!(roster.get(mira).unwrap().harm.len(), 2);
}

#[test]
fn the_roster_round_trips_through_storage() {
    let store = MemoryStore::default();
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    roster.add_facet(mira, "Keen Eye", true).unwrap();
    roster
        .take_harm(mira, HarmKind::WoundWithCondition, "Limping")
        .unwrap();
    roster.create("Tor").unwrap();
    roster.set_active(Some(mira));
    storage::save(&store, &roster).unwrap();
    let loaded = storage::load::<Roster>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value, roster);
    let raw: Value = serde_json::from_str(&store.get(Roster::KEY).unwrap().unwrap()).unwrap();
    assert_eq!(raw["version"], Roster::VERSION);
    // The roster's third field lists the characters, a character's fourth its harm: a wound,
    // then the condition with its name.
    let harm = &raw["data"][2][0][3];
    assert_eq!(harm[1][1], "condition");
    assert_eq!(harm[1][2], "Limping");
}

#[test]
fn a_bad_character_is_set_aside_and_backed_up() {
    let store = MemoryStore::default();
    let text = json!({"version": 1, "data": {"next_id": 9, "active": 1, "characters": [
        {"id": 1, "name": "Mira", "facets": [{"id": 2, "name": "Keen Eye", "helps": true}]},
        {"id": 3, "name": "Odd", "harm": [{"id": 4, "kind": "bruise"}]},
        {"id": 5, "name": "mira"},
        {"id": 2, "name": "Clash"},
        {"id": 6, "name": ""}
    ]}})
    .to_string();
    store.set(Roster::KEY, &text).unwrap();
    let loaded = storage::load::<Roster>(&store, NOW);
    assert_eq!(names(&loaded.value), vec!["Mira"]);
    assert_eq!(loaded.value.active_id(), Some(1));
    let notice = loaded.notice.unwrap();
    assert!(notice.text.contains("4 items"), "{}", notice.text);
    assert_eq!(store.get(&notice.backup_key.unwrap()).unwrap(), Some(text));
    // The counter never hands out an id in use.
    let mut roster = loaded.value;
    let id = roster.create("New").unwrap();
    assert!(id >= 9);
}

#[test]
fn two_tabs_editing_characters_lose_nothing() {
    let store = MemoryStore::default();
    let (tab_a, _, _) = storage::update::<Roster>(&store, NOW, &Roster::default(), |r| {
        r.create("Mira").unwrap();
    });
    // Tab B opened before A's change, and still shows an empty roster.
    let (tab_b, _, _) = storage::update::<Roster>(&store, NOW, &Roster::default(), |r| {
        r.create("Tor").unwrap();
    });
    assert_eq!(names(&tab_a), vec!["Mira"]);
    assert_eq!(names(&tab_b), vec!["Mira", "Tor"]);
    let ids: Vec<u64> = tab_b.characters().iter().map(|c| c.id).collect();
    assert_ne!(ids[0], ids[1], "ids stay unique across tabs");
}

#[test]
fn the_roster_has_a_limit() {
    let mut roster = Roster::default();
    for i in 0..MAX_CHARACTERS {
        roster.create(&format!("C{i}")).unwrap();
    }
    assert!(roster.create("One more").unwrap_err().contains("At most"));
}

#[test]
fn the_scene_ends_and_keeps_counting() {
    let store = MemoryStore::default();
    let mut scene = Scene::default();
    let cold = scene.add_facet("Bitter Cold", false).unwrap();
    storage::save(&store, &scene).unwrap();
    assert_eq!(storage::load::<Scene>(&store, NOW).value, scene);
    scene.end();
    assert!(scene.is_empty());
    let next = scene.add_facet("Tense Atmosphere", false).unwrap();
    assert!(next > cold, "a new facet never takes an old id");
    store
        .set(
            Scene::KEY,
            r#"{"version":1,"data":{"facets":[{"id":1,"name":"","helps":true}]}}"#,
        )
        .unwrap();
    let loaded = storage::load::<Scene>(&store, NOW);
    assert!(loaded.value.is_empty());
    assert!(loaded.notice.unwrap().backup_key.is_some());
}

#[test]
fn settings_and_the_d6_tray_round_trip_and_refuse_nonsense() {
    let store = MemoryStore::default();
    let mut settings = Settings::default();
    settings.zero_dice = ZeroDiceRule::LowestOfTwo;
    storage::save(&store, &settings).unwrap();
    assert_eq!(storage::load::<Settings>(&store, NOW).value, settings);
    store
        .set(
            Settings::KEY,
            r#"{"version":1,"data":{"zero_dice":"roll-a-d20"}}"#,
        )
        .unwrap();
    let loaded = storage::load::<Settings>(&store, NOW);
    assert_eq!(loaded.value, Settings::default());
    assert!(loaded.notice.unwrap().text.contains("roll-a-d20"));

    let setup = D6Setup {
        base: 4,
        applied: vec![FacetRef::Character(3), FacetRef::Scene(1)],
        kind: ChallengeKind::Social,
        conflict: true,
    };
    storage::save(&store, &setup).unwrap();
    assert_eq!(storage::load::<D6Setup>(&store, NOW).value, setup);
    for bad in [
        r#"{"base":0,"kind":"social","conflict":false}"#,
        r#"{"base":3,"kind":"culinary","conflict":false}"#,
        r#"{"base":3,"kind":"social","conflict":false,"applied":["x1"]}"#,
        r#"{"base":3,"kind":"social","conflict":false,"applied":["c+1"]}"#,
    ] {
        store
            .set(D6Setup::KEY, &format!(r#"{{"version":1,"data":{bad}}}"#))
            .unwrap();
        let loaded = storage::load::<D6Setup>(&store, NOW);
        assert_eq!(loaded.value, D6Setup::default(), "{bad}");
        assert!(loaded.notice.is_some(), "{bad}");
    }
}

#[test]
fn history_version_one_migrates_with_its_original_kept() {
    let store = MemoryStore::default();
    let v1 = include_str!("fixtures/history-v1.json").trim();
    store.set(RollHistory::KEY, v1).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.notice.is_none(), "a migration is not a problem");
    let entries = loaded.value.entries();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].label, "Pilot: evade the TIEs");
    assert_eq!(entries[0].reroll_count(), 1);
    assert_eq!(entries[1].pool_notation(), "1y1r1w+1a");
    let now: Value = serde_json::from_str(&store.get(RollHistory::KEY).unwrap().unwrap()).unwrap();
    assert_eq!(now["version"], RollHistory::VERSION);
    let backups = storage::backup_keys(&store);
    assert_eq!(store.get(&backups[0]).unwrap().as_deref(), Some(v1));
}

#[test]
fn highest_d6_checks_are_kept_in_history_with_their_cost() {
    let store = MemoryStore::default();
    let roll = D6Roll::from_parts(PoolSize::Dice(3), vec![5, 2, 1]).unwrap();
    let mut check = D6Check {
        roll,
        pool_line: "2 base + Keen Eye = 3 dice".into(),
        kind: ChallengeKind::Physical,
        conflict: true,
        cost: None,
    };
    check.note_cost("Too much noise").unwrap();
    let mut history = RollHistory::default();
    history.record(HistoryEntry {
        id: 7,
        at_ms: NOW,
        label: "Climb".into(),
        who: Some("Mira".into()),
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::HighestD6(check),
    });
    storage::save(&store, &history).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value, history);
    let entry = &loaded.value.entries()[0];
    assert_eq!(entry.headline(), "Costly success");
    assert_eq!(
        entry.text(),
        "Mira, Climb: Costly success, 3 dice (2 base + Keen Eye), physical, harm: opponent a \
         scratch, you a scratch, cost: Too much noise; rolled 5, 2, 1"
    );
    // A cost can only be noted on a costly success.
    let success = D6Roll::from_parts(PoolSize::Dice(1), vec![6]).unwrap();
    let mut check = D6Check {
        roll: success,
        pool_line: String::new(),
        kind: ChallengeKind::Mental,
        conflict: false,
        cost: None,
    };
    assert!(check.note_cost("x").is_err());
}

#[test]
fn characters_version_one_migrates_to_an_empty_el_sheet() {
    let store = MemoryStore::default();
    let v1 = include_str!("fixtures/characters-v1.json").trim();
    store.set(Roster::KEY, v1).unwrap();
    let loaded = storage::load::<Roster>(&store, NOW);
    assert!(loaded.notice.is_none(), "a migration is not a problem");
    let roster = loaded.value;
    assert_eq!(names(&roster), vec!["Mira", "Tor"]);
    let mira = roster.get(1).unwrap();
    assert_eq!(mira.facets.items()[0].name, "Keen Eye");
    assert_eq!(mira.count(&Harm::Condition("Limping".into())), 1);
    assert_eq!(mira.sheet.level, 0);
    assert!(mira.sheet.roles.is_empty());
    assert_eq!(roster.active_id(), Some(1));
    let now: Value = serde_json::from_str(&store.get(Roster::KEY).unwrap().unwrap()).unwrap();
    assert_eq!(now["version"], Roster::VERSION);
    let backups = storage::backup_keys(&store);
    assert_eq!(store.get(&backups[0]).unwrap().as_deref(), Some(v1));
    // New ids never clash with the migrated ones.
    let mut roster = roster;
    assert!(roster.add_role(1, "Warrior", 4).unwrap() >= 7);
}

#[test]
fn the_el_sheet_is_edited_and_kept() {
    let store = MemoryStore::default();
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    roster.set_level(mira, 6).unwrap();
    let warrior = roster.add_role(mira, "Warrior", 4).unwrap();
    roster.add_maneuver(mira, warrior, "Feint", 1).unwrap();
    roster
        .add_standing(mira, SheetList::Boosts, "Blessed", 2)
        .unwrap();
    roster
        .add_standing(mira, SheetList::Penalties, "Bruised", 1)
        .unwrap();
    assert!(roster.set_level(mira, 101).is_err());
    assert!(
        roster
            .add_role(mira, "Sage", 0)
            .unwrap_err()
            .contains("1 to 100")
    );
    assert!(
        roster.add_maneuver(mira, 999, "Lunge", 1).is_err(),
        "needs a role"
    );
    storage::save(&store, &roster).unwrap();
    let loaded = storage::load::<Roster>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value, roster);
    // Values change in place, within the same limits as when added.
    let feint = roster.get(mira).unwrap().sheet.maneuvers[0].id;
    let blessed = roster.get(mira).unwrap().sheet.boosts[0].id;
    roster.set_sheet_value(mira, warrior, 7).unwrap();
    roster.set_sheet_value(mira, feint, -2).unwrap();
    roster.set_sheet_value(mira, blessed, 3).unwrap();
    assert!(
        roster
            .set_sheet_value(mira, warrior, 0)
            .unwrap_err()
            .contains("1 to 100")
    );
    assert!(roster.set_sheet_value(mira, feint, 0).is_err());
    assert!(roster.set_sheet_value(mira, blessed, 101).is_err());
    assert!(
        roster.set_sheet_value(mira, 999, 1).is_err(),
        "no such entry"
    );
    let sheet = &roster.get(mira).unwrap().sheet;
    assert_eq!(
        (
            sheet.roles[0].rank,
            sheet.maneuvers[0].bonus,
            sheet.boosts[0].value
        ),
        (7, -2, 3)
    );
    // Removing a role takes its maneuvers with it.
    roster.remove_from_sheet(mira, warrior).unwrap();
    let sheet = &roster.get(mira).unwrap().sheet;
    assert!(sheet.roles.is_empty() && sheet.maneuvers.is_empty());
    assert_eq!(sheet.boosts.len(), 1);
}

#[test]
fn a_character_with_a_bad_sheet_is_set_aside() {
    let store = MemoryStore::default();
    let text = json!({"version": 2, "data": {"next_id": 9, "characters": [
        {"id": 1, "name": "Good", "level": 5, "roles": [{"id": 2, "name": "Warrior", "rank": 3}]},
        {"id": 3, "name": "Orphan", "maneuvers": [{"id": 4, "name": "Feint", "bonus": 1, "role": 99}]},
        {"id": 5, "name": "Huge", "level": 1000}
    ]}})
    .to_string();
    store.set(Roster::KEY, &text).unwrap();
    let loaded = storage::load::<Roster>(&store, NOW);
    assert_eq!(names(&loaded.value), vec!["Good"]);
    assert!(loaded.notice.unwrap().text.contains("2 items"));
}

#[test]
fn history_version_two_migrates_and_effective_level_rolls_are_kept() {
    use dicetray::core::notation::effective_level::parse_check;
    let store = MemoryStore::default();
    let v2 = include_str!("fixtures/history-v2.json").trim();
    store.set(RollHistory::KEY, v2).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.notice.is_none());
    let mut history = loaded.value;
    assert_eq!(history.entries()[0].headline(), "Costly success");
    assert_eq!(history.entries()[0].who.as_deref(), Some("Mira"));
    let mut check = parse_check("el 10 wager 3 vs 6").unwrap();
    check.dedicated = Some(dicetray::core::effective_level::Dedicated {
        kind: "Injury".into(),
        name: "broken elbow".into(),
    });
    let roll = dicetray::core::effective_level::ElRoll::from_parts(
        check,
        vec![(dicetray::core::effective_level::ElDie::D2, 1); 7]
            .into_iter()
            .enumerate()
            .map(|(i, (d, _))| (d, u32::from(i < 5)))
            .collect(),
        vec![(dicetray::core::effective_level::ElDie::D2, 1); 6]
            .into_iter()
            .enumerate()
            .map(|(i, (d, _))| (d, u32::from(i < 4)))
            .collect(),
    )
    .unwrap();
    history.record(HistoryEntry {
        id: 10,
        at_ms: NOW,
        label: "Called shot".into(),
        who: None,
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::EffectiveLevel(roll),
    });
    storage::save(&store, &history).unwrap();
    let again = storage::load::<RollHistory>(&store, NOW);
    assert!(again.notice.is_none());
    assert_eq!(again.value, history);
    // The result's words belong to the Effective Level check; the text puts them between
    // the label and the dice (five of seven coins up, four of six).
    let entry = &again.value.entries()[0];
    assert_eq!(
        entry.text(),
        format!(
            "Called shot: {}, {}; rolled 7 coins → 1 1 1 1 1 0 0 vs 6 coins → 1 1 1 1 0 0",
            entry.headline(),
            entry.details().join(", ")
        )
    );
}

#[test]
fn an_entry_with_another_systems_fields_is_set_aside() {
    let store = MemoryStore::default();
    let text = json!({"version": 3, "data": {"entries": [
        {"id": 1, "at": NOW, "label": "", "system": "el", "pool": "el 3", "faces": "d2:1 d2:0 d2:1", "cost": "oops"},
        {"id": 2, "at": NOW, "label": "", "system": "el", "pool": "el 1", "faces": "d2:1"}
    ]}})
    .to_string();
    store.set(RollHistory::KEY, &text).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert_eq!(loaded.value.entries().len(), 1);
    let notice = loaded.notice.unwrap();
    assert!(notice.text.contains("(1 item: a roll"), "{}", notice.text);
    assert_eq!(store.get(&notice.backup_key.unwrap()).unwrap(), Some(text));
}

#[test]
fn harm_shows_as_badges_grouped() {
    let mut roster = Roster::default();
    let mira = roster.create("Mira").unwrap();
    let character = |r: &Roster| r.get(mira).unwrap().harm_badges();
    assert!(character(&roster).is_empty());
    roster.take_harm(mira, HarmKind::Scratch, "").unwrap();
    assert_eq!(character(&roster), ["1 scratch"]);
    roster
        .take_harm(mira, HarmKind::WoundWithCondition, "Limping")
        .unwrap();
    roster.take_harm(mira, HarmKind::Wound, "").unwrap();
    roster.take_harm(mira, HarmKind::Scratch, "").unwrap();
    roster
        .add_harm(mira, Harm::Condition("Shaken".into()))
        .unwrap();
    assert_eq!(
        character(&roster),
        ["2 wounds", "2 scratches", "Limping", "Shaken"]
    );
}
