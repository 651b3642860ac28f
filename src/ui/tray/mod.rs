//! What every tray is built from: the common parts of its state and frame, the character
//! bar, the GM's side, the hints, and the one way a roll leaves a tray (the recorder).

pub(crate) mod character_bar;
pub(crate) mod coach;
pub(crate) mod frame;
pub(crate) mod gm_side;
pub(crate) mod read_only_note;
pub(crate) mod recorder;
pub(crate) mod result_actions;
pub(crate) mod result_frame;
pub(crate) mod scene_here;
pub(crate) mod session;
pub(crate) mod state;
