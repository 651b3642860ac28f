//! The saved-data layer: it owns what is written to localStorage and how it is read back.
//!
//! Each document lives under its own key as `{"version": N, "data": ...}`, written and read
//! with serde. Every stored version has its own serde type: the latest in the document's
//! file, the older ones in [`migrations`] (the live table's in `table`, which is not
//! exported and is read with the table's own code), each with a function from it to the
//! next version's type, so data of an older version is read as what it was and migrated one
//! version at a time. Compact arrays on disk are serde tuple structs (see `stored`). The
//! items of a list are read one by one, and an item that cannot be read, or fails its
//! checks, is set aside with its reason while the rest is kept. A member or field this
//! version does not store makes its item (or document) unreadable rather than being
//! dropped at the next save.
//!
//! Nothing is ever dropped silently: text that cannot be read (corrupt or hand-edited) is
//! first copied to a backup key, and only then replaced; if the copy fails, the original is
//! left alone and the document becomes read-only. Data written by a newer Dicetray is valid,
//! just not ours to read: it is left untouched and read-only here. A read-only document
//! still works in this tab, in memory, from what could be read plus this tab's own changes.
//! Every change re-reads the stored document first, so two open tabs add to each other's
//! data instead of overwriting it.

mod backend;
pub mod backup_file;
mod characters;
mod d6_setup;
mod documents;
mod el_setup;
mod el_turn;
mod history;
mod history_entry;
#[cfg(test)]
mod measure;
pub mod migrations;
mod narrative_pool;
mod reader;
mod saved_pools;
mod scene;
mod settings;
mod stored;
mod story_points;
pub mod table;
pub mod tray_session;

pub use backend::{KeyValueStore, MemoryStore, StoreError};
pub use documents::DOCUMENT_KEYS;
pub(crate) use documents::every_document;
pub use history::{entry_from_link, entry_link_text};
pub use saved_pools::{MAX_NAME_CHARS, MAX_SAVED_POOLS, Saved, SavedPool, SavedPools, SystemPool};
pub use settings::{MAX_FOLD_ID_CHARS, MAX_OPEN_FOLDS, Settings};

use serde::Serialize;
use serde_json::Value;

use crate::core::words::plural;

/// Every key this app writes starts with this.
pub const KEY_PREFIX: &str = "dicetray.";

/// A kind of saved data with its own key, version and validation.
pub trait Document: Sized + Default + Clone {
    /// The localStorage key.
    const KEY: &'static str;
    /// What a player calls it, for messages: "roll history".
    const TITLE: &'static str;
    /// The version this build writes.
    const VERSION: u32;

    /// Reads `data` stored at `version` (from 1 to `VERSION`): as that version's type,
    /// migrated to the latest one by one (see `stored::read_version`), then checked. Items
    /// that fail are left out and described in `set_aside`; an `Err` means nothing could be
    /// read.
    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String>;

    /// The value in the current version's stored form.
    fn encode(&self) -> impl Serialize;

    /// Whether data stored at `version` can be read now. Older versions are read by
    /// [`migrations`], which the app fetches only when needed; until that code is here such
    /// data is left as it is.
    fn readable(version: u32) -> bool {
        version == Self::VERSION || migrations::here()
    }
}

/// A decoded document and the reasons for any items it had to leave out.
pub struct Decoded<D> {
    /// Everything that could be read.
    pub value: D,
    /// One reason per item left out, worded for the player.
    pub set_aside: Vec<String>,
}

impl<D> Decoded<D> {
    /// A document read in full.
    pub fn clean(value: D) -> Self {
        Self {
            value,
            set_aside: Vec::new(),
        }
    }
}

/// Something the player should know about their saved data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The message, in full sentences.
    pub text: String,
    /// Where the unreadable original was kept, so the player can copy it out.
    pub backup_key: Option<String>,
}

impl Notice {
    /// A notice with no backup to offer.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            backup_key: None,
        }
    }
}

/// The outcome of reading a document.
#[derive(Debug)]
pub struct Loaded<D> {
    /// What could be read (the default when nothing could).
    pub value: D,
    /// What the player should be told, if anything.
    pub notice: Option<Notice>,
    /// False when saving would destroy data: unreadable data that could not be backed up,
    /// data from a newer Dicetray, or storage that could not be read at all.
    pub writable: bool,
}

/// What every key holds, as written.
#[derive(Serialize)]
struct Envelope<T> {
    version: u32,
    data: T,
}

/// Opens what every key holds, `{"version": N, "data": ...}` with nothing else, and returns
/// its version (1 or more) and data.
fn open(stored: Value) -> Option<(u32, Value)> {
    let Value::Object(mut envelope) = stored else {
        return None;
    };
    let version = envelope.remove("version")?.as_u64()?;
    let data = envelope.remove("data")?;
    let version = u32::try_from(version).ok().filter(|&v| v >= 1)?;
    envelope.is_empty().then_some((version, data))
}

/// Reads a document, repairing and backing up as described in the module notes.
/// `now_ms` names backups.
///
/// Only decoding and encoding depend on the document's type; the rest is shared, so that
/// each new kind of document adds little code to the app.
pub fn load<D: Document>(store: &dyn KeyValueStore, now_ms: u64) -> Loaded<D> {
    let mut value = None;
    let reading = read_stored(
        store,
        D::KEY,
        D::VERSION,
        &D::readable,
        &mut |version, data| {
            D::decode(version, data).map(|decoded| {
                value = Some(decoded.value);
                decoded.set_aside
            })
        },
    );
    let value = value.unwrap_or_default();
    let (notice, writable) = settle(store, now_ms, D::KEY, D::TITLE, reading, &|| encode(&value));
    Loaded {
        value,
        notice,
        writable,
    }
}

/// What reading a key found, before anything is repaired.
enum Reading {
    /// Nothing stored yet.
    Missing,
    /// The store itself refused.
    Failed(StoreError),
    /// Written by a newer Dicetray.
    Newer,
    /// Of an older version, whose migrations' code has not arrived.
    Later,
    /// Read in full; `raw` is kept when it was an older version, to back it up.
    Clean { older: Option<String> },
    /// Some items were set aside, for these reasons.
    Partial { raw: String, set_aside: Vec<String> },
    /// Nothing could be read, for this reason.
    Unreadable { raw: String, reason: String },
}

/// Decodes a document's data at a version, keeping the value, and returns the reasons for
/// any items set aside.
type DecodeData<'a> = dyn FnMut(u32, Value) -> Result<Vec<String>, String> + 'a;

/// Reads a key and decodes its envelope; `decode` reads the data and returns the reasons for
/// any items it set aside.
fn read_stored(
    store: &dyn KeyValueStore,
    key: &str,
    current: u32,
    readable: &dyn Fn(u32) -> bool,
    decode: &mut DecodeData,
) -> Reading {
    let raw = match store.get(key) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Reading::Missing,
        Err(error) => return Reading::Failed(error),
    };
    let decoded = match serde_json::from_str(&raw).ok().and_then(open) {
        None => Err("it is not saved data in the expected form".to_string()),
        Some((version, _)) if version > current => return Reading::Newer,
        Some((version, _)) if !readable(version) => return Reading::Later,
        Some((version, data)) => decode(version, data).map(|set_aside| (version, set_aside)),
    };
    match decoded {
        Ok((version, set_aside)) if set_aside.is_empty() => Reading::Clean {
            older: (version < current).then_some(raw),
        },
        Ok((_, set_aside)) => Reading::Partial { raw, set_aside },
        Err(reason) => Reading::Unreadable { raw, reason },
    }
}

/// Acts on a reading: migrates, backs up and repairs, and says what the player should know
/// and whether the key may be written. `encode` gives the decoded value's new text.
fn settle(
    store: &dyn KeyValueStore,
    now_ms: u64,
    key: &str,
    title: &str,
    reading: Reading,
    encode: &dyn Fn() -> Result<String, StoreError>,
) -> (Option<Notice>, bool) {
    let (raw, problem) = match reading {
        Reading::Missing => return (None, true),
        Reading::Failed(error) => {
            let text = format!("Your {title} could not be read: {error}");
            return (Some(Notice::text(text)), false);
        }
        // A newer Dicetray wrote this (another tab after an update, say): it is fine, just
        // not ours to read. Leave it exactly as it is and save nothing over it.
        Reading::Newer => {
            let text = format!(
                "Your {title} was saved by a newer version of Dicetray. Reload the page to \
                 use it; until then this tab keeps its changes to it in memory only."
            );
            return (Some(Notice::text(text)), false);
        }
        // Only where the start-up found no older data and another tab wrote some since.
        Reading::Later => {
            let text = format!(
                "Your {title} was saved by an earlier version of Dicetray, and the code that \
                 updates it has not arrived. Reload the page to use it; until then this tab \
                 keeps its changes to it in memory only."
            );
            return (Some(Notice::text(text)), false);
        }
        Reading::Clean { older } => {
            if let Some(raw) = older {
                // Keep the old form too, then write the new one: an upgrade never loses data.
                let _ = back_up(store, key, &raw, now_ms);
                let _ = encode().and_then(|text| store.set(key, &text));
            }
            return (None, true);
        }
        Reading::Partial { raw, set_aside } => {
            let problem = format!(
                "Part of your {title} could not be read ({}: {}).",
                plural(set_aside.len(), "item", "items"),
                set_aside.join("; ")
            );
            (raw, problem)
        }
        Reading::Unreadable { raw, reason } => {
            (raw, format!("Your {title} could not be read: {reason}."))
        }
    };
    // Back up the original first; without a backup nothing is written.
    match back_up(store, key, &raw, now_ms) {
        Ok(backup_key) => {
            let mut text = format!("{problem} The original was kept as a backup.");
            if let Err(error) = encode().and_then(|repaired| store.set(key, &repaired)) {
                text.push_str(&format!(" The repaired copy could not be saved: {error}"));
            }
            let notice = Notice {
                text,
                backup_key: Some(backup_key),
            };
            (Some(notice), true)
        }
        Err(error) => {
            let text = format!(
                "{problem} There was no room to back it up ({error}), so it is left \
                 untouched; this tab keeps its changes to it in memory only."
            );
            (Some(Notice::text(text)), false)
        }
    }
}

/// Reads a document's stored text strictly, as an imported file must be read: it must be
/// this document, at this version or an older one, with every item readable.
pub fn decode_text<D: Document>(text: &str) -> Result<D, String> {
    let stored = serde_json::from_str(text).unwrap_or(Value::Null);
    decode_stored(stored)
}

/// [`decode_text`] for a document already parsed, as an export file holds it.
fn decode_stored<D: Document>(stored: Value) -> Result<D, String> {
    let (version, data) =
        open(stored).ok_or_else(|| format!("its {} is not in the expected form", D::TITLE))?;
    if version > D::VERSION {
        return Err(format!(
            "its {} was saved by a newer version of Dicetray",
            D::TITLE
        ));
    }
    if !D::readable(version) {
        return Err(format!(
            "its {} was saved by an earlier version of Dicetray, and the code that updates \
             it has not arrived",
            D::TITLE
        ));
    }
    let decoded = D::decode(version, data)?;
    if !decoded.set_aside.is_empty() {
        return Err(format!(
            "part of its {} cannot be read ({})",
            D::TITLE,
            decoded.set_aside.join("; ")
        ));
    }
    Ok(decoded.value)
}

/// The stored text of a document in the current format.
pub fn encode<D: Document>(value: &D) -> Result<String, StoreError> {
    // Only a map with keys that are not text could fail, and no document writes one.
    serde_json::to_string(&Envelope {
        version: D::VERSION,
        data: value.encode(),
    })
    .map_err(|_| StoreError::Write("it could not be written as JSON".into()))
}

/// Writes a document in the current format.
pub fn save<D: Document>(store: &dyn KeyValueStore, value: &D) -> Result<(), StoreError> {
    store.set(D::KEY, &encode(value)?)
}

/// Applies `change` to the stored document, re-read first so another tab's writes are kept,
/// and saves it. When the stored document must not be written (see [`Loaded::writable`]),
/// the change is applied to `current`, this tab's own copy, and kept in memory only.
/// Returns the new value, anything the player should be told, and whether it was stored:
/// when it was not, the caller keeps working from the returned value, in memory.
pub fn update<D: Document>(
    store: &dyn KeyValueStore,
    now_ms: u64,
    current: &D,
    change: impl FnOnce(&mut D),
) -> (D, Vec<Notice>, bool) {
    let mut change = Some(change);
    update_with(store, now_ms, current, &mut |value| {
        if let Some(change) = change.take() {
            change(value);
        }
    })
}

/// [`update`] with the change behind a reference, so each kind of document has one copy of
/// this code however many different changes the app makes to it.
fn update_with<D: Document>(
    store: &dyn KeyValueStore,
    now_ms: u64,
    current: &D,
    change: &mut dyn FnMut(&mut D),
) -> (D, Vec<Notice>, bool) {
    let Loaded {
        value,
        notice,
        writable,
    } = load::<D>(store, now_ms);
    let mut notices: Vec<Notice> = notice.into_iter().collect();
    if !writable {
        let mut value = current.clone();
        change(&mut value);
        notices.push(Notice::text(format!(
            "Changes to your {} are kept in this tab only, so that the stored copy stays \
             intact.",
            D::TITLE
        )));
        return (value, notices, false);
    }
    let mut value = value;
    change(&mut value);
    if let Err(error) = save(store, &value) {
        // Re-reading the stored copy on the next change would drop this one, so from here
        // on this tab works from its own copy, in memory.
        notices.push(Notice::text(format!(
            "Your {} could not be saved: {error}. This tab keeps it, with your changes, in \
             memory until it is closed: export your data to keep them.",
            D::TITLE
        )));
        return (value, notices, false);
    }
    (value, notices, true)
}

/// Copies `raw` to a new key `<key>.backup.<now_ms>[-n]` and returns that key.
fn back_up(
    store: &dyn KeyValueStore,
    key: &str,
    raw: &str,
    now_ms: u64,
) -> Result<String, StoreError> {
    let base = format!("{key}.backup.{now_ms}");
    let mut backup = base.clone();
    let mut n = 1;
    while store.get(&backup)?.is_some() {
        n += 1;
        backup = format!("{base}-{n}");
    }
    store.set(&backup, raw)?;
    Ok(backup)
}

/// Keys of every backup this app has made, oldest first.
pub fn backup_keys(store: &dyn KeyValueStore) -> Vec<String> {
    let mut keys: Vec<String> = store
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(KEY_PREFIX) && k.contains(".backup."))
        .collect();
    keys.sort();
    keys
}
