//! What the browser gives, wrapped once: storage with its availability check, the
//! clipboard, media queries, and documents kept in step with localStorage.

pub(crate) mod browser;
pub(crate) mod persisted;
pub(crate) mod screen;
pub(crate) mod session;
