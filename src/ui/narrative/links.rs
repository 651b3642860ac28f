//! What a link brings to the narrative tray: a pool, the GM's challenge (only the other
//! side's dice), or a roll to show read-only.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::challenge::NarrativeChallenge;
use crate::core::notation::challenge::{format_narrative_challenge, parse_narrative_challenge};
use crate::core::notation::narrative::format_pool;
use crate::route::Page;
use crate::ui::panels::history::open_result_link;
use crate::ui::panels::share_links::ShareLink;
use crate::ui::platform::browser::page_url;
use crate::ui::tray::gm_side::take_gm_side;
use crate::ui::tray::state::Shown;
use crate::ui::visit::Shared;

/// The links the tray offers: this pool, and the GM's challenge (its negative dice only).
pub const SHARE_LINKS: &[ShareLink<NarrativeState>] = &[
    ShareLink {
        what: "this pool",
        gm_side: false,
        make: |state| {
            let pool = state.pool.get_untracked();
            (!pool.is_empty()).then(|| {
                format!(
                    "{}{}",
                    page_url(),
                    Page::NARRATIVE.share_href(&format_pool(&pool))
                )
            })
        },
    },
    ShareLink {
        what: "the GM's challenge",
        gm_side: true,
        make: |state| {
            let pool = state.pool.get_untracked();
            let challenge = NarrativeChallenge::of(&pool);
            let any = challenge.dice().iter().any(|&(_, n)| n > 0);
            (any && challenge.refusal().is_none()).then(|| {
                let text = format_narrative_challenge(&challenge);
                format!("{}{}", page_url(), Page::NARRATIVE.challenge_href(&text))
            })
        },
    },
];

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(state: NarrativeState, shared: Shared) {
    match shared {
        Shared::Setup(pool) => state.open_shared(&pool),
        Shared::Challenge(text) => {
            take_gm_side(state.core, parse_narrative_challenge(&text), |challenge| {
                let mut pool = state.pool.get_untracked();
                challenge.apply(&mut pool)?;
                state.pool.update(|stored| *stored = pool);
                Ok(challenge.summary())
            });
        }
        Shared::Result(text) => {
            let show = Callback::new(move |shown: Shown| {
                state.picked.set(None);
                state.core.show(shown, super::roll::headline);
            });
            open_result_link(state.core, text, show);
        }
    }
}
