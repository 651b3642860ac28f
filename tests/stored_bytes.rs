//! What the current version writes, byte for byte: every fixture in `tests/fixtures/`,
//! loaded (and migrated) and written again, gives exactly the text kept for it in
//! `tests/encoded/`, and reading that text back gives the same document. A change
//! to how a document is written in code cannot change the stored bytes unnoticed: that
//! would be a new version, with its migration.
//!
//! `DICETRAY_BLESS=1 cargo test --test stored_bytes` writes the expected texts afresh, for
//! a new version only.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use dicetray::core::character::Roster;
use dicetray::core::effective_level::{ElSetup, Turn};
use dicetray::core::highest_d6::D6Setup;
use dicetray::core::history::RollHistory;
use dicetray::core::narrative::NarrativePool;
use dicetray::core::scene::Scene;
use dicetray::core::story_points::StoryPoints;
use dicetray::storage::table::TableDoc;
use dicetray::storage::{self, Document, KeyValueStore, MemoryStore, SavedPools, Settings};

const NOW: u64 = 1_764_500_000_000;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Loads the fixture `name` as `D`, writes it at the current version and checks the text
/// against the expected one; returns the text.
fn rewrites_as_expected<D: Document + PartialEq + Debug>(name: &str) -> String {
    let text = std::fs::read_to_string(fixtures().join(name)).unwrap();
    let store = MemoryStore::default();
    store.set(D::KEY, text.trim()).unwrap();
    let loaded = storage::load::<D>(&store, NOW);
    assert!(loaded.notice.is_none(), "{name}: {:?}", loaded.notice);
    let written = storage::encode(&loaded.value).unwrap();
    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/encoded")
        .join(name);
    if std::env::var_os("DICETRAY_BLESS").is_some() {
        std::fs::write(&expected_path, format!("{written}\n")).unwrap();
    }
    let expected = std::fs::read_to_string(&expected_path)
        .unwrap_or_else(|_| panic!("{name} needs its expected text {expected_path:?}"));
    assert_eq!(
        written,
        expected.trim_end(),
        "{name} is written differently"
    );
    // And what is written reads back as the same document.
    let again: D = storage::decode_text(&written).unwrap();
    assert_eq!(again, loaded.value, "{name}");
    written
}

#[test]
fn every_fixture_is_written_back_byte_for_byte_as_before() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    for name in &names {
        let stem = name.rsplit_once("-v").map_or("", |(stem, _)| stem);
        match stem {
            "characters" => rewrites_as_expected::<Roster>(name),
            "d6-setup" => rewrites_as_expected::<D6Setup>(name),
            "el-setup" => rewrites_as_expected::<ElSetup>(name),
            "el-turn" => rewrites_as_expected::<Turn>(name),
            "history" => rewrites_as_expected::<RollHistory>(name),
            "narrative-pool" => rewrites_as_expected::<NarrativePool>(name),
            "saved-pools" => rewrites_as_expected::<SavedPools>(name),
            "scene" => rewrites_as_expected::<Scene>(name),
            "settings" => rewrites_as_expected::<Settings>(name),
            "story-points" => rewrites_as_expected::<StoryPoints>(name),
            "table" => rewrites_as_expected::<TableDoc>(name),
            _ => panic!("{name}: no document is stored under that name"),
        };
    }
    assert_eq!(names.len(), 32, "{names:?}");
}
