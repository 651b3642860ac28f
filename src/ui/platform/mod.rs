//! What the browser gives, wrapped once: storage with its availability check, the
//! clipboard, media queries, documents kept in step with localStorage, how long the browser
//! keeps them, and installing.

pub(crate) mod browser;
pub(crate) mod install;
pub(crate) mod keeping;
pub(crate) mod notices;
pub(crate) mod persisted;
pub(crate) mod screen;
pub(crate) mod session;
