//! One short message at a time, near the thumb: what a tap did ("Saved", "Copied", a turn's
//! roll), with at most one action (Undo). It floats above the roll bar, so it never moves
//! the page, and goes after a few seconds. On a page without a roll bar, a message that
//! answers a tap shows by the control tapped.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::ui::platform::browser::now_ms;

/// How long a message stays: long enough to read, longer when it offers an action.
const SHOWN: Duration = Duration::from_millis(5_000);
const SHOWN_WITH_ACTION: Duration = Duration::from_millis(9_000);
/// A message this soon after a tap answers it ("Copied", "Choose a player first"), so it
/// shows by the control tapped; a later one (a refusal from the table) shows at the foot.
const ANSWERS_A_TAP_MS: u64 = 2_000;
/// Between a control and its message.
const GAP: f64 = 8.0;
/// Between a message and the screen's edge.
const MARGIN: f64 = 12.0;

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
/// (or a field's change) shows by that control, where the player is looking: below it, or
/// above its row when there is no room below; any other, or one whose control is gone, at
/// the foot of the screen. Placed once the tap's own changes are drawn, and back at the
/// foot when the page scrolls or the screen turns, so it never points at the wrong thing.
#[component]
pub fn PageMessages(snackbar: Snackbar) -> impl IntoView {
    let tapped = StoredValue::new_local(None::<(web_sys::Element, u64)>);
    // `click` comes from pointers, keys and screen readers alike; `change` from a field
    // being left, whose refusal speaks of it. In the capture phase, so the control is known
    // before the handlers that answer it run. The message's own action does not count.
    let record = Closure::<dyn Fn(web_sys::Event)>::new(move |ev: web_sys::Event| {
        let Some(target) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        if matches!(target.closest(".page-messages"), Ok(Some(_))) {
            return;
        }
        let control = target.closest(CONTROLS).ok().flatten();
        tapped.set_value(control.map(|c| (c, now_ms())));
    });
    let window = web_sys::window();
    for kind in ["click", "change"] {
        if let Some(window) = &window {
            let _ = window.add_event_listener_with_callback_and_bool(
                kind,
                record.as_ref().unchecked_ref(),
                true,
            );
        }
    }
    let record = StoredValue::new_local(Some(record));
    let wrapper = NodeRef::<leptos::html::Div>::new();
    let style = RwSignal::new(String::new());
    Effect::new(move |_| {
        if snackbar.shown.with(|m| m.is_none()) {
            return;
        }
        let control = tapped.with_value(|t| {
            t.as_ref()
                .filter(|(c, at)| {
                    now_ms().saturating_sub(*at) <= ANSWERS_A_TAP_MS && c.is_connected()
                })
                .map(|(c, _)| c.clone())
        });
        let Some(control) = control else {
            return style.set(String::new());
        };
        // A tap that sent the player to a field (a name asked for) is answered by the field.
        let control = focused_field().unwrap_or(control);
        // Unseen (still read out) until placed, the next frame, with the message's height.
        style.set("opacity: 0".into());
        request_animation_frame(move || {
            let height = wrapper.get_untracked().map_or(0, |w| w.offset_height());
            style.set(by_control(&control, f64::from(height)).unwrap_or_default());
        });
    });
    // A scroll or a turn of the screen moves the control: the message goes to the foot.
    let to_foot = move || {
        if !style.with_untracked(String::is_empty) {
            style.set(String::new());
        }
    };
    let scroll = window_event_listener(leptos::ev::scroll, move |_| to_foot());
    let resize = window_event_listener(leptos::ev::resize, move |_| to_foot());
    on_cleanup(move || {
        scroll.remove();
        resize.remove();
        if let (Some(window), Some(record)) = (
            web_sys::window(),
            record.try_update_value(Option::take).flatten(),
        ) {
            for kind in ["click", "change"] {
                let _ = window.remove_event_listener_with_callback_and_bool(
                    kind,
                    record.as_ref().unchecked_ref(),
                    true,
                );
            }
        }
    });
    view! {
        <div class="page-messages" style=style node_ref=wrapper>
            <SnackbarView snackbar/>
        </div>
    }
}

/// The text field or list that has the focus, if one has.
fn focused_field() -> Option<web_sys::Element> {
    let focused = web_sys::window()?.document()?.active_element()?;
    focused
        .matches("input:not([type=checkbox]):not([type=radio]), select, textarea")
        .unwrap_or(false)
        .then_some(focused)
}

/// What a message can answer.
const CONTROLS: &str = "button, a, select, input, textarea, summary";
/// What a control shares a row with: a message above it stays clear of the whole row (a
/// field's label, the list Hand over hands to).
const ROWS: &str = ".field, .pool-set, .row-actions, .label-row";

/// The style that puts a message `height` tall by `control`: below it if it fits there,
/// else above its row; none (the foot) if the control is off screen or neither fits.
fn by_control(control: &web_sys::Element, height: f64) -> Option<String> {
    let screen = web_sys::window()?.inner_height().ok()?.as_f64()?;
    let rect = control.get_bounding_client_rect();
    if rect.bottom() < 0.0 || rect.top() > screen {
        return None;
    }
    let row_top = control
        .closest(ROWS)
        .ok()
        .flatten()
        .map_or(rect.top(), |row| row.get_bounding_client_rect().top());
    // Whole pixels: formatting a float would bring its code into the module (12 KB gzip).
    let px = |at: f64| at.round() as i32;
    if rect.bottom() + GAP + height + MARGIN <= screen {
        Some(format!("top: {}px; bottom: auto", px(rect.bottom() + GAP)))
    } else if row_top - GAP - height >= MARGIN {
        Some(format!("bottom: {}px", px(screen - row_top + GAP)))
    } else {
        None
    }
}
