//! One short message at a time, near the thumb: what a tap did ("Saved", "Copied", a turn's
//! roll), with at most one action (Undo). It floats above the roll bar, so it never moves
//! the page, and goes after a few seconds. On a page without a roll bar, a message that
//! answers a tap shows by the control tapped.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::platform::browser::now_ms;

/// How long a message stays: long enough to read, longer when it offers an action.
const SHOWN: Duration = Duration::from_millis(5_000);
const SHOWN_WITH_ACTION: Duration = Duration::from_millis(9_000);
/// A message this soon after a tap answers it ("Copied", "Choose a player first"), so it
/// shows by the control tapped; a later one (a refusal from the table) shows at the foot.
const ANSWERS_A_TAP_MS: u64 = 2_000;
/// Between a control and its message.
const GAP: f64 = 8.0;
/// What a message of three lines needs below a control, with the screen's margin.
const MESSAGE_ROOM: f64 = 100.0;

/// A message and its one action, if any.
#[derive(Clone)]
struct Message {
    /// Counts messages, so an old timer never hides a newer one.
    id: u32,
    text: String,
    action: Option<(&'static str, Callback<()>)>,
}

/// The handle that puts a message up; cheap to copy. Lives for the whole visit.
#[derive(Clone, Copy)]
pub struct Snackbar {
    shown: RwSignal<Option<Message>>,
    count: StoredValue<u32>,
}

impl Snackbar {
    /// Nothing shown.
    pub fn new() -> Self {
        Self {
            shown: RwSignal::new(None),
            count: StoredValue::new(0),
        }
    }

    /// Shows `text` in place of whatever was shown.
    pub fn say(&self, text: impl Into<String>) {
        self.show(text.into(), None);
    }

    /// Shows `text` with one action button, e.g. ("Undo", what undoes it).
    pub fn say_with(&self, text: impl Into<String>, label: &'static str, action: Callback<()>) {
        self.show(text.into(), Some((label, action)));
    }

    fn show(&self, text: String, action: Option<(&'static str, Callback<()>)>) {
        let id = self.count.get_value().wrapping_add(1);
        self.count.set_value(id);
        let shown = if action.is_some() {
            SHOWN_WITH_ACTION
        } else {
            SHOWN
        };
        self.shown.set(Some(Message { id, text, action }));
        let this = *self;
        set_timeout(move || this.hide(id), shown);
    }

    /// Takes down whatever is shown: a message about one page does not follow the player
    /// to the next.
    pub fn clear(&self) {
        self.shown.set(None);
    }

    /// Takes message `id` down, unless a newer one took its place.
    fn hide(&self, id: u32) {
        if self
            .shown
            .with_untracked(|m| m.as_ref().is_some_and(|m| m.id == id))
        {
            self.shown.set(None);
        }
    }
}

/// Where the messages show: one live region that is always there, so each new message is
/// announced. `class` places it: above the roll bar, or at the foot of a page without one.
#[component]
pub fn SnackbarView(snackbar: Snackbar, #[prop(optional)] class: &'static str) -> impl IntoView {
    let text = move || snackbar.shown.with(|m| m.as_ref().map(|m| m.text.clone()));
    let action = move || {
        snackbar.shown.with(|m| {
            m.as_ref().and_then(|m| {
                let id = m.id;
                m.action.map(|(label, act)| {
                    view! {
                        <button
                            type="button"
                            class="snackbar-action"
                            on:click=move |_| {
                                act.run(());
                                snackbar.hide(id);
                            }
                        >
                            {label}
                        </button>
                    }
                })
            })
        })
    };
    view! {
        <div class=format!("snackbar {class}") role="status" aria-live="polite">
            {move || text().map(|text| view! {
                <div class="snackbar-message">
                    <p>{text}</p>
                    {action}
                </div>
            })}
        </div>
    }
}

/// The messages of a page without a roll bar (Characters, Table). One that answers a tap
/// shows just below the control tapped, or just above it at the foot of the screen, where
/// the player is looking; any other at the foot of the screen. It never moves the page.
#[component]
pub fn PageMessages(snackbar: Snackbar) -> impl IntoView {
    let tapped = StoredValue::new_local(None::<(web_sys::Element, u64)>);
    // A press comes before the click that answers it, by pointer or by keyboard.
    let record = move |ev: web_sys::Event| {
        let control = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| {
                e.closest("button, a, select, input, summary")
                    .ok()
                    .flatten()
            });
        tapped.set_value(control.map(|c| (c, now_ms())));
    };
    let pointer = window_event_listener(leptos::ev::pointerdown, move |ev| record(ev.into()));
    let key = window_event_listener(leptos::ev::keydown, move |ev| record(ev.into()));
    on_cleanup(move || {
        pointer.remove();
        key.remove();
    });
    let style = Signal::derive(move || {
        // Placed afresh for each message, from where the tapped control is now.
        let id = snackbar.shown.with(|m| m.as_ref().map(|m| m.id));
        id.and_then(|_| tapped.with_value(|t| t.as_ref().and_then(|(c, at)| by_control(c, *at))))
            .unwrap_or_default()
    });
    view! {
        <div class="page-messages" style=style>
            <SnackbarView snackbar/>
        </div>
    }
}

/// The style that puts a message by `control`, tapped at `at`, if it was tapped just now
/// and is on screen.
fn by_control(control: &web_sys::Element, at: u64) -> Option<String> {
    if now_ms().saturating_sub(at) > ANSWERS_A_TAP_MS || !control.is_connected() {
        return None;
    }
    let screen = web_sys::window()?.inner_height().ok()?.as_f64()?;
    let rect = control.get_bounding_client_rect();
    if rect.bottom() < 0.0 || rect.top() > screen {
        return None;
    }
    // Below, unless a message of three lines would not fit there: the field above a button
    // is often what the message speaks of.
    // Whole pixels: formatting a float would bring its code into the module (12 KB gzip).
    let px = |at: f64| at.round() as i32;
    Some(if rect.bottom() + GAP + MESSAGE_ROOM > screen {
        format!("bottom: {}px", px(screen - rect.top() + GAP))
    } else {
        format!("top: {}px; bottom: auto", px(rect.bottom() + GAP))
    })
}
