//! The best dice for the roll as it stands, by expected effect after the wager and the other
//! side (RULES.md section 3), with the Simple Pool beside it. The search takes a few
//! milliseconds at high ELs, so it follows one frame behind a tap; past EL 20 it runs only
//! when asked, and past `MAX_SEARCH_EL` not at all.

use leptos::prelude::*;

use crate::core::effective_level::{
    BestDice, ElCheck, ElDice, MAX_CHOSEN_DICE, MAX_SEARCH_EL, Pushback, best_dice,
};
use crate::ui::effective_level::format::{percent, tenths};
use crate::ui::effective_level::state::ElState;

/// The highest EL rolled at which the best dice are searched on every change.
const AUTO_BEST_EL: u32 = 20;

/// What the search found, with the Simple Pool's expected effect and chance of success.
#[derive(Clone, Debug, PartialEq)]
struct Found {
    best: Option<BestDice>,
    simple: (f64, f64),
}

/// The suggestion and its "Use these dice", or a button that searches at high ELs.
#[component]
pub fn BestSuggestion(state: ElState) -> impl IntoView {
    let found = RwSignal::new(None::<Found>);
    let asked = RwSignal::new(None::<ElCheck>);
    Effect::new(move |_| {
        let target = state.check.get().ok();
        let wanted = target.as_ref().is_some_and(|c| {
            c.rolled_el() <= AUTO_BEST_EL || asked.with(|a| a.as_ref() == Some(c))
        });
        if !wanted {
            found.set(None);
            return;
        }
        request_animation_frame(move || {
            // The panel may have been closed before the frame.
            found.try_set(target.map(|check| search(&check)));
        });
    });
    let rolled = move || {
        state
            .check
            .with(|c| c.as_ref().map_or(0, ElCheck::rolled_el))
    };
    let offer = move || {
        let el = rolled();
        el > AUTO_BEST_EL && el <= MAX_SEARCH_EL && found.with(Option::is_none)
    };
    let text = move || {
        let opposed = state
            .setup
            .with(|s| s.against == Some(Pushback::Opposition));
        found.with(|f| {
            let f = f.as_ref()?;
            let best = f.best.as_ref()?;
            let mut text = format!(
                "Best dice for EL {}: {}. Expected {}effect {}, success {}. Simple Pool: {}, {}.",
                rolled(),
                best.dice.describe(),
                if opposed { "net " } else { "" },
                tenths(best.mean_effect),
                percent(best.success),
                tenths(f.simple.0),
                percent(f.simple.1),
            );
            if !best.proven {
                text.push_str(&format!(
                    " (Best of every set of at most {MAX_CHOSEN_DICE} dice whose highest total \
                     is at most twice the EL.)"
                ));
            }
            Some(text)
        })
    };
    let best_dice = move || {
        found.with(|f| {
            f.as_ref()
                .and_then(|f| f.best.as_ref().map(|b| b.dice.clone()))
        })
    };
    let in_use = move || best_dice().is_some_and(|b| state.setup.with(|s| s.dice == b));
    let use_best = move |_| {
        if let Some(dice) = best_dice() {
            state.change(|s| s.dice = dice);
        }
    };
    view! {
        <div class="best" hidden=move || text().is_none()>
            <p>{text}</p>
            <button type="button" class="small" disabled=in_use on:click=use_best>
                {move || if in_use() { "In use" } else { "Use these dice" }}
            </button>
        </div>
        <div class="best" hidden=move || !offer()>
            <p>"At high ELs the best-dice search takes a moment."</p>
            <button type="button" class="small" on:click=move |_| asked.set(state.check.get_untracked().ok())>
                "Find the best dice"
            </button>
        </div>
        <p class="hint" hidden=move || { rolled() <= MAX_SEARCH_EL }>
            {format!("Best dice are searched up to EL {MAX_SEARCH_EL}.")}
        </p>
    }
}

/// Searches the best dice for `check`, and the Simple Pool's figures beside them.
fn search(check: &ElCheck) -> Found {
    let mut simple = check.clone();
    simple.me.dice = ElDice::Simple;
    let odds = simple.odds();
    Found {
        best: best_dice(check),
        simple: (odds.net_effect_mean(), odds.success.probability()),
    }
}
