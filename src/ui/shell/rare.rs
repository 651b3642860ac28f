//! The app's rare code, in one piece fetched the first time any of it is wanted: History
//! (written on the first roll), QR codes, Your data, the notices, and each page's parts used
//! once a session or less (its own enum, `<page>::rare`, reached through `ui::shell::pages`).
//! A tray's first load then carries what is used every roll, and nothing else.
//!
//! One piece, not one per panel: the splitter gives every set of split points that shares
//! code a module of its own, so each extra split point fragments every page's shared code
//! and costs every page more than it saves. Here each page has its own split point
//! (`ui::shell::pages`) and all of them share this one.

use leptos::prelude::*;

use crate::ui::panels::history::{HistoryAsk, history_rare};
use crate::ui::panels::share_links::QrPicture;
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::deferred::{Deferred, split_view};
use crate::ui::shell::pages::{PageRare, draw_page_rare};
use crate::ui::tray::session::keep_session;
use crate::ui::tray::state::TrayCore;

/// A rare part, and what it needs to be drawn or done.
#[derive(Clone)]
pub enum Rare {
    /// Something History does (see `ui::panels::history`).
    History(HistoryAsk),
    /// A link drawn as a QR code.
    Qr(String),
    /// Export and import.
    Data,
    /// The notices about saved data and storage.
    Notices,
    /// One of a page's own rare parts.
    Page(PageRare),
    /// A tray's session in this tab: restored, then kept (see `ui::tray::session`).
    Session(TrayCore),
}

/// Does a rare part that draws nothing, once its code is here; says so if it cannot come.
pub fn run_rare(data: AppData, ask: Rare) {
    leptos::task::spawn_local(async move {
        if rare(data, ask).await.is_err() {
            data.snackbar
                .say("This part of the app could not be fetched: check the connection.");
        }
    });
}

/// Draws a rare part where it stands, once `when` is true (at once by default): fetched
/// the first time, with `fallback` meanwhile and a retry if it did not arrive.
#[component]
pub fn RareView(
    data: AppData,
    ask: Rare,
    /// Wanted yet? A folded panel passes whether it is open.
    #[prop(optional, into)]
    when: Option<Signal<bool>>,
    /// What shows while the code is on its way.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> impl IntoView {
    let ask = StoredValue::new(ask);
    let draw = move || rare(data, ask.get_value());
    match when {
        Some(when) => view! { <Deferred preload=__preload_rare draw when fallback/> }.into_any(),
        None => view! { <Deferred preload=__preload_rare draw fallback/> }.into_any(),
    }
}

split_view!(
    /// Draws or does a rare part; an empty view for what only does.
    pub rare in rare_parts,
    __preload_rare,
    |data: AppData, ask: Rare| {
        match ask {
            Rare::History(ask) => history_rare(data, ask),
            Rare::Qr(link) => view! { <QrPicture link/> }.into_any(),
            Rare::Data => view! { <crate::ui::panels::data_panel::DataPanel data/> }.into_any(),
            Rare::Notices => view! { <crate::ui::shell::notices::NoticeList notices=data.notices/> }.into_any(),
            Rare::Page(ask) => draw_page_rare(data, ask),
            Rare::Session(core) => {
                keep_session(data, core);
                ().into_any()
            }
        }
    }
);
