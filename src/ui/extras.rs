//! The app's rare code, in one piece fetched the first time any of it is wanted: History
//! (written on the first roll), QR codes, and each tray's panels used once a session or
//! less (saved pools, the odds in detail, what an outcome asks next, the scene, sharing).
//! A tray's first load then carries what is used every roll, and nothing else.
//!
//! One piece, not one per panel: the splitter gives every set of split points that shares
//! code a module of its own, so each extra split point fragments every page's shared code
//! and costs every page more than it saves. Here each page has its own split point
//! (`ui::pages`) and all of them share this one.

use leptos::prelude::*;

use super::app_data::{AppData, Shared};
use super::deferred::split_view;
use super::history::{HistoryAsk, history_extra};
use super::share_links::{QrPicture, ShareLinks};
use crate::route::Page;

/// A rare part, and what it needs to be drawn or done.
#[derive(Clone)]
pub enum Extra {
    /// Something History does (see `ui::history`).
    History(HistoryAsk),
    /// A link drawn as a QR code.
    Qr(String),
    /// The narrative tray's saved pools.
    NarrativeSavedPools,
    /// The narrative tray's odds in detail.
    NarrativeOdds,
    /// The narrative tray's real dice: each die's face, entered.
    NarrativeEnter,
    /// The narrative tray's hints: what one tap on each control would do.
    NarrativeCoach,
    /// The Highest d6 tray's hints.
    D6Coach,
    /// The Highest d6 tray's real dice.
    D6Enter,
    /// What the Highest d6 tray's shown outcome asks next: harm, a facet, a cost.
    D6Prompts,
    /// The Highest d6 tray's scene facets and End scene.
    D6Scene,
    /// The editor inside the Characters page's card of the character with this id.
    CharacterEditor(u64),
    /// Export and import.
    Data,
    /// One of the Effective Level tray's rare panels.
    El(super::effective_level::RarePanel),
    /// The links a tray offers, in its Share panel.
    Share(Page),
    /// The notices about saved data and storage.
    Notices,
    /// What a link opened on a tray carries: a set-up, the GM's challenge, a roll.
    OpenLink(Page, Shared),
}

/// Does a rare part that draws nothing, once its code is here; says so if it cannot come.
pub fn run_extra(data: AppData, ask: Extra) {
    leptos::task::spawn_local(async move {
        if extra(data, ask).await.is_err() {
            data.snackbar
                .say("This part of the app could not be fetched: check the connection.");
        }
    });
}

split_view!(
    /// Draws or does a rare part; an empty view for what only does.
    pub extra in extras,
    __preload_extras,
    |data: AppData, ask: Extra| {
        use super::highest_d6::extras as d6;
        use super::narrative::extras as narrative;
        match ask {
            Extra::History(ask) => history_extra(data, ask),
            Extra::Qr(link) => view! { <QrPicture link/> }.into_any(),
            Extra::NarrativeSavedPools => narrative::saved_pools(data),
            Extra::NarrativeOdds => narrative::odds_detail(data),
            Extra::NarrativeEnter => narrative::enter_dice(data),
            Extra::NarrativeCoach => narrative::start_coach(data),
            Extra::D6Coach => d6::start_coach(data),
            Extra::D6Enter => d6::enter_dice(data),
            Extra::D6Prompts => d6::prompts(data),
            Extra::D6Scene => d6::scene(data),
            Extra::CharacterEditor(id) => {
                view! { <super::characters::CharacterEditor data id/> }.into_any()
            }
            Extra::Data => view! { <super::data_panel::DataPanel data/> }.into_any(),
            Extra::El(which) => super::effective_level::rare_panel(data, which),
            Extra::Share(page) => {
                let links = match page {
                    Page::Narrative => super::narrative::links::SHARE_LINKS,
                    Page::HighestD6 => super::highest_d6::links::SHARE_LINKS,
                    _ => super::effective_level::links::SHARE_LINKS,
                };
                view! { <ShareLinks data links/> }.into_any()
            }
            Extra::Notices => view! { <super::notices::NoticeList notices=data.notices/> }.into_any(),
            Extra::OpenLink(page, shared) => {
                match page {
                    Page::Narrative => super::narrative::links::open_link(data, shared),
                    Page::HighestD6 => super::highest_d6::links::open_link(data, shared),
                    _ => super::effective_level::links::open_link(data, shared),
                }
                ().into_any()
            }
        }
    }
);
