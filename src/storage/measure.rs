//! What storing records as arrays saves over naming their members: each document of the
//! fixtures (the fullest of each, at its latest version, migrated to today's form) and a
//! history of [`MAX_HISTORY`] rolls, written both ways and measured. The figures are
//! printed (`cargo test --lib measure -- --nocapture`), never asserted; what is checked is
//! that the named form holds the same values in the same order as the stored arrays.
//! With `DICETRAY_MEASURE_DIR` set, both texts of each are written there too, to compress.

use serde_json::Value;

use super::fields::WriteField;
use super::{Document, decode_text, encode};
use crate::core::character::Roster;
use crate::core::effective_level::{ElSetup, Turn};
use crate::core::highest_d6::D6Setup;
use crate::core::history::{MAX_HISTORY, RollHistory};
use crate::core::narrative::NarrativePool;
use crate::core::scene::Scene;
use crate::core::story_points::StoryPoints;
use crate::storage::{SavedPools, Settings};

/// The named form with its names dropped: every object as the array of its values.
fn unnamed(value: Value) -> Value {
    match value {
        Value::Object(members) => {
            Value::Array(members.into_iter().map(|(_, v)| unnamed(v)).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(unnamed).collect()),
        other => other,
    }
}

/// The fullest fixture of `stem`: the one of the highest version.
fn fullest<D: Document>(stem: &str) -> D {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let version = (1..=D::VERSION)
        .rev()
        .find(|v| dir.join(format!("{stem}-v{v}.json")).exists())
        .unwrap_or_else(|| panic!("no fixture for {stem}"));
    let text = std::fs::read_to_string(dir.join(format!("{stem}-v{version}.json"))).unwrap();
    decode_text(text.trim()).unwrap()
}

/// The stored text of `value` and the same with every record's members named, checked to
/// hold the same values; returns their lengths in bytes.
fn both_ways<D: Document>(name: &str, value: &D, record: &impl WriteField) -> (usize, usize) {
    let arrays = encode(value).unwrap();
    let named = serde_json::json!({ "version": D::VERSION, "data": record.named() });
    let stored: Value = serde_json::from_str(&arrays).unwrap();
    assert_eq!(unnamed(named["data"].clone()), stored["data"], "{name}");
    let named = serde_json::to_string(&named).unwrap();
    if let Some(dir) = std::env::var_os("DICETRAY_MEASURE_DIR") {
        let dir = std::path::Path::new(&dir);
        std::fs::write(dir.join(format!("{name}.arrays.json")), &arrays).unwrap();
        std::fs::write(dir.join(format!("{name}.named.json")), &named).unwrap();
    }
    println!(
        "{name:>16}: arrays {:>6} bytes, named {:>6} bytes ({:+.0}%)",
        arrays.len(),
        named.len(),
        (named.len() as f64 / arrays.len() as f64 - 1.0) * 100.0
    );
    (arrays.len(), named.len())
}

#[test]
fn arrays_against_named_members() {
    let roster: Roster = fullest("characters");
    both_ways("characters", &roster, &super::characters::stored(&roster));
    let scene: Scene = fullest("scene");
    both_ways("scene", &scene, &super::scene::stored(&scene));
    let saved: SavedPools = fullest("saved-pools");
    both_ways("saved-pools", &saved, &super::saved_pools::stored(&saved));
    let settings: Settings = fullest("settings");
    both_ways("settings", &settings, &super::settings::stored(&settings));
    let pool: NarrativePool = fullest("narrative-pool");
    both_ways(
        "narrative-pool",
        &pool,
        &super::narrative_pool::stored(&pool),
    );
    let d6: D6Setup = fullest("d6-setup");
    both_ways("d6-setup", &d6, &super::d6_setup::stored(&d6));
    let el: ElSetup = fullest("el-setup");
    both_ways("el-setup", &el, &super::el_setup::stored(&el));
    let turn: Turn = fullest("el-turn");
    both_ways("el-turn", &turn, &super::el_turn::stored(&turn));
    let points: StoryPoints = fullest("story-points");
    both_ways(
        "story-points",
        &points,
        &super::story_points::stored(&points),
    );
    let history: RollHistory = fullest("history");
    both_ways("history", &history, &super::history::stored(&history));

    // A full history: the fixture's rolls of every system, over and over, with fresh ids.
    let kinds = history.entries();
    let entries = (0..MAX_HISTORY)
        .map(|n| {
            let mut entry = kinds[n % kinds.len()].clone();
            entry.id = 1_000 + n as u64;
            entry.at_ms += n as u64;
            entry
        })
        .collect();
    let full = RollHistory::from_entries(entries);
    let (arrays, named) = both_ways("history-100", &full, &super::history::stored(&full));
    println!(
        "{:>16}: {} rolls, {:.0} bytes a roll as arrays, {:.0} named",
        "",
        MAX_HISTORY,
        arrays as f64 / MAX_HISTORY as f64,
        named as f64 / MAX_HISTORY as f64
    );
}
