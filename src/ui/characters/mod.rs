//! The Characters page: create, rename, remove (with undo) and pick the active character;
//! each character's facets and harm. The list is drawn as markup (`html::characters`).

mod facets;

pub use facets::facet_act;

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::core::character::{Character, Harm, SheetList};
use crate::core::facet::MAX_NAME_CHARS;
use crate::html::characters::{Editing, roster_html};
use crate::ui::app_data::AppData;
use crate::ui::data_panel::DataPanel;
use crate::ui::later::Later;
use crate::ui::markup::{Act, Markup};
use crate::ui::settings_panel::SettingsPanel;
use crate::ui::story_points::StoryPointsSetup;

/// A removed character, kept so the removal can be undone.
#[derive(Clone)]
struct Removed {
    index: usize,
    character: Character,
    was_active: bool,
}

/// The whole page.
#[component]
pub fn CharactersPage(data: AppData) -> impl IntoView {
    let roster = data.roster();
    let name = RwSignal::new(String::new());
    let status = RwSignal::new(None::<String>);
    let removed = RwSignal::new(None::<Removed>);
    let editing = RwSignal::new(Editing::Nothing);
    let create = move |ev: SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        let mut outcome = Ok(0);
        roster.update(|r| outcome = r.create(&typed));
        status.set(Some(match outcome {
            Ok(_) => {
                name.set(String::new());
                format!("Created “{}”; now rolling for them.", typed.trim())
            }
            Err(error) => error,
        }));
    };
    let undo = move |_| {
        let Some(Removed {
            index,
            character,
            was_active,
        }) = removed.get_untracked()
        else {
            return;
        };
        let (name, id) = (character.name.clone(), character.id);
        let mut outcome = Ok(());
        roster.update(|r| {
            outcome = r.restore(index, character);
            if outcome.is_ok() && was_active {
                r.set_active(Some(id));
            }
        });
        removed.set(None);
        status.set(Some(match outcome {
            Ok(()) => format!("“{name}” is back."),
            Err(error) => error,
        }));
    };
    let html = Signal::derive(move || roster.with(|r| editing.with(|e| roster_html(r, e))));
    let on_act = Callback::new(move |act: Act| {
        let done = if let Some(done) = facet_act(&act, data, editing) {
            done
        } else {
            character_act(&act, data, editing, removed)
        };
        let cleared = done.is_ok();
        status.set(Some(done.unwrap_or_else(|e| e)).filter(|m| !m.is_empty()));
        cleared
    });
    let empty = move || roster.with(|r| r.characters().is_empty());
    view! {
        <div class="tray-page characters-page">
            <h1>"Characters"</h1>
            <p class="hint">
                "Characters are shared by every tray: pick one to roll for, and the trays use \
                 their facets and harm."
            </p>
            <form class="save-form" on:submit=create>
                <label for="character-name" class="visually-hidden">"Character name"</label>
                <input
                    id="character-name"
                    type="text"
                    maxlength=MAX_NAME_CHARS
                    placeholder="Name, e.g. Mira"
                    autocomplete="off"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <button type="submit" class="small">"Create character"</button>
            </form>
            <div class="status-line" role="status" aria-live="polite">
                <span>{move || status.get()}</span>
                {move || removed.with(Option::is_some).then(|| view! {
                    <button type="button" class="small" on:click=undo>"Undo"</button>
                })}
            </div>
            <p class="hint" hidden=move || !empty()>"No characters yet. Quick rolls need none."</p>
            <Markup html on_act class="character-list"/>
            <Later>
                <DataPanel data/>
                <section class="panel" aria-labelledby="story-title">
                    <h2 id="story-title">"Story points"</h2>
                    <StoryPointsSetup data/>
                </section>
                <section class="panel" aria-labelledby="settings-title">
                    <h2 id="settings-title">"Settings"</h2>
                    <SettingsPanel data/>
                </section>
            </Later>
        </div>
    }
}

/// Carries out a character act from the list; the message to show, or why it failed.
fn character_act(
    act: &Act,
    data: AppData,
    editing: RwSignal<Editing>,
    removed: RwSignal<Option<Removed>>,
) -> Result<String, String> {
    let roster = data.roster();
    let (character, mark) = match act.arg.split_once(':') {
        Some((c, m)) => (c.parse().ok(), m.parse().ok()),
        None => (act.id(), None),
    };
    let character = character.unwrap_or_default();
    let mut outcome = Ok(String::new());
    match act.name.as_str() {
        "roll-for" => roster.update(|r| r.set_active(Some(character))),
        "rename" => editing.set(Editing::Character(character)),
        "rename-cancel" => editing.set(Editing::Nothing),
        "rename-save" => {
            roster.update(|r| {
                outcome = r
                    .rename(character, act.field("name"))
                    .map(|()| format!("Renamed to “{}”.", act.field("name").trim()))
            });
            if outcome.is_ok() {
                editing.set(Editing::Nothing);
            }
        }
        "remove" => {
            let mut taken = None;
            let was_active = roster.with_untracked(|r| r.active_id() == Some(character));
            roster.update(|r| taken = r.remove(character));
            if let Some((index, character)) = taken {
                outcome = Ok(format!("Removed “{}”.", character.name));
                removed.set(Some(Removed {
                    index,
                    character,
                    was_active,
                }));
            }
        }
        "heal" => roster.update(|r| {
            r.heal(character, mark.unwrap_or_default());
        }),
        "set-level" => match number(act, "value") {
            Some(level) if level >= 0 => {
                roster.update(|r| {
                    outcome = r.set_level(character, level as u32).map(|()| String::new())
                });
            }
            _ => outcome = Err("The Level is a whole number, 0 to 100.".into()),
        },
        "add-role" => {
            let rank = number(act, "rank").filter(|&n| n >= 0).unwrap_or(0) as u32;
            roster.update(|r| {
                outcome = r
                    .add_role(character, act.field("name"), rank)
                    .map(|_| String::new())
            });
        }
        "add-maneuver" => {
            let bonus = number(act, "bonus").unwrap_or(0) as i32;
            let role = act.field("role").parse().unwrap_or_default();
            roster.update(|r| {
                outcome = r
                    .add_maneuver(character, role, act.field("name"), bonus)
                    .map(|_| String::new())
            });
        }
        "add-boost" | "add-penalty" => {
            let list = if act.name == "add-boost" {
                SheetList::Boosts
            } else {
                SheetList::Penalties
            };
            let value = number(act, "value").filter(|&n| n >= 0).unwrap_or(0) as u32;
            roster.update(|r| {
                outcome = r
                    .add_standing(character, list, act.field("name"), value)
                    .map(|_| String::new())
            });
        }
        "remove-sheet" => roster.update(|r| {
            outcome = r
                .remove_from_sheet(character, mark.unwrap_or_default())
                .map(|()| String::new())
        }),
        "add-scratch" | "add-wound" | "add-condition" => {
            let harm = match act.name.as_str() {
                "add-scratch" => Harm::Scratch,
                "add-wound" => Harm::Wound,
                _ => Harm::Condition(act.field("name").to_string()),
            };
            roster.update(|r| outcome = r.add_harm(character, harm).map(|_| String::new()));
        }
        _ => {}
    }
    outcome
}

/// A whole number from a form field, small enough to check against the sheet's limits.
fn number(act: &Act, field: &str) -> Option<i64> {
    act.field(field)
        .trim()
        .parse::<i64>()
        .ok()
        .map(|n| n.clamp(-1000, 1000))
}
