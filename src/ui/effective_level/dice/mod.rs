//! The dice, folded away (most rolls use the Simple Pool): the dice each side rolls, the
//! chance of going over, and the best dice for the roll as it stands. Its code, with the
//! best-dice search, arrives only when the panel is first opened.

mod best;
mod picker;

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use best::BestSuggestion;
use picker::{DicePicker, Whose};

use super::state::ElState;

/// The Dice panel.
#[component]
pub fn DicePanel(state: ElState) -> impl IntoView {
    let against = Memo::new(move |_| state.setup.with(|s| s.against.is_some()));
    let over = move || {
        state.check.with(|c| {
            let el = c.as_ref().ok()?.rolled_el();
            let chance = state
                .odds
                .with(|o| o.as_ref().map(|o| o.over.percent_text()))?;
            Some(format!("Chance of going over EL {el}: {chance}"))
        })
    };
    view! {
        <section class="el-dice" aria-label="Dice">
            <h3 class="sub-title">"Your dice"</h3>
            <DicePicker state whose=Whose::Mine/>
            <p class="over-line" hidden=move || over().is_none()>{over}</p>
            <BestSuggestion state/>
            <When when=move || against.get()>
                <h3 class="sub-title">"The other side's dice"</h3>
                <DicePicker state whose=Whose::Theirs/>
            </When>
        </section>
    }
}
