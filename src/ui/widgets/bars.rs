//! A distribution drawn as bars, each labelled with its value and percentage, so the odds
//! read as a picture and as numbers. Shared by every tray.

use leptos::prelude::*;

use crate::core::chart::{Bar, bars};
use crate::core::distribution::{Chance, Column};
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

/// One chance as words and a bar ("Success 72%"), in `tone`'s colour; the bar is drawn only.
/// Nothing shows while `chance` is none.
#[component]
pub fn ChanceFigure(
    name: &'static str,
    /// The tone's class: "good", "bad".
    tone: &'static str,
    #[prop(into)] chance: Signal<Option<Chance>>,
) -> impl IntoView {
    let read = move |show: fn(&Chance) -> String| {
        move || chance.with(|c| c.as_ref().map(show).unwrap_or_default())
    };
    view! {
        <li class=format!("odds-figure {tone}")>
            <span class="odds-name">{name}</span>
            <span class="odds-pct">{read(Chance::percent_text)}</span>
            <span class="meter" aria-hidden="true">
                <span class="meter-fill" style=read(|c| format!("--p:{}", c.per_myriad()))></span>
            </span>
        </li>
    }
}
