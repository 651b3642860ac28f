//! The seam between saved-data logic and where it lives: localStorage in the browser, a map
//! in tests.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

/// A string key-value store with localStorage's shape. Methods take `&self`, as
/// localStorage does.
pub trait KeyValueStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    fn keys(&self) -> Vec<String>;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No storage at all (a private mode, or storage switched off).
    Unavailable,
    Read(String),
    /// Usually the quota: the browser has no room left for this site.
    Write(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable => f.write_str("this browser offers no storage to this page"),
            Self::Read(detail) => write!(f, "reading failed ({detail})"),
            Self::Write(detail) => write!(f, "the browser refused to store it ({detail})"),
        }
    }
}

impl std::error::Error for StoreError {}

/// An in-memory store for tests, with an optional size limit to play a full quota.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: RefCell<BTreeMap<String, String>>,
    quota_bytes: Option<usize>,
}

impl MemoryStore {
    pub fn with_quota(quota_bytes: usize) -> Self {
        Self {
            entries: RefCell::default(),
            quota_bytes: Some(quota_bytes),
        }
    }

    fn used_bytes_without(&self, key: &str) -> usize {
        self.entries
            .borrow()
            .iter()
            .filter(|(k, _)| k.as_str() != key)
            .map(|(k, v)| k.len() + v.len())
            .sum()
    }
}

impl KeyValueStore for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.entries.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(quota) = self.quota_bytes
            && self.used_bytes_without(key) + key.len() + value.len() > quota
        {
            return Err(StoreError::Write("quota exceeded".into()));
        }
        self.entries
            .borrow_mut()
            .insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.entries.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Vec<String> {
        self.entries.borrow().keys().cloned().collect()
    }
}
