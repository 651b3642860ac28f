//! The Highest d6 tray's state, and the pool, plan and odds that follow from it.

use leptos::prelude::*;

use crate::core::coach::D6Tap;
use crate::core::highest_d6::{D6Odds, D6Pool, D6Setup, PoolSize};
use crate::core::history::HistoryEntry;
use crate::core::notation::highest_d6::parse_base_dice;
use crate::ui::app_data::AppData;
use crate::ui::coach::Hints;
use crate::ui::dock::DockPanel;
use crate::ui::persisted::Persisted;
use crate::ui::snackbar::Snackbar;

/// Everything the tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct D6State {
    /// Base dice, applied facets, kind and conflict; saved with every change.
    pub setup: Persisted<D6Setup>,
    /// The roll the dock shows.
    pub shown: RwSignal<Option<HistoryEntry>>,
    /// The label for the next rolls; it stays until the player clears it.
    pub label: RwSignal<String>,
    /// What the dock shows above its bar.
    pub panel: RwSignal<DockPanel>,
    /// Where messages go: near the thumb.
    pub snackbar: Snackbar,
    /// The shown roll came from a result link: shown read-only, not in this History.
    pub read_only: RwSignal<bool>,
    /// The GM's challenge set on the tray, said beside the challenge, if a link set it.
    pub gm_side: RwSignal<Option<String>>,
    /// What one tap on each control would do; counted once the player starts tapping.
    pub hints: Hints<D6Tap>,
    /// Whether the hints' counting has been asked for.
    pub coach_started: StoredValue<bool>,
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
    pub fn of(data: AppData) -> Self {
        data.tray(|t| &mut t.d6, Self::load)
    }

    fn load(data: AppData) -> Self {
        let setup = data.d6_setup();
        let (roster, scene, settings) = (data.roster(), data.scene(), data.settings());
        let pool = Memo::new(move |_| {
            setup.with(|s| roster.with(|r| scene.with(|scene| s.pool(r.active(), scene))))
        });
        let plan = Memo::new(move |_| pool.with(|p| p.plan(settings.with(|s| s.zero_dice))));
        let odds = Memo::new(move |_| D6Odds::of(plan.get()));
        Self {
            setup,
            shown: RwSignal::new(None),
            label: RwSignal::new(String::new()),
            panel: RwSignal::new(DockPanel::Closed),
            snackbar: data.snackbar,
            read_only: RwSignal::new(false),
            gm_side: RwSignal::new(None),
            hints: RwSignal::new(Vec::new()),
            coach_started: StoredValue::new(false),
            harm_marked: RwSignal::new(None),
            facet_made: RwSignal::new(None),
            rolled_for: RwSignal::new(None),
            pool,
            plan,
            odds,
        }
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
                self.snackbar
                    .say(format!("Opened the shared pool of {base} base dice."));
            }
            Err(error) => self.snackbar.say(format!(
                "The shared link's dice could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
