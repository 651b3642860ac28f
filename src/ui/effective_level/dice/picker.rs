//! Dice to pick for one side: the Simple Pool (a coin per point of EL), or any of the seven
//! sizes, each tap adding one; a picked die is taken away again from its chip.

use leptos::prelude::*;

use crate::core::effective_level::{ElDice, ElDie, ElSetup};
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::dice::zero_based::ElDieShape;

/// Whose dice a picker sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    /// The roller's.
    Mine,
    /// The other side's.
    Theirs,
}

impl Whose {
    fn dice(self, setup: &ElSetup) -> &ElDice {
        match self {
            Self::Mine => &setup.dice,
            Self::Theirs => &setup.their_dice,
        }
    }

    fn dice_mut(self, setup: &mut ElSetup) -> &mut ElDice {
        match self {
            Self::Mine => &mut setup.dice,
            Self::Theirs => &mut setup.their_dice,
        }
    }

    /// Said after each control's name, so the two pickers' controls differ.
    fn suffix(self) -> &'static str {
        match self {
            Self::Mine => "",
            Self::Theirs => " for the other side",
        }
    }
}

/// One side's dice: Simple Pool, the seven sizes to add, and the dice picked.
#[component]
pub fn DicePicker(state: ElState, whose: Whose) -> impl IntoView {
    let dice = Memo::new(move |_| state.setup.with(|s| whose.dice(s).clone()));
    let suffix = whose.suffix();
    let sizes = ElDie::ALL
        .into_iter()
        .map(|die| {
            view! {
                <button
                    type="button"
                    class="die-pick"
                    aria-label=format!("Add {}{suffix}", die.name())
                    on:click=move |_| { state.try_change(|s| whose.dice_mut(s).add(die)); }
                >
                    <ElDieShape die label=die.name()/>
                </button>
            }
        })
        .collect_view();
    let picked = move || {
        let dice = dice.get();
        ElDie::ALL
            .iter()
            .rev()
            .map(|&die| (die, dice.count(die)))
            .filter(|(_, n)| *n > 0)
            .map(|(die, n)| {
                let count = if n > 1 { n.to_string() } else { String::new() };
                view! {
                    <li>
                        <button
                            type="button"
                            class="chip"
                            aria-label=format!("Remove {}{suffix}", die.name())
                            on:click=move |_| state.change(|s| whose.dice_mut(s).remove(die))
                        >
                            {format!("{count}{} ×", die.name())}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <div class="dice-choice">
            <button
                type="button"
                class="chip"
                aria-pressed=move || dice.with(ElDice::is_simple).to_string()
                aria-label=format!("Simple Pool{suffix}")
                on:click=move |_| state.change(|s| *whose.dice_mut(s) = ElDice::Simple)
            >
                "Simple Pool (a coin per EL)"
            </button>
            <div class="die-picks">{sizes}</div>
            <ul
                class="chip-list"
                aria-label=format!("Dice picked{suffix}")
                hidden=move || dice.with(ElDice::is_simple)
            >
                {picked}
            </ul>
        </div>
    }
}
