//! Said once, when the first character is saved: the app asks the browser to keep its data
//! until the player clears it, and if the browser makes no such promise and Dicetray is not
//! installed, says so in plain words beside the character, with what to do (install, or
//! export now and then). The settings remember that it was asked, so it is never said again.

use leptos::prelude::*;

use super::CharactersState;
use crate::ui::panels::install_offer::InstallOffer;
use crate::ui::platform::install::is_installed;
use crate::ui::platform::keeping::ask_to_keep;

/// Where the asking stands, for the visit: the note may be drawn again (the page left and
/// opened again) while or after the browser answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    Not,
    Waiting,
    /// The browser promised nothing and the app is not installed: the note says so.
    Warn,
    /// Nothing to say.
    Quiet,
}

#[derive(Clone, Copy)]
struct AskedState(RwSignal<Asked>);

/// The note: empty while the browser answers, and taken down if there is nothing to say.
#[component]
pub fn KeepNote(state: CharactersState) -> impl IntoView {
    let shown = state.keep_note;
    let asked = state
        .visit
        .state(|| AskedState(RwSignal::new(Asked::Not)))
        .0;
    if asked.get_untracked() == Asked::Not {
        asked.set(Asked::Waiting);
        // Remembered first: a second character made before the answer asks nothing more.
        state.settings.load().update(|s| s.keep_asked = true);
        leptos::task::spawn_local(async move {
            let warn = ask_to_keep().await.worth_a_warning(is_installed());
            asked.set(if warn { Asked::Warn } else { Asked::Quiet });
            if !warn {
                shown.set(false);
            }
        });
    }
    view! {
        <div class="keep-note" role="status">
            {move || (asked.get() == Asked::Warn).then(|| view! {
                <div class="notice">
                    <p><strong>"This browser may delete your characters."</strong></p>
                    <p>
                        "Browsers clear a site's saved data when it goes unvisited for a while \
                         (Safari: after 7 days). To keep it, install Dicetray, or export your \
                         data now and then (Your data, at the foot of this page)."
                    </p>
                    <div class="keep-actions">
                        <InstallOffer snackbar=state.snackbar visit=state.visit brief=true/>
                        <button type="button" class="small got-it" on:click=move |_| shown.set(false)>
                            "Got it"
                        </button>
                    </div>
                </div>
            })}
        </div>
    }
}
