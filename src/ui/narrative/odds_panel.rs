//! Live exact odds: the two chances that matter in the roll bar; the key chances and whole
//! distributions, as bars and exact fractions, in the dock's odds panel.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use crate::core::distribution::Chance;
use crate::core::narrative::NarrativeOdds;
use crate::core::narrative::net_success_tone;
use crate::core::tone::Tone;
use crate::ui::widgets::bars::{ChanceFigure, DistributionBars};

/// Most bars a chart shows on a phone before tails are merged.
const MAX_BARS: usize = 13;

/// The two chances that matter, for the roll bar: success and advantage.
#[component]
pub fn BarChances(
    odds: Memo<NarrativeOdds>,
    /// False for an empty or force-only pool: there is no check to give odds for.
    #[prop(into)]
    makes_check: Signal<bool>,
) -> impl IntoView {
    let percent =
        move |pick: fn(&NarrativeOdds) -> &Chance| move || odds.with(|o| pick(o).percent_text());
    view! {
        <span class="bar-chances" hidden=move || !makes_check.get()>
            <span class="bar-chance good">
                <span class="bar-chance-name">"Success"</span>
                <span class="bar-chance-pct">{percent(|o| &o.success)}</span>
            </span>
            <span class="bar-chance good">
                <span class="bar-chance-name">"Advantage"</span>
                <span class="bar-chance-pct">{percent(|o| &o.advantage)}</span>
            </span>
        </span>
        <span class="bar-chances none" hidden=move || makes_check.get()>"No check yet"</span>
    }
}

/// The five chances players ask about, each as a number and a bar.
#[component]
fn KeyChances(odds: Memo<NarrativeOdds>) -> impl IntoView {
    let figure = move |name, tone, pick: fn(&NarrativeOdds) -> &Chance| {
        let chance = Signal::derive(move || Some(odds.with(|o| pick(o).clone())));
        view! { <ChanceFigure name tone chance/> }
    };
    view! {
        <ul class="odds-figures">
            {KEY_CHANCES
                .into_iter()
                .map(|(name, tone, pick)| figure(name, tone, pick))
                .collect_view()}
        </ul>
    }
}

/// Whole distributions: net successes, net advantage, and force pips when force dice roll;
/// and the key chances as exact fractions.
#[component]
pub fn OddsDetail(
    odds: Memo<NarrativeOdds>,
    #[prop(into)] makes_check: Signal<bool>,
    #[prop(into)] has_force: Signal<bool>,
) -> impl IntoView {
    let columns = move |pick: fn(&NarrativeOdds) -> Vec<crate::core::distribution::Column>| {
        Signal::derive(move || odds.with(pick))
    };
    view! {
        <section class="odds-detail" aria-labelledby="odds-detail-title">
            <h2 id="odds-detail-title">"Odds in detail"</h2>
            <When when=move || makes_check.get()>
                <KeyChances odds/>
                <DistributionBars
                    title="Net successes (1 or more succeeds)"
                    columns=columns(|o| o.net_success.columns(MAX_BARS))
                    tone=net_success_tone
                />
                <DistributionBars
                    title="Net advantage (below 0 is threat)"
                    columns=columns(|o| o.net_advantage.columns(MAX_BARS))
                    tone=Tone::of_sign
                />
            </When>
            <When when=move || has_force.get()>
                <DistributionBars
                    title="Light side pips"
                    columns=columns(|o| o.light.columns(MAX_BARS))
                    tone=Tone::neutral
                />
                <DistributionBars
                    title="Dark side pips"
                    columns=columns(|o| o.dark.columns(MAX_BARS))
                    tone=Tone::neutral
                />
            </When>
            <When when=move || makes_check.get()>
                <dl class="exact-list" aria-label="Exact chances">
                    {KEY_CHANCES
                        .into_iter()
                        .map(|(name, _, pick)| {
                            view! {
                                <dt>{name}</dt>
                                <dd>{move || odds.with(|o| pick(o).exact_text())}</dd>
                            }
                        })
                        .collect_view()}
                </dl>
            </When>
            <When when=move || !makes_check.get() && !has_force.get()>
                <p class="hint">"Add dice to see every outcome's chance."</p>
            </When>
            <p class="hint">"Exact: counted over every face of every die, not simulated."</p>
        </section>
    }
}

/// The five chances players ask about: name, colour class, and where they are in the odds.
type KeyChance = (&'static str, &'static str, fn(&NarrativeOdds) -> &Chance);
const KEY_CHANCES: [KeyChance; 5] = [
    ("Success", "good", |o| &o.success),
    ("Advantage", "good", |o| &o.advantage),
    ("Threat", "bad", |o| &o.threat),
    ("Triumph", "good", |o| &o.triumph),
    ("Despair", "bad", |o| &o.despair),
];
