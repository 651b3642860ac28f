//! A distribution drawn as bars, each labelled with its value and percentage, so the odds
//! read as a picture and as numbers. Shared by every tray.

use leptos::prelude::*;

use crate::core::distribution::Column;
use crate::core::tone::Tone;
use crate::html::bars_markup;

/// Bars for `columns`, the tallest full height. `tone` colours each value; a merged tail
/// takes the tone its ends share, else neutral.
///
/// The list is set as one piece of markup: on a tap that changes the odds this is one
/// update instead of dozens of small ones, which keeps the tap within a frame.
#[component]
pub fn DistributionBars(
    /// Caption, e.g. "Net successes".
    title: &'static str,
    #[prop(into)] columns: Signal<Vec<Column>>,
    tone: fn(i32) -> Tone,
) -> impl IntoView {
    view! {
        <figure class="bars">
            <figcaption>{title}</figcaption>
            <ol class="bar-list" inner_html=move || columns.with(|c| bars_markup(c, tone))></ol>
        </figure>
    }
}
