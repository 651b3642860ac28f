//! Odds that coach: beside a control, what one tap on it would do to the chance that
//! matters ("+12%"), exact, and said in full to a screen reader. The figures are counted by
//! the core's coaches (`core::coach`) in each tray's `soon` module, fetched once the tray is
//! drawn and idle (or on the first tap), so a tray opens without them; a setting hides them.

use std::rc::Rc;

use leptos::prelude::*;

use crate::ui::tray::state::TrayCore;

use crate::core::coach::Delta;
use crate::core::tone::Tone;

/// What one tap would do, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// "+12%", "−0.8 effect".
    pub short: String,
    /// "adds 12 points to the chance of success".
    pub spoken: String,
    /// Better or worse for the roller.
    pub tone: Tone,
}

impl Hint {
    /// The hint for a delta, and for a second one that moves too ("+12% · +5%").
    pub fn of(main: &Delta, also: Option<&Delta>) -> Self {
        let mut hint = Self {
            short: main.short_text(),
            spoken: main.spoken_text(),
            tone: main.tone(),
        };
        if let Some(also) = also {
            hint.short.push_str(" · ");
            hint.short.push_str(&also.short_text());
            hint.spoken.push_str(", and ");
            hint.spoken.push_str(&also.spoken_text());
        }
        hint
    }
}

/// A tray's hints, by the tray's own kind of tap; empty until counted (or when hidden).
pub type Hints<T> = RwSignal<Vec<(T, Hint)>>;

/// The hint for `tap`, if there is one: a short figure for the eye, the whole sentence for
/// a screen reader.
#[component]
pub fn CoachHint<T>(hints: Hints<T>, tap: T) -> impl IntoView
where
    T: PartialEq + Copy + Send + Sync + 'static,
{
    move || {
        hints.with(|all| {
            all.iter().find(|(t, _)| *t == tap).map(|(_, hint)| {
                view! {
                    <span class=format!("coach {}", hint.tone.name())>
                        <span aria-hidden="true">{hint.short.clone()}</span>
                        <span class="visually-hidden">{format!("One tap {}.", hint.spoken)}</span>
                    </span>
                }
            })
        })
    }
}

/// Keeps a tray's hints counted from now on (called from a tray's `soon`): `read` takes what
/// they depend on, tracked, at each change; `count` turns it into hints one frame later, so
/// the tap's own frame only redraws. None while the setting hides them.
pub fn keep_counting<T, I>(
    core: TrayCore,
    hints: Hints<T>,
    read: impl Fn() -> I + 'static,
    count: impl Fn(I) -> Vec<(T, Hint)> + 'static,
) where
    T: Send + Sync + 'static,
    I: 'static,
{
    let count = Rc::new(count);
    let settings = core.settings;
    core.visit.lasting(|| {
        Effect::new(move |_| {
            let inputs = read();
            if !settings.load().with(|s| s.coach) {
                hints.set(Vec::new());
                return;
            }
            let count = Rc::clone(&count);
            request_animation_frame(move || hints.set(count(inputs)));
        })
    });
}

/// Said once per tray, above its hints: what their figures measure, so "+21% · +19%" reads
/// as two named chances. Its line is kept while the hints are being counted, so nothing
/// moves when they arrive.
#[component]
pub fn CoachLegend<T>(hints: Hints<T>, text: &'static str) -> impl IntoView
where
    T: Send + Sync + 'static,
{
    view! {
        <p class="coach-legend" class:waiting=move || hints.with(Vec::is_empty) aria-hidden="true">
            {text}
        </p>
    }
}
