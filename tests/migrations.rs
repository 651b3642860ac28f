//! Every earlier schema version of every stored document, read from a fixture written by
//! that version, migrates to the current one with nothing lost and the original kept.
//!
//! A document that gains a version without a fixture for the old one fails here, so no
//! player's saved data can meet a migration that was never run.

use std::fmt::Debug;
use std::path::Path;

use dicetray::core::character::Roster;
use dicetray::core::effective_level::{ElSetup, Turn};
use dicetray::core::highest_d6::D6Setup;
use dicetray::core::narrative::NarrativePool;
use dicetray::core::scene::Scene;
use dicetray::storage::{
    self, Document, KeyValueStore, MemoryStore, RollHistory, SavedPools, Settings,
};
use serde_json::Value;

const NOW: u64 = 1_764_500_000_000;

/// The fixture name for `D` at `version`: `tests/fixtures/<stem>-v<version>.json`.
fn fixture_path(stem: &str, version: u32) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{stem}-v{version}.json"))
}

/// Migrates each earlier version of `D` from its fixture and returns how many it checked.
fn migrates_every_earlier_version<D: Document + PartialEq + Debug>(stem: &str) -> u32 {
    for version in 1..D::VERSION {
        let path = fixture_path(stem, version);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{} v{version} needs the fixture {path:?}", D::KEY));
        let text = text.trim();
        let stored: Value = serde_json::from_str(text).unwrap();
        assert_eq!(stored["version"], version, "{path:?} holds another version");

        let store = MemoryStore::default();
        store.set(D::KEY, text).unwrap();
        let loaded = storage::load::<D>(&store, NOW);
        assert!(loaded.notice.is_none(), "{path:?}: {:?}", loaded.notice);
        assert!(loaded.writable, "{path:?}");
        assert_ne!(loaded.value, D::default(), "{path:?} lost its data");

        // Written back at the current version, with the original text kept aside.
        let now: Value = serde_json::from_str(&store.get(D::KEY).unwrap().unwrap()).unwrap();
        assert_eq!(now["version"], D::VERSION, "{path:?}");
        let kept = storage::backup_keys(&store)
            .iter()
            .any(|key| store.get(key).unwrap().as_deref() == Some(text));
        assert!(kept, "{path:?}: the original is not kept");

        // Reading the migrated text again changes nothing.
        let again = storage::load::<D>(&store, NOW + 1);
        assert!(again.notice.is_none(), "{path:?}");
        assert_eq!(again.value, loaded.value, "{path:?}");
    }
    D::VERSION - 1
}

#[test]
fn every_earlier_schema_version_migrates_from_its_fixture() {
    let checked = [
        migrates_every_earlier_version::<RollHistory>("history"),
        migrates_every_earlier_version::<Roster>("characters"),
        migrates_every_earlier_version::<Scene>("scene"),
        migrates_every_earlier_version::<ElSetup>("el-setup"),
        migrates_every_earlier_version::<SavedPools>("saved-pools"),
        migrates_every_earlier_version::<NarrativePool>("narrative-pool"),
        migrates_every_earlier_version::<Settings>("settings"),
        migrates_every_earlier_version::<D6Setup>("d6-setup"),
        migrates_every_earlier_version::<Turn>("el-turn"),
    ];
    // history v1, v2; characters v1; scene v1; EL setup v1, v2.
    assert_eq!(checked.iter().sum::<u32>(), 6);
}

#[test]
fn every_fixture_is_used() {
    let stems = [
        ("history", RollHistory::VERSION),
        ("characters", Roster::VERSION),
        ("scene", Scene::VERSION),
        ("el-setup", ElSetup::VERSION),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let known = stems
            .iter()
            .any(|(stem, current)| (1..*current).any(|v| name == format!("{stem}-v{v}.json")));
        assert!(known, "{name} is not an earlier version of any document");
    }
}
