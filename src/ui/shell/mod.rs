//! The app around the pages: the shell, routes to pages, each page's split point, the
//! visit's shared data, deferred loading and the one module of rare code.

pub(crate) mod app;
pub(crate) mod app_data;
pub(crate) mod deferred;
pub(crate) mod later;
pub(crate) mod notices;
pub(crate) mod pages;
pub(crate) mod rare;
