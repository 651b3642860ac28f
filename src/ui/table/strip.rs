//! The table's line in a tray: who is here, where this device's rolls go (remembered), and
//! the GM's side for this tray when the GM has sent one, taken with one tap.

use leptos::prelude::*;

use super::live::Live;
use super::page::SendChoice;
use crate::route::Page;
use crate::ui::table::hook::TableHook;

/// The line.
#[component]
pub fn TrayStrip(table: TableHook, page: Page) -> impl IntoView {
    let live = Live::of(table);
    let here = move || live.view.with(|v| v.people.len());
    // The GM's side for this tray, unless this device is the GM or has taken it (the
    // protocol's module leaves out the sides taken here).
    let offered = Memo::new(move |_| {
        live.view.with(|v| {
            (!v.am_gm)
                .then(|| {
                    v.sides
                        .iter()
                        .find(|(tray, _)| tray == page.path())
                        .map(|(_, s)| s.clone())
                })
                .flatten()
                .filter(|s| !s.is_empty())
        })
    });
    // A side waiting when the tray opens, or arriving while the player looks at it, is said
    // where they look, by the roll bar, with the same Take (the line itself may be a swipe
    // away on a long tray).
    let take = move |challenge: String| {
        // Remembered with the table: not offered again, after a reload too.
        live.call(super::service::Call::TookSide(
            page.path().to_string(),
            challenge.clone(),
        ));
        crate::ui::platform::browser::go_to(&page.challenge_href(&challenge));
    };
    Effect::new(move |was: Option<Option<String>>| {
        let now = offered.get();
        if let Some(challenge) = now.clone()
            && was.is_none_or(|was| was.as_ref() != Some(&challenge))
        {
            let action = table.visit.lasting(|| {
                let challenge = challenge.clone();
                Callback::new(move |()| take(challenge.clone()))
            });
            table.snackbar.say_with(
                format!("The GM sent their side: {}", challenge.replace('+', " ")),
                "Take",
                action,
            );
        }
        now
    });
    view! {
        <div class="table-strip" role="group" aria-label="Live table">
            <a class="chip chip-link" href=Page::TABLE.href()>
                {move || format!("Table · {} here", here())}
            </a>
            <SendChoice live/>
        </div>
        {move || offered.get().map(|challenge| {
            let shown = challenge.replace('+', " ");
            view! {
                <div class="table-side" role="status">
                    <span>{format!("The GM sent their side: {shown}")}</span>
                    <button type="button" class="small" on:click=move |_| take(challenge.clone())>
                        "Take the GM's side"
                    </button>
                </div>
            }
        })}
    }
}
