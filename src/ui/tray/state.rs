//! What every tray's state holds besides its own pool: the roll shown, the label, the
//! dock's panel, the GM's words, and whether the hints have been asked for. One struct, so
//! the frame (`tray::frame`) and every later feature see one shape on every tray.

use leptos::prelude::*;

use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::tone::Tone;
use crate::route::Page;
use crate::storage::tray_session::{KeptRoll, TraySession, session_key};
use crate::ui::platform::session::{session_read, session_write};
use crate::ui::widgets::dock::{DockPanel, Headline};
use crate::ui::widgets::snackbar::Snackbar;

/// Where the shown roll came from, which says what may follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownKind {
    /// The tray's own roll: what its outcome asks next may follow.
    Tray,
    /// A portion of an Effective Level turn: its effect may go to an obstacle.
    Portion,
    /// A roll whose consequences are already applied (a defence, a roll at an obstacle, the
    /// scene rolling against the player): nothing follows it.
    Settled,
    /// A roll against the player, who resists: its dice are the roller's, the player's are
    /// the other side's.
    AgainstYou,
    /// A roll from a result link: shown read-only, not in this player's History.
    FromLink,
}

impl ShownKind {
    /// Its name in a tray's session.
    fn name(self) -> &'static str {
        match self {
            Self::Tray => "tray",
            Self::Portion => "portion",
            Self::Settled => "settled",
            Self::AgainstYou => "against",
            Self::FromLink => "link",
        }
    }

    /// The kind a session names; settled (nothing follows) for anything else.
    fn from_name(name: &str) -> Self {
        match name {
            "tray" => Self::Tray,
            "portion" => Self::Portion,
            "against" => Self::AgainstYou,
            _ => Self::Settled,
        }
    }
}

/// A roll the dock shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The roll, as History keeps it (or would: not every roll is recorded).
    pub entry: HistoryEntry,
    /// Where it came from.
    pub kind: ShownKind,
    /// The words that say what it meant when the roll's own headline does not (a defence
    /// against an attack, a roll against the player), with their tone.
    pub verdict: Option<(String, Tone)>,
}

impl Shown {
    /// A roll of the tray's own, with its own headline.
    pub fn own(entry: HistoryEntry) -> Self {
        Self {
            entry,
            kind: ShownKind::Tray,
            verdict: None,
        }
    }

    /// A roll from a result link, shown read-only.
    pub fn from_link(entry: HistoryEntry) -> Self {
        Self {
            entry,
            kind: ShownKind::FromLink,
            verdict: None,
        }
    }

    /// Whether it is someone else's roll, shown only to be read.
    pub fn read_only(&self) -> bool {
        self.kind == ShownKind::FromLink
    }
}

/// The parts of a tray's state every tray has; cheap to copy.
#[derive(Clone, Copy)]
pub struct TrayCore {
    /// The tray's page.
    pub page: Page,
    /// The roll the dock shows, set when rolling. Kept apart from History so other rolls
    /// coming and going never redraw or re-announce it.
    pub shown: RwSignal<Option<Shown>>,
    /// The label for the next rolls; it stays until the player clears it.
    pub label: RwSignal<String>,
    /// What the dock shows above its bar.
    pub panel: RwSignal<DockPanel>,
    /// Where messages go: near the thumb.
    pub snackbar: Snackbar,
    /// The GM's side of the roll in words, said beside the tray's controls while it holds.
    pub gm_side: RwSignal<Option<String>>,
    /// Whether the hints' counting has been asked for.
    pub coach_started: StoredValue<bool>,
    /// Real dice entered so far, one face (or none yet) per die.
    pub entered: RwSignal<Vec<Option<u32>>>,
    /// The roll the tab showed before a reload, until it is found again (or not).
    kept: StoredValue<Option<KeptRoll>>,
    /// The text of the result link whose roll is shown, kept for a reload.
    link_text: StoredValue<Option<String>>,
}

impl TrayCore {
    /// The tray as this tab left it before a reload (its label, the GM's side, real dice
    /// half entered; the roll shown comes back with `restore_shown`), the dock closed; kept
    /// in the tab's session from now on.
    pub fn new(page: Page, snackbar: Snackbar) -> Self {
        let key = session_key(page.path());
        let session = session_read(&key)
            .map(|text| TraySession::decode(&text))
            .unwrap_or_default();
        let this = Self {
            page,
            shown: RwSignal::new(None),
            label: RwSignal::new(session.label),
            panel: RwSignal::new(DockPanel::Closed),
            snackbar,
            gm_side: RwSignal::new(session.gm_side),
            coach_started: StoredValue::new(false),
            entered: RwSignal::new(session.entered),
            kept: StoredValue::new(session.shown),
            link_text: StoredValue::new(None),
        };
        Effect::new(move |_| session_write(&key, &this.session().encode()));
        this
    }

    /// What the tab keeps of the tray now; tracked, so it is kept again at each change.
    fn session(&self) -> TraySession {
        let shown = self.shown.with(|s| match s {
            Some(s) if s.read_only() => self.link_text.get_value().map(KeptRoll::Link),
            Some(s) => Some(KeptRoll::Own {
                id: s.entry.id,
                kind: s.kind.name().to_string(),
                verdict: s
                    .verdict
                    .as_ref()
                    .map(|(words, tone)| (words.clone(), tone.name().to_string())),
            }),
            // Not found again yet: what was kept stays kept.
            None => self.kept.get_value(),
        });
        TraySession {
            label: self.label.get(),
            gm_side: self.gm_side.get(),
            shown,
            entered: self.entered.get(),
        }
    }

    /// The real dice entered so far for `count` dice, as a signal the panel edits; none yet
    /// when the dice to enter have changed.
    pub fn entered_for(&self, count: usize) -> RwSignal<Vec<Option<u32>>> {
        if self.entered.with_untracked(Vec::len) != count {
            self.entered.set(vec![None; count]);
        }
        self.entered
    }

    /// The roll the tab showed before a reload, taken once: a tray finds it again (in
    /// History, or from its link) and shows it in the bar.
    pub fn take_kept(&self) -> Option<KeptRoll> {
        let mut kept = None;
        self.kept.update_value(|k| kept = k.take());
        kept.filter(|_| self.shown.with_untracked(Option::is_none))
    }

    /// Shows a kept roll found again, in the bar (the dock stays as it is).
    pub fn show_kept(&self, entry: HistoryEntry, kind: &str, verdict: Option<(String, String)>) {
        let verdict = verdict.map(|(words, tone)| (words, Tone::from_name(&tone)));
        let kind = ShownKind::from_name(kind);
        self.shown.set(Some(Shown {
            entry,
            kind,
            verdict,
        }));
    }

    /// Keeps the text of the result link whose roll is about to be shown, for a reload.
    pub fn keep_link(&self, text: String) {
        self.link_text.set_value(Some(text));
    }

    /// Shows `shown` in the dock, opened on the result.
    pub fn show(&self, shown: Shown) {
        self.shown.set(Some(shown));
        self.panel.set(DockPanel::Result);
    }

    /// The shown roll's entry.
    pub fn entry(&self) -> Signal<Option<HistoryEntry>> {
        let shown = self.shown;
        Signal::derive(move || shown.with(|s| s.as_ref().map(|s| s.entry.clone())))
    }

    /// Whether the roll shown is someone else's, from a result link.
    pub fn showing_read_only(&self) -> bool {
        self.shown
            .with(|s| s.as_ref().is_some_and(Shown::read_only))
    }

    /// The dock's headline: the shown roll's verdict, or else what `words` makes of the roll
    /// itself (each tray reads only its own rolls, so a tray's first load carries only its
    /// own words).
    pub fn headline(
        &self,
        words: fn(&RecordedRoll) -> Option<(String, Tone)>,
    ) -> Signal<Option<Headline>> {
        let shown = self.shown;
        Signal::derive(move || {
            shown.with(|s| {
                let s = s.as_ref()?;
                let (text, tone) = s.verdict.clone().or_else(|| words(&s.entry.roll))?;
                Some(Headline {
                    text,
                    tone,
                    id: s.entry.id,
                })
            })
        })
    }
}
