//! What a link brings to the Effective Level tray: a whole roll, the GM's challenge (the
//! other side, or an obstacle in the scene), or a roll to show read-only; and the links the
//! tray offers.

use leptos::prelude::*;

use super::roll::show;
use super::state::{ElState, RollKind};
use crate::core::challenge::ElChallenge;
use crate::core::notation::challenge::{format_el_challenge, parse_el_challenge};
use crate::core::notation::effective_level::format_check;
use crate::route::Page;
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::{AppData, Shared};
use crate::ui::browser::page_url;
use crate::ui::history::open_result_link;
use crate::ui::share_links::ShareLink;

/// Opens what a link carries. A bad link leaves the tray as it was and says why.
pub fn open_link(data: AppData, shared: Shared) {
    let state = ElState::of(data);
    match shared {
        Shared::Setup(text) => state.open_shared(&text),
        Shared::Challenge(text) => match parse_el_challenge(&text) {
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
                // Shown as settled: nothing of it can go to this player's scene.
                Ok(entry) if matches!(entry.roll, RecordedRoll::EffectiveLevel(_)) => {
                    show(state, entry, RollKind::Settled, None, None);
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
