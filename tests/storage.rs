//! The saved-data layer: round trips, repair with backups, migrations, full storage, two tabs.

use dicetray::core::history::{HistoryEntry, MAX_HISTORY, RecordedRoll, RollHistory};
use dicetray::core::narrative::NarrativePool;
use dicetray::core::narrative::NarrativeRoll;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::core::tone::Tone;
use dicetray::storage::{
    self, Decoded, Document, KeyValueStore, MemoryStore, Saved, SavedPools, StoreError, SystemPool,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const NOW: u64 = 1_764_500_000_000;

fn entry(id: u64, pool: &str, label: &str) -> HistoryEntry {
    let roll = NarrativeRoll::roll(&parse_pool(pool).unwrap(), &mut StdRng::seed_from_u64(id));
    HistoryEntry {
        id,
        at_ms: NOW + id,
        label: label.into(),
        who: None,
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::Narrative(roll),
    }
}

/// A store with a size limit, to play a browser whose storage is full.
struct QuotaStore {
    inner: MemoryStore,
    quota_bytes: usize,
}

impl QuotaStore {
    fn new(quota_bytes: usize) -> Self {
        Self {
            inner: MemoryStore::default(),
            quota_bytes,
        }
    }
}

impl KeyValueStore for QuotaStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.inner.get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let others: usize = self
            .inner
            .keys()
            .iter()
            .filter(|k| k.as_str() != key)
            .map(|k| k.len() + self.inner.get(k).unwrap().unwrap_or_default().len())
            .sum();
        if others + key.len() + value.len() > self.quota_bytes {
            return Err(StoreError::Full("quota exceeded".into()));
        }
        self.inner.set(key, value)
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.inner.remove(key)
    }

    fn keys(&self) -> Vec<String> {
        self.inner.keys()
    }
}

fn ids(history: &RollHistory) -> Vec<u64> {
    history.entries().iter().map(|e| e.id).collect()
}

#[test]
fn nothing_stored_loads_defaults_quietly() {
    let store = MemoryStore::default();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.value.entries().is_empty());
    assert!(loaded.notice.is_none() && loaded.writable);
    assert!(store.keys().is_empty(), "loading alone writes nothing");
}

#[test]
fn every_document_round_trips() {
    let store = MemoryStore::default();
    let pool = parse_pool("2g1y2p+1s").unwrap();
    storage::save(&store, &pool).unwrap();
    assert_eq!(storage::load::<NarrativePool>(&store, NOW).value, pool);

    let mut saved = SavedPools::default();
    saved
        .save(
            "Heavy blaster",
            SystemPool::Narrative(parse_pool("2g1y").unwrap()),
        )
        .unwrap();
    storage::save(&store, &saved).unwrap();
    assert_eq!(storage::load::<SavedPools>(&store, NOW).value, saved);

    let mut history = RollHistory::default();
    history.record(entry(1, "2g1p", "Pilot: evade"));
    let mut rerolled = entry(2, "1y1r1w+1a", "");
    rerolled
        .roll
        .reroll(0, &mut StdRng::seed_from_u64(5))
        .unwrap();
    history.record(rerolled);
    storage::save(&store, &history).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.value, history);
    assert_eq!(loaded.value.entries()[0].reroll_count(), 1);
}

#[test]
fn the_stored_format_is_readable_json_with_a_version() {
    let store = MemoryStore::default();
    storage::save(&store, &parse_pool("1g").unwrap()).unwrap();
    let raw = store.get("dicetray.narrative.pool").unwrap().unwrap();
    assert_eq!(raw, r#"{"version":2,"data":"1g"}"#);
}

#[test]
fn corrupt_text_is_backed_up_then_replaced_with_a_notice() {
    let store = MemoryStore::default();
    store.set(RollHistory::KEY, "{not json").unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.value.entries().is_empty());
    assert!(loaded.writable);
    let notice = loaded.notice.expect("the player is told");
    assert!(
        notice
            .text
            .starts_with("Your roll history could not be read"),
        "{}",
        notice.text
    );
    let backup_key = notice.backup_key.expect("a backup key");
    assert_eq!(backup_key, format!("dicetray.history.backup.{NOW}"));
    assert_eq!(
        store.get(&backup_key).unwrap().as_deref(),
        Some("{not json")
    );
    assert_eq!(storage::backup_keys(&store), vec![backup_key]);
    // The repaired document is stored, so the next load is quiet and makes no second backup.
    let again = storage::load::<RollHistory>(&store, NOW + 1);
    assert!(again.notice.is_none());
    assert_eq!(storage::backup_keys(&store).len(), 1);
}

#[test]
fn one_bad_entry_is_set_aside_and_the_rest_kept() {
    let store = MemoryStore::default();
    let mut history = RollHistory::default();
    history.record(entry(1, "2g", "first"));
    history.record(entry(2, "1p", "second"));
    storage::save(&store, &history).unwrap();
    // Damage one entry by hand: a face an ability die does not have.
    let raw = store.get(RollHistory::KEY).unwrap().unwrap();
    let mut json: Value = serde_json::from_str(&raw).unwrap();
    // An entry is an array: [id, at, label, who, real_dice, to_gm, system, pool, faces, ...].
    json["data"][1][8] = json!("g3 g9");
    let damaged = json.to_string();
    store.set(RollHistory::KEY, &damaged).unwrap();

    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert_eq!(ids(&loaded.value), vec![2]);
    let notice = loaded.notice.unwrap();
    assert!(
        notice
            .text
            .contains("Part of your roll history could not be read (1 item")
    );
    assert!(notice.text.contains("\"first\""), "{}", notice.text);
    assert_eq!(
        store.get(&notice.backup_key.unwrap()).unwrap(),
        Some(damaged),
        "the backup is the damaged text exactly"
    );
}

#[test]
fn a_pool_that_disagrees_with_its_faces_is_refused() {
    let store = MemoryStore::default();
    let text = json!({"version": 1, "data": {"entries": [
        {"id": 1, "at": NOW, "label": "", "system": "narrative", "pool": "2g", "faces": "g1"}
    ]}});
    store.set(RollHistory::KEY, &text.to_string()).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(loaded.value.entries().is_empty());
    assert!(loaded.notice.unwrap().text.contains("do not match"));
}

#[test]
fn data_from_a_newer_version_is_left_alone_and_read_only() {
    let store = MemoryStore::default();
    let future = r#"{"version":9,"data":{"pools":[{"name":"x","shape":"new"}]}}"#;
    store.set(SavedPools::KEY, future).unwrap();
    let loaded = storage::load::<SavedPools>(&store, NOW);
    assert!(!loaded.writable);
    let notice = loaded.notice.unwrap();
    assert!(
        notice.text.contains("newer version of Dicetray. Reload"),
        "{}",
        notice.text
    );
    assert_eq!(
        notice.backup_key, None,
        "nothing to back up: nothing is replaced"
    );
    assert!(storage::backup_keys(&store).is_empty());
    // A change in this (older) tab is refused, so the newer data survives untouched.
    let (value, notices, _) = storage::update::<SavedPools>(&store, NOW, &loaded.value, |s| {
        s.save("mine", SystemPool::Narrative(parse_pool("1g").unwrap()))
            .unwrap();
    });
    assert!(
        notices
            .iter()
            .any(|n| n.text.contains("kept in this tab only"))
    );
    assert_eq!(store.get(SavedPools::KEY).unwrap().as_deref(), Some(future));
    // This tab still has its own change, in memory, and builds on it.
    assert_eq!(value.pools().len(), 1);
    let (value, _, _) = storage::update::<SavedPools>(&store, NOW, &value, |s| {
        s.save("second", SystemPool::Narrative(parse_pool("1p").unwrap()))
            .unwrap();
    });
    let names: Vec<&str> = value.narrative().map(|(n, _)| n).collect();
    assert_eq!(names, vec!["mine", "second"]);
    assert_eq!(store.get(SavedPools::KEY).unwrap().as_deref(), Some(future));
}

#[test]
fn without_room_for_a_backup_nothing_is_overwritten() {
    let store = QuotaStore::new(200);
    let corrupt = "x".repeat(120);
    store.set(RollHistory::KEY, &corrupt).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert!(!loaded.writable);
    let loaded_value = loaded.value;
    assert!(
        loaded
            .notice
            .unwrap()
            .text
            .contains("no room to back it up")
    );
    assert_eq!(store.get(RollHistory::KEY).unwrap(), Some(corrupt.clone()));
    // A later change is kept in memory rather than written over the unreadable original,
    // so a roll made here can still be re-rolled.
    let (history, notices, _) = storage::update::<RollHistory>(&store, NOW, &loaded_value, |h| {
        h.record(entry(1, "1g", ""))
    });
    assert!(
        notices
            .iter()
            .any(|n| n.text.contains("kept in this tab only"))
    );
    assert_eq!(store.get(RollHistory::KEY).unwrap(), Some(corrupt.clone()));
    let (history, _, _) = storage::update::<RollHistory>(&store, NOW, &history, |h| {
        h.reroll(1, 0, &mut StdRng::seed_from_u64(2)).unwrap()
    });
    assert_eq!(history.get(1).unwrap().reroll_count(), 1);
    assert_eq!(store.get(RollHistory::KEY).unwrap(), Some(corrupt));
}

#[test]
fn a_full_store_reports_that_saving_failed() {
    let store = QuotaStore::new(60);
    let (value, notices, stored) =
        storage::update::<SavedPools>(&store, NOW, &SavedPools::default(), |s| {
            s.save(
                "A long enough name to overflow",
                SystemPool::Narrative(parse_pool("20g").unwrap()),
            )
            .unwrap();
        });
    assert_eq!(value.pools().len(), 1, "the change stays in memory");
    assert!(!stored, "the caller must keep working from its own copy");
    let text = &notices[0].text;
    assert!(text.contains("could not be saved"), "{text}");
    assert!(text.contains("storage for the page is full"), "{text}");
    assert!(text.contains("in memory"), "{text}");
    assert_eq!(
        store.get(SavedPools::KEY).unwrap(),
        None,
        "nothing half-written"
    );
}

#[test]
fn two_tabs_add_to_each_other_instead_of_overwriting() {
    let store = MemoryStore::default();
    // Both tabs open with an empty history; each rolls once.
    let empty = RollHistory::default();
    let (tab_a, _, _) =
        storage::update::<RollHistory>(&store, NOW, &empty, |h| h.record(entry(1, "1g", "a")));
    let (tab_b, _, _) =
        storage::update::<RollHistory>(&store, NOW, &empty, |h| h.record(entry(2, "1p", "b")));
    assert_eq!(ids(&tab_a), vec![1]);
    assert_eq!(ids(&tab_b), vec![2, 1], "tab B sees tab A's roll");
    let stored = storage::load::<RollHistory>(&store, NOW).value;
    assert_eq!(ids(&stored), vec![2, 1]);
}

#[test]
fn history_keeps_the_newest_hundred() {
    let mut history = RollHistory::default();
    for id in 0..(MAX_HISTORY as u64 + 5) {
        history.record(entry(id, "1b", ""));
    }
    assert_eq!(history.entries().len(), MAX_HISTORY);
    assert_eq!(history.entries()[0].id, MAX_HISTORY as u64 + 4);
    assert_eq!(history.entries().last().unwrap().id, 5);
}

#[test]
fn reroll_marks_the_entry_by_id() {
    let mut history = RollHistory::default();
    history.record(entry(1, "2g", ""));
    history.record(entry(2, "2g", ""));
    history.reroll(1, 0, &mut StdRng::seed_from_u64(3)).unwrap();
    assert_eq!(history.get(1).unwrap().reroll_count(), 1);
    assert_eq!(history.get(2).unwrap().reroll_count(), 0);
    let text = history.get(1).unwrap().text();
    assert!(text.contains("; re-rolled Ability: "), "{text}");
    assert_eq!(text.matches(" → ").count(), 1, "{text}");
    assert_eq!(
        history.reroll(7, 0, &mut StdRng::seed_from_u64(3)),
        Err("That roll is no longer in the history.".to_string())
    );
    assert_eq!(
        history.reroll(1, 2, &mut StdRng::seed_from_u64(3)),
        Err("There is no die number 3 in a roll of 2 dice.".to_string())
    );
}

#[test]
fn force_alone_is_neither_good_nor_bad() {
    assert_eq!(entry(1, "2w", "").tone(), Tone::Neutral);
    assert_ne!(entry(2, "1g", "").tone(), Tone::Neutral);
}

#[test]
fn entry_text_is_ready_to_paste() {
    // Proficiency face 6 shows a success and an advantage.
    let pool = parse_pool("1y").unwrap();
    let mut e = entry(1, "1y", "Pilot: evade the TIEs");
    e.roll = RecordedRoll::Narrative(NarrativeRoll::from_entered(&pool, &[6]).unwrap());
    assert_eq!(
        e.text(),
        "Pilot: evade the TIEs: Success, 1 net success, 1 advantage; rolled Proficiency: \
         success, advantage"
    );
    e.label.clear();
    assert_eq!(
        e.text(),
        "Success, 1 net success, 1 advantage; rolled Proficiency: success, advantage"
    );
    assert_eq!(
        HistoryEntry::clean_label(&format!("  {}  ", "z".repeat(100))).len(),
        80
    );
}

#[test]
fn saved_pools_are_named_sorted_and_bounded() {
    let narrative = |t: &str| SystemPool::Narrative(parse_pool(t).unwrap());
    let mut saved = SavedPools::default();
    assert_eq!(saved.save("  zeta ", narrative("1g")), Ok(Saved::Added));
    assert_eq!(saved.save("Alpha", narrative("1p")), Ok(Saved::Added));
    assert_eq!(saved.save("zeta", narrative("2g")), Ok(Saved::Replaced));
    let names: Vec<&str> = saved.narrative().map(|(n, _)| n).collect();
    assert_eq!(names, vec!["Alpha", "zeta"]);
    assert_eq!(
        saved.narrative().nth(1).unwrap().1,
        &parse_pool("2g").unwrap()
    );
    assert!(
        saved
            .save("   ", narrative("1g"))
            .unwrap_err()
            .contains("name")
    );
    assert!(
        saved
            .save(&"n".repeat(41), narrative("1g"))
            .unwrap_err()
            .contains("at most 40")
    );
    for i in 0..98 {
        saved.save(&format!("pool {i}"), narrative("1g")).unwrap();
    }
    assert!(
        saved
            .save("one too many", narrative("1g"))
            .unwrap_err()
            .contains("at most 100")
    );
    assert!(saved.remove("Alpha"));
    assert!(!saved.remove("Alpha"));
}

/// A document at version 2 whose version 1 stored a bare number: proves the migration path
/// (old text backed up, new text written, value carried over) with a real change of shape.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Counter {
    value: u32,
    unit: String,
}

/// The counter's version 1: the number alone.
#[derive(Deserialize)]
struct CounterV1(u32);

/// Version 1 to 2: the number, counted in dice.
impl From<CounterV1> for Counter {
    fn from(CounterV1(value): CounterV1) -> Self {
        Self {
            value,
            unit: "dice".into(),
        }
    }
}

impl Document for Counter {
    const KEY: &'static str = "dicetray.test-counter";
    const TITLE: &'static str = "test counter";
    const VERSION: u32 = 2;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let counter = match version {
            1 => serde_json::from_value::<CounterV1>(data).map(Counter::from),
            _ => serde_json::from_value::<Counter>(data),
        };
        counter
            .map(Decoded::clean)
            .map_err(|_| "a counter is not in the expected form".into())
    }

    fn encode(&self) -> impl Serialize {
        self
    }
}

#[test]
fn an_older_version_is_migrated_and_the_original_kept() {
    let store = MemoryStore::default();
    store
        .set(Counter::KEY, r#"{"version":1,"data":7}"#)
        .unwrap();
    let loaded = storage::load::<Counter>(&store, NOW);
    assert_eq!(
        loaded.value,
        Counter {
            value: 7,
            unit: "dice".into()
        }
    );
    assert!(loaded.notice.is_none(), "a migration is not a problem");
    assert_eq!(
        store.get(Counter::KEY).unwrap().as_deref(),
        Some(r#"{"version":2,"data":{"value":7,"unit":"dice"}}"#)
    );
    let backups = storage::backup_keys(&store);
    assert_eq!(
        store.get(&backups[0]).unwrap().as_deref(),
        Some(r#"{"version":1,"data":7}"#)
    );
}

#[test]
fn rerolls_that_are_not_a_list_are_set_aside_with_a_backup() {
    let store = MemoryStore::default();
    let text = json!({"version": 1, "data": {"entries": [
        {"id": 1, "at": NOW, "label": "kept", "system": "narrative", "pool": "1g", "faces": "g1"},
        {"id": 2, "at": NOW, "label": "odd", "system": "narrative", "pool": "1g", "faces": "g1",
         "rerolls": "g0"}
    ]}})
    .to_string();
    store.set(RollHistory::KEY, &text).unwrap();
    let loaded = storage::load::<RollHistory>(&store, NOW);
    assert_eq!(ids(&loaded.value), vec![1]);
    let notice = loaded.notice.expect("the player is told");
    assert!(notice.text.contains("1 item"), "{}", notice.text);
    assert_eq!(
        store.get(&notice.backup_key.unwrap()).unwrap(),
        Some(text),
        "the original, rerolls included, is in the backup"
    );
}

#[test]
fn hex_escapes_with_a_sign_are_not_json() {
    let store = MemoryStore::default();
    store
        .set(
            SavedPools::KEY,
            r#"{"version":1,"data":{"pools":[{"name":"\u+041","system":"narrative","pool":"1g"}]}}"#,
        )
        .unwrap();
    let loaded = storage::load::<SavedPools>(&store, NOW);
    assert!(loaded.value.pools().is_empty());
    assert!(loaded.notice.unwrap().backup_key.is_some());
}

#[test]
fn unknown_fields_are_never_dropped_silently() {
    let store = MemoryStore::default();
    let pools = r#"{"version":1,"data":{"pools":[{"name":"Kept","system":"narrative","pool":"1g"},{"name":"Noted","system":"narrative","pool":"1p","note":"my note"}]}}"#;
    store.set(SavedPools::KEY, pools).unwrap();
    let loaded = storage::load::<SavedPools>(&store, NOW);
    let names: Vec<&str> = loaded.value.narrative().map(|(n, _)| n).collect();
    assert_eq!(names, vec!["Kept"]);
    let notice = loaded.notice.expect("the player is told");
    assert_eq!(
        store.get(&notice.backup_key.unwrap()).unwrap().as_deref(),
        Some(pools)
    );
    // Extra members beside the data, or in it, make the whole text a backup too.
    for text in [
        r#"{"version":1,"data":{"pool":"1g"},"extra":1}"#,
        r#"{"version":1,"data":{"pool":"1g","extra":1}}"#,
    ] {
        let store = MemoryStore::default();
        store.set(NarrativePool::KEY, text).unwrap();
        let loaded = storage::load::<NarrativePool>(&store, NOW);
        let backup = loaded.notice.and_then(|n| n.backup_key).expect("backed up");
        assert_eq!(store.get(&backup).unwrap().as_deref(), Some(text));
    }
}

#[test]
fn story_points_and_settings_refuse_what_no_table_holds() {
    use dicetray::core::story_points::{PointCounts, StoryPoints};
    use dicetray::storage::Settings;
    let store = MemoryStore::default();
    let read = |text: &str| {
        store.set(StoryPoints::KEY, text).unwrap();
        storage::load::<StoryPoints>(&store, NOW)
    };
    let kept = read(r#"{"version":1,"data":["destiny",31,29,null]}"#);
    assert!(kept.notice.is_none());
    assert_eq!(
        kept.value.counts(),
        PointCounts {
            players: 31,
            gm: 29
        }
    );
    // 61 points in all is more than two sides of 30 can hold; an unknown naming is no pool.
    for bad in [
        r#"{"version":1,"data":["destiny",31,30,null]}"#,
        r#"{"version":1,"data":["destiny",1,1,[40,40]]}"#,
        r#"{"version":1,"data":["force",1,1,null]}"#,
    ] {
        let loaded = read(bad);
        assert_eq!(loaded.value, StoryPoints::default(), "{bad}");
        assert!(loaded.notice.unwrap().backup_key.is_some(), "{bad}");
    }
    // A panel id that is not ours is set aside, the rest kept, the original backed up.
    let text = r#"{"version":3,"data":["one-die",false,true,["el-best-dice","has space"]]}"#;
    store.set(Settings::KEY, text).unwrap();
    let loaded = storage::load::<Settings>(&store, NOW);
    assert!(!loaded.value.haptics && loaded.value.coach);
    assert_eq!(loaded.value.open_folds(), ["el-best-dice"]);
    assert!(loaded.notice.unwrap().text.contains("1 item"));
}
