//! What a link brings to the narrative tray: a pool, the GM's challenge (only the other
//! side's dice), or a roll to show read-only.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::challenge::NarrativeChallenge;
use crate::core::notation::challenge::{format_narrative_challenge, parse_narrative_challenge};
use crate::core::notation::narrative::format_pool;
use crate::route::Page;
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::{AppData, Shared};
use crate::ui::browser::page_url;
use crate::ui::dock::DockPanel;
use crate::ui::history::open_result_link;
use crate::ui::share_links::ShareLink;

/// The links the tray offers: this pool, and the GM's challenge (its negative dice only).
pub const SHARE_LINKS: &[ShareLink] = &[
    ShareLink {
        what: "this pool",
        make: |data| {
            let pool = NarrativeState::of(data).pool.get_untracked();
            (!pool.is_empty()).then(|| {
                format!(
                    "{}{}",
                    page_url(),
                    Page::Narrative.share_href(&format_pool(&pool))
                )
            })
        },
    },
    ShareLink {
        what: "the GM's challenge",
        make: |data| {
            let pool = NarrativeState::of(data).pool.get_untracked();
            let challenge = NarrativeChallenge::of(&pool);
            let any = challenge.dice().iter().any(|&(_, n)| n > 0);
            (any && challenge.refusal().is_none()).then(|| {
                let text = format_narrative_challenge(&challenge);
                format!("{}{}", page_url(), Page::Narrative.challenge_href(&text))
            })
        },
    },
];

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(data: AppData, shared: Shared) {
    let state = NarrativeState::of(data);
    match shared {
        Shared::Setup(pool) => state.open_shared(&pool),
        Shared::Challenge(text) => match parse_narrative_challenge(&text) {
            Ok(challenge) => {
                let mut pool = state.pool.get_untracked();
                match challenge.apply(&mut pool) {
                    Ok(()) => {
                        state.pool.update(|stored| *stored = pool);
                        let summary = challenge.summary();
                        state
                            .snackbar
                            .say(format!("The GM's challenge: {summary}."));
                        state.gm_side.set(Some(summary));
                    }
                    Err(reason) => state.snackbar.say(reason),
                }
            }
            Err(error) => state.snackbar.say(format!(
                "The GM's challenge could not be read: {error} The tray is left as it was."
            )),
        },
        Shared::Result(text) => {
            let read = Callback::new(move |read: Result<HistoryEntry, String>| match read {
                Ok(entry) if matches!(entry.roll, RecordedRoll::Narrative(_)) => {
                    state.read_only.set(true);
                    state.picked.set(None);
                    state.shown.set(Some(entry));
                    state.panel.set(DockPanel::Result);
                }
                Ok(_) => state
                    .snackbar
                    .say("That link shows a roll of another tray: open it there."),
                Err(reason) => state.snackbar.say(reason),
            });
            open_result_link(data, text, read);
        }
    }
}
