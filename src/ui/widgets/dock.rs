//! The roll dock: the bar at the foot of every tray, in the thumb's reach, with Roll, the
//! chances that matter and the last roll's headline; above it, opened from the bar, the
//! full result or the odds in detail. On a wide screen it is the right-hand column, open.

use leptos::prelude::*;

use crate::core::tone::Tone;
use crate::storage::Settings;
use crate::ui::visit::Deferred;
use crate::ui::widgets::snackbar::{Snackbar, SnackbarView};

/// What the dock shows above its bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DockPanel {
    /// Only the bar.
    Closed,
    /// The last roll in full: every die, what it means, what may follow.
    Result,
    /// The odds in detail, as bars and exact fractions.
    Odds,
    /// The faces of real dice rolled at the table, entered to be read as a roll here.
    Enter,
}

/// The last roll's headline as the bar shows it: words, tone, and the roll's id, so that a
/// roll that lands the same as the one before still shows a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Headline {
    /// "Success", "You win: effect 4".
    pub text: String,
    /// How it reads for the roller.
    pub tone: Tone,
    /// The roll it belongs to.
    pub id: u64,
}

/// The dock. `chances` is drawn in the bar's odds button; `result` and `odds` fill the
/// panel above it. After a roll the tray opens `panel` on the result.
#[component]
pub fn RollDock(
    /// Where messages show, above the dock.
    snackbar: Snackbar,
    /// The settings: whether Roll gives a haptic tick.
    settings: Deferred<Settings>,
    /// What the panel shows; the tray sets it to `Result` after a roll.
    panel: RwSignal<DockPanel>,
    /// The last roll's headline; none before the first roll.
    #[prop(into)]
    headline: Signal<Option<Headline>>,
    /// The one or two chances that matter, short ("Success 72%").
    #[prop(into)]
    chances: ViewFn,
    /// The Roll button's words, e.g. "Roll · wager 2".
    #[prop(into)]
    roll_label: Signal<String>,
    /// Whether the roll can be made now.
    #[prop(into)]
    can_roll: Signal<bool>,
    /// Rolls.
    on_roll: Callback<()>,
    /// The full result.
    #[prop(into)]
    result: ViewFn,
    /// The odds in detail.
    #[prop(into)]
    odds: ViewFn,
    /// Entering real dice: what each die at the table shows.
    #[prop(into)]
    enter: ViewFn,
    /// What stays in sight above the panel whatever it shows (the live table's corner).
    #[prop(optional, into)]
    above: Option<ViewFn>,
) -> impl IntoView {
    let toggle = move |want: DockPanel| {
        panel.update(|p| *p = if *p == want { DockPanel::Closed } else { want });
    };
    let shows = move |which: DockPanel| move || panel.get() == which;
    let roll = move |_| {
        if settings.load().with_untracked(|s| s.haptics) {
            crate::ui::platform::browser::haptic_tick();
        }
        on_roll.run(());
    };
    view! {
        <section class="roll-dock" aria-label="Roll" data-panel=move || match panel.get() {
            DockPanel::Closed => "closed",
            DockPanel::Result => "result",
            DockPanel::Odds => "odds",
            DockPanel::Enter => "enter",
        }>
            <SnackbarView snackbar class="above-dock"/>
            {above.map(|above| above.run())}
            // On a phone the bar opens one of the two; on a wide screen both show (CSS).
            <div class="dock-panel">
                <section class="dock-result" id="dock-result" aria-label="Result">{result.run()}</section>
                <div class="dock-odds" id="dock-odds">{odds.run()}</div>
                <div class="dock-enter" id="dock-enter">{move || (panel.get() == DockPanel::Enter).then(|| enter.run())}</div>
            </div>
            <div class="roll-bar">
                <button
                    type="button"
                    class="bar-odds"
                    aria-controls="dock-odds"
                    aria-expanded=move || shows(DockPanel::Odds)().to_string()
                    on:click=move |_| toggle(DockPanel::Odds)
                >
                    <span class="visually-hidden">"Odds: "</span>
                    {chances.run()}
                </button>
                <button
                    type="button"
                    class="bar-result"
                    aria-controls="dock-result"
                    aria-expanded=move || shows(DockPanel::Result)().to_string()
                    disabled=move || headline.with(Option::is_none)
                    on:click=move |_| toggle(DockPanel::Result)
                >
                    {move || match headline.get() {
                        Some(h) => view! {
                            <span class=format!("bar-headline {}", h.tone.name()) data-roll=h.id.to_string()>
                                <span class="visually-hidden">"Last roll: "</span>
                                {h.text}
                            </span>
                        }.into_any(),
                        None => view! { <span class="bar-headline none">"No roll yet"</span> }.into_any(),
                    }}
                </button>
                <button type="button" class="roll" disabled=move || !can_roll.get() on:click=roll>
                    {move || roll_label.get()}
                </button>
                <button
                    type="button"
                    class="bar-enter"
                    aria-controls="dock-enter"
                    aria-expanded=move || shows(DockPanel::Enter)().to_string()
                    disabled=move || !can_roll.get()
                    on:click=move |_| toggle(DockPanel::Enter)
                >
                    "Real dice"
                </button>
            </div>
        </section>
    }
}
