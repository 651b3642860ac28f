//! A distribution drawn as bars, each labelled with its value and percentage, so the odds
//! read as a picture and as numbers. Shared by every tray.

use leptos::prelude::*;

use crate::core::distribution::Column;
use crate::core::tone::Tone;

/// The chart's list items as markup: label first for screen readers ("2: 22%"), shown
/// as percentage, bar, label by CSS order. Built from numbers and our own labels only, so
/// nothing needs escaping.
fn bars_markup(columns: &[Column], tone: fn(i32) -> Tone) -> String {
    let tallest = columns
        .iter()
        .map(|c| c.chance.per_myriad())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut markup = String::new();
    for column in columns {
        let (from, to) = (tone(column.from), tone(column.to));
        let tone = if from == to { from } else { Tone::Neutral };
        // Height in ten-thousandths of the tallest bar.
        let height = u64::from(column.chance.per_myriad()) * 10_000 / u64::from(tallest);
        markup.push_str(&format!(
            r#"<li class="bar {tone}" style="--h:{height}"><span class="bar-label">{label}<span class="visually-hidden">: </span></span><span class="bar-pct">{percent}</span><span class="bar-fill"></span></li>"#,
            tone = tone.name(),
            label = column.label(),
            percent = column.chance.whole_percent_text(),
        ));
    }
    markup
}

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
