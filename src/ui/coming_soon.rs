//! The trays not built yet say so plainly, with what they will do; no pretend controls.

use leptos::prelude::*;

use crate::route::Page;

#[component]
pub fn ComingSoon(page: Page) -> impl IntoView {
    let plan = match page {
        Page::EffectiveLevel => {
            "Rolls under your Effective Level with zero-based dice: opposition and resistance, \
             split and wagered actions, dedicated effects, accumulated progress and boosts that \
             last the scene."
        }
        _ => "",
    };
    view! {
        <section class="coming-soon" aria-labelledby="coming-title">
            <h1 id="coming-title">{page.title()}</h1>
            <p class="coming-badge">"Coming soon"</p>
            <p>"This tray is not built yet. What it will do:"</p>
            <p>{plan}</p>
            <p>
                <a href=Page::Narrative.href()>"Open the narrative dice tray"</a>
                " in the meantime."
            </p>
        </section>
    }
}
