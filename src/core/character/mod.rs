//! Characters, shared by every tray: a name, facets and harm, and an Effective Level sheet.
//! The roster holds them all and which one is active.

mod harm;
mod roster;
mod sheet;

pub use harm::{Harm, HarmMark, MAX_HARM};
pub use roster::{Character, MAX_CHARACTERS, Roster};
pub use sheet::{ElSheet, MAX_EL_VALUE, MAX_SHEET_ENTRIES, Maneuver, Role, SheetList, Standing};
