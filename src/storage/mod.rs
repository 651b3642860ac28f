//! The saved-data layer: it owns what is written to localStorage and how it is read back.
//!
//! Each document lives under its own key as `{"version": N, "data": ...}`. Loading migrates
//! older versions and validates every item. Nothing is ever dropped silently: text that cannot
//! be read (corrupt or hand-edited) is first copied to a backup key, and only then replaced;
//! if the copy fails, the original is left alone and the document becomes read-only. Data
//! written by a newer Dicetray is valid, just not ours to read: it is left untouched and the
//! document is read-only here until the page is reloaded. Every change re-reads the stored document first, so two open tabs add to
//! each other's data instead of overwriting it.

mod backend;
mod history;
pub mod json;
mod narrative_pool;
mod saved_pools;

pub use backend::{KeyValueStore, MemoryStore, StoreError};
pub use history::{HistoryEntry, MAX_HISTORY, MAX_LABEL_CHARS, RecordedRoll, RollHistory};
pub use narrative_pool::CurrentNarrativePool;
pub use saved_pools::{MAX_NAME_CHARS, MAX_SAVED_POOLS, Saved, SavedPool, SavedPools, SystemPool};

use json::Json;

/// Every key this app writes starts with this.
pub const KEY_PREFIX: &str = "dicetray.";

/// A kind of saved data with its own key, version and validation.
pub trait Document: Sized + Default {
    /// The localStorage key.
    const KEY: &'static str;
    /// What a player calls it, for messages: "roll history".
    const TITLE: &'static str;
    /// The version this build writes.
    const VERSION: u32;

    /// Reads `data` stored at `version` (never above `VERSION`), migrating older versions.
    /// Items that fail validation are left out and described in `set_aside`; an `Err` means
    /// nothing could be read.
    fn decode(version: u32, data: &Json) -> Result<Decoded<Self>, String>;

    /// The JSON text of `data` in the current version.
    fn encode(&self) -> String;
}

/// A decoded document and the reasons for any items it had to leave out.
pub struct Decoded<D> {
    pub value: D,
    pub set_aside: Vec<String>,
}

impl<D> Decoded<D> {
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
    pub text: String,
    /// Where the unreadable original was kept, so the player can copy it out.
    pub backup_key: Option<String>,
}

/// The outcome of reading a document.
#[derive(Debug)]
pub struct Loaded<D> {
    pub value: D,
    pub notice: Option<Notice>,
    /// False when unreadable data could not be backed up: saving would destroy it.
    pub writable: bool,
}

/// Every key holds `{"version": N, "data": ...}`; the document's decoder reads `data`.
fn open_envelope(raw: &str) -> Result<(u32, Json), String> {
    let mut envelope = Json::parse(raw).map_err(|e| format!("it is not valid saved data ({e})"))?;
    let version = envelope
        .get("version")
        .and_then(Json::as_u64)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or("it has no format version")?;
    let data = match &mut envelope {
        Json::Object(members) => members
            .iter_mut()
            .find(|(k, _)| k == "data")
            .map(|(_, v)| std::mem::replace(v, Json::Null)),
        _ => None,
    };
    Ok((version, data.ok_or("it has no data")?))
}

/// Reads a document, repairing and backing up as described in the module notes.
/// `now_ms` names backups.
pub fn load<D: Document>(store: &dyn KeyValueStore, now_ms: u64) -> Loaded<D> {
    let raw = match store.get(D::KEY) {
        Ok(Some(raw)) => raw,
        Ok(None) => return fresh(D::default(), None),
        Err(error) => {
            return Loaded {
                value: D::default(),
                notice: Some(Notice {
                    text: format!("Your {} could not be read: {error}", D::TITLE),
                    backup_key: None,
                }),
                writable: false,
            };
        }
    };
    let decoded = open_envelope(&raw).and_then(|(version, data)| {
        if version > D::VERSION {
            Ok(None)
        } else {
            D::decode(version, &data).map(|decoded| Some((version, decoded)))
        }
    });
    match decoded {
        // A newer Dicetray wrote this (another tab after an update, say): it is fine, just
        // not ours to read. Leave it exactly as it is and save nothing over it.
        Ok(None) => Loaded {
            value: D::default(),
            notice: Some(Notice {
                text: format!(
                    "Your {} was saved by a newer version of Dicetray. Reload the page to use \
                     it; until then changes to it here are not saved.",
                    D::TITLE
                ),
                backup_key: None,
            }),
            writable: false,
        },
        Ok(Some((version, decoded))) if decoded.set_aside.is_empty() => {
            if version < D::VERSION {
                // Keep the old form too, then write the new one: an upgrade never loses data.
                let _ = back_up::<D>(store, &raw, now_ms);
                let _ = save(store, &decoded.value);
            }
            fresh(decoded.value, None)
        }
        Ok(Some((_, decoded))) => {
            let problem = format!(
                "Part of your {} could not be read ({}: {}).",
                D::TITLE,
                plural(decoded.set_aside.len(), "item", "items"),
                decoded.set_aside.join("; ")
            );
            replace_unreadable(store, &raw, now_ms, decoded.value, &problem)
        }
        Err(reason) => {
            let problem = format!("Your {} could not be read: {reason}.", D::TITLE);
            replace_unreadable(store, &raw, now_ms, D::default(), &problem)
        }
    }
}

/// Writes a document in the current format.
pub fn save<D: Document>(store: &dyn KeyValueStore, value: &D) -> Result<(), StoreError> {
    let text = format!(r#"{{"version":{},"data":{}}}"#, D::VERSION, value.encode());
    store.set(D::KEY, &text)
}

/// Applies `change` to the stored document, re-read first so another tab's writes are kept,
/// and saves it. Returns the new value and anything the player should be told.
pub fn update<D: Document>(
    store: &dyn KeyValueStore,
    now_ms: u64,
    change: impl FnOnce(&mut D),
) -> (D, Vec<Notice>) {
    let Loaded {
        mut value,
        notice,
        writable,
    } = load::<D>(store, now_ms);
    let mut notices: Vec<Notice> = notice.into_iter().collect();
    change(&mut value);
    if !writable {
        notices.push(Notice {
            text: format!(
                "This change to your {} was not saved, so that the stored copy stays intact.",
                D::TITLE
            ),
            backup_key: None,
        });
    } else if let Err(error) = save(store, &value) {
        notices.push(Notice {
            text: format!("Your {} could not be saved: {error}", D::TITLE),
            backup_key: None,
        });
    }
    (value, notices)
}

fn fresh<D>(value: D, notice: Option<Notice>) -> Loaded<D> {
    Loaded {
        value,
        notice,
        writable: true,
    }
}

/// Backs up `raw`, then writes `value` over it. Without a backup nothing is written.
/// `problem` is the sentence that tells the player what went wrong.
fn replace_unreadable<D: Document>(
    store: &dyn KeyValueStore,
    raw: &str,
    now_ms: u64,
    value: D,
    problem: &str,
) -> Loaded<D> {
    match back_up::<D>(store, raw, now_ms) {
        Ok(backup_key) => {
            let saved = save(store, &value);
            let mut text = format!("{problem} The original was kept as a backup.");
            if let Err(error) = saved {
                text.push_str(&format!(" The repaired copy could not be saved: {error}"));
            }
            fresh(
                value,
                Some(Notice {
                    text,
                    backup_key: Some(backup_key),
                }),
            )
        }
        Err(error) => Loaded {
            value,
            notice: Some(Notice {
                text: format!(
                    "{problem} There was no room to back it up ({error}), so it is left \
                     untouched and changes to it will not be saved."
                ),
                backup_key: None,
            }),
            writable: false,
        },
    }
}

/// Copies `raw` to a new key `<KEY>.backup.<now_ms>[-n]` and returns that key.
fn back_up<D: Document>(
    store: &dyn KeyValueStore,
    raw: &str,
    now_ms: u64,
) -> Result<String, StoreError> {
    let base = format!("{}.backup.{now_ms}", D::KEY);
    let mut key = base.clone();
    let mut n = 1;
    while store.get(&key)?.is_some() {
        n += 1;
        key = format!("{base}-{n}");
    }
    store.set(&key, raw)?;
    Ok(key)
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

/// The text member `name` of a record, or why it is missing.
fn text_field<'a>(record: &'a Json, name: &str, what: &str) -> Result<&'a str, String> {
    record
        .get(name)
        .and_then(Json::as_str)
        .ok_or_else(|| format!("{what} has no text \"{name}\""))
}

/// The whole-number member `name` of a record, or why it is missing.
fn number_field(record: &Json, name: &str, what: &str) -> Result<u64, String> {
    record
        .get(name)
        .and_then(Json::as_u64)
        .ok_or_else(|| format!("{what} has no number \"{name}\""))
}

/// The array member `name` of a record, or why it is missing.
fn list_field<'a>(record: &'a Json, name: &str, what: &str) -> Result<&'a [Json], String> {
    record
        .get(name)
        .and_then(Json::as_array)
        .ok_or_else(|| format!("{what} has no list \"{name}\""))
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
