//! Stored records: arrays of fields on disk, `[3, "Keen Eye", true]`, named structs in code.
//!
//! Each stored document and each item of its lists is declared with [`record!`]: a struct
//! whose fields are named, in the order they are stored. The macro writes the struct and its
//! reading and writing; nothing reads or writes a field by its place by hand. A record is
//! read from the parsed `serde_json::Value` (one small reader per kind of field, shared by
//! every record, where a serde derive per record would add its own parsing code to the app)
//! and written as a [`Field`], whose one `Serialize` serves them all. The bytes are those of
//! a serde-derived tuple struct: a compact JSON array of the fields, in order.
//!
//! A record is read strictly: a field missing, of the wrong kind, or one too many makes it
//! [`Misshapen`], so nothing a hand edit added is dropped at the next save without a backup.
//! Documents and items saved as objects by earlier versions are rewritten as arrays first
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

/// A kind of value a stored field holds, read from its JSON.
pub(super) trait ReadField: Sized {
    /// Reads the field's value.
    fn read(value: &Value) -> Result<Self, Misshapen>;
}

/// A kind of value a stored field holds, written as its JSON.
pub(super) trait WriteField {
    /// The field as written.
    fn write(&self) -> Field;

    /// The field as it would be written with the members of every record named, for
    /// measuring what the arrays save.
    #[cfg(test)]
    fn named(&self) -> Value;
}

/// A record read from the fields of an array, in order; [`record!`] writes the impls.
pub(super) trait ReadRecord: Sized {
    /// Reads the record's fields from the front of `fields`, leaving any that follow.
    fn read_from(fields: &mut Fields) -> Result<Self, Misshapen>;

    /// Reads a record that is a whole array: nothing may follow its fields.
    fn read_whole(value: &Value) -> Result<Self, Misshapen> {
        let mut fields = Fields::of(value)?;
        let record = Self::read_from(&mut fields)?;
        fields.end()?;
        Ok(record)
    }
}

/// A record written as the fields of an array, in order; [`record!`] writes the impls.
pub(super) trait WriteRecord {
    /// Appends the record's fields, in order.
    fn write_into(&self, fields: &mut Vec<Field>);

    /// Adds the record's members, named, for measuring.
    #[cfg(test)]
    fn name_into(&self, members: &mut serde_json::Map<String, Value>);

    /// The record as an array of its fields.
    fn to_field(&self) -> Field {
        let mut fields = Vec::new();
        self.write_into(&mut fields);
        Field::List(fields)
    }
}

/// The fields of one stored array, read in order by [`record!`]'s readers.
pub(super) struct Fields<'a>(std::slice::Iter<'a, Value>);

impl<'a> Fields<'a> {
    /// The fields of `item`, which must be an array.
    pub fn of(item: &'a Value) -> Result<Self, Misshapen> {
        Ok(Self(list(item)?.iter()))
    }

    /// The next field, read as a `T`.
    pub fn next<T: ReadField>(&mut self) -> Result<T, Misshapen> {
        T::read(self.0.next().ok_or(Misshapen)?)
    }

    /// Ends the array: a field past those read is refused like a missing one.
    pub fn end(&self) -> Result<(), Misshapen> {
        if self.0.as_slice().is_empty() {
            Ok(())
        } else {
            Err(Misshapen)
        }
    }
}

/// Declares a stored record: a struct with named fields, stored as the array of them in
/// the order written, with its reading ([`ReadRecord`], [`ReadField`]) and writing
/// ([`WriteRecord`], [`WriteField`]). Type parameters let one record be read with its
/// items left as `Value` (each read and checked on its own) and written with them as
/// records:
///
/// ```text
/// record! {
///     /// A facet: `[id, name, helps]`.
///     pub(super) struct FacetRecord {
///         id: u64,
///         name: String,
///         helps: bool,
///     }
/// }
/// ```
macro_rules! record {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident $(<$($param:ident),+>)? {
            $($(#[$field_meta:meta])* $field:ident: $type:ty),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name $(<$($param),+>)? {
            $($(#[$field_meta])* $vis $field: $type,)+
        }

        impl $(<$($param),+>)? $crate::storage::fields::ReadRecord for $name $(<$($param),+>)?
        where
            $($type: $crate::storage::fields::ReadField,)+
        {
            fn read_from(
                fields: &mut $crate::storage::fields::Fields,
            ) -> Result<Self, $crate::storage::fields::Misshapen> {
                // A struct expression evaluates its fields in the order written.
                Ok(Self {
                    $($field: fields.next()?,)+
                })
            }
        }

        impl $(<$($param),+>)? $crate::storage::fields::WriteRecord for $name $(<$($param),+>)?
        where
            $($type: $crate::storage::fields::WriteField,)+
        {
            fn write_into(&self, fields: &mut Vec<$crate::storage::fields::Field>) {
                $(fields.push($crate::storage::fields::WriteField::write(&self.$field));)+
            }

            #[cfg(test)]
            fn name_into(&self, members: &mut serde_json::Map<String, serde_json::Value>) {
                $(members.insert(
                    stringify!($field).to_string(),
                    $crate::storage::fields::WriteField::named(&self.$field),
                );)+
            }
        }

        impl $(<$($param),+>)? $crate::storage::fields::ReadField for $name $(<$($param),+>)?
        where
            Self: $crate::storage::fields::ReadRecord,
        {
            fn read(
                value: &serde_json::Value,
            ) -> Result<Self, $crate::storage::fields::Misshapen> {
                <Self as $crate::storage::fields::ReadRecord>::read_whole(value)
            }
        }

        impl $(<$($param),+>)? $crate::storage::fields::WriteField for $name $(<$($param),+>)?
        where
            Self: $crate::storage::fields::WriteRecord,
        {
            fn write(&self) -> $crate::storage::fields::Field {
                $crate::storage::fields::WriteRecord::to_field(self)
            }

            #[cfg(test)]
            fn named(&self) -> serde_json::Value {
                let mut members = serde_json::Map::new();
                $crate::storage::fields::WriteRecord::name_into(self, &mut members);
                serde_json::Value::Object(members)
            }
        }
    };
}
pub(super) use record;

impl ReadField for u64 {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        value.as_u64().ok_or(Misshapen)
    }
}

impl ReadField for u32 {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        u32::try_from(u64::read(value)?).map_err(|_| Misshapen)
    }
}

impl ReadField for i32 {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        let n = value.as_i64().ok_or(Misshapen)?;
        i32::try_from(n).map_err(|_| Misshapen)
    }
}

impl ReadField for bool {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        value.as_bool().ok_or(Misshapen)
    }
}

impl ReadField for String {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        value.as_str().map(str::to_string).ok_or(Misshapen)
    }
}

/// `null` is `None`.
impl<T: ReadField> ReadField for Option<T> {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        match value {
            Value::Null => Ok(None),
            value => T::read(value).map(Some),
        }
    }
}

impl<T: ReadField> ReadField for Vec<T> {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        list(value)?.iter().map(T::read).collect()
    }
}

/// A field left as it is, for its document to read and check on its own (an item of a
/// list, set aside alone when it cannot be read).
impl ReadField for Value {
    fn read(value: &Value) -> Result<Self, Misshapen> {
        Ok(value.clone())
    }
}

impl WriteField for u64 {
    fn write(&self) -> Field {
        Field::U64(*self)
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::from(*self)
    }
}

impl WriteField for u32 {
    fn write(&self) -> Field {
        Field::U64(u64::from(*self))
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::from(*self)
    }
}

impl WriteField for i32 {
    fn write(&self) -> Field {
        Field::I64(i64::from(*self))
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::from(*self)
    }
}

impl WriteField for bool {
    fn write(&self) -> Field {
        Field::Bool(*self)
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::from(*self)
    }
}

impl WriteField for String {
    fn write(&self) -> Field {
        Field::Str(self.clone())
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::from(self.as_str())
    }
}

impl<T: WriteField> WriteField for Option<T> {
    fn write(&self) -> Field {
        self.as_ref().map_or(Field::Null, T::write)
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        self.as_ref().map_or(Value::Null, T::named)
    }
}

impl<T: WriteField> WriteField for Vec<T> {
    fn write(&self) -> Field {
        Field::List(self.iter().map(T::write).collect())
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        Value::Array(self.iter().map(T::named).collect())
    }
}

record! {
    /// What every entry with an id and a name starts with: `[id, name, ...]`.
    pub(super) struct Named {
        id: u64,
        name: String,
    }
}

impl Named {
    /// Reads the start of an entry, the name cleaned as every name is (`what` names the
    /// entry for the message); its other fields follow in `fields`.
    pub fn read_start(fields: &mut Fields, what: &str) -> Result<Self, String> {
        let Named { id, name } = Named::read_from(fields)?;
        let name = clean_name(&name, what)?;
        Ok(Named { id, name })
    }

    /// An entry's id and name, for writing.
    pub fn of(id: u64, name: &str) -> Self {
        let name = name.to_string();
        Self { id, name }
    }
}

/// Reads an entry with an id and a name followed by the fields of `R`, and nothing else,
/// the name cleaned as every name is (`what` names the entry for the message) before the
/// rest is read.
pub(super) fn read_named<R: ReadRecord>(item: &Value, what: &str) -> Result<(Named, R), String> {
    let mut fields = Fields::of(item)?;
    let head = Named::read_start(&mut fields, what)?;
    let rest = R::read_from(&mut fields)?;
    fields.end()?;
    Ok((head, rest))
}

/// A record whose fields are those of `A` followed by those of `B`: an entry that starts as
/// others do ([`Named`]), or whose last fields only some entries have (`B` an `Option`,
/// written as no fields at all when `None`).
pub(super) struct Then<A, B>(pub A, pub B);

impl<A: WriteRecord, B: WriteRecord> WriteRecord for Then<A, B> {
    fn write_into(&self, fields: &mut Vec<Field>) {
        self.0.write_into(fields);
        self.1.write_into(fields);
    }

    #[cfg(test)]
    fn name_into(&self, members: &mut serde_json::Map<String, Value>) {
        self.0.name_into(members);
        self.1.name_into(members);
    }
}

impl<A: WriteRecord, B: WriteRecord> WriteField for Then<A, B> {
    fn write(&self) -> Field {
        self.to_field()
    }

    #[cfg(test)]
    fn named(&self) -> Value {
        let mut members = serde_json::Map::new();
        self.name_into(&mut members);
        Value::Object(members)
    }
}

/// Fields only some entries have: none at all when `None`.
impl<R: WriteRecord> WriteRecord for Option<R> {
    fn write_into(&self, fields: &mut Vec<Field>) {
        if let Some(record) = self {
            record.write_into(fields);
        }
    }

    #[cfg(test)]
    fn name_into(&self, members: &mut serde_json::Map<String, Value>) {
        if let Some(record) = self {
            record.name_into(members);
        }
    }
}

/// `value` as a list of items.
pub(super) fn list(value: &Value) -> Result<&[Value], Misshapen> {
    value.as_array().map(Vec::as_slice).ok_or(Misshapen)
}

/// One field as written. The stored forms hold no fractions, so neither does this:
/// serde_json's number formatting for them stays out of the app.
pub(super) enum Field {
    U64(u64),
    I64(i64),
    Str(String),
    Bool(bool),
    Null,
    List(Vec<Field>),
}

impl Serialize for Field {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::U64(n) => serializer.serialize_u64(*n),
            Self::I64(n) => serializer.serialize_i64(*n),
            Self::Str(text) => serializer.serialize_str(text),
            Self::Bool(b) => serializer.serialize_bool(*b),
            Self::Null => serializer.serialize_unit(),
            Self::List(items) => items.serialize(serializer),
        }
    }
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
