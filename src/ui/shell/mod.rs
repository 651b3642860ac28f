//! The app around the pages: the header and navigation, and the one list of every page's
//! code (`pages`), the only place the app names its pages.

pub(crate) mod app;
pub(crate) mod pages;
