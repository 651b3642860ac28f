//! The live table's protocol, in plain Rust (see `docs/table-protocol.md`).
//!
//! One concept per file; [`state::Table`] is the state machine the UI drives.

pub mod bytes;
pub mod dropped;
pub mod event;
pub mod invite;
pub mod keys;
pub mod message;
pub mod outbox;
pub mod relays;
pub mod seal;
pub mod shown;
pub mod state;
pub mod wire;

pub use dropped::Dropped;
pub use event::Event;
pub use invite::Invite;
pub use keys::DeviceKey;
pub use message::{Amendment, Message, PointSide, What};
pub use shown::shown_log;
pub use state::{LogEntry, Person, Pool, Table};
