//! What every tray's state holds besides its own pool: the roll shown, the label, the
//! dock's panel, the GM's words, and whether the hints have been asked for. One struct, so
//! the frame (`tray::frame`) and every later feature see one shape on every tray.

use leptos::prelude::*;

use crate::core::character::Roster;
use crate::core::history::RollHistory;
use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::story_points::CheckSpends;
use crate::core::tone::Tone;
use crate::route::Page;
use crate::storage::Settings;
use crate::table::Amendment;
use crate::ui::lazy::Coming;
use crate::ui::panels::history_writer::{HistoryChange, send};
use crate::ui::platform::persisted::Persisted;
use crate::ui::root::Root;
use crate::ui::table::hook::TableHook;
use crate::ui::tray::recorder::{Recorder, record_entered};
use crate::ui::visit::{Deferred, Visit, WaitingLink};
use crate::ui::widgets::dock::{DockPanel, Headline};
use crate::ui::widgets::fold::Folds;
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
    /// One of this player's own rolls, opened from History (or from a link to it): shown
    /// read-only, as its link shows it.
    FromHistory,
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

    /// A roll from a result link, shown read-only: `kept_here` when it is one of this
    /// player's own rolls in History (History's Open shows a roll through its link).
    pub fn from_link(entry: HistoryEntry, kept_here: bool) -> Self {
        Self {
            entry,
            kind: if kept_here {
                ShownKind::FromHistory
            } else {
                ShownKind::FromLink
            },
            verdict: None,
        }
    }

    /// Whether it is shown only to be read: someone else's roll, or a past one of History's.
    pub fn read_only(&self) -> bool {
        matches!(self.kind, ShownKind::FromLink | ShownKind::FromHistory)
    }
}

/// A tray's headline for one of its own rolls, with its tone; `None` for another tray's.
pub type RollWords = fn(&RecordedRoll) -> Option<(String, Tone)>;

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
    /// The characters and who is rolling.
    pub roster: Persisted<Roster>,
    /// The player's settings (haptics, hints), loaded when first read.
    pub settings: Deferred<Settings>,
    /// Every roll of every system, loaded when first read (rolls are kept through
    /// `ui::panels::history_writer`).
    pub history: Deferred<RollHistory>,
    /// The live table, as far as a tray needs to know of it.
    pub table: TableHook,
    /// A link waiting for the tray.
    pub links: WaitingLink,
    /// Every fold's open state.
    pub folds: Folds,
    /// The app's owner: what a tray makes under it outlives the tray's page.
    pub visit: Visit,
    /// How the tray words its own rolls' headlines, once its `soon` code is here: that code
    /// makes and shows every roll, so a tray's first load carries none of it.
    pub words: RwSignal<Option<RollWords>>,
    /// The GM's side of the roll in words, said beside the tray's controls while it holds.
    pub gm_side: RwSignal<Option<String>>,
    /// Whether the hints' counting has been asked for.
    pub coach_started: StoredValue<bool>,
    /// A roll is waiting for its code (see [`TrayCore::roll_soon`]).
    rolling: StoredValue<bool>,
    /// Real dice entered so far, one face (or none yet) per die.
    pub entered: RwSignal<Vec<Option<u32>>>,
    /// Which sides have spent a story point on the check being set up (the narrative tray
    /// spends them; a roll starts the next check). Here so the tab's session keeps it.
    pub check_spends: RwSignal<CheckSpends>,
    /// The text of the result link whose roll is shown (History's Open included), kept for
    /// a reload.
    link_text: StoredValue<Option<String>>,
}

impl TrayCore {
    /// Nothing shown, no label, the dock closed. What the tab kept of the tray before a
    /// reload comes back once its code is here (`tray::session`, run by the tray's soon code).
    pub fn new(page: Page, root: Root) -> Self {
        let core = Self {
            page,
            roster: root.roster(),
            settings: root.later(),
            history: root.later(),
            table: root.table,
            links: root.links,
            folds: root.folds,
            visit: root.visit,
            shown: RwSignal::new(None),
            label: RwSignal::new(String::new()),
            panel: RwSignal::new(DockPanel::Closed),
            snackbar: root.snackbar,
            words: RwSignal::new(None),
            gm_side: RwSignal::new(None),
            coach_started: StoredValue::new(false),
            rolling: StoredValue::new(false),
            entered: RwSignal::new(Vec::new()),
            check_spends: RwSignal::new(CheckSpends::default()),
            link_text: StoredValue::new(None),
        };
        core.follow_answering();
        core
    }

    /// The GM's request this phone answers on this tray names the roll: its label, set once
    /// per request (the player may change it after), and taken away once answered (or the
    /// request closed) if the player left it as it was.
    fn follow_answering(&self) {
        let (page, label, answering) = (self.page, self.label, self.table.answering);
        Effect::new(move |set_for: Option<Option<(String, String)>>| {
            let set_for = set_for.flatten();
            match answering.get().filter(|a| a.page == page) {
                Some(asked) => {
                    if set_for.as_ref().map(|(ask, _)| ask) != Some(&asked.ask) {
                        label.set(asked.label.clone());
                    }
                    Some((asked.ask, asked.label))
                }
                None => {
                    if let Some((_, was)) = set_for
                        && label.get_untracked() == was
                    {
                        label.set(String::new());
                    }
                    None
                }
            }
        });
    }

    /// The real dice entered so far for `count` dice, as a signal the panel edits; none yet
    /// when the dice to enter have changed.
    pub fn entered_for(&self, count: usize) -> RwSignal<Vec<Option<u32>>> {
        if self.entered.with_untracked(Vec::len) != count {
            self.entered.set(vec![None; count]);
        }
        self.entered
    }

    /// The face entered for every real die, or none while one is still to pick.
    pub fn all_entered(&self) -> Option<Vec<u32>> {
        self.entered.get_untracked().into_iter().collect()
    }

    /// Keeps a roll of real dice, read from the faces entered, in History under the tray's
    /// label; the faces are cleared for the next roll.
    pub fn record_entered(&self, roll: RecordedRoll) -> Result<HistoryEntry, String> {
        let label = self.label.get_untracked();
        let entry = record_entered(self.recorder(), &label, roll)?;
        self.entered.set(Vec::new());
        Ok(entry)
    }

    /// Keeps the text of the result link whose roll is about to be shown, for a reload.
    pub fn keep_link(&self, text: String) {
        self.link_text.set_value(Some(text));
    }

    /// The text of the result link whose roll is shown, if it came from one.
    pub fn link_text(&self) -> Option<String> {
        self.link_text.get_value()
    }

    /// What recording a roll of this tray needs.
    pub fn recorder(&self) -> Recorder {
        Recorder {
            roster: self.roster,
            history: self.history,
            table: self.table,
        }
    }

    /// Shows `shown` in the dock, opened on the result, its headline in the tray's `words`
    /// (given by the code that shows it, fetched later, so a first load carries none).
    pub fn show(&self, shown: Shown, words: RollWords) {
        self.words.set(Some(words));
        self.shown.set(Some(shown));
        self.panel.set(DockPanel::Result);
    }

    /// Shows `shown` again after a change to its roll (a re-roll, a cost noted), and keeps
    /// the change in History and at the table.
    pub fn show_amended(&self, shown: Shown, why: Amendment) {
        let entry = shown.entry.clone();
        self.shown.set(Some(shown));
        send(self.history, self.table, HistoryChange::Replace(entry, why));
    }

    /// Runs `then` once the dock's result is drawn, its live region with it (at once when it
    /// is already): a first roll made before the tray was idle is announced like any other.
    pub fn once_result_drawn(&self, words: RollWords, then: impl FnOnce() + 'static) {
        if self.words.with_untracked(Option::is_some) {
            return then();
        }
        self.words.set(Some(words));
        // The result is drawn in this task; the roll lands after the frame that shows it.
        request_animation_frame(move || set_timeout(then, std::time::Duration::ZERO));
    }

    /// Roll, from the bar, History's Roll again or the label's Enter: `roll` is a call of
    /// the tray's `soon` code, most often here before the first tap. While it is on its way
    /// further taps do nothing (one tap, one roll); if it cannot come, the player is told.
    pub fn roll_soon(&self, roll: impl FnOnce() -> Coming<()> + 'static) {
        if self.rolling.get_value() {
            return;
        }
        self.rolling.set_value(true);
        let (rolling, snackbar) = (self.rolling, self.snackbar);
        leptos::task::spawn_local(async move {
            let rolled = roll().await.is_ok();
            rolling.try_set_value(false);
            if !rolled {
                snackbar.say(
                    "Nothing was rolled: this part of the app could not be fetched. Check the \
                     connection and roll again.",
                );
            }
        });
    }

    /// The shown roll's entry.
    pub fn entry(&self) -> Signal<Option<HistoryEntry>> {
        let shown = self.shown;
        Signal::derive(move || shown.with(|s| s.as_ref().map(|s| s.entry.clone())))
    }

    /// Whether the roll shown is only to be read (from a result link or History's Open).
    pub fn showing_read_only(&self) -> bool {
        self.shown
            .with(|s| s.as_ref().is_some_and(Shown::read_only))
    }

    /// Whether the tray's `soon` code, which rolls and shows results, has started: the
    /// dock draws the result from then on (its live region before the first roll lands: see
    /// [`TrayCore::once_result_drawn`]), and a tray whose code cannot come shows no result
    /// note at all (Roll says so).
    pub fn rolls_here(&self) -> Signal<bool> {
        let words = self.words;
        Signal::derive(move || words.with(Option::is_some))
    }

    /// The dock's headline: the shown roll's verdict, or else what the tray's [`RollWords`]
    /// make of the roll itself.
    pub fn headline(&self) -> Signal<Option<Headline>> {
        let shown = self.shown;
        let words = self.words;
        Signal::derive(move || {
            shown.with(|s| {
                let s = s.as_ref()?;
                let (text, tone) = s
                    .verdict
                    .clone()
                    .or_else(|| words.get().and_then(|words| words(&s.entry.roll)))?;
                Some(Headline {
                    text,
                    tone,
                    id: s.entry.id,
                })
            })
        })
    }
}
