//! The house rule for a pool with no dice left, a setting the player picks once.

use leptos::prelude::*;

use crate::core::highest_d6::ZeroDiceRule;
use crate::storage::Settings;
use crate::ui::platform::persisted::Persisted;

/// The two readings of a pool of zero or fewer dice, saved as a setting.
#[component]
pub fn ZeroDiceChoice(settings: Persisted<Settings>) -> impl IntoView {
    let rule = move || settings.with(|s| s.zero_dice);
    view! {
        <fieldset class="choice-group">
            <legend class="visually-hidden">"When no dice are left"</legend>
            {ZeroDiceRule::ALL
                .into_iter()
                .map(|r| {
                    view! {
                        <label class="choice">
                            <input
                                type="radio"
                                name="zero-dice"
                                prop:checked=move || rule() == r
                                on:change=move |_| settings.update(|s| s.zero_dice = r)
                            />
                            <span>{r.title()}</span>
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}
