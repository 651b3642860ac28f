//! How the data is kept, in Your data: when it was last exported from this device, whether
//! the browser promised to keep it, and about how much space it takes, then the way to
//! install where there is one.

use leptos::prelude::*;

use crate::core::keeping::{Keeping, last_export_words, size_words};
use crate::storage::Settings;
use crate::ui::panels::install_offer::InstallOffer;
use crate::ui::platform::browser::{local_moment, now_ms};
use crate::ui::platform::keeping::{keeping, space_used};
use crate::ui::platform::persisted::Persisted;
use crate::ui::visit::Visit;
use crate::ui::widgets::snackbar::Snackbar;

/// The lines about keeping the data, and the install offer.
#[component]
pub fn KeepingStatus(
    settings: Persisted<Settings>,
    snackbar: Snackbar,
    visit: Visit,
) -> impl IntoView {
    let kept = RwSignal::new(None::<Keeping>);
    let used = RwSignal::new(None::<u64>);
    leptos::task::spawn_local(async move {
        // The panel may be gone by the time the browser answers.
        kept.try_set(Some(keeping().await));
        used.try_set(space_used().await);
    });
    // Each line drawn by one list item, which is less code than one each.
    let lines = move || {
        let last = settings.with(|s| s.last_export_ms).map(local_moment);
        let today = local_moment(now_ms()).day;
        let storage = kept.get().map_or("checking…", Keeping::words);
        [
            Some(format!(
                "Last exported from here: {}",
                last_export_words(last.as_ref(), today)
            )),
            Some(format!("Storage: {storage}")),
            used.get().map(|bytes| {
                format!(
                    "Space used: about {}, the app's offline files included.",
                    size_words(bytes)
                )
            }),
        ]
        .into_iter()
        .flatten()
        .map(|line| view! { <li>{line}</li> })
        .collect_view()
    };
    view! {
        <ul class="keeping" aria-label="How your data is kept">{lines}</ul>
        <InstallOffer snackbar visit/>
    }
}
