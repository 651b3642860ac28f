//! The Highest d6 tray's state, and the pool, plan and odds that follow from it.

use leptos::prelude::*;

use crate::core::coach::D6Tap;
use crate::core::highest_d6::{D6Odds, D6Pool, D6Setup, PoolSize};
use crate::core::history::HistoryEntry;
use crate::core::notation::highest_d6::parse_base_dice;
use crate::route::Page;
use crate::storage::Settings;
use crate::ui::platform::persisted::Persisted;
use crate::ui::root::Root;
use crate::ui::tray::coach::Hints;
use crate::ui::tray::scene_here::SceneHere;
use crate::ui::tray::state::{Shown, TrayCore};

/// Everything the tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct D6State {
    /// Base dice, applied facets, kind and conflict; saved with every change.
    pub setup: Persisted<D6Setup>,
    /// What every tray has: the roll shown, the label, the dock's panel, the GM's side.
    pub core: TrayCore,
    /// The scene: its facets add dice, a challenge may add to it.
    pub scene: SceneHere,
    /// The settings: the rule for a pool with no dice left.
    pub settings: Persisted<Settings>,
    /// What one tap on each control would do; counted once the player starts tapping.
    pub hints: Hints<D6Tap>,
    /// The shown roll's id once its harm was marked, so it is marked once.
    pub harm_marked: RwSignal<Option<u64>>,
    /// The shown roll's id once a facet was made from it.
    pub facet_made: RwSignal<Option<u64>>,
    /// The character the shown roll was made for, who takes its harm.
    pub rolled_for: RwSignal<Option<u64>>,
    /// The pool as it stands: base dice and the facets that apply.
    pub pool: Memo<D6Pool>,
    /// What a roll throws now, under the zero-dice setting.
    pub plan: Memo<PoolSize>,
    /// Exact odds of the five outcomes for that throw.
    pub odds: Memo<D6Odds>,
}

impl D6State {
    /// The tray's state for this visit, made the first time the tray opens: the tray as it
    /// was left, with its pool and odds.
    pub fn of(data: Root) -> Self {
        data.state(Self::load)
    }

    fn load(data: Root) -> Self {
        let setup = data.document::<D6Setup>();
        let core = TrayCore::new(Page::HIGHEST_D6, data);
        let (roster, scene, settings) = (
            core.roster,
            SceneHere::new(data.scene(), data.table),
            data.settings(),
        );
        let pool = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.pool(r.active(), scene))))
        });
        let plan = Memo::new(move |_| pool.with(|p| p.plan(settings.with(|s| s.zero_dice))));
        let odds = Memo::new(move |_| D6Odds::of(plan.get()));
        Self {
            setup,
            core,
            scene,
            settings,
            hints: RwSignal::new(Vec::new()),
            harm_marked: RwSignal::new(None),
            facet_made: RwSignal::new(None),
            rolled_for: RwSignal::new(None),
            pool,
            plan,
            odds,
        }
    }

    /// Shows a roll of the tray's own, made now for the active character.
    pub fn show_own(&self, entry: HistoryEntry) {
        // Harm goes to whoever this roll was for, even if another is picked later.
        self.rolled_for
            .set(self.core.roster.with_untracked(|r| r.active_id()));
        self.core.show(Shown::own(entry), super::roll::headline);
    }

    /// Changes the setup; the change shows at once and is stored just after.
    pub fn change(&self, change: impl FnOnce(&mut D6Setup)) {
        let mut next = self.setup.get_untracked();
        change(&mut next);
        self.setup.set_soon(next);
    }

    /// Opens a share link's base dice. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_base_dice(text) {
            Ok(base) => {
                self.setup.update(|s| s.base = base);
                self.core
                    .snackbar
                    .say(format!("Opened the shared pool of {base} base dice."));
            }
            Err(error) => self.core.snackbar.say(format!(
                "The shared link's dice could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
