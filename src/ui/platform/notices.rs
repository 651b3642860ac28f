//! Messages about the app itself (saved data, links), shown under the header until dismissed.

use leptos::prelude::*;

use crate::storage::Notice;
use crate::ui::lazy;
use crate::ui::platform::browser::{copy_text, with_store};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Shown {
    id: u32,
    notice: Notice,
}

/// The handle components use to tell the player something; cheap to copy.
#[derive(Clone, Copy)]
pub struct Notices {
    shown: RwSignal<Vec<Shown>>,
    next_id: StoredValue<u32>,
}

impl Notices {
    /// Whether any notice is showing.
    pub fn any(&self) -> bool {
        self.shown.with(|s| !s.is_empty())
    }

    /// An empty list of notices.
    pub fn new() -> Self {
        Self {
            shown: RwSignal::new(Vec::new()),
            next_id: StoredValue::new(0),
        }
    }

    /// Shows a notice unless the same text is already showing.
    pub fn push(&self, notice: Notice) {
        if self
            .shown
            .with_untracked(|s| s.iter().any(|n| n.notice.text == notice.text))
        {
            return;
        }
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        self.shown.update(|s| s.push(Shown { id, notice }));
    }

    /// Shows a plain message.
    pub fn say(&self, text: impl Into<String>) {
        self.push(Notice::text(text));
    }

    /// Shows each notice in turn.
    pub fn push_all(&self, notices: impl IntoIterator<Item = Notice>) {
        for notice in notices {
            self.push(notice);
        }
    }

    fn dismiss(&self, id: u32) {
        self.shown.update(|s| s.retain(|n| n.id != id));
    }
}

lazy::split! { module rare, preload preload;
    /// The notices, drawn when there is one: they are rare (saved data repaired, storage
    /// missing), so their code comes then.
    pub fn notice_list(notices: Notices) -> AnyView {
        view! { <NoticeList notices/> }.into_any()
    }
}

/// The list of notices, each with a dismiss button and, for damaged data, a way to copy the
/// backup out (on a phone there is no other way to reach localStorage).
#[component]
fn NoticeList(notices: Notices) -> impl IntoView {
    view! {
        <div class="notices" role="alert">
            {move || {
                notices
                    .shown
                    .get()
                    .into_iter()
                    .map(|shown| view! { <NoticeItem notices shown/> })
                    .collect_view()
            }}
        </div>
    }
}

/// One notice: its text, a Dismiss button and, for a repair, a way to copy the backup out.
#[component]
fn NoticeItem(notices: Notices, shown: Shown) -> impl IntoView {
    let copied = RwSignal::new(None::<String>);
    let backup = shown.notice.backup_key.clone().map(|key| {
        let copy = move |_| {
            let key = key.clone();
            leptos::task::spawn_local(async move {
                let outcome = match with_store(|store| store.get(&key)) {
                    Ok(Some(text)) => copy_text(&text)
                        .await
                        .map(|_| "Backup copied.".to_string())
                        .unwrap_or_else(|e| format!("Copy failed: {e}")),
                    _ => "The backup is no longer there.".to_string(),
                };
                copied.set(Some(outcome));
            });
        };
        view! {
            <button type="button" class="small" on:click=copy>"Copy backup"</button>
        }
    });
    let id = shown.id;
    view! {
        <div class="notice">
            <p>{shown.notice.text.clone()}</p>
            <p class="notice-status" aria-live="polite">{move || copied.get()}</p>
            <div class="notice-actions">
                {backup}
                <button type="button" class="small" on:click=move |_| notices.dismiss(id)>
                    "Dismiss"
                </button>
            </div>
        </div>
    }
}
