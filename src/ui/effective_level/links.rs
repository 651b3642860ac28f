//! What a link brings to the Effective Level tray: a whole roll, the GM's challenge (the
//! other side, or an obstacle in the scene), or a roll to show read-only; and the links the
//! tray offers.

use leptos::prelude::*;

use super::roll::show;
use super::state::{ElState, Shown};
use crate::core::challenge::ElChallenge;
use crate::core::notation::challenge::{format_el_challenge, parse_el_challenge};
use crate::core::notation::effective_level::format_check;
use crate::route::Page;
use crate::ui::panels::history::open_result_link;
use crate::ui::panels::share_links::ShareLink;
use crate::ui::platform::browser::page_url;
use crate::ui::tray::gm_side::{change_with_scene, take_gm_side};
use crate::ui::visit::Shared;

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(state: ElState, shared: Shared) {
    match shared {
        Shared::Setup(text) => state.open_shared(&text),
        Shared::Challenge(text) => {
            take_gm_side(state.core, parse_el_challenge(&text), |challenge| {
                change_with_scene(state.scene, state.setup, |setup, scene| {
                    challenge.apply(setup, scene)
                })?;
                Ok(challenge.summary())
            });
        }
        Shared::Result(text) => {
            // Nothing of it can go to this player's scene.
            let read_only = Callback::new(move |shown: Shown| {
                show(state, shown.entry, shown.kind, None, None);
            });
            open_result_link(state.core, text, read_only);
        }
    }
}

/// The links the tray offers: this whole roll, and the GM's challenge (the other side only).
pub const SHARE_LINKS: &[ShareLink<ElState>] = &[
    ShareLink {
        what: "this roll",
        gm_side: false,
        make: |state| {
            let check = state.check.get_untracked().ok()?;
            let text = format_check(&check).replace(' ', "+");
            Some(format!(
                "{}{}",
                page_url(),
                Page::EFFECTIVE_LEVEL.share_href(&text)
            ))
        },
    },
    ShareLink {
        what: "the GM's challenge",
        gm_side: true,
        make: |state| {
            let challenge = state.setup.with_untracked(ElChallenge::of)?;
            let text = format_el_challenge(&challenge);
            Some(format!(
                "{}{}",
                page_url(),
                Page::EFFECTIVE_LEVEL.challenge_href(&text)
            ))
        },
    },
];
