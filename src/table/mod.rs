//! The live table's protocol, in plain Rust (see `docs/table-protocol.md`).

pub mod bytes;
pub mod dropped;
pub mod event;
pub mod keys;
pub mod seal;
