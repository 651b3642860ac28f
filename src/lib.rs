//! Dicetray: a phone-first dice tray with exact odds.
//!
//! `core` and `storage` are plain Rust, tested natively; `route` reads the address bar's hash;
//! `ui` (WebAssembly only) renders state and calls the core.

#![warn(missing_docs)]

pub mod core;
pub mod pages;
pub mod route;
pub mod storage;
pub mod table;
#[cfg(target_arch = "wasm32")]
pub mod ui;
