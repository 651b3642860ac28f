//! Reads a stored type from parsed JSON with an error that says nothing but "misshapen".
//!
//! `serde_json::from_value` would do the same reading, but its errors word each problem
//! ("invalid type: string, expected u32 at line 1 column 9"), and that wording (serde's
//! messages, number and float printing, the line-and-column search) would come into every
//! page's first load, about 11 KB gzip, for messages the player is never shown: a player
//! is told which document or item could not be read, not why serde refused it. Here every
//! error is [`Misshapen`], so none of that code is reached.
//!
//! It reads as strictly as serde_json: an array must have exactly the fields of its tuple
//! struct, a number must fit its type, and, stricter, a struct with named fields must be a
//! JSON object (as every version that stored objects wrote them).

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::stored::Misshapen;

impl std::fmt::Display for Misshapen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("misshapen")
    }
}

impl std::error::Error for Misshapen {}

/// serde's messages are dropped unread: nothing formats them.
impl de::Error for Misshapen {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Misshapen
    }
}

/// Parsed JSON, read by a serde type.
pub(super) struct Reader(pub Value);

impl Reader {
    /// Reads an array's items, refusing one past those the visitor reads.
    fn visit_array<'de, V: Visitor<'de>>(
        items: Vec<Value>,
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        let mut items = Items(items.into_iter());
        let read = visitor.visit_seq(&mut items)?;
        match items.0.len() {
            0 => Ok(read),
            _ => Err(Misshapen),
        }
    }

    /// Reads an object's members.
    fn visit_object<'de, V: Visitor<'de>>(
        members: Map<String, Value>,
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        visitor.visit_map(Members(members.into_iter(), None))
    }

    /// A whole number as the visitor's type takes it (it checks the range); no stored form
    /// holds a fraction.
    fn visit_number<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(n), _) => visitor.visit_u64(n),
                (None, Some(n)) => visitor.visit_i64(n),
                (None, None) => Err(Misshapen),
            },
            _ => Err(Misshapen),
        }
    }
}

/// An array's items, read in order.
struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Misshapen;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Misshapen> {
        match self.0.next() {
            Some(item) => seed.deserialize(Reader(item)).map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's members, read in order: each name, then its value.
struct Members(serde_json::map::IntoIter, Option<Value>);

impl<'de> MapAccess<'de> for Members {
    type Error = Misshapen;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Misshapen> {
        match self.0.next() {
            Some((name, value)) => {
                self.1 = Some(value);
                seed.deserialize(Reader(Value::String(name))).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Misshapen> {
        seed.deserialize(Reader(self.1.take().ok_or(Misshapen)?))
    }
}

/// Each kind of value is read only by the method of its kind, so a type's reading reaches
/// only the visitor method it needs (a `u32` never reaches a string visitor's refusal).
impl<'de> Deserializer<'de> for Reader {
    type Error = Misshapen;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(_) => self.visit_number(visitor),
            Value::String(text) => visitor.visit_string(text),
            Value::Array(items) => Self::visit_array(items, visitor),
            Value::Object(members) => Self::visit_object(members, visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Bool(b) => visitor.visit_bool(b),
            _ => Err(Misshapen),
        }
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        self.visit_number(visitor)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        self.visit_number(visitor)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        self.visit_number(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::String(text) => visitor.visit_string(text),
            _ => Err(Misshapen),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        self.deserialize_string(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Array(items) => Self::visit_array(items, visitor),
            _ => Err(Misshapen),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misshapen> {
        match self.0 {
            Value::Object(members) => Self::visit_object(members, visitor),
            _ => Err(Misshapen),
        }
    }

    /// Stricter than serde_json, which also reads a struct from an array of its fields:
    /// every version that stored a struct with named fields wrote an object.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Misshapen> {
        self.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i64 i128 u8 u16 u128 f32 f64 char bytes byte_buf unit unit_struct enum
        identifier ignored_any
    }
}
