//! The live table's protocol, in plain Rust (see `docs/table-protocol.md`).

pub mod bytes;
pub mod dropped;
pub mod event;
pub mod keys;
pub mod seal;
pub mod invite;
pub mod message;
pub mod outbox;
pub mod relays;
pub mod wire;
