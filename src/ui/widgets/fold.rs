//! A panel folded away until the player opens it: for what is used once a session, so what
//! is used every roll comes first. It remembers whether it was left open, and draws its
//! content only once opened (so a folded panel costs nothing at start-up).

use leptos::prelude::*;

use crate::ui::root::Root;

/// A native `<details>`: keyboard and screen readers get it for free. `id` names it for
/// remembering (unique and stable); `summary` is a short note shown beside the title while
/// folded ("3 saved", "EL 5 opposition").
#[component]
pub fn Fold(
    data: Root,
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
    let open = data.fold_open(id);
    let toggled = move |ev: leptos::ev::Event| {
        let now = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
        if now != open.get_untracked() {
            data.set_fold_open(id, now);
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
