//! The live table as kept on this device: the table it is at (its invite, this device's key
//! for it, the messages it holds), the signed events waiting for a relay, where rolls go,
//! and the device's own list of relays.
//!
//! Version 2 keeps a version 2 table (see `docs/table-protocol.md`). A version 1 table
//! cannot be carried on: its phones speak the first protocol. Reading one keeps the
//! device's choices (relays, where rolls go) and tells the player plainly to start or join
//! a new table; nothing else of the phone's data is touched.
//!
//! Not in the export file: a device key belongs to the device, and a table is rejoined
//! from its link. What is kept is bounded in bytes ([`MAX_TABLE_BYTES`]), so History and the
//! characters always fit beside it.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Decoded, Document};
use crate::table::Table;
use crate::table::outbox::Outbox;
use crate::table::relays::check_relay_url;

/// The localStorage key, read raw at start (see [`may_be_at_table`]).
pub const KEY: &str = "dicetray.table";

/// Most bytes the table's document may take in storage (its JSON): a member padding every
/// roll cannot crowd out History.
pub const MAX_TABLE_BYTES: usize = 400_000;

/// Where this device's rolls go while at a table; remembered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SendTo {
    /// To everyone at the table.
    #[default]
    Table,
    /// Sealed for the GM only.
    Gm,
    /// Not sent.
    Nobody,
}

/// The stored table document. `at` is written last, so a device at no table ends its text
/// with `"at":null}}` (see [`may_be_at_table`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TableDoc {
    /// Where rolls go.
    #[serde(default)]
    pub send_to: SendTo,
    /// The device's own relays (none: the defaults); a table's link names its own.
    #[serde(default)]
    pub relays: Vec<String>,
    /// Signed events no relay has taken yet.
    #[serde(default)]
    pub outbox: Outbox,
    /// The GM's sides this device has taken, one per tray: (tray key, challenge). Not
    /// offered again, after a reload too; forgotten with the table.
    #[serde(default)]
    pub taken_sides: Vec<(String, String)>,
    /// A table made by an older Dicetray was kept here and let go: the player is told so,
    /// until they have read it.
    #[serde(default)]
    pub old_table: bool,
    /// The table this device is at.
    #[serde(default)]
    pub at: Option<Table>,
}

/// Whether the stored text may hold a table, without parsing it: the start-up of a device at
/// no table reads nothing more.
pub fn may_be_at_table(text: &str) -> bool {
    // Bytes, not a text search: this runs on every page's start, whose code stays small.
    !text.is_empty() && !text.as_bytes().ends_with(b"\"at\":null}}")
}

/// Whether the stored text says this device's rolls go to the GM alone, without parsing it:
/// a roll made before the table's code has read the kept table is marked as it is sent.
pub fn stored_sends_to_gm(text: &str) -> bool {
    // Only the document's own choice has this key: names and labels are escaped strings.
    // Bytes compared by window, not `str::contains`: its searcher weighs some kilobytes in
    // every page's first load, where this runs.
    let wanted = br#""send_to":"gm""#;
    text.as_bytes().windows(wanted.len()).any(|w| w == wanted)
}

/// Version 1: `{"send_to", "relays", "outbox", "taken_sides", "at"}`, a table of the first
/// protocol. Only the device's choices are read; the rest is let go (see the module notes).
#[derive(Deserialize)]
struct V1 {
    #[serde(default)]
    send_to: SendTo,
    #[serde(default)]
    relays: Vec<String>,
    /// The first protocol's table, if the device was at one: only whether it was is kept,
    /// to tell the player.
    #[serde(default)]
    at: Option<IgnoredAny>,
}

/// Version 1 to 2: no table, the choices kept, and the player told if one was let go.
impl From<V1> for TableDoc {
    fn from(
        V1 {
            send_to,
            relays,
            at,
        }: V1,
    ) -> Self {
        Self {
            send_to,
            relays,
            old_table: at.is_some(),
            ..Self::default()
        }
    }
}

impl Document for TableDoc {
    const KEY: &'static str = KEY;
    const TITLE: &'static str = "live table";
    const VERSION: u32 = 2;

    /// Its older version is read here, not in `migrations`: the table is not among the
    /// documents the start-up checks, and its code is the table's own.
    fn readable(_version: u32) -> bool {
        true
    }

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let doc = match version {
            1 => serde_json::from_value::<V1>(data).map(TableDoc::from),
            _ => serde_json::from_value::<TableDoc>(data),
        };
        let mut doc = doc.map_err(|_| "the live table could not be read".to_string())?;
        // One per tray: more is not what this app wrote.
        doc.taken_sides.truncate(3);
        let before = doc.relays.len();
        doc.relays.retain(|url| check_relay_url(url).is_ok());
        let mut set_aside = Vec::new();
        if doc.relays.len() < before {
            set_aside.push("a relay address that is not one".into());
        }
        Ok(Decoded {
            value: doc,
            set_aside,
        })
    }

    fn encode(&self) -> impl Serialize {
        self
    }
}

impl TableDoc {
    /// Keeps the document within [`MAX_TABLE_BYTES`]: the outbox and the table each get
    /// their share (see [`Table::keep_within`]).
    pub fn keep_within_bounds(&mut self) {
        self.outbox.keep_within(MAX_TABLE_BYTES / 4);
        if let Some(table) = &mut self.at {
            table.keep_within(MAX_TABLE_BYTES - MAX_TABLE_BYTES / 4 - 4_096);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_choices_are_read_without_parsing_what_they_say() {
        let gm = r#"{"version":2,"data":{"send_to":"gm","relays":[],"at":{"name":"Ana"}}}"#;
        let table = r#"{"version":2,"data":{"send_to":"table","relays":[],"at":null}}"#;
        // A label that spells the choice is an escaped string inside the document.
        let label =
            r#"{"version":2,"data":{"send_to":"table","at":{"label":"\"send_to\":\"gm\""}}}"#;
        assert!(stored_sends_to_gm(gm) && may_be_at_table(gm));
        assert!(!stored_sends_to_gm(table) && !may_be_at_table(table));
        assert!(!stored_sends_to_gm(label) && may_be_at_table(label));
        // What the document writes reads back so.
        let doc = TableDoc {
            send_to: SendTo::Gm,
            ..TableDoc::default()
        };
        let written = serde_json::to_string(&doc).unwrap_or_default();
        assert!(stored_sends_to_gm(&written), "{written}");
    }
}
