//! What a link brings to the Highest d6 tray: base dice, the GM's challenge (its kind,
//! whether harm is at stake, and the scene's facets), or a roll to show read-only.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::challenge::D6Challenge;
use crate::core::notation::challenge::{format_d6_challenge, parse_d6_challenge};
use crate::route::Page;
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::{AppData, Shared};
use crate::ui::browser::page_url;
use crate::ui::dock::DockPanel;
use crate::ui::history::open_result_link;
use crate::ui::share_links::ShareLink;

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(data: AppData, shared: Shared) {
    let state = D6State::of(data);
    match shared {
        Shared::Setup(dice) => state.open_shared(&dice),
        Shared::Challenge(text) => match parse_d6_challenge(&text) {
            Ok(challenge) => {
                let (mut setup, mut scene) =
                    (state.setup.get_untracked(), data.scene().get_untracked());
                match challenge.apply(&mut setup, &mut scene) {
                    Ok(_) => {
                        state.setup.update(|stored| *stored = setup);
                        data.scene().update(|stored| *stored = scene);
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
                Ok(entry) if matches!(entry.roll, RecordedRoll::HighestD6(_)) => {
                    state.read_only.set(true);
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

/// The links the tray offers: these base dice, and the GM's challenge (its kind, whether
/// harm is at stake, and the scene's facets).
pub const SHARE_LINKS: &[ShareLink] = &[
    ShareLink {
        what: "these dice",
        make: |data| {
            let base = D6State::of(data).setup.with_untracked(|s| s.base);
            Some(format!(
                "{}{}",
                page_url(),
                Page::HighestD6.share_href(&base.to_string())
            ))
        },
    },
    ShareLink {
        what: "the GM's challenge",
        make: |data| {
            let setup = D6State::of(data).setup.get_untracked();
            let challenge = data
                .scene()
                .with_untracked(|scene| D6Challenge::of(&setup, scene))
                .ok()?;
            let text = format_d6_challenge(&challenge);
            Some(format!(
                "{}{}",
                page_url(),
                Page::HighestD6.challenge_href(&text)
            ))
        },
    },
];
