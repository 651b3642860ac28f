//! The live table's protocol, in plain Rust (see `docs/table-protocol.md`).
//!
//! One concept per file. [`phone::Table`] is what one phone holds and the UI drives;
//! [`fold::fold`] makes what it shows from the set of messages it holds, in the order every
//! phone agrees on ([`order`]), with the GM chain ([`chain`]), the people ([`people`]) and
//! the GM's checkpoint ([`checkpoint`]). [`sync`] says what to ask relays for.

pub mod bytes;
pub mod chain;
pub mod checkpoint;
pub mod dropped;
pub mod event;
pub mod fold;
pub mod held;
pub mod invite;
pub mod keys;
pub mod message;
pub mod order;
pub mod outbox;
pub mod people;
pub mod phone;
pub mod random;
pub mod relays;
pub mod scene;
pub mod seal;
pub mod shown;
pub mod sync;
pub mod wire;

pub use checkpoint::{Checkpoint, Pool};
pub use dropped::Dropped;
pub use event::Event;
pub use fold::{AskAnswer, Folded, LogEntry, OpenAsk};
pub use invite::Invite;
pub use keys::DeviceKey;
pub use message::{Amendment, Message, PointSide, What};
pub use people::Person;
pub use phone::Table;
pub use random::NoRandom;
pub use scene::{SceneAct, TableScene};
pub use shown::shown_log;
