//! What a link brings to the Effective Level tray: a whole roll, the GM's challenge (the
//! other side, or an obstacle in the scene), or a roll to show read-only; and the links the
//! tray offers.

use leptos::prelude::*;

use super::roll::show;
use super::state::{ElState, RollKind};
use crate::core::challenge::ElChallenge;
use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::notation::challenge::{format_el_challenge, parse_el_challenge};
use crate::core::notation::effective_level::format_check;
use crate::route::Page;
use crate::ui::app_data::{AppData, Shared};
use crate::ui::browser::page_url;
use crate::ui::gm_side::{change_with_scene, take_challenge};
use crate::ui::history::open_result_link;
use crate::ui::share_links::ShareLink;

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(data: AppData, shared: Shared) {
    let state = ElState::of(data);
    match shared {
        Shared::Setup(text) => state.open_shared(&text),
        Shared::Challenge(text) => {
            take_challenge(
                state.snackbar,
                state.gm_side,
                parse_el_challenge(&text),
                |challenge| {
                    change_with_scene(data, state.setup, |setup, scene| {
                        challenge.apply(setup, scene)
                    })?;
                    Ok(challenge.summary())
                },
            );
        }
        Shared::Result(text) => {
            // Shown as settled: nothing of it can go to this player's scene.
            let read_only = Callback::new(move |entry: HistoryEntry| {
                show(state, entry, RollKind::Settled, None, None);
            });
            let belongs = |roll: &RecordedRoll| matches!(roll, RecordedRoll::EffectiveLevel(_));
            open_result_link(data, text, belongs, read_only);
        }
    }
}

/// The links the tray offers: this whole roll, and the GM's challenge (the other side only).
pub const SHARE_LINKS: &[ShareLink] = &[
    ShareLink {
        what: "this roll",
        make: |data| {
            let check = ElState::of(data).check.get_untracked().ok()?;
            let text = format_check(&check).replace(' ', "+");
            Some(format!(
                "{}{}",
                page_url(),
                Page::EffectiveLevel.share_href(&text)
            ))
        },
    },
    ShareLink {
        what: "the GM's challenge",
        make: |data| {
            let challenge = ElState::of(data).setup.with_untracked(ElChallenge::of)?;
            let text = format_el_challenge(&challenge);
            Some(format!(
                "{}{}",
                page_url(),
                Page::EffectiveLevel.challenge_href(&text)
            ))
        },
    },
];
