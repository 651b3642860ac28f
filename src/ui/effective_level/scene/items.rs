//! A list of the scene's named values (boosts, residual conditions): each row its name and
//! value, with Remove, and Roll for those that roll against the player.

use leptos::prelude::*;

use super::actions::{against_you, remove};
use crate::ui::effective_level::state::ElState;

/// One item as its row shows it: its id, its name, and the name with its value ("Fire EL 6").
pub type Item = (u64, String, String);

/// The items, each with Remove, and with Roll when `rolls` (they roll against the player).
#[component]
pub fn SceneItems(
    state: ElState,
    /// The items, read from the scene.
    #[prop(into)]
    items: Signal<Vec<Item>>,
    /// Whether each item can roll against the player.
    #[prop(optional)]
    rolls: bool,
    /// Whether only the GM takes these out, at a table.
    #[prop(optional)]
    gms: bool,
) -> impl IntoView {
    view! {
        <ul class="facet-list">
            {move || {
                items
                    .get()
                    .into_iter()
                    .map(|(id, name, shown)| {
                        view! {
                            <li class="facet-row">
                                <span class="facet-name">{shown}</span>
                                <span class="row-actions">
                                    {rolls.then(|| view! {
                                        <button
                                            type="button"
                                            class="small"
                                            aria-label=format!("Roll {name}")
                                            on:click=move |_| against_you(state, id)
                                        >
                                            "Roll"
                                        </button>
                                    })}
                                    {(!gms || !state.scene.gm_sets()).then(|| view! {
                                        <button
                                            type="button"
                                            class="small"
                                            aria-label=format!("Remove {name}")
                                            on:click=move |_| remove(state, id, &name)
                                        >
                                            "Remove"
                                        </button>
                                    })}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}
