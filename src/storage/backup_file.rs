//! One file with everything the app keeps, to move to another device or keep safe:
//! `{"app": "dicetray", "format": 1, "exported_at": ms, "documents": {key: stored text}}`,
//! each document exactly as localStorage holds it (with its own version, read with its own
//! migrations). Importing reads the whole file strictly first: a bad, truncated, huge or
//! foreign file is refused with the reason and nothing changes.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::every_document;
use super::{Document, StoreError, decode_stored, encode};
use crate::core::history::{MAX_HISTORY, MergedRolls};

/// The largest file an import reads; localStorage itself holds about 5 MB.
pub const MAX_FILE_BYTES: usize = 5 * 1024 * 1024;
/// The file format this build writes and reads.
pub const FILE_FORMAT: u32 = 1;

macro_rules! whole_and_backup {
    ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
        /// Everything the app keeps, one value per document.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Everything {
            $(
                #[doc = $what]
                pub $name: $type,
            )*
        }

        /// A file read and checked, with the documents it holds.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Backup {
            /// When it was made, in milliseconds since 1970.
            pub exported_at: u64,
            $(
                #[doc = $what]
                ///
                /// `None` when the file does not carry it.
                pub $name: Option<$type>,
            )*
        }
    };
}
every_document!(whole_and_backup);

/// How an import meets what is already here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportMode {
    /// Keep everything here and add what is new: characters and saved pools by name, rolls
    /// by id, scene entries by name. The trays and settings stay as they are. The story
    /// points here stay too, unless there are none here at all (both sides at 0): then the
    /// file's are taken, naming and counts, without their Undo.
    Merge,
    /// Every document the file carries replaces the one here; the settings keep this
    /// device's own facts (asked to keep the data, last exported).
    Replace,
}

/// The file as read: each document stays parsed JSON until its own document reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRecord {
    app: String,
    format: u32,
    exported_at: u64,
    documents: Value,
}

/// The file's text: every document in its stored form.
pub fn export(all: &Everything, now_ms: u64) -> Result<String, StoreError> {
    macro_rules! stored {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            [$((<$type as Document>::KEY, encode(&all.$name)?)),*]
        };
    }
    let documents = every_document!(stored);
    // Keys are our own constants and each document is serde's JSON: joined as they are.
    let body: Vec<String> = documents
        .iter()
        .map(|(key, text)| format!("\"{key}\":{text}"))
        .collect();
    Ok(format!(
        "{{\"app\":\"dicetray\",\"format\":{FILE_FORMAT},\"exported_at\":{now_ms},\"documents\":{{{}}}}}",
        body.join(",")
    ))
}

fn take<D: Document>(documents: &mut Map<String, Value>) -> Result<Option<D>, String> {
    documents.remove(D::KEY).map(decode_stored::<D>).transpose()
}

/// Refuses a file too large to be ours; checked on the file's size before it is read, so a
/// huge file never has to fit in memory, and again on the text.
pub fn check_file_size(bytes: u64) -> Result<(), String> {
    if bytes > MAX_FILE_BYTES as u64 {
        return Err(format!(
            "The file is too large ({} KB; a Dicetray file is at most {} KB).",
            bytes / 1024,
            MAX_FILE_BYTES / 1024
        ));
    }
    Ok(())
}

/// Reads a file strictly; any problem refuses it all, with the reason.
pub fn parse_backup(text: &str) -> Result<Backup, String> {
    check_file_size(text.len() as u64)?;
    let damaged = || "This is not a Dicetray file, or it is cut short or damaged.".to_string();
    let stored = serde_json::from_str(text).map_err(|_| damaged())?;
    let record: FileRecord = serde_json::from_value(stored).map_err(|_| damaged())?;
    if record.app != "dicetray" {
        return Err("This file was not made by Dicetray.".into());
    }
    if record.format > FILE_FORMAT {
        return Err(
            "This file was made by a newer version of Dicetray: update, then import it.".into(),
        );
    }
    let Value::Object(mut documents) = record.documents else {
        return Err(damaged());
    };
    let refuse = |e: String| format!("The file cannot be imported: {e}.");
    macro_rules! read {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            Backup {
                exported_at: record.exported_at,
                $($name: take::<$type>(&mut documents).map_err(refuse)?,)*
            }
        };
    }
    let backup = every_document!(read);
    if let Some(unknown) = documents.keys().next() {
        return Err(format!(
            "The file cannot be imported: it holds something this version does not know (“{}”).",
            unknown.chars().take(40).collect::<String>()
        ));
    }
    Ok(backup)
}

/// What a merge did with one list the file carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// The file's entries new here, added.
    pub added: usize,
    /// The file's entries already here (by name), left as they are here.
    pub kept: usize,
    /// The file's entries new here but past what this device keeps, left out.
    pub dropped_over_limit: usize,
}

impl Merged {
    /// The file's entries new here, added or not.
    pub fn new_here(&self) -> usize {
        self.added + self.dropped_over_limit
    }
}

/// What merging a file did, document by document: `None` for what the file does not carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeReport {
    /// Characters, by name (ignoring case).
    pub roster: Option<Merged>,
    /// Rolls, by id.
    pub history: Option<MergedRolls>,
    /// Saved pools, by name.
    pub saved: Option<Merged>,
    /// The scene's facets, obstacles, boosts and conditions, by name. The scene takes what
    /// fits: what is not added (a name already here, or past the scene's limits) is counted
    /// as kept.
    pub scene: Option<Merged>,
    /// Whether the file's story points were taken (see [`ImportMode::Merge`]).
    pub story_points_taken: Option<bool>,
    /// Why the merge cannot be kept (a limit passed), if it cannot.
    pub problem: Option<String>,
}

impl Backup {
    /// What importing would do, a line per document the file carries.
    pub fn summary(&self, here: &Everything, mode: ImportMode) -> Vec<String> {
        let report = (mode == ImportMode::Merge).then(|| self.merge(here).1);
        let mut lines = match &report {
            Some(report) => self.merge_summary(report),
            None => self.replace_summary(here),
        };
        let trays = [
            self.settings.is_some(),
            self.narrative_pool.is_some(),
            self.d6_setup.is_some(),
            self.el_setup.is_some(),
            self.turn.is_some(),
        ];
        if trays.iter().any(|&t| t) {
            lines.push(match mode {
                ImportMode::Merge => "Settings and trays: kept as they are here.".to_string(),
                ImportMode::Replace => "Settings and trays: set as in the file.".to_string(),
            });
        }
        if lines.is_empty() {
            lines.push("The file holds nothing to import.".into());
        }
        if let Some(reason) = report.and_then(|r| r.problem) {
            lines.push(merge_refused(&reason));
        }
        lines
    }

    /// The lines of [`Backup::summary`] for a merge, from what the merge reports.
    fn merge_summary(&self, report: &MergeReport) -> Vec<String> {
        let mut lines = Vec::new();
        if let (Some(roster), Some(merged)) = (&self.roster, report.roster) {
            lines.push(format!(
                "Characters: {} new of {} in the file; those with a name already here stay as they are.",
                merged.new_here(),
                roster.characters().len()
            ));
        }
        if let (Some(history), Some(merged)) = (&self.history, report.history) {
            let mut line = format!(
                "Roll history: {} new rolls of {} in the file",
                merged.added,
                history.entries().len()
            );
            line.push_str(&match merged.dropped_over_limit {
                0 => format!(" (the newest {MAX_HISTORY} are kept)."),
                1 => format!("; the oldest roll goes, to keep the newest {MAX_HISTORY}."),
                n => format!("; the oldest {n} rolls go, to keep the newest {MAX_HISTORY}."),
            });
            lines.push(line);
        }
        if let (Some(saved), Some(merged)) = (&self.saved, report.saved) {
            lines.push(format!(
                "Saved pools: {} new of {} in the file.",
                merged.new_here(),
                saved.pools().len()
            ));
        }
        if let (Some(scene), Some(merged)) = (&self.scene, report.scene) {
            lines.push(format!(
                "Scene: {} of the file's {} entries are added; the others have a name already here or do not fit.",
                merged.added,
                scene.len()
            ));
        }
        if let (Some(points), Some(taken)) = (&self.story_points, report.story_points_taken) {
            let file = points.naming().counts_words(points.counts());
            lines.push(if taken {
                format!("Story points: set as in the file ({file}).")
            } else {
                "Story points: kept as they are here.".to_string()
            });
        }
        lines
    }

    /// The lines of [`Backup::summary`] for a replace.
    fn replace_summary(&self, here: &Everything) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(roster) = &self.roster {
            lines.push(format!(
                "Characters: the file's {} replace the {} here.",
                roster.characters().len(),
                here.roster.characters().len()
            ));
        }
        if let Some(history) = &self.history {
            lines.push(format!(
                "Roll history: the file's {} rolls replace the {} here.",
                history.entries().len(),
                here.history.entries().len()
            ));
        }
        if let Some(saved) = &self.saved {
            lines.push(format!(
                "Saved pools: the file's {} replace the {} here.",
                saved.pools().len(),
                here.saved.pools().len()
            ));
        }
        if let Some(scene) = &self.scene {
            lines.push(format!(
                "Scene: the file's {} entries replace the {} here.",
                scene.len(),
                here.scene.len()
            ));
        }
        if let Some(points) = &self.story_points {
            let file = points.naming().counts_words(points.counts());
            lines.push(format!("Story points: set as in the file ({file})."));
        }
        lines
    }

    /// Why merging this file cannot be done here, said before the player chooses.
    pub fn merge_problem(&self, here: &Everything) -> Option<String> {
        self.merge(here).1.problem.as_deref().map(merge_refused)
    }

    /// Everything after importing.
    pub fn apply(&self, here: &Everything, mode: ImportMode) -> Result<Everything, String> {
        match mode {
            ImportMode::Replace => {
                let mut next = here.clone();
                macro_rules! replace {
                    ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
                        $(
                            if let Some(value) = &self.$name {
                                next.$name = value.clone();
                            }
                        )*
                    };
                }
                every_document!(replace);
                // Whether the browser was asked to keep the data, and when it was last
                // exported, are facts about this device, not the file's.
                next.settings.keep_device_facts(&here.settings);
                Ok(next)
            }
            ImportMode::Merge => match self.merge(here) {
                (
                    _,
                    MergeReport {
                        problem: Some(reason),
                        ..
                    },
                ) => Err(reason),
                (next, _) => Ok(next),
            },
        }
    }

    /// Merges the file into a copy of `here` (see [`ImportMode::Merge`]) and says what it
    /// did. Past a limit it carries on, counting what does not fit, so the report is whole;
    /// then the report's `problem` says why the result must not be kept.
    pub fn merge(&self, here: &Everything) -> (Everything, MergeReport) {
        let mut next = here.clone();
        let mut report = MergeReport::default();
        let mut refuse = |reason: String| {
            report.problem.get_or_insert(reason);
        };
        if let Some(roster) = &self.roster {
            let mut merged = Merged::default();
            for character in roster.characters() {
                match next.roster.adopt(character) {
                    Ok(true) => merged.added += 1,
                    Ok(false) => merged.kept += 1,
                    Err(reason) => {
                        merged.dropped_over_limit += 1;
                        refuse(reason);
                    }
                }
            }
            report.roster = Some(merged);
        }
        if let Some(scene) = &self.scene {
            let added = next.scene.adopt(scene);
            report.scene = Some(Merged {
                added,
                kept: scene.len() - added,
                dropped_over_limit: 0,
            });
        }
        if let Some(saved) = &self.saved {
            let mut merged = Merged::default();
            for pool in saved.pools() {
                if next.saved.pools().iter().any(|p| p.name == pool.name) {
                    merged.kept += 1;
                } else if let Err(reason) = next.saved.save(&pool.name, pool.pool.clone()) {
                    merged.dropped_over_limit += 1;
                    refuse(reason);
                } else {
                    merged.added += 1;
                }
            }
            report.saved = Some(merged);
        }
        if let Some(history) = &self.history {
            report.history = Some(next.history.merge(history));
        }
        if let Some(points) = &self.story_points {
            let taken = takes_story_points(here);
            if taken {
                let mut taken = points.clone();
                taken.forget_undo();
                next.story_points = taken;
            }
            report.story_points_taken = Some(taken);
        }
        (next, report)
    }
}

/// What the player is told when a merge cannot be kept, for `reason`.
fn merge_refused(reason: &str) -> String {
    format!("Merging is not possible: {reason} Replace instead, or make room here first.")
}

/// Whether a merge takes the file's story points: only when there are none here, so a
/// table's points on this device are never overwritten by an older copy.
fn takes_story_points(here: &Everything) -> bool {
    here.story_points.counts().total() == 0
}
