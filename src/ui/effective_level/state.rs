//! The Effective Level tray's state: the setup and the turn (both saved), the roll they make
//! now and its odds, what the dock shows, and the drafts of fields that outlive a redraw.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::coach::ElTap;
use crate::core::effective_level::{ElCheck, ElMode, ElOdds, ElRoll, ElSetup};
use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::notation::effective_level::{format_check, parse_check};
use crate::core::tone::Tone;
use crate::ui::app_data::AppData;
use crate::ui::coach::Hints;
use crate::ui::dock::DockPanel;
use crate::ui::persisted::Persisted;
use crate::ui::snackbar::Snackbar;

/// What kind of roll the dock shows: what may follow it depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    /// The tray's own roll: its effect may go to an obstacle, a wager that applied may
    /// become a scene boost.
    Tray,
    /// A portion of the turn: its effect may go to an obstacle.
    Portion,
    /// A defence, a roll at an obstacle (its progress is added already), or a roll of the
    /// scene against the player: nothing follows it.
    Settled,
    /// An obstacle or condition rolling against the player, who resists: its dice are the
    /// roller's, the player's are the other side's.
    AgainstYou,
}

/// A roll the dock shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The roll, as History keeps it (or would: not every roll is recorded).
    pub entry: HistoryEntry,
    /// What may follow it.
    pub kind: RollKind,
    /// The words that say what it meant when the roll's own headline does not (a defence
    /// against an attack, a roll against the player), with their tone.
    pub verdict: Option<(String, Tone)>,
}

impl Shown {
    /// The roll itself. Read from the roll, not through History's entry, whose words cover
    /// every tray's rolls: this tray's first load then carries only its own.
    pub fn roll(&self) -> Option<&ElRoll> {
        match &self.entry.roll {
            RecordedRoll::EffectiveLevel(roll) => Some(roll),
            _ => None,
        }
    }

    /// The headline the dock shows: the verdict, or else the roll's own.
    pub fn headline(&self) -> (String, Tone) {
        self.verdict.clone().unwrap_or_else(|| match self.roll() {
            Some(roll) => (roll.headline(), roll.tone()),
            None => (String::new(), Tone::Neutral),
        })
    }

    /// What the roll was, in short parts: "rolled 4 (EL 8)", "the goblin rolled 3"; its sum
    /// only under the roll's own headline, not under a verdict.
    pub fn details(&self) -> Vec<String> {
        match (self.roll(), &self.verdict) {
            (Some(roll), None) => roll.details(),
            (Some(roll), Some(_)) => roll.facts(),
            (None, _) => Vec::new(),
        }
    }
}

/// Everything the tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct ElState {
    /// The EL, dice, wager and other side; saved with every change.
    pub setup: Persisted<ElSetup>,
    /// The EL as it stands (below 1, impossible), for splits and rolls against the player.
    pub el: Memo<i32>,
    /// The roll the tray makes now, or why it cannot.
    pub check: Memo<Result<ElCheck, String>>,
    /// Its exact odds; none when it cannot roll.
    pub odds: Memo<Option<ElOdds>>,
    /// The roll the dock shows.
    pub shown: RwSignal<Option<Shown>>,
    /// The label for the next rolls; it stays until the player clears it.
    pub label: RwSignal<String>,
    /// What the dock shows above its bar.
    pub panel: RwSignal<DockPanel>,
    /// Where messages go: near the thumb.
    pub snackbar: Snackbar,
    /// The shown roll's id once its effect went to an obstacle, so it goes once.
    pub effect_used: RwSignal<Option<u64>>,
    /// The shown roll's id once its wager was kept as a scene boost.
    pub boost_kept: RwSignal<Option<u64>>,
    /// The name typed for keeping a wager as a scene boost.
    pub boost_name: RwSignal<String>,
    /// What one tap on each control would do; empty until counted, or when hidden.
    pub hints: Hints<ElTap>,
    /// Whether the hints' counting has been asked for.
    pub coach_started: StoredValue<bool>,
    /// The other side as the GM's challenge link set it, in words.
    pub gm_side: RwSignal<Option<String>>,
    /// What the snackbar's Undo undoes now: the last undoable action's.
    undo_slot: StoredValue<Option<Undo>>,
    /// The snackbar's Undo. Made once for the visit, so the panel whose button ended a turn
    /// or a scene may be gone when Undo is tapped.
    undo: Callback<()>,
}

/// How to put something back.
type Undo = Arc<dyn Fn() + Send + Sync>;

impl ElState {
    /// The tray's state for this visit, made the first time the tray opens as it was left.
    pub fn of(data: AppData) -> Self {
        data.tray(|t| &mut t.el, Self::load)
    }

    fn load(data: AppData) -> Self {
        let setup = data.el_setup();
        let (roster, scene) = (data.roster(), data.scene());
        let el = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.el(r.active(), &scene.boosts))))
        });
        let check = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.check(r.active(), &scene.boosts))))
        });
        let odds = Memo::new(move |_| check.with(|c| c.as_ref().ok().map(ElCheck::odds)));
        let undo_slot = StoredValue::new(None::<Undo>);
        let undo = Callback::new(move |()| {
            if let Some(undo) = undo_slot.get_value() {
                undo_slot.set_value(None);
                undo();
            }
        });
        Self {
            setup,
            el,
            check,
            odds,
            shown: RwSignal::new(None),
            gm_side: RwSignal::new(None),
            hints: RwSignal::new(Vec::new()),
            coach_started: StoredValue::new(false),
            label: RwSignal::new(String::new()),
            panel: RwSignal::new(DockPanel::Closed),
            snackbar: data.snackbar,
            effect_used: RwSignal::new(None),
            boost_kept: RwSignal::new(None),
            boost_name: RwSignal::new(String::new()),
            undo_slot,
            undo,
        }
    }

    /// Says what was done, with an Undo that runs `undo`.
    pub fn say_with_undo(&self, text: impl Into<String>, undo: impl Fn() + Send + Sync + 'static) {
        self.undo_slot.set_value(Some(Arc::new(undo)));
        self.snackbar.say_with(text, "Undo", self.undo);
    }

    /// Changes the setup; the change shows at once and is stored just after.
    pub fn change(&self, change: impl FnOnce(&mut ElSetup)) {
        let mut next = self.setup.get_untracked();
        change(&mut next);
        self.setup.set_soon(next);
    }

    /// Changes the setup if `change` allows it, else says why and leaves it as it was.
    pub fn try_change(&self, change: impl FnOnce(&mut ElSetup) -> Result<(), String>) -> bool {
        let mut next = self.setup.get_untracked();
        match change(&mut next) {
            Ok(()) => {
                self.setup.set_soon(next);
                true
            }
            Err(reason) => {
                self.snackbar.say(reason);
                false
            }
        }
    }

    /// Sets the tray up for `check` as a quick EL: both sides, the wager and what it is for.
    pub fn set_check(&self, check: &ElCheck) {
        self.setup.update(|s| {
            s.mode = ElMode::Quick;
            s.quick_el = check.me.el;
            s.dice = check.me.dice.clone();
            s.wager = check.wager;
            // A wager was made within its roller's rank.
            s.quick_rank = s.quick_rank.max(check.wager);
            s.dedicated = check.dedicated.clone().unwrap_or_default();
            s.against = check.against.as_ref().map(|a| a.kind);
            if let Some(against) = &check.against {
                s.their_el = against.side.el;
                s.their_dice = against.side.dice.clone();
                s.their_name = against.name.clone().unwrap_or_default();
            }
        });
    }

    /// Opens a shared roll as a quick EL. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_check(text) {
            Ok(check) => {
                self.set_check(&check);
                self.snackbar
                    .say(format!("Opened the shared roll {}.", format_check(&check)));
            }
            Err(error) => self.snackbar.say(format!(
                "The shared link's roll could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
