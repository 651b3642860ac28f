//! A list of facets, a character's or the scene's: each helps or hinders, and is switched,
//! renamed in place or removed; a form adds a new one. The owner carries out each edit
//! (`FacetEdit`) and says what happened where its page says things.

use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

use crate::core::facet::{Facet, Facets, MAX_NAME_CHARS};
use crate::ui::platform::browser::focus_by_id;
use crate::ui::widgets::name_field::NameField;

/// What the player did to a facet list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FacetEdit {
    /// Add a facet with this name, helping or hindering.
    Add {
        /// As typed.
        name: String,
        /// True to help, false to hinder.
        helps: bool,
    },
    /// Switch a facet between helping and hindering.
    Switch(u64),
    /// Rename a facet.
    Rename(u64, String),
    /// Remove a facet.
    Remove(u64),
}

impl FacetEdit {
    /// Carries out a switch, rename or removal on `facets`, and words what it did. Adding
    /// is the owner's, who hands out ids: here it is refused.
    pub fn apply(&self, facets: &mut Facets) -> Result<String, String> {
        let name_of = |facets: &Facets, id| facets.get(id).map(|f| f.name.clone());
        match self {
            Self::Add { .. } => Err("A facet is added by its owner.".into()),
            Self::Switch(id) => {
                facets.toggle_helps(*id)?;
                let facet = facets.get(*id);
                let side = if facet.is_some_and(|f| f.helps) {
                    "helps"
                } else {
                    "hinders"
                };
                Ok(format!(
                    "“{}” now {side}.",
                    name_of(facets, *id).unwrap_or_default()
                ))
            }
            Self::Rename(id, name) => {
                facets.rename(*id, name)?;
                Ok(format!("Renamed to “{}”.", name.trim()))
            }
            Self::Remove(id) => {
                let gone = name_of(facets, *id).ok_or("That facet is no longer there.")?;
                facets.remove(*id);
                Ok(format!("Removed “{gone}”."))
            }
        }
    }
}

/// What an owner says once it has added a facet.
pub fn added(name: &str) -> String {
    format!("Added “{}”.", name.trim())
}

/// The facets, each with its side switch, Rename and Remove, and the form for a new one.
///
/// The rows are drawn from the facets as they are, all anew when any changes: no row holds
/// signals of its own and no keyed diffing is needed, which keeps the list's code small (it
/// ships with the Highest d6 tray as well as the Characters page) for lists of a few dozen.
#[component]
pub fn FacetList(
    /// The facets, oldest first.
    #[prop(into)]
    facets: Signal<Vec<Facet>>,
    /// Whose they are, in accessible names: "Mira", "the scene".
    #[prop(into)]
    owner: Signal<String>,
    /// Names this list's fields, unique on the page: "c12", "scene".
    scope: String,
    /// Carries out an edit and says what happened; true when done (the form clears, the
    /// rename closes), false when refused (what was typed stays).
    on_edit: Callback<FacetEdit, bool>,
) -> impl IntoView {
    // The facet being renamed, if any: its row shows the name field instead.
    let renaming = RwSignal::new(None::<u64>);
    let list = scope.clone();
    let rows = move || {
        let editing = renaming.get();
        facets.with(|f| {
            f.iter()
                .map(|f| facet_row(&list, f.clone(), editing == Some(f.id), renaming, on_edit))
                .collect_view()
        })
    };
    view! {
        <ul class="facet-list">{rows}</ul>
        <p class="hint" hidden=move || facets.with(|f| !f.is_empty())>"No facets yet."</p>
        <NewFacet owner scope on_edit/>
    }
}

/// One facet: its sign and name and its buttons, or the field renaming it.
fn facet_row(
    scope: &str,
    facet: Facet,
    editing: bool,
    renaming: RwSignal<Option<u64>>,
    on_edit: Callback<FacetEdit, bool>,
) -> AnyView {
    let Facet { id, name, helps } = facet;
    let (class, sign, side) = if helps {
        ("facet-row helps", "+", " (helps)")
    } else {
        ("facet-row hinders", "−", " (hinders)")
    };
    if editing {
        let on_save = Callback::new(move |typed: String| {
            let done = on_edit.run(FacetEdit::Rename(id, typed));
            if done {
                renaming.set(None);
            }
            done
        });
        let on_close = Callback::new(move |()| renaming.set(None));
        return view! {
            <li class=class>
                <NameField label=format!("New name for {name}") start=name on_save on_close/>
            </li>
        }
        .into_any();
    }
    // The switch is drawn anew once it has switched: focus goes back to it.
    let switch_id = format!("side-{scope}-{id}");
    let refocus = switch_id.clone();
    let switch = move |_| {
        if on_edit.run(FacetEdit::Switch(id)) {
            let refocus = refocus.clone();
            request_animation_frame(move || focus_by_id(&refocus));
        }
    };
    view! {
        <li class=class>
            <span class="facet-name">
                <span class="facet-sign" aria-hidden="true">{sign}</span>
                {name.clone()}
                <span class="visually-hidden">{side}</span>
            </span>
            <span class="row-actions">
                <button
                    type="button"
                    class="small side-toggle"
                    id=switch_id
                    aria-pressed=(!helps).to_string()
                    aria-label=format!("{name} hinders")
                    on:click=switch
                >
                    "Hinders"
                </button>
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Rename {name}")
                    on:click=move |_| renaming.set(Some(id))
                >
                    "Rename"
                </button>
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Remove {name}")
                    on:click=move |_| {
                        on_edit.run(FacetEdit::Remove(id));
                    }
                >
                    "Remove"
                </button>
            </span>
        </li>
    }
    .into_any()
}

/// The form for a new facet: its name, whether it helps or hinders, and Add. The side
/// chosen stays for the next one.
#[component]
fn NewFacet(
    owner: Signal<String>,
    scope: String,
    on_edit: Callback<FacetEdit, bool>,
) -> impl IntoView {
    let field = NodeRef::<html::Input>::new();
    let hinders = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let Some(input) = field.get_untracked() else {
            return;
        };
        let edit = FacetEdit::Add {
            name: input.value(),
            helps: !hinders.get_untracked().is_some_and(|h| h.checked()),
        };
        if on_edit.run(edit) {
            input.set_value("");
        }
    };
    let side = format!("side-{scope}");
    view! {
        <form class="facet-form" on:submit=add>
            <input
                type="text"
                node_ref=field
                id=format!("new-facet-{scope}")
                maxlength=MAX_NAME_CHARS
                autocomplete="off"
                aria-label=move || format!("New facet for {}", owner.get())
                placeholder="New facet, e.g. Keen Eye"
            />
            <span
                class="side-choice"
                role="radiogroup"
                aria-label=move || format!("Does the new facet for {} help or hinder?", owner.get())
            >
                <label><input type="radio" name=side.clone() checked/>" Helps"</label>
                <label><input type="radio" name=side node_ref=hinders/>" Hinders"</label>
            </span>
            <button type="submit" class="small">"Add facet"</button>
        </form>
    }
}
