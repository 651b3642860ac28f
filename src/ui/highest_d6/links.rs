//! What a link brings to the Highest d6 tray: base dice, the GM's challenge (its kind,
//! whether harm is at stake, and the scene's facets), or a roll to show read-only.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::challenge::D6Challenge;
use crate::core::notation::challenge::{format_d6_challenge, parse_d6_challenge};
use crate::route::Page;
use crate::ui::panels::history::open_result_link;
use crate::ui::panels::share_links::ShareLink;
use crate::ui::platform::browser::page_url;
use crate::ui::tray::gm_side::{change_with_scene, take_gm_side};
use crate::ui::tray::state::Shown;
use crate::ui::visit::Shared;

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(state: D6State, shared: Shared) {
    match shared {
        Shared::Setup(dice) => state.open_shared(&dice),
        Shared::Challenge(text) => {
            take_gm_side(state.core, parse_d6_challenge(&text), |challenge| {
                change_with_scene(state.scene, state.setup, |setup, scene| {
                    challenge.apply(setup, scene)
                })?;
                Ok(challenge.summary())
            });
        }
        Shared::Result(text) => {
            let show = Callback::new(move |shown: Shown| {
                state.core.show(shown, super::roll::headline);
            });
            open_result_link(state.core, text, show);
        }
    }
}

/// The links the tray offers: these base dice, and the GM's challenge (its kind, whether
/// harm is at stake, and the scene's facets).
pub const SHARE_LINKS: &[ShareLink<D6State>] = &[
    ShareLink {
        what: "these dice",
        gm_side: false,
        make: |state| {
            let base = state.setup.with_untracked(|s| s.base);
            Some(format!(
                "{}{}",
                page_url(),
                Page::HIGHEST_D6.share_href(&base.to_string())
            ))
        },
    },
    ShareLink {
        what: "the GM's challenge",
        gm_side: true,
        make: |state| {
            let setup = state.setup.get_untracked();
            let challenge = state
                .scene
                .with_untracked(|scene| D6Challenge::of(&setup, scene))
                .ok()?;
            let text = format_d6_challenge(&challenge);
            Some(format!(
                "{}{}",
                page_url(),
                Page::HIGHEST_D6.challenge_href(&text)
            ))
        },
    },
];
