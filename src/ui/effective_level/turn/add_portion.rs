//! The form that adds a portion to the turn: its name, points, kind (an action, defence, or
//! a boost for an action already in the turn) and whether it follows another.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::core::effective_level::{MAX_EL, PortionKind, Turn};
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::text_input::{NumberInput, TextInput};

/// The choices the kind and the "only if" lists offer: (value, words) each.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Options {
    kinds: Vec<(String, String)>,
    after: Vec<(String, String)>,
}

fn options(turn: &Turn) -> Options {
    let mut kinds = vec![
        ("action".to_string(), "Action".to_string()),
        ("defence".to_string(), "Defence".to_string()),
    ];
    let mut after = vec![(String::new(), "Whatever happens".to_string())];
    for p in &turn.portions {
        if p.kind == PortionKind::Action {
            kinds.push((format!("boost:{}", p.id), format!("Boost for {}", p.name)));
            kinds.push((
                format!("free:{}", p.id),
                format!("Free boost for {} (no points)", p.name),
            ));
        }
        if p.kind != PortionKind::Defence {
            after.push((p.id.to_string(), format!("Only if {} succeeds", p.name)));
        }
    }
    Options { kinds, after }
}

fn kind_of(value: &str) -> PortionKind {
    let into = |id: &str| id.parse().unwrap_or_default();
    match value.split_once(':') {
        Some(("boost", id)) => PortionKind::Boost {
            into: into(id),
            free: false,
        },
        Some(("free", id)) => PortionKind::Boost {
            into: into(id),
            free: true,
        },
        _ if value == "defence" => PortionKind::Defence,
        _ => PortionKind::Action,
    }
}

/// Name (optional: "Portion 1" and on), points, kind, "only if", and Add portion. The first
/// portion starts a turn that splits the tray's EL as it stands; the bar's Roll then rolls
/// the portions one by one.
#[component]
pub fn AddPortion(state: ElState) -> impl IntoView {
    let (name, points) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (kind, after) = (
        RwSignal::new(String::from("action")),
        RwSignal::new(String::new()),
    );
    let choices = Memo::new(move |_| state.turn.load().with(options));
    // The lists are drawn anew when their choices change, and then show their first.
    Effect::new(move |_| {
        choices.track();
        kind.set("action".into());
        after.set(String::new());
    });
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let el = state.el.get_untracked().max(0) as u32;
        let typed = name.get_untracked();
        let count = points.with_untracked(|p| p.trim().parse().unwrap_or(0));
        let portion = kind.with_untracked(|k| kind_of(k));
        let follows = after.with_untracked(|a| a.parse().ok());
        let mut outcome = Ok(0);
        state.turn.load().update(|t| {
            if t.portions.is_empty() && t.cross.is_none() {
                *t = Turn::new(el);
            }
            outcome = t.add(&typed, count, portion, follows);
        });
        match outcome {
            Ok(_) => {
                name.set(String::new());
                points.set(String::new());
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    let list = move |pick: fn(&Options) -> &Vec<(String, String)>| {
        move || {
            choices.with(|c| {
                pick(c)
                    .iter()
                    .map(|(value, words)| view! { <option value=value.clone()>{words.clone()}</option> })
                    .collect_view()
            })
        }
    };
    view! {
        <form class="facet-form add-portion" on:submit=add>
            <TextInput value=name label="Portion name" placeholder="Name (optional)" max_chars=MAX_NAME_CHARS/>
            <NumberInput value=points label="Points" placeholder="Points" min=1 max={i64::from(MAX_EL)}/>
            <select aria-label="Portion kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                {list(|c| &c.kinds)}
            </select>
            <select aria-label="Only if this succeeds" on:change=move |ev| after.set(event_target_value(&ev))>
                {list(|c| &c.after)}
            </select>
            <button type="submit" class="small">"Add portion"</button>
        </form>
    }
}
