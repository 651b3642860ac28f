//! One short message at a time, near the thumb: what a tap did ("Saved", "Copied", a turn's
//! roll), with at most one action (Undo). It floats above the roll bar, so it never moves
//! the page, and goes after a few seconds.

use std::time::Duration;

use leptos::prelude::*;

/// How long a message stays: long enough to read, longer when it offers an action.
const SHOWN: Duration = Duration::from_millis(5_000);
const SHOWN_WITH_ACTION: Duration = Duration::from_millis(9_000);

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
