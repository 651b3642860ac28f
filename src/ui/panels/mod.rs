//! Whole panels more than one page shows: History, Your data (and how it is kept, and
//! installing), story points, sharing, settings and the end of a scene.

pub(crate) mod data_panel;
pub(crate) mod end_scene;
pub(crate) mod history;
pub(crate) mod history_writer;
pub(crate) mod install_offer;
pub(crate) mod keeping_status;
pub(crate) mod roll_card;
pub(crate) mod settings_panel;
pub(crate) mod share_links;
pub(crate) mod story_points;
