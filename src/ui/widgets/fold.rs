//! A panel folded away until the player opens it: for what is used once a session, so what
//! is used every roll comes first. It remembers whether it was left open, and draws its
//! content only once opened (so a folded panel costs nothing at start-up).

use leptos::prelude::*;

use crate::storage::Settings;
use crate::ui::visit::{Deferred, Visit};

/// Which folded panels are open, by panel id: each made the first time its panel is drawn,
/// from the settings (so a panel opened once a session stays open). Made once for the app;
/// cheap to copy.
#[derive(Clone, Copy)]
pub struct Folds {
    visit: Visit,
    settings: Deferred<Settings>,
    open: StoredValue<Vec<(&'static str, RwSignal<bool>)>>,
}

impl Folds {
    /// No panel drawn yet.
    pub fn new(visit: Visit) -> Self {
        Self {
            visit,
            settings: visit.later(),
            open: StoredValue::new(Vec::new()),
        }
    }

    /// Whether the folded panel `id` is open: as the player left it.
    pub fn open(&self, id: &'static str) -> RwSignal<bool> {
        if let Some(open) = self
            .open
            .with_value(|f| f.iter().find(|(f, _)| *f == id).map(|(_, open)| *open))
        {
            return open;
        }
        let was_open = self.settings.load().with_untracked(|s| s.is_fold_open(id));
        let open = self.visit.lasting(|| RwSignal::new(was_open));
        self.open.update_value(|f| f.push((id, open)));
        open
    }

    /// Opens or folds the panel `id`, and remembers it.
    pub fn set_open(&self, id: &'static str, open: bool) {
        self.open(id).set(open);
        // Ids are ours, short and plain: the settings take them.
        self.settings.load().update(|s| {
            let _ = s.set_fold_open(id, open);
        });
    }
}

/// A native `<details>`: keyboard and screen readers get it for free. `id` names it for
/// remembering (unique and stable); `summary` is a short note shown beside the title while
/// folded ("3 saved", "EL 5 opposition").
#[component]
pub fn Fold(
    /// Every fold's open state.
    folds: Folds,
    /// Stable name of the panel, for remembering it open.
    id: &'static str,
    /// The panel's title.
    title: &'static str,
    /// A short note after the title.
    #[prop(optional, into)]
    summary: Option<Signal<String>>,
    /// The panel's class, beside `fold`.
    #[prop(optional)]
    class: &'static str,
    children: ChildrenFn,
) -> impl IntoView {
    let open = folds.open(id);
    let toggled = move |ev: leptos::ev::Event| {
        let now = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
        if now != open.get_untracked() {
            folds.set_open(id, now);
        }
    };
    view! {
        <details class=format!("fold {class}") prop:open=move || open.get() on:toggle=toggled>
            <summary>
                <span class="fold-title">{title}</span>
                {summary.map(|s| view! { <span class="fold-note">{s}</span> })}
            </summary>
            <div class="fold-body">{move || open.get().then(|| children())}</div>
        </details>
    }
}
