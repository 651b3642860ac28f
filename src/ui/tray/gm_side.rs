//! The GM's challenge from a link: taken by a tray (the same way on every tray), then shown
//! where the player sets the pool, so the player knows which dice came from the GM; the
//! label is cleared with a tap.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use crate::core::scene::Scene;
use crate::storage::Document;
use crate::ui::platform::persisted::Persisted;
use crate::ui::tray::scene_here::SceneHere;
use crate::ui::tray::state::TrayCore;

/// "Set by the GM: …" while `side` holds the GM's words, with a button that clears them.
#[component]
pub fn GmSide(side: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        <When when=move || side.with(Option::is_some)>
            <p class="gm-side">
                <span class="gm-badge">"GM"</span>
                <span class="gm-words">{move || side.get().unwrap_or_default()}</span>
                <button
                    type="button"
                    class="small quiet"
                    aria-label="Clear the GM's label"
                    on:click=move |_| side.set(None)
                >
                    "×"
                </button>
            </p>
        </When>
    }
}

/// The one way in for the GM's side of a roll, on every tray and from wherever it comes
/// (a challenge link today): `read` is the challenge as read from its notation, `apply`
/// sets the tray up for it and returns its summary in words, or says why it cannot (then
/// nothing changes); the summary is said and shown as the GM's beside the tray's controls.
pub fn take_gm_side<C, E: std::fmt::Display>(
    core: TrayCore,
    read: Result<C, E>,
    apply: impl FnOnce(&C) -> Result<String, String>,
) {
    let (snackbar, side) = (core.snackbar, core.gm_side);
    let challenge = match read {
        Ok(challenge) => challenge,
        Err(error) => {
            return snackbar.say(format!(
                "The GM's challenge could not be read: {error} The tray is left as it was."
            ));
        }
    };
    match apply(&challenge) {
        Ok(summary) => {
            snackbar.say(format!("The GM's challenge: {summary}."));
            side.set(Some(summary));
        }
        Err(reason) => snackbar.say(reason),
    }
}

/// Changes a tray's set-up and the scene together or not at all: `change` works on copies,
/// stored only when it succeeds (and, for a player at a table, only when the table's scene
/// already is what it needs).
pub fn change_with_scene<S: Document + Clone + Send + Sync + 'static, T>(
    scene: SceneHere,
    setup: Persisted<S>,
    change: impl FnOnce(&mut S, &mut Scene) -> Result<T, String>,
) -> Result<T, String> {
    let (mut next, mut next_scene) = (setup.get_untracked(), scene.get_untracked());
    let done = change(&mut next, &mut next_scene)?;
    // A player at a table does not set the table's scene: all or nothing, so nothing.
    if scene.gm_sets_untracked() && scene.with_untracked(|now| *now != next_scene) {
        return Err(
            "The GM's side needs scene facets the table's scene does not have as it says: ask \
             the GM to set them."
                .into(),
        );
    }
    setup.update(|stored| *stored = next);
    scene.update(|stored| *stored = next_scene);
    Ok(done)
}
