//! The trays not built yet say so plainly, with what they will do; no pretend controls.

use leptos::prelude::*;

use crate::route::Tray;

#[component]
pub fn ComingSoon(tray: Tray) -> impl IntoView {
    let plan = match tray {
        Tray::HighestD6 => {
            "A pool of six-sided dice where the single highest die sets the outcome, from \
             catastrophe to triumph. Facets add or remove dice, conflicts show who takes harm, \
             and the tray suggests facets and costs for the outcome."
        }
        Tray::EffectiveLevel => {
            "Rolls under your Effective Level with zero-based dice: opposition and resistance, \
             split and wagered actions, dedicated effects, accumulated progress and boosts that \
             last the scene."
        }
        Tray::Narrative => "",
    };
    view! {
        <section class="coming-soon" aria-labelledby="coming-title">
            <h1 id="coming-title">{tray.title()}</h1>
            <p class="coming-badge">"Coming soon"</p>
            <p>"This tray is not built yet. What it will do:"</p>
            <p>{plan}</p>
            <p>
                <a href=Tray::Narrative.href()>"Open the narrative dice tray"</a>
                " in the meantime."
            </p>
        </section>
    }
}
