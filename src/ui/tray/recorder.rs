//! Every tray's rolls go through here: made with the browser's secure random numbers,
//! labelled, tagged with who rolled, and kept in History. One way to record, for every
//! system.

use rand::Rng;

use crate::core::character::Roster;
use crate::core::history::RollHistory;
use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::ui::panels::history_writer::{HistoryChange, send};
use crate::ui::platform::browser::now_ms;
use crate::ui::platform::persisted::Persisted;
use crate::ui::table::hook::TableHook;
use crate::ui::visit::Deferred;

/// What recording a roll needs: who is rolling, History, and the table when at one; cheap
/// to copy.
#[derive(Clone, Copy)]
pub struct Recorder {
    /// Who is rolling.
    pub roster: Persisted<Roster>,
    /// Where rolls are kept.
    pub history: Deferred<RollHistory>,
    /// Where rolls go too, at a table.
    pub table: TableHook,
}

/// Rolls with `roll` and records it under `label` for the active character; the entry as
/// recorded, or why there is no roll (the browser gave no secure random numbers, and a
/// roll is never faked).
pub fn record_roll(
    recorder: Recorder,
    label: &str,
    roll: impl FnOnce(&mut SecureDice) -> RecordedRoll,
) -> Result<HistoryEntry, String> {
    record(recorder, label, false, roll)
}

/// Records a roll of real dice, whose faces the player entered: marked so in History and
/// in shared text.
pub fn record_entered(
    recorder: Recorder,
    label: &str,
    roll: RecordedRoll,
) -> Result<HistoryEntry, String> {
    record(recorder, label, true, |_| roll)
}

fn record(
    recorder: Recorder,
    label: &str,
    real_dice: bool,
    roll: impl FnOnce(&mut SecureDice) -> RecordedRoll,
) -> Result<HistoryEntry, String> {
    let mut dice = SecureDice::new().map_err(|_| RandomnessUnavailable.to_string())?;
    let roll = roll(&mut dice);
    let id = dice.random();
    dice.check().map_err(|e| e.to_string())?;
    let to_gm = recorder.table.sends_to_gm(roll.tray_key());
    let entry = HistoryEntry {
        id,
        at_ms: now_ms(),
        label: HistoryEntry::clean_label(label),
        who: recorder
            .roster
            .with_untracked(|r| r.active().map(|c| c.name.clone())),
        real_dice,
        to_gm,
        roll,
    };
    send(
        recorder.history,
        recorder.table,
        HistoryChange::Record(entry.clone()),
    );
    Ok(entry)
}
