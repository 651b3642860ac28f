//! What the stored forms share: reading one from parsed JSON, and a list item read on its
//! own so that one unreadable item is set aside rather than losing its document.
//!
//! Each document declares one serde type per stored version (the latest in its own file,
//! older ones in `migrations/`). Compact arrays on disk are serde's tuple structs: a tuple
//! struct is written as the JSON array of its fields, in order, and read strictly (a field
//! missing, of the wrong kind or one too many refuses it), so nothing a hand edit added is
//! dropped at the next save without a backup.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::reader::Reader;
use super::{Document, migrations};

/// Why stored data could not be read: it is not in the form its version stores. It is
/// also the error of every read (see `reader`), which carries no more than this.
#[derive(Debug)]
pub(super) struct Misshapen;

impl From<Misshapen> for String {
    fn from(_: Misshapen) -> Self {
        "it is not in the form this version stores".into()
    }
}

/// The reason given when a document's data is not in its version's form; `what` names it
/// ("the settings").
pub(super) fn misshapen(what: &str) -> String {
    format!("{what} is not in the form this version stores")
}

/// Reads `data` as the stored form `T` (see `reader` for why not `serde_json::from_value`).
pub(super) fn read<T: DeserializeOwned>(data: Value) -> Result<T, Misshapen> {
    T::deserialize(Reader(data))
}

/// Reads data stored at `version` of `D` as its latest type `L`: as it is when stored at the
/// latest version, else through `migrations`. `what` names it for the message ("the
/// settings").
pub(super) fn read_version<D: Document, L: DeserializeOwned + 'static>(
    version: u32,
    data: Value,
    what: &str,
) -> Result<L, String> {
    let latest = if version == D::VERSION {
        read(data)
    } else {
        migrations::older(D::KEY, version, data)
    };
    latest.map_err(|_| misshapen(what))
}

/// An item of a list read on its own: the item, or [`Misshapen`] if it cannot be read as
/// `T`. The list is read whatever its items hold; its document sets the unreadable ones
/// aside, each with its reason, and keeps the rest.
///
/// Only for data read with [`read`]: there each item is a parsed value of its own, so one
/// that fails leaves the others as they were (a streaming reader would be left mid-item).
pub(super) struct Lenient<T>(pub Result<T, Misshapen>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self(T::deserialize(deserializer).map_err(|_| Misshapen)))
    }
}

impl<T> Lenient<T> {
    /// The item migrated to the next version's form, if it could be read.
    pub fn map<U>(self, step: impl FnOnce(T) -> U) -> Lenient<U> {
        Lenient(self.0.map(step))
    }
}

/// The next field of an array read by hand (one whose length depends on a field before),
/// which must be there.
pub(super) fn next_field<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
    fields: &mut A,
) -> Result<T, A::Error> {
    fields
        .next_element()?
        .ok_or_else(|| de::Error::custom("a field is missing"))
}

/// A stored array whose length depends on a field before (a harm mark's name only after
/// `"condition"`, a roll's fields after its system): read field by field with
/// [`next_field`] by [`read_fields`].
pub(super) trait ReadFields<'de>: Sized {
    /// What the array holds, for serde's message ("a roll").
    const WHAT: &'static str;

    /// Reads the fields in order.
    fn read<A: SeqAccess<'de>>(fields: &mut A) -> Result<Self, A::Error>;
}

/// `Deserialize` for a [`ReadFields`] type (serde's trait cannot be given to every such
/// type at once).
macro_rules! deserialize_by_fields {
    ($type:ty) => {
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::storage::stored::read_fields(deserializer)
            }
        }
    };
}
pub(super) use deserialize_by_fields;

/// Reads a [`ReadFields`] array: its `Deserialize`.
pub(super) fn read_fields<'de, T: ReadFields<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    /// serde's visitor for any `T`.
    struct Fields<T>(PhantomData<T>);
    impl<'de, T: ReadFields<'de>> Visitor<'de> for Fields<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(T::WHAT)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut fields: A) -> Result<T, A::Error> {
            T::read(&mut fields)
        }
    }
    deserializer.deserialize_seq(Fields(PhantomData))
}
