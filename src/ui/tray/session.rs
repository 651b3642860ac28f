//! What a tray keeps in this tab's session, so a reload finds it as the player left it:
//! the label, the GM's side, real dice half entered, the sides that have spent a story
//! point on the check being set up, and the roll in the bar (found again
//! in History by its id, or read again from its result link). Rare code: it runs once the
//! tray is drawn and the page idle (or at the first tap), restores what was kept, and from
//! then on keeps the tray's session at each change.

use leptos::prelude::*;

use super::state::{Shown, ShownKind, TrayCore};
use crate::core::story_points::{CheckSpends, StorySide};
use crate::core::tone::Tone;
use crate::storage::tray_session::{KeptRoll, TraySession, session_key};
use crate::ui::panels::history::open_result_link;
use crate::ui::panels::history_writer;
use crate::ui::platform::session::{session_read, session_write};

/// A shown roll's kind, as a session names it.
fn kind_name(kind: ShownKind) -> &'static str {
    match kind {
        ShownKind::Tray => "tray",
        ShownKind::Portion => "portion",
        ShownKind::Settled => "settled",
        ShownKind::AgainstYou => "against",
        ShownKind::FromLink | ShownKind::FromHistory => "link",
    }
}

/// The kind a session names; settled (nothing follows) for anything else.
fn kind_of(name: &str) -> ShownKind {
    match name {
        "tray" => ShownKind::Tray,
        "portion" => ShownKind::Portion,
        "against" => ShownKind::AgainstYou,
        _ => ShownKind::Settled,
    }
}

/// Restores what the tab kept of the tray (where the player has not already changed it),
/// then keeps the tray's session from now on.
pub fn keep_session(core: TrayCore) {
    let key = session_key(core.page.path());
    let kept = session_read(&key)
        .map(|text| TraySession::decode(&text))
        .unwrap_or_default();
    if core.label.with_untracked(String::is_empty) {
        core.label.set(kept.label);
    }
    if core.gm_side.with_untracked(Option::is_none) {
        core.gm_side.set(kept.gm_side);
    }
    if core.entered.with_untracked(Vec::is_empty) {
        core.entered.set(kept.entered);
    }
    // Unless a spend or a roll came first.
    if core.check_spends.get_untracked() == CheckSpends::default() {
        let sides = kept.spent.iter().filter_map(|key| StorySide::from_key(key));
        core.check_spends.set(CheckSpends::of_sides(sides));
    }
    // Until the roll is found again, it stays kept.
    let waiting = core.visit.lasting(|| StoredValue::new(kept.shown.clone()));
    if core.shown.with_untracked(Option::is_none) {
        restore_shown(core, kept.shown, waiting);
    }
    core.visit.lasting(|| {
        Effect::new(move |_| session_write(&key, &session(core, waiting).encode()));
    });
}

/// What the tab keeps of the tray now; tracked, so it is kept again at each change.
fn session(core: TrayCore, waiting: StoredValue<Option<KeptRoll>>) -> TraySession {
    let shown = core.shown.with(|s| match s {
        Some(s) if s.read_only() => core.link_text().map(KeptRoll::Link),
        Some(s) => Some(KeptRoll::Own {
            id: s.entry.id,
            kind: kind_name(s.kind).to_string(),
            verdict: s
                .verdict
                .as_ref()
                .map(|(words, tone)| (words.clone(), tone.name().to_string())),
        }),
        None => waiting.get_value(),
    });
    TraySession {
        label: core.label.get(),
        gm_side: core.gm_side.get(),
        shown,
        entered: core.entered.get(),
        spent: core
            .check_spends
            .get()
            .spent_sides()
            .map(|side| side.key().to_string())
            .collect(),
    }
}

/// Shows again, in the bar, the roll the tab showed before the reload.
fn restore_shown(core: TrayCore, kept: Option<KeptRoll>, waiting: StoredValue<Option<KeptRoll>>) {
    match kept {
        Some(KeptRoll::Own { id, kind, verdict }) => {
            leptos::task::spawn_local(async move {
                // Not found (or History's code did not come): the bar stays empty.
                let entry = history_writer::find(core.history, id).await.ok().flatten();
                waiting.try_set_value(None);
                if let Some(entry) = entry
                    && core.shown.try_with_untracked(Option::is_none) == Some(true)
                {
                    let verdict = verdict.map(|(words, tone)| (words, Tone::from_name(&tone)));
                    core.shown.set(Some(Shown {
                        entry,
                        kind: kind_of(&kind),
                        verdict,
                    }));
                }
            });
        }
        Some(KeptRoll::Link(text)) => {
            // `open_result_link` keeps the link again for the next reload.
            let show = core.visit.lasting(|| {
                Callback::new(move |shown: Shown| {
                    waiting.set_value(None);
                    if core.shown.with_untracked(Option::is_none) {
                        core.shown.set(Some(shown));
                    }
                })
            });
            open_result_link(core, text, show);
        }
        None => {}
    }
}
