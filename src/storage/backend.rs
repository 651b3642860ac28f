//! The seam between saved-data logic and where it lives: localStorage in the browser, a map
//! in tests.

use std::cell::RefCell;
use std::fmt;

/// A string key-value store with localStorage's shape. Methods take `&self`, as
/// localStorage does.
pub trait KeyValueStore {
    /// The text under `key`, or `None` when there is none.
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Stores `value` under `key`, replacing what was there.
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    /// Deletes `key` and its text.
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    /// Every key held, in no particular order.
    fn keys(&self) -> Vec<String>;
}

/// Why a store could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No storage at all (a private mode, or storage switched off).
    Unavailable,
    /// The browser refused a read.
    Read(String),
    /// The browser refused a write.
    Write(String),
    /// The browser has no room left for this site (its quota is used).
    Full(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable => f.write_str("this browser offers no storage to this page"),
            Self::Read(detail) => write!(f, "reading failed ({detail})"),
            Self::Full(detail) => {
                write!(f, "this browser's storage for the page is full ({detail})")
            }
            Self::Write(detail) => write!(f, "the browser refused to store it ({detail})"),
        }
    }
}

impl std::error::Error for StoreError {}

/// An in-memory store: the app's fallback where the browser offers no storage, and the
/// store tests use. A plain list: it holds a dozen keys, and a map's code would be shipped
/// to every phone for the few that need it.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: RefCell<Vec<(String, String)>>,
}

impl KeyValueStore for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .entries
            .borrow()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone()))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let mut entries = self.entries.borrow_mut();
        match entries.iter_mut().find(|(k, _)| k == key) {
            Some((_, held)) => *held = value.to_string(),
            None => entries.push((key.to_string(), value.to_string())),
        }
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.entries.borrow_mut().retain(|(k, _)| k != key);
        Ok(())
    }

    fn keys(&self) -> Vec<String> {
        self.entries
            .borrow()
            .iter()
            .map(|(k, _)| k.clone())
            .collect()
    }
}
