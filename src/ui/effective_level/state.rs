//! The Effective Level tray's state: the setup and the turn (both saved), the roll they make
//! now and its odds, what the dock shows, and the drafts of fields that outlive a redraw.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::coach::ElTap;
use crate::core::effective_level::Turn;
use crate::core::effective_level::{
    ElCheck, ElDefence, ElMode, ElOdds, ElRoll, ElSetup, NextPortion,
};
use crate::core::history::RecordedRoll;
use crate::core::notation::effective_level::{format_check, parse_check};
use crate::core::tone::Tone;
use crate::route::Page;
use crate::ui::platform::persisted::Persisted;
use crate::ui::root::Root;
use crate::ui::tray::coach::Hints;
use crate::ui::tray::scene_here::SceneHere;
use crate::ui::tray::state::TrayCore;
use crate::ui::visit::Deferred;

pub use crate::ui::tray::state::Shown;
/// What kind of roll the dock shows: what may follow it depends on it.
pub use crate::ui::tray::state::ShownKind as RollKind;

/// What the tray reads of a shown roll.
pub trait ElShown {
    /// The roll itself. Read from the roll, not through History's entry, whose words cover
    /// every tray's rolls: this tray's first load then carries only its own.
    fn roll(&self) -> Option<&ElRoll>;

    /// The headline the dock shows: the verdict, or else the roll's own.
    fn headline(&self) -> (String, Tone);

    /// What the roll was, in short parts: "rolled 4 (EL 8)", "the goblin rolled 3"; its sum
    /// only under the roll's own headline, not under a verdict.
    fn details(&self) -> Vec<String>;

    /// The defence it was, if it was one.
    fn defence(&self) -> Option<&ElDefence>;
}

impl ElShown for Shown {
    fn roll(&self) -> Option<&ElRoll> {
        match &self.entry.roll {
            RecordedRoll::EffectiveLevel(roll) => Some(roll),
            RecordedRoll::ElDefence(defence) => Some(&defence.roll),
            _ => None,
        }
    }

    fn headline(&self) -> (String, Tone) {
        self.verdict
            .clone()
            .unwrap_or_else(|| match (self.defence(), self.roll()) {
                (Some(defence), _) => (defence.headline(), defence.tone()),
                (None, Some(roll)) => (roll.headline(), roll.tone()),
                (None, None) => (String::new(), Tone::Neutral),
            })
    }

    fn details(&self) -> Vec<String> {
        match (self.defence(), self.roll(), &self.verdict) {
            (Some(defence), _, _) => defence.details(),
            (None, Some(roll), None) => roll.details(),
            (None, Some(roll), Some(_)) => roll.facts(),
            (None, None, _) => Vec::new(),
        }
    }

    fn defence(&self) -> Option<&ElDefence> {
        match &self.entry.roll {
            RecordedRoll::ElDefence(defence) => Some(defence),
            _ => None,
        }
    }
}

/// What a turn in play asks of the roll bar, read from the saved turn by the turn's own
/// code (rare: `turn::follow`), so the tray's first load does not read turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnBar {
    /// Whether a turn is in play (split into portions, until it ends).
    pub in_turn: bool,
    /// Its next portion, which the bar's Roll rolls while there is one.
    pub next: Option<NextPortion>,
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
    /// What the turn in play asks of the bar; `None` until the turn's code (rare) has
    /// read the turn, soon after the tray opens.
    pub turn_bar: RwSignal<Option<TurnBar>>,
    /// The odds of what the bar's Roll rolls: the turn's next portion's, else the tray's.
    pub bar_odds: Memo<Option<ElOdds>>,
    /// What every tray has: the roll shown, the label, the dock's panel, the GM's side.
    pub core: TrayCore,
    /// The scene: its boosts add to the EL, its obstacles take effect.
    pub scene: SceneHere,
    /// The turn in play, loaded once the tray is idle or a turn's panel opens.
    pub turn: Deferred<Turn>,
    /// The shown roll's id once its effect went to an obstacle, so it goes once.
    pub effect_used: RwSignal<Option<u64>>,
    /// The shown roll's id once its wager was kept as a scene boost.
    pub boost_kept: RwSignal<Option<u64>>,
    /// The name typed for keeping a wager as a scene boost.
    pub boost_name: RwSignal<String>,
    /// What one tap on each control would do; empty until counted, or when hidden.
    pub hints: Hints<ElTap>,
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
    pub fn of(data: Root) -> Self {
        data.state(Self::load)
    }

    fn load(data: Root) -> Self {
        let setup = data.document::<ElSetup>();
        let core = TrayCore::new(Page::EFFECTIVE_LEVEL, data);
        let (roster, scene) = (core.roster, SceneHere::new(data.scene(), data.table));
        let el = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.el(r.active(), &scene.boosts))))
        });
        let check = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.check(r.active(), &scene.boosts))))
        });
        let odds = Memo::new(move |_| check.with(|c| c.as_ref().ok().map(ElCheck::odds)));
        let turn_bar = RwSignal::new(None::<TurnBar>);
        let bar_odds = Memo::new(move |_| {
            let next = turn_bar.with(|b| b.as_ref().and_then(|b| b.next.clone()));
            match next {
                Some(next) => Some(next.check.odds()),
                None => odds.get(),
            }
        });
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
            turn_bar,
            bar_odds,
            core,
            scene,
            turn: data.later(),
            hints: RwSignal::new(Vec::new()),
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
        self.core.snackbar.say_with(text, "Undo", self.undo);
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
                self.core.snackbar.say(reason);
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
                self.core
                    .snackbar
                    .say(format!("Opened the shared roll {}.", format_check(&check)));
            }
            Err(error) => self.core.snackbar.say(format!(
                "The shared link's roll could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
