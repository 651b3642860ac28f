//! A distribution drawn as bars, each labelled with its value and percentage, so the odds
//! read as a picture and as numbers. Shared by every tray.

use leptos::prelude::*;

use crate::core::chart::{Bar, bars};
use crate::core::distribution::Column;
use crate::core::tone::Tone;

/// Bars for `columns`, the tallest full height. `tone` colours each value; a merged tail
/// takes the tone its ends share, else neutral.
#[component]
pub fn DistributionBars(
    /// Caption, e.g. "Net successes".
    title: &'static str,
    #[prop(into)] columns: Signal<Vec<Column>>,
    tone: fn(i32) -> Tone,
) -> impl IntoView {
    let drawn = Memo::new(move |_| columns.with(|c| bars(c, tone)));
    view! {
        <figure class="bars">
            <figcaption>{title}</figcaption>
            <ol class="bar-list">
                {move || drawn.get().into_iter().map(|bar| view! { <BarItem bar/> }).collect_view()}
            </ol>
        </figure>
    }
}

/// One bar: its label first for screen readers ("2: 22%"); CSS shows percentage, bar, label.
#[component]
fn BarItem(bar: Bar) -> impl IntoView {
    view! {
        <li class=format!("bar {}", bar.tone.name()) style=format!("--h:{}", bar.height)>
            <span class="bar-label">{bar.label}<span class="visually-hidden">": "</span></span>
            <span class="bar-pct">{bar.percent}</span>
            <span class="bar-fill"></span>
        </li>
    }
}
