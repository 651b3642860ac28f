//! Items stored as arrays of fields, `[3, "Keen Eye", true]`, read and written by hand.
//!
//! Each document has one serde-derived record, itself a JSON array of its fields (a derived
//! tuple struct reads no member names, so its code is about half a named one's); the items
//! of its lists are arrays too, read here from a `serde_json::Value` one field at a time and
//! written as [`Field`]s. One small reader and one writer serve every kind of item, where a
//! derived record per kind of item would add its own parsing code to the app. Documents and
//! items saved as objects by earlier versions are rewritten as arrays first
//! ([`object_to_array`]).

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::core::facet::clean_name;

/// Why an item could not be read: a field missing, of the wrong kind, or one too many.
pub(super) struct Misshapen;

impl From<Misshapen> for String {
    fn from(_: Misshapen) -> Self {
        "it is not in the form this version stores".into()
    }
}

/// The fields of one stored item, read in order.
pub(super) struct Fields<'a>(std::slice::Iter<'a, Value>);

impl<'a> Fields<'a> {
    /// The fields of `item`, which must be an array.
    pub fn of(item: &'a Value) -> Result<Self, Misshapen> {
        Ok(Self(list(item)?.iter()))
    }

    /// The next field, whatever it holds.
    pub fn any(&mut self) -> Result<&'a Value, Misshapen> {
        self.0.next().ok_or(Misshapen)
    }

    /// The next field, `null` read as `None`.
    pub fn maybe(&mut self) -> Result<Option<&'a Value>, Misshapen> {
        self.any().map(|v| (!v.is_null()).then_some(v))
    }

    pub fn u64(&mut self) -> Result<u64, Misshapen> {
        number(self.any()?)
    }

    pub fn u32(&mut self) -> Result<u32, Misshapen> {
        u32::try_from(self.u64()?).map_err(|_| Misshapen)
    }

    pub fn i32(&mut self) -> Result<i32, Misshapen> {
        let n = self.any()?.as_i64().ok_or(Misshapen)?;
        i32::try_from(n).map_err(|_| Misshapen)
    }

    pub fn bool(&mut self) -> Result<bool, Misshapen> {
        self.any()?.as_bool().ok_or(Misshapen)
    }

    pub fn str(&mut self) -> Result<&'a str, Misshapen> {
        text(self.any()?)
    }

    /// The next field as a list of items.
    pub fn list(&mut self) -> Result<&'a [Value], Misshapen> {
        list(self.any()?)
    }

    /// Ends the item: a field past those read is refused like a missing one, so nothing a
    /// hand edit added is dropped at the next save without a backup.
    pub fn end(self) -> Result<(), Misshapen> {
        if self.0.as_slice().is_empty() {
            Ok(())
        } else {
            Err(Misshapen)
        }
    }
}

/// Reads the start of an entry with an id and a name, `[id, name, ...]`, the name cleaned as
/// every name is (`what` names the entry for the message); its other fields follow.
pub(super) fn named<'a>(item: &'a Value, what: &str) -> Result<(u64, String, Fields<'a>), String> {
    let mut fields = Fields::of(item)?;
    let id = fields.u64()?;
    let name = clean_name(fields.str()?, what)?;
    Ok((id, name, fields))
}

/// `value` as a list of items.
pub(super) fn list(value: &Value) -> Result<&[Value], Misshapen> {
    value.as_array().map(Vec::as_slice).ok_or(Misshapen)
}

/// `value` as a whole number, 0 or more.
pub(super) fn number(value: &Value) -> Result<u64, Misshapen> {
    value.as_u64().ok_or(Misshapen)
}

/// `value` as text.
pub(super) fn text(value: &Value) -> Result<&str, Misshapen> {
    value.as_str().ok_or(Misshapen)
}

/// One field of an item as written. The stored forms hold no fractions, so neither does
/// this: serde_json's number formatting for them stays out of the app.
pub(super) enum Field<'a> {
    U64(u64),
    I64(i64),
    Str(&'a str),
    Owned(String),
    Bool(bool),
    Null,
    List(Vec<Field<'a>>),
}

impl Serialize for Field<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::U64(n) => serializer.serialize_u64(*n),
            Self::I64(n) => serializer.serialize_i64(*n),
            Self::Str(text) => serializer.serialize_str(text),
            Self::Owned(text) => serializer.serialize_str(text),
            Self::Bool(b) => serializer.serialize_bool(*b),
            Self::Null => serializer.serialize_unit(),
            Self::List(items) => items.serialize(serializer),
        }
    }
}

impl From<u64> for Field<'_> {
    fn from(n: u64) -> Self {
        Self::U64(n)
    }
}

impl From<u32> for Field<'_> {
    fn from(n: u32) -> Self {
        Self::U64(n.into())
    }
}

impl From<usize> for Field<'_> {
    fn from(n: usize) -> Self {
        Self::U64(n as u64)
    }
}

impl From<i32> for Field<'_> {
    fn from(n: i32) -> Self {
        Self::I64(n.into())
    }
}

impl From<bool> for Field<'_> {
    fn from(b: bool) -> Self {
        Self::Bool(b)
    }
}

impl<'a> From<&'a str> for Field<'a> {
    fn from(text: &'a str) -> Self {
        Self::Str(text)
    }
}

impl<'a> From<&'a String> for Field<'a> {
    fn from(text: &'a String) -> Self {
        Self::Str(text)
    }
}

impl From<String> for Field<'_> {
    fn from(text: String) -> Self {
        Self::Owned(text)
    }
}

impl<'a, T: Into<Field<'a>>> From<Option<T>> for Field<'a> {
    fn from(value: Option<T>) -> Self {
        value.map_or(Self::Null, Into::into)
    }
}

impl<'a> From<Vec<Field<'a>>> for Field<'a> {
    fn from(items: Vec<Field<'a>>) -> Self {
        Self::List(items)
    }
}

/// An item's fields, in order: `fields![id, name, helps]`.
macro_rules! fields {
    ($($field:expr),* $(,)?) => {
        $crate::storage::fields::Field::List(vec![$($crate::storage::fields::Field::from($field)),*])
    };
}
pub(super) use fields;

/// Each of `items` written as an item.
pub(super) fn each<'a, T: 'a>(
    items: impl IntoIterator<Item = &'a T>,
    write: impl Fn(&'a T) -> Field<'a>,
) -> Vec<Field<'a>> {
    items.into_iter().map(write).collect()
}

/// Rewrites an item an earlier version stored as an object as the array this version
/// stores: the members named in `keys`, in that order, each missing one taken from
/// `defaults`, a JSON array of as many values (`null` where the member was required, so the
/// reader refuses the item). An item that is not an object, or has a member not in `keys`,
/// is left as it is: the reader sets it aside and its original is kept in the backup.
pub(super) fn object_to_array(item: &mut Value, keys: &[&str], defaults: &str) {
    let Value::Object(members) = item else {
        return;
    };
    let Ok(Value::Array(mut fields)) = serde_json::from_str::<Value>(defaults) else {
        return;
    };
    if fields.len() != keys.len() || members.keys().any(|k| !keys.contains(&k.as_str())) {
        return;
    }
    for (field, key) in fields.iter_mut().zip(keys) {
        if let Some(value) = members.remove(*key) {
            *field = value;
        }
    }
    *item = Value::Array(fields);
}

/// Rewrites a document an earlier version stored as an object of one member, `{"<key>":
/// value}`, as that value (left as it is if it holds anything else).
pub(super) fn object_to_value(data: &mut Value, key: &str) {
    object_to_array(data, &[key], "[null]");
    if let Value::Array(fields) = data
        && fields.len() == 1
    {
        *data = fields.pop().unwrap_or_default();
    }
}

/// Rewrites every item of the list at `value` (left alone if it is not a list) with `step`.
pub(super) fn each_item(value: Option<&mut Value>, step: impl Fn(&mut Value)) {
    if let Some(Value::Array(items)) = value {
        items.iter_mut().for_each(step);
    }
}
