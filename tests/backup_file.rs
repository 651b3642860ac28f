//! The export file: everything in one file, read back strictly, merged or replacing; bad,
//! truncated, huge and hostile files are refused with a reason and change nothing.

use dicetray::core::character::Roster;
use dicetray::core::highest_d6::ZeroDiceRule;
use dicetray::core::history::{HistoryEntry, MAX_HISTORY, MergedRolls, RecordedRoll};
use dicetray::core::narrative::NarrativeRoll;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::core::scene::Scene;
use dicetray::core::story_points::{PointCounts, StorySide};
use dicetray::storage::backup_file::{
    Everything, ImportMode, MAX_FILE_BYTES, Merged, export, parse_backup,
};
use dicetray::storage::{Document, SystemPool};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const NOW: u64 = 1_764_500_000_000;

fn roll(id: u64, label: &str) -> HistoryEntry {
    HistoryEntry {
        id,
        at_ms: NOW + id,
        label: label.into(),
        who: None,
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::Narrative(NarrativeRoll::roll(
            &parse_pool("2g1p").unwrap(),
            &mut StdRng::seed_from_u64(id),
        )),
    }
}

fn sample() -> Everything {
    let mut all = Everything::default();
    let mira = all.roster.create("Mira").unwrap();
    all.roster.add_facet(mira, "Keen Eye", true).unwrap();
    let warrior = all.roster.add_role(mira, "Warrior", 4).unwrap();
    all.roster.add_maneuver(mira, warrior, "Feint", 1).unwrap();
    all.scene.add_facet("Slippery Ground", false).unwrap();
    all.scene.add_obstacle("Barred door", 8, 3).unwrap();
    all.saved
        .save(
            "Blaster",
            SystemPool::Narrative(parse_pool("2g1y").unwrap()),
        )
        .unwrap();
    all.history.record(roll(1, "first"));
    all.settings.zero_dice = ZeroDiceRule::LowestOfTwo;
    all.narrative_pool = parse_pool("1b").unwrap();
    all.story_points
        .set(PointCounts { players: 2, gm: 3 })
        .unwrap();
    all.story_points.spend(StorySide::Players).unwrap();
    all
}

#[test]
fn an_export_reads_back_whole() {
    let all = sample();
    let text = export(&all, NOW).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["app"], "dicetray");
    assert_eq!(file["format"], 1);
    assert_eq!(
        file["documents"]["dicetray.characters"]["version"],
        Roster::VERSION
    );
    let backup = parse_backup(&text).unwrap();
    assert_eq!(backup.exported_at, NOW);
    let replaced = backup
        .apply(&Everything::default(), ImportMode::Replace)
        .unwrap();
    assert_eq!(replaced, all);
}

#[test]
fn merging_adds_what_is_new_and_keeps_what_is_here() {
    let file = sample();
    let mut here = Everything::default();
    here.roster.create("mira").unwrap(); // same name, different case: kept as is
    here.roster.create("Tor").unwrap();
    here.history.record(roll(1, "first")); // the same roll
    here.history.record(roll(2, "second"));
    here.settings.zero_dice = ZeroDiceRule::OneDie;
    let backup = parse_backup(&export(&file, NOW).unwrap()).unwrap();
    let summary = backup.summary(&here, ImportMode::Merge).join("\n");
    assert!(
        summary.contains("Characters: 0 new of 1 in the file"),
        "{summary}"
    );
    assert!(
        summary.contains("Roll history: 0 new rolls of 1"),
        "{summary}"
    );
    assert!(summary.contains("Saved pools: 1 new of 1"), "{summary}");
    let merged = backup.apply(&here, ImportMode::Merge).unwrap();
    let names: Vec<&str> = merged
        .roster
        .characters()
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, vec!["mira", "Tor"]);
    assert_eq!(merged.history.entries().len(), 2);
    assert_eq!(merged.saved.pools().len(), 1);
    assert_eq!(merged.scene.len(), 2);
    assert_eq!(
        merged.settings.zero_dice,
        ZeroDiceRule::OneDie,
        "settings stay"
    );
    // A character new here comes in under fresh ids that clash with nothing.
    let mut other = Roster::default();
    other.create("Vex").unwrap();
    let mut here = sample();
    here.roster.adopt(&other.characters()[0]).unwrap();
    let ids: Vec<u64> = here
        .roster
        .characters()
        .iter()
        .flat_map(|c| c.ids())
        .collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
}

#[test]
fn a_merge_takes_the_files_story_points_only_when_there_are_none_here() {
    let file = sample(); // 1 light, 4 dark, with an Undo step
    let backup = parse_backup(&export(&file, NOW).unwrap()).unwrap();
    // None here: the file's points come in, without the Undo step of the other device.
    let here = Everything::default();
    let summary = backup.summary(&here, ImportMode::Merge).join("\n");
    assert!(
        summary.contains("Story points: set as in the file (1 light, 4 dark)."),
        "{summary}"
    );
    let merged = backup.apply(&here, ImportMode::Merge).unwrap();
    assert_eq!(
        merged.story_points.counts(),
        PointCounts { players: 1, gm: 4 }
    );
    assert!(!merged.story_points.can_undo());
    // Points here: they stay.
    let mut here = Everything::default();
    here.story_points
        .set(PointCounts { players: 0, gm: 1 })
        .unwrap();
    let summary = backup.summary(&here, ImportMode::Merge).join("\n");
    assert!(
        summary.contains("Story points: kept as they are here."),
        "{summary}"
    );
    let merged = backup.apply(&here, ImportMode::Merge).unwrap();
    assert_eq!(merged.story_points, here.story_points);
    // Replacing takes the file's, Undo step and all.
    let replaced = backup.apply(&here, ImportMode::Replace).unwrap();
    assert_eq!(replaced.story_points, file.story_points);
}

#[test]
fn an_import_keeps_what_this_device_knows_of_its_storage_and_exports() {
    // The file was exported elsewhere on 2025-11-30 (NOW) and had asked its browser to keep
    // its data; this device exported a day later and never asked.
    let mut file = sample();
    file.settings.keep_asked = true;
    file.settings.last_export_ms = Some(NOW);
    file.settings.haptics = false;
    let backup = parse_backup(&export(&file, NOW).unwrap()).unwrap();
    let mut here = Everything::default();
    here.settings.last_export_ms = Some(NOW + 86_400_000);
    for mode in [ImportMode::Merge, ImportMode::Replace] {
        let after = backup.apply(&here, mode).unwrap();
        assert!(!after.settings.keep_asked, "{mode:?}");
        assert_eq!(
            after.settings.last_export_ms,
            Some(NOW + 86_400_000),
            "{mode:?}"
        );
    }
    // Replacing still takes the file's own settings.
    let replaced = backup.apply(&here, ImportMode::Replace).unwrap();
    assert!(!replaced.settings.haptics);
    assert_eq!(replaced.settings.zero_dice, ZeroDiceRule::LowestOfTwo);
}

#[test]
fn a_merge_past_the_character_limit_is_refused_before_the_choice() {
    // 30 characters here and 30 others in the file: 60 would pass the limit of 50.
    let mut here = Everything::default();
    let mut file = Everything::default();
    for n in 0..30 {
        here.roster.create(&format!("Here {n}")).unwrap();
        file.roster.create(&format!("There {n}")).unwrap();
    }
    let backup = parse_backup(&export(&file, NOW).unwrap()).unwrap();
    let summary = backup.summary(&here, ImportMode::Merge).join("\n");
    assert!(summary.contains("Merging is not possible"), "{summary}");
    assert!(summary.contains("At most 50 characters"), "{summary}");
    assert!(backup.merge_problem(&here).is_some());
    assert!(backup.apply(&here, ImportMode::Merge).is_err());
    // Replacing is still open, and says nothing of a problem.
    let replace = backup.summary(&here, ImportMode::Replace).join("\n");
    assert!(!replace.contains("not possible"), "{replace}");
    assert_eq!(
        backup
            .apply(&here, ImportMode::Replace)
            .unwrap()
            .roster
            .characters()
            .len(),
        30
    );
}

#[test]
fn a_merge_reports_what_it_did_and_the_summary_says_it() {
    // The history here is full; the file brings 3 rolls already here and 5 new, older ones.
    let mut here = Everything::default();
    for id in 1..=MAX_HISTORY as u64 {
        here.history.record(roll(1_000 + id, "here"));
    }
    here.roster.create("Mira").unwrap();
    let mut file = Everything::default();
    for id in 1..=5 {
        file.history.record(roll(id, "older"));
    }
    for id in 1..=3 {
        file.history.record(roll(1_000 + id, "here"));
    }
    file.roster.create("Mira").unwrap();
    file.roster.create("Vex").unwrap();
    file.saved
        .save("Blaster", SystemPool::Narrative(parse_pool("2g").unwrap()))
        .unwrap();
    let backup = parse_backup(&export(&file, NOW).unwrap()).unwrap();
    let (merged, report) = backup.merge(&here);
    assert_eq!(
        report.history,
        Some(MergedRolls {
            added: 5,
            kept: 3,
            dropped_over_limit: 5
        })
    );
    assert_eq!(
        report.roster,
        Some(Merged {
            added: 1,
            kept: 1,
            dropped_over_limit: 0
        })
    );
    assert_eq!(report.saved.map(|s| s.added), Some(1));
    assert_eq!(report.problem, None);
    assert_eq!(merged.history.entries().len(), MAX_HISTORY);
    assert_eq!(merged, backup.apply(&here, ImportMode::Merge).unwrap());
    let summary = backup.summary(&here, ImportMode::Merge).join("\n");
    assert!(
        summary.contains(&format!(
            "Roll history: 5 new rolls of 8 in the file; the oldest 5 rolls go, to keep the newest {MAX_HISTORY}."
        )),
        "{summary}"
    );
    assert!(summary.contains("Characters: 1 new of 2"), "{summary}");
    // Past the character limit the report counts what does not fit, and says why.
    let mut crowded = Everything::default();
    for n in 0..49 {
        crowded.roster.create(&format!("Here {n}")).unwrap();
    }
    let (_, report) = backup.merge(&crowded);
    assert_eq!(
        report.roster,
        Some(Merged {
            added: 1,
            kept: 0,
            dropped_over_limit: 1
        })
    );
    assert!(report.problem.is_some_and(|p| p.contains("At most 50")));
}

#[test]
fn a_merged_scene_keeps_names_unique_and_ids_fresh() {
    let mut here = Scene::default();
    here.add_facet("Slippery Ground", false).unwrap();
    let file = sample().scene;
    assert_eq!(here.adopt(&file), 1, "only the obstacle is new");
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    let good = export(&sample(), NOW).unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("not json at all".into(), "not a Dicetray file"),
        (good[..good.len() / 2].into(), "cut short"),
        (json!({"app": "other", "format": 1, "exported_at": 1, "documents": {}}).to_string(), "not made by Dicetray"),
        (json!({"app": "dicetray", "format": 9, "exported_at": 1, "documents": {}}).to_string(), "newer version"),
        (json!({"app": "dicetray", "format": 1, "exported_at": 1, "documents": {"dicetray.evil": {}}}).to_string(), "does not know"),
        (json!({"app": "dicetray", "format": 1, "exported_at": 1, "documents": {"dicetray.history": {"version": 99, "data": {}}}}).to_string(), "newer version"),
        (json!({"app": "dicetray", "format": 1, "exported_at": 1, "documents": {"dicetray.saved-pools": {"version": 1, "data": {"pools": [{"name": "x", "system": "narrative", "pool": "9q"}]}}}}).to_string(), "cannot be read"),
        (json!({"app": "dicetray", "format": 1, "exported_at": 1, "documents": {}, "extra": true}).to_string(), "not a Dicetray file"),
        ("[".repeat(10_000) + &"]".repeat(10_000), "not a Dicetray file"),
        (" ".repeat(MAX_FILE_BYTES + 1), "too large"),
    ];
    for (text, reason) in cases {
        let error = parse_backup(&text).unwrap_err();
        assert!(error.contains(reason), "{reason}: {error}");
    }
}

#[test]
fn html_in_a_file_is_only_text() {
    let mut all = Everything::default();
    all.roster.create("<script>alert(1)</script>").unwrap();
    let back = parse_backup(&export(&all, NOW).unwrap()).unwrap();
    assert_eq!(
        back.roster.unwrap().characters()[0].name,
        "<script>alert(1)</script>"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn reading_never_panics_on_any_text(text in any::<String>()) {
        let _ = parse_backup(&text);
    }

    #[test]
    fn reading_never_panics_on_a_damaged_export(cut in 0usize..2000, insert in any::<String>()) {
        let mut text = export(&sample(), NOW).unwrap();
        let at = cut.min(text.len());
        let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        text.insert_str(at, &insert);
        let _ = parse_backup(&text);
    }
}
