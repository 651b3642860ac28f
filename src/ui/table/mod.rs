//! The live table: every roll made at the table on every phone there, the GM's side sent
//! live, one Destiny pool for all, over public Nostr relays (see `docs/table-protocol.md`
//! and `crate::table`, the protocol in plain Rust).
//!
//! Three parts, each where it costs least:
//! - [`hook`], in every page's first load: whether this device is at a table, and what the
//!   trays hand it to send. A few lines.
//! - the views and sockets ([`TableAsk`]: the Table page, the connection, the relays in
//!   Settings), the Table page's own module `table_page`: the page opens with it; a tray
//!   fetches it only while this device is at a table, Settings when its relays fold is
//!   drawn. What shows only at a table is `table_at`, so a link's Join form opens without
//!   it; the corner in each tray (others' rolls, the log over the tray) is `table_strip`.
//! - the protocol at work ([`service`]: keys, signatures, seals, the kept log and pool), its
//!   own module `table_core`, fetched only at a table and asked through [`table_service`].

pub mod hook;
mod live;
mod log_view;
mod page;
mod requests;
pub mod service;
mod strip;

use leptos::prelude::*;

use crate::route::Page;
use crate::ui::lazy::{self, Lazy, LoadError};
use crate::ui::root::PageCode;
use hook::TableHook;
use service::{Call, Reply};

/// What is asked of the table's views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAsk {
    /// The Table page.
    Page,
    /// Only connect (a page opened on a device at a table).
    Run,
    /// The relays and their states, for Settings.
    Relays,
}

lazy::split! { module table_page, preload preload;
    /// Draws a part of the live table (the Table page's module).
    pub fn table_part(table: TableHook, ask: TableAsk) -> AnyView {
        match ask {
            TableAsk::Page => view! { <page::TablePage table/> }.into_any(),
            TableAsk::Relays => {
                let live = live::Live::of(table);
                view! { <page::Relays live/> }.into_any()
            }
            TableAsk::Run => {
                live::Live::of(table);
                ().into_any()
            }
        }
    }
}

/// The Table page's code, for the shell's list of pages.
pub const PAGE: PageCode = PageCode {
    path: Page::TABLE.path(),
    preload,
    draw: |data| table_part(data.table, TableAsk::Page),
};

/// Answers a call in the protocol's own module, fetched the first time.
#[cfg(not(feature = "unsplit"))]
#[leptos::wasm_split::wasm_split(
    table_core,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(__preload_table_core)
)]
pub fn table_service(call: Call) -> Result<Reply, LoadError> {
    Ok(service::answer(call))
}

/// Answers a call (the one-module build: the code is always here).
#[cfg(feature = "unsplit")]
pub async fn table_service(call: Call) -> Result<Reply, LoadError> {
    Ok(service::answer(call))
}

/// Connects to the table this device is at, once the code is here; quiet if it cannot
/// come (the Table page says so when opened).
pub fn run_table(table: TableHook) {
    leptos::task::spawn_local(async move {
        let _ = table_part(table, TableAsk::Run).await;
    });
}

lazy::split! { module table_strip, preload preload_strip;
    /// The table's corner in a tray: its own module, fetched only by a tray at a table (it
    /// reads rolls, as History does), so no page's first visit pays for it.
    fn strip_part(table: TableHook, page: Page) -> AnyView {
        view! { <strip::TrayStrip table page/> }.into_any()
    }
}

/// The table's corner in a tray, while this device is at a table.
#[component]
pub fn TableLine(table: TableHook, page: Page) -> impl IntoView {
    move || {
        table.at_table.get().then(|| {
            let draw = move || strip_part(table, page);
            view! { <Lazy preload=preload_strip draw/> }
        })
    }
}

/// A part of the live table drawn where it stands, once its code is here.
#[component]
pub fn TablePart(table: TableHook, ask: TableAsk) -> impl IntoView {
    let draw = move || table_part(table, ask);
    view! { <Lazy preload draw/> }
}
