//! One portion of a split turn: what it is, where it stands (its odds, its roll, or lost),
//! and what can be done with it now.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::actions::{defend, remove_portion, roll_portion};
use crate::core::effective_level::{Against, ElSetup, PortionKind, PortionState, Pushback, Turn};
use crate::ui::effective_level::chances::mean_text;
use crate::ui::effective_level::format::tenths;
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::text_input::NumberInput;

/// A portion as the row shows it, worked out from the turn.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Row {
    /// "· EL 4 · action · only if catch succeeds".
    head: String,
    /// Its roll in words, once rolled.
    result: Option<String>,
    lost: bool,
    /// Its odds while it waits to be rolled.
    odds: Option<String>,
    /// Whether the bar's Roll rolls it next.
    next: bool,
    /// A defence's rolls this turn.
    defences: Option<String>,
    can_roll: bool,
    defence: bool,
    removable: bool,
}

fn row(turn: &Turn, id: u64, target: Option<&Against>) -> Row {
    let Some(portion) = turn.get(id) else {
        return Row::default();
    };
    let state = turn.state(id);
    let el_now = turn.el_of(id);
    let kind = match portion.kind {
        PortionKind::Action => "action".to_string(),
        PortionKind::Defence => "defence".to_string(),
        PortionKind::Boost { into, free } => format!(
            "{}boost for {}",
            if free { "free " } else { "" },
            turn.get(into).map_or("?", |p| p.name.as_str())
        ),
    };
    let mut head = format!("· EL {el_now} · {kind}");
    if el_now > portion.points {
        head.push_str(&format!(
            " ({} + {} from boosts)",
            portion.points,
            el_now - portion.points
        ));
    }
    if let Some(role) = &portion.role {
        head.push_str(&format!(" · from {role}"));
    }
    // What an action's odds are counted against: the tray's other side (see `Turn::check`).
    if let Some(against) = turn.check(id, target, 0).against {
        let how = match against.kind {
            Pushback::Resistance => "resistance",
            Pushback::Opposition => "opposition",
        };
        head.push_str(&match against.name {
            Some(name) => format!(" · against {name} (EL {})", against.side.el),
            None => format!(" · against {how} EL {}", against.side.el),
        });
    }
    if let Some(first) = portion.after.and_then(|a| turn.get(a)) {
        head.push_str(&format!(" · only if {} succeeds", first.name));
    }
    let defence = portion.kind == PortionKind::Defence;
    let odds = match state {
        PortionState::Rolled | PortionState::Lost => None,
        _ if defence => {
            // Resistance gives no effect: what matters is how high it rolls.
            let odds = turn.odds(id, None, 0);
            Some(format!(
                "Each defence roll: 1 or more {} · average {}",
                odds.success.percent_text(),
                tenths(odds.effect.mean())
            ))
        }
        _ => {
            // The bar's measure, counted the same way: an action against the tray's other
            // side, its target; a boost unopposed (see `Turn::check`).
            let figures = turn.odds(id, target, 0).key_figures();
            let mut text = format!(
                "{} {} · {} {}",
                figures.chance_name,
                figures.chance.percent_text(),
                figures.mean_name.to_ascii_lowercase(),
                mean_text(&figures)
            );
            if portion.after.is_some() {
                text.push_str(&format!(
                    " · the whole chain succeeds {}",
                    turn.chain_success(id).percent_text()
                ));
            }
            Some(text)
        }
    };
    let values: Vec<String> = portion
        .defences
        .iter()
        .map(|r| r.outcome().value.to_string())
        .collect();
    Row {
        head,
        result: portion
            .roll
            .as_ref()
            .map(|roll| format!("{}: {}", roll.headline(), roll.details().join(" · "))),
        lost: state == PortionState::Lost,
        odds,
        defences: (!values.is_empty())
            .then(|| format!("Defence rolls this turn: {}", values.join(", "))),
        next: turn.next_portion() == Some(id),
        can_roll: !defence && state == PortionState::Ready,
        defence,
        removable: portion.roll.is_none() && portion.defences.is_empty(),
    }
}

/// A portion's row, kept while the turn changes around it (so a typed attack stays).
#[component]
pub fn PortionRow(state: ElState, id: u64) -> impl IntoView {
    let name = state
        .turn
        .load()
        .with_untracked(|t| t.get(id).map(|p| p.name.clone()).unwrap_or_default());
    let shown = Memo::new(move |_| {
        let target = state.setup.with(ElSetup::other_side);
        state.turn.load().with(|t| row(t, id, target.as_ref()))
    });
    let read = move |pick: fn(&Row) -> Option<String>| move || shown.with(pick);
    let flag = move |pick: fn(&Row) -> bool| move || shown.with(pick);
    let attack = RwSignal::new(String::new());
    let attack_label = format!("Attack's value against {name} (0 if it failed)");
    let defend_label = format!("Defend with {name}");
    let roll_label = format!("Roll {name}");
    let remove_label = format!("Remove {name}");
    let send_defence = move |ev: SubmitEvent| {
        ev.prevent_default();
        let value = attack.with_untracked(|a| a.trim().parse().ok());
        defend(state, id, value);
    };
    view! {
        <li class="portion" aria-label=format!("Portion {name}")>
            <p class="portion-head">
                <strong>{name.clone()}</strong>" "{move || shown.with(|r| r.head.clone())}
                <span class="tag" hidden=move || !flag(|r| r.next)()>"next on Roll"</span>
            </p>
            <p class="portion-result" hidden=move || shown.with(|r| r.result.is_none())>{read(|r| r.result.clone())}</p>
            <p class="portion-result lost" hidden=move || !flag(|r| r.lost)()>"Lost: the portion it follows failed."</p>
            <p class="hint" hidden=move || shown.with(|r| r.odds.is_none())>{read(|r| r.odds.clone())}</p>
            <p class="portion-result" hidden=move || shown.with(|r| r.defences.is_none())>{read(|r| r.defences.clone())}</p>
            <div class="row-actions">
                <When when=flag(|r| r.defence)>
                    // The attack's value is optional: given, the message says what it does.
                    <form class="facet-form" on:submit=send_defence>
                        <NumberInput value=attack label=attack_label.clone() placeholder="Attack" min=0 max=1000/>
                        <button type="submit" class="small" aria-label=defend_label.clone()>"Defend"</button>
                    </form>
                </When>
                <When when=flag(|r| r.can_roll)>
                    <button type="button" class="small" aria-label=roll_label.clone() on:click=move |_| roll_portion(state, id)>
                        "Roll"
                    </button>
                </When>
                <When when=flag(|r| r.removable)>
                    <button type="button" class="small" aria-label=remove_label.clone() on:click=move |_| remove_portion(state, id)>
                        "Remove"
                    </button>
                </When>
            </div>
        </li>
    }
}
