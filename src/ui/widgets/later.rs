//! Drawing part of a page in a task of its own, just after the rest.

use std::time::Duration;

use leptos::prelude::*;

/// Its children, drawn in a later task than the page around them (`fallback` until then).
/// Building a whole tray in one go is a single long task, and a slow phone answers no tap
/// until it ends; in steps, each a task of its own, the page can answer between them. Later
/// parts appear in the order they were written and sit below what is drawn already, so
/// nothing on screen moves.
#[component]
pub fn Later(
    children: ChildrenFn,
    /// What shows until then; nothing by default.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> impl IntoView {
    let ready = RwSignal::new(false);
    set_timeout(
        move || {
            // A page left before the timer fires has disposed of the signal: nothing to draw.
            ready.try_set(true);
        },
        Duration::ZERO,
    );
    move || {
        if ready.get() {
            children().into_any()
        } else {
            fallback.run()
        }
    }
}
