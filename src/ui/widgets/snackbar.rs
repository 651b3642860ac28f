//! One short message at a time, near the thumb: what a tap did ("Saved", "Copied", a turn's
//! roll), with at most one action (Undo). It floats above the roll bar, so it never moves
//! the page, and goes after a few seconds. On a page without a roll bar, a message that
//! answers a tap shows by the control tapped.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::ui::platform::browser::{copy_text, now_ms, share_text};

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
/// The widest a message is (as `.page-messages` in style/layout.css).
const MAX_WIDTH: f64 = 456.0;

/// A message and its one action, if any.
#[derive(Clone)]
struct Message {
    /// Counts messages, so an old timer never hides a newer one.
    id: u32,
    text: String,
    action: Option<(&'static str, Callback<()>)>,
    /// Said in answer to what the player just did (not news from elsewhere): a page
    /// without a roll bar shows it by the control tapped.
    answers: bool,
}

/// The handle that puts a message up; cheap to copy. Lives for the whole visit.
#[derive(Clone, Copy)]
pub struct Snackbar {
    shown: RwSignal<Option<Message>>,
    count: StoredValue<u32>,
}

impl Snackbar {
    /// Puts `text` on the clipboard and says `done`; if the browser will not, says why and
    /// shows the text, to be copied by hand.
    pub fn copy(self, text: String, done: impl Into<String> + 'static) {
        leptos::task::spawn_local(async move {
            match copy_text(&text).await {
                Ok(()) => self.say(done),
                Err(error) => self.say(format!("Could not copy ({error}): {text}")),
            }
        });
    }

    /// Opens the phone's share sheet with `text`; says so if it was not shared.
    pub fn share(self, text: String) {
        leptos::task::spawn_local(async move {
            if let Err(error) = share_text(&text).await {
                self.say(format!("Not shared ({error})."));
            }
        });
    }

    /// Nothing shown.
    pub fn new() -> Self {
        Self {
            shown: RwSignal::new(None),
            count: StoredValue::new(0),
        }
    }

    /// Shows `text` in place of whatever was shown.
    pub fn say(&self, text: impl Into<String>) {
        self.show(text.into(), None, true);
    }

    /// Shows `text`, news that answers no tap (from the table's relays): on a page without
    /// a roll bar it shows at the foot of the screen, whatever was tapped just before.
    pub fn tell(&self, text: impl Into<String>) {
        self.show(text.into(), None, false);
    }

    /// Shows `text` with one action button, e.g. ("Undo", what undoes it).
    pub fn say_with(&self, text: impl Into<String>, label: &'static str, action: Callback<()>) {
        self.show(text.into(), Some((label, action)), true);
    }

    fn show(&self, text: String, action: Option<(&'static str, Callback<()>)>, answers: bool) {
        let id = self.count.get_value().wrapping_add(1);
        self.count.set_value(id);
        let shown = if action.is_some() {
            SHOWN_WITH_ACTION
        } else {
            SHOWN
        };
        self.shown.set(Some(Message {
            id,
            text,
            action,
            answers,
        }));
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
/// foot when what it points at moves or goes, so it never points at the wrong thing.
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
    for kind in RECORDED {
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
    // Counts placings: a frame's placing for a message already replaced does nothing.
    let placing = StoredValue::new(0u32);
    Effect::new(move |_| {
        let Some(answers) = snackbar.shown.with(|m| m.as_ref().map(|m| m.answers)) else {
            return;
        };
        let turn = placing.get_value().wrapping_add(1);
        placing.set_value(turn);
        let control = answers
            .then(|| {
                tapped.with_value(|t| {
                    t.as_ref()
                        .filter(|(c, at)| {
                            now_ms().saturating_sub(*at) <= ANSWERS_A_TAP_MS && c.is_connected()
                        })
                        .map(|(c, _)| c.clone())
                })
            })
            .flatten();
        let Some(tapped) = control else {
            return style.set(String::new());
        };
        // A tap that sent the player to a field (a name asked for) is answered by the
        // field, above it, clear of the button tapped.
        let field = focused_field().filter(|f| *f != tapped);
        // Unseen (still read out) until placed, the next frame, with the message's height.
        style.set("opacity: 0".into());
        request_animation_frame(move || {
            if placing.try_get_value() != Some(turn) {
                return;
            }
            let height = wrapper
                .try_get_untracked()
                .flatten()
                .map_or(0, |w| w.offset_height());
            let (anchor, above) = match field {
                Some(field) => (field, true),
                None => (tapped, false),
            };
            let placed = by_control(&anchor, f64::from(height), above);
            let placed_by = placed.is_some();
            style.try_set(placed.unwrap_or_default());
            if placed_by {
                let top = anchor.get_bounding_client_rect().top();
                follow(
                    anchor,
                    top,
                    turn,
                    Placing {
                        snackbar,
                        placing,
                        style,
                    },
                );
            }
        });
    });
    on_cleanup(move || {
        if let (Some(window), Some(record)) = (
            web_sys::window(),
            record.try_update_value(Option::take).flatten(),
        ) {
            for kind in RECORDED {
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

/// What a placed message's watch needs.
#[derive(Clone, Copy)]
struct Placing {
    snackbar: Snackbar,
    placing: StoredValue<u32>,
    style: RwSignal<String>,
}

/// Watches, once a frame while message `turn` shows by `anchor`, that the anchor is still
/// where it was (`top`): when it moves or goes (a scroll, a turn of the screen, the page
/// redrawn under it), the message goes to the foot, never left pointing at something else.
fn follow(anchor: web_sys::Element, top: f64, turn: u32, at: Placing) {
    request_animation_frame(move || {
        let still = at.placing.try_get_value() == Some(turn)
            && at.snackbar.shown.try_with_untracked(Option::is_some) == Some(true)
            && at.style.try_with_untracked(|s| !s.is_empty()) == Some(true);
        if !still {
            return;
        }
        let rect = anchor.get_bounding_client_rect();
        if gone(&anchor, &rect) || (rect.top() - top).abs() > 1.0 {
            at.style.try_set(String::new());
        } else {
            follow(anchor, top, turn, at);
        }
    });
}

/// Whether `control`, measured as `rect`, was taken away (by Leave, Hand over, the page
/// redrawn): out of the page, or measuring as nothing.
fn gone(control: &web_sys::Element, rect: &web_sys::DomRect) -> bool {
    !control.is_connected() || (rect.width() == 0.0 && rect.height() == 0.0)
}

/// The text field or list that has the focus, if one has.
fn focused_field() -> Option<web_sys::Element> {
    let focused = web_sys::window()?.document()?.active_element()?;
    focused
        .matches("input:not([type=checkbox]):not([type=radio]), select, textarea")
        .unwrap_or(false)
        .then_some(focused)
}

/// The events that mark the control a message may answer.
const RECORDED: [&str; 2] = ["click", "change"];
/// What a message can answer.
const CONTROLS: &str = "button, a, select, input, textarea, summary";
/// What a control shares a row with: a message above it stays clear of the whole row (a
/// field's label, the list Hand over hands to).
const ROWS: &str = ".field, .pool-set, .row-actions, .label-row";

/// The style that puts a message `height` tall by `control`: below it if it fits there,
/// else above its row (above first, if `above`); none (the foot) if the control is gone or
/// off screen, or neither fits.
fn by_control(control: &web_sys::Element, height: f64, above: bool) -> Option<String> {
    let screen = web_sys::window()?.inner_height().ok()?.as_f64()?;
    let rect = control.get_bounding_client_rect();
    if gone(control, &rect) || rect.bottom() < 0.0 || rect.top() > screen {
        return None;
    }
    let row_top = control
        .closest(ROWS)
        .ok()
        .flatten()
        .map_or(rect.top(), |row| row.get_bounding_client_rect().top());
    // Whole pixels: formatting a float would bring its code into the module (12 KB gzip).
    let px = |at: f64| at.round() as i32;
    let fits_below = rect.bottom() + GAP + height + MARGIN <= screen;
    let fits_above = row_top - GAP - height >= MARGIN;
    // Across: from the control's left edge, as wide as at the foot (so the height measured
    // there holds), kept on screen. On a phone that is the page's width, as at the foot.
    let screen_width = web_sys::window()?.inner_width().ok()?.as_f64()?;
    let width = (screen_width - 2.0 * MARGIN).min(MAX_WIDTH);
    let left = rect.left().min(screen_width - MARGIN - width).max(MARGIN);
    let across = format!(
        "left: {}px; right: auto; margin: 0; width: {}px",
        px(left),
        px(width)
    );
    let below = || format!("top: {}px; bottom: auto; {across}", px(rect.bottom() + GAP));
    let over_row = || format!("bottom: {}px; {across}", px(screen - row_top + GAP));
    match (above, fits_above, fits_below) {
        (true, true, _) | (false, true, false) => Some(over_row()),
        (_, _, true) => Some(below()),
        _ => None,
    }
}
