//! A distribution drawn as bars, each labelled with its value and percentage, so the odds
//! read as a picture and as numbers. Shared by every tray.

use leptos::prelude::*;

use crate::core::distribution::Column;

/// How a value reads for the roller; it picks the bar colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Good,
    Bad,
    Neutral,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Self::Good => "bar good",
            Self::Bad => "bar bad",
            Self::Neutral => "bar neutral",
        }
    }
}

/// Bars for `columns`, the tallest full height. `tone` colours each value; a merged tail
/// takes the tone its ends share, else neutral.
#[component]
pub fn DistributionBars(
    /// Caption, e.g. "Net successes".
    title: &'static str,
    #[prop(into)] columns: Signal<Vec<Column>>,
    tone: fn(i32) -> Tone,
) -> impl IntoView {
    let bars = move || {
        let columns = columns.get();
        let tallest = columns
            .iter()
            .map(|c| c.chance.per_myriad())
            .max()
            .unwrap_or(0)
            .max(1);
        columns
            .into_iter()
            .map(|column| {
                // Height in ten-thousandths of the tallest bar.
                let height = u64::from(column.chance.per_myriad()) * 10_000 / u64::from(tallest);
                let (from, to) = (tone(column.from), tone(column.to));
                let class = if from == to { from } else { Tone::Neutral }.class();
                let label = column.label();
                view! {
                    <li class=class style=format!("--h:{height}")>
                        <span class="visually-hidden">{format!("{label}: ")}</span>
                        <span class="bar-pct">{column.chance.whole_percent_text()}</span>
                        <span class="bar-fill" aria-hidden="true"></span>
                        <span class="bar-label" aria-hidden="true">{label}</span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <figure class="bars">
            <figcaption>{title}</figcaption>
            <ol class="bar-list">{bars}</ol>
        </figure>
    }
}
