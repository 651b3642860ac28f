//! The odds in detail, in the dock: the chances that matter as figures, your effect and the
//! other side's as bars, and each as an exact fraction. They follow one frame behind a tap,
//! so the tap's own frame only redraws the bar's two figures.

use leptos::prelude::*;

use super::format::tenths;
use super::state::ElState;
use crate::core::distribution::{Chance, Column, Distribution};
use crate::core::effective_level::{ElOdds, check_words};
use crate::core::tone::Tone;
use crate::ui::widgets::bars::{ChanceFigure, DistributionBars};

/// Most bars a chart shows on a phone before tails are merged.
const MAX_BARS: usize = 13;

/// A chance the panel shows: its name, colour class, and where it is in the odds.
type Figure = (&'static str, &'static str, fn(&ElOdds) -> Chance);
const FIGURES: [Figure; 3] = [
    ("Success", "good", |o| o.success.clone()),
    ("Any effect", "good", |o| o.effect.chance(|e| e > 0)),
    ("Going over", "bad", |o| o.over.clone()),
];

/// The dock's odds panel for the Effective Level tray.
#[component]
pub fn OddsDetail(state: ElState) -> impl IntoView {
    // The odds of what the bar's Roll rolls: a split turn's next portion, else the tray.
    let detail = RwSignal::new(state.bar_odds.get_untracked());
    Effect::new(move |_| {
        let odds = state.bar_odds.get();
        request_animation_frame(move || {
            // The tray may have been left before the frame.
            detail.try_set(odds);
        });
    });
    let ready = move || detail.with(Option::is_some);
    let opposed = move || detail.with(|o| o.as_ref().is_some_and(|o| o.their_effect.is_some()));
    let reason = move || state.check.with(|c| c.as_ref().err().cloned());
    let portion = move || {
        state.turn_bar.with(|bar| {
            bar.as_ref().and_then(|b| b.next.as_ref()).map(|n| {
                format!(
                    "For {}, the turn's next portion: {}.",
                    n.name,
                    check_words(&n.check)
                )
            })
        })
    };
    let columns = move |pick: fn(&ElOdds) -> Option<&Distribution>| {
        Signal::derive(move || -> Vec<Column> {
            detail.with(|o| {
                o.as_ref()
                    .and_then(pick)
                    .map(|d| d.columns(MAX_BARS))
                    .unwrap_or_default()
            })
        })
    };
    let read = move |show: fn(&ElOdds) -> String| {
        move || detail.with(|o| o.as_ref().map(show).unwrap_or_default())
    };
    let figures = FIGURES
        .into_iter()
        .map(|(name, tone, pick)| {
            let chance = Signal::derive(move || detail.with(|o| o.as_ref().map(pick)));
            view! { <ChanceFigure name tone chance/> }
        })
        .collect_view();
    let exact = FIGURES
        .into_iter()
        .map(|(name, _, pick)| {
            view! {
                <dt>{name}</dt>
                <dd>{move || detail.with(|o| o.as_ref().map(|o| pick(o).exact_text()).unwrap_or_default())}</dd>
            }
        })
        .collect_view();
    view! {
        <section class="odds-detail" aria-labelledby="el-odds-title">
            <h2 id="el-odds-title">"Odds in detail"</h2>
            <p class="hint" hidden=move || portion().is_none()>{portion}</p>
            <p class="refusal" hidden=ready>{reason}</p>
            <div class="odds-body" hidden=move || !ready()>
                <ul class="odds-figures three">{figures}</ul>
                <DistributionBars title="Your effect" columns=columns(|o| Some(&o.effect)) tone=your_tone/>
                <div hidden=move || !opposed()>
                    <DistributionBars
                        title="The other side's effect"
                        columns=columns(|o| o.their_effect.as_ref())
                        tone=their_tone
                    />
                </div>
                <dl class="exact-list" aria-label="Exact chances">
                    {exact}
                    <dt>"Expected effect"</dt>
                    <dd>{read(|o| tenths(o.effect.mean()))}</dd>
                    <dt hidden=move || !opposed()>"Theirs"</dt>
                    <dd hidden=move || !opposed()>
                        {read(|o| o.their_effect.as_ref().map(|d| tenths(d.mean())).unwrap_or_default())}
                    </dd>
                </dl>
                <p class="hint">"Exact: counted over every face of both sides' dice, wager included."</p>
            </div>
        </section>
    }
}

fn your_tone(value: i32) -> Tone {
    if value > 0 { Tone::Good } else { Tone::Bad }
}

fn their_tone(value: i32) -> Tone {
    if value > 0 { Tone::Bad } else { Tone::Neutral }
}
