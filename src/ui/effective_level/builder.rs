//! The EL built from the active character: what applies is ticked (roles, maneuvers,
//! boosts, penalties, the scene's boosts), modifiers for this roll are added in place, a
//! task may need training, and the sum is shown line by line.

use leptos::prelude::*;

use super::format::signed;
use super::modifiers::Modifiers;
use super::state::ElState;
use crate::core::coach::ElTap;
use crate::ui::tray::coach::CoachHint;
use crate::ui::widgets::switch::Switch;

/// One tick of the builder: a sheet entry or one of the scene's boosts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tick {
    id: u64,
    label: String,
    /// A scene boost, ticked apart from the sheet.
    scene: bool,
    /// A maneuver counts only with its role ticked.
    role: Option<u64>,
}

/// The builder's ticks, modifiers, training switch and sum.
#[component]
pub fn Builder(state: ElState) -> impl IntoView {
    let has_character = Memo::new(move |_| state.core.roster.with(|r| r.active().is_some()));
    let level = Memo::new(move |_| {
        state
            .core
            .roster
            .with(|r| r.active().map_or(0, |c| c.sheet.level))
    });
    let empty_sheet = Memo::new(move |_| {
        state.core.roster.with(|r| {
            r.active().is_some_and(|c| {
                let sheet = &c.sheet;
                sheet.roles.is_empty() && sheet.boosts.is_empty() && sheet.penalties.is_empty()
            })
        })
    });
    view! {
        <p class="hint" hidden=move || has_character.get()>"Pick who is rolling above, or use Quick EL."</p>
        <div class="builder" hidden=move || !has_character.get()>
            <p class="hint" hidden=move || !empty_sheet.get()>
                "This character has no roles yet: add Level and roles on the Characters page."
            </p>
            <p class="hint">{move || format!("Level {} · tick what applies:", level.get())}</p>
            <TickGroups state/>
            <ConditionTicks state/>
            <Modifiers state/>
            <TrainingSwitch state/>
        </div>
        <SumLine state/>
    }
}

/// The active character's conditions, each offered as a penalty: ticked, it takes away the
/// points set beside it (1 to start).
#[component]
fn ConditionTicks(state: ElState) -> impl IntoView {
    let conditions = Memo::new(move |_| {
        state.core.roster.with(|r| {
            r.active().map_or_else(Vec::new, |c| {
                c.conditions()
                    .map(|(id, name)| (id, name.to_string()))
                    .collect::<Vec<_>>()
            })
        })
    });
    move || {
        let list = conditions.get();
        (!list.is_empty()).then(|| {
            let rows = list
                .into_iter()
                .map(|(id, name)| {
                    // A memo: the field is set again only when the points change, not on
                    // every change of the setup, so a number being typed stays.
                    let value = Memo::new(move |_| state.setup.with(|s| s.condition_value(id)));
                    let value = move || value.get();
                    let set = move |ev: leptos::ev::Event| {
                        if let Ok(points) = event_target_value(&ev).parse::<u32>() {
                            state.try_change(|s| s.set_condition_value(id, points));
                        }
                    };
                    let label = name.clone();
                    view! {
                        <span class="condition-tick">
                            <button
                                type="button"
                                class="chip"
                                aria-pressed=move || value().is_some().to_string()
                                on:click=move |_| state.change(|s| s.toggle_condition(id))
                            >
                                {move || match value() {
                                    Some(points) => format!("{label} −{points}"),
                                    None => label.clone(),
                                }}
                            </button>
                            <input
                                type="number"
                                inputmode="numeric"
                                min="1"
                                class="condition-points"
                                aria-label=format!("Points {name} takes away")
                                hidden=move || value().is_none()
                                prop:value=move || value().unwrap_or(1).to_string()
                                on:change=set
                            />
                        </span>
                    }
                })
                .collect_view();
            view! {
                <div class="tick-group" role="group" aria-label="Conditions">
                    <span class="tick-title" aria-hidden="true">"Conditions"</span>
                    {rows}
                </div>
            }
        })
    }
}

/// The sheet's and the scene's entries in groups, each a chip that ticks it.
#[component]
fn TickGroups(state: ElState) -> impl IntoView {
    // The entries change rarely (a sheet edited, a boost kept); ticking redraws no chip,
    // only its pressed state.
    let groups = Memo::new(move |_| {
        let scene = state.scene.with(|s| {
            s.boosts
                .iter()
                .map(|b| Tick {
                    id: b.id,
                    label: format!("{} +{}", b.name, b.value),
                    scene: true,
                    role: None,
                })
                .collect::<Vec<_>>()
        });
        state.core.roster.with(|r| {
            let Some(sheet) = r.active().map(|c| &c.sheet) else {
                return Vec::new();
            };
            let tick = |id, label| Tick {
                id,
                label,
                scene: false,
                role: None,
            };
            let standing = |items: &[crate::core::character::Standing], sign: i32| {
                items
                    .iter()
                    .map(|i| {
                        tick(
                            i.id,
                            format!("{} {}", i.name, signed(sign * i.value as i32)),
                        )
                    })
                    .collect::<Vec<_>>()
            };
            vec![
                (
                    "Roles",
                    sheet
                        .roles
                        .iter()
                        .map(|role| tick(role.id, format!("{} +{}", role.name, role.rank)))
                        .collect(),
                ),
                (
                    "Maneuvers",
                    sheet
                        .maneuvers
                        .iter()
                        .map(|m| {
                            let role = sheet.roles.iter().find(|r| r.id == m.role);
                            let label = format!(
                                "{} {} ({})",
                                m.name,
                                signed(m.bonus),
                                role.map_or("", |r| r.name.as_str())
                            );
                            Tick {
                                role: Some(m.role),
                                ..tick(m.id, label)
                            }
                        })
                        .collect(),
                ),
                ("Boosts", standing(&sheet.boosts, 1)),
                ("Harm", standing(&sheet.penalties, -1)),
                ("Scene boosts", scene),
            ]
        })
    });
    move || {
        groups
            .get()
            .into_iter()
            .filter(|(_, ticks)| !ticks.is_empty())
            .map(|(title, ticks)| {
                let chips = ticks
                    .into_iter()
                    .map(|tick| view! { <TickChip state tick/> })
                    .collect_view();
                view! {
                    <div class="tick-group" role="group" aria-label=title>
                        <span class="tick-title" aria-hidden="true">{title}</span>
                        {chips}
                    </div>
                }
            })
            .collect_view()
    }
}

/// One tick: pressed when it applies. A maneuver is off while its role is not ticked.
#[component]
fn TickChip(state: ElState, tick: Tick) -> impl IntoView {
    let Tick {
        id,
        label,
        scene,
        role,
    } = tick;
    let off = move || role.is_some_and(|r| state.setup.with(|s| !s.is_picked(r)));
    let pressed = move || {
        !off()
            && state.setup.with(|s| {
                if scene {
                    s.picked_scene.contains(&id)
                } else {
                    s.is_picked(id)
                }
            })
    };
    let toggle = move |_| {
        state.change(|s| {
            if scene {
                s.toggle_scene(id);
            } else {
                s.toggle(id);
            }
        })
    };
    let tap = if scene {
        ElTap::PickScene(id)
    } else {
        ElTap::Pick(id)
    };
    view! {
        <span class="tick">
            <button
                type="button"
                class="chip"
                aria-pressed=move || pressed().to_string()
                disabled=off
                on:click=toggle
            >
                {label}
            </button>
            <CoachHint hints=state.hints tap/>
        </span>
    }
}

/// Whether the task needs training: then Level counts up to the best role's rank.
#[component]
fn TrainingSwitch(state: ElState) -> impl IntoView {
    let on = Signal::derive(move || state.setup.with(|s| s.needs_training));
    let toggle = Callback::new(move |()| state.change(|s| s.needs_training = !s.needs_training));
    view! {
        <Switch on toggle label="Needs training" hint="Level counts up to the best role's rank"/>
        <CoachHint hints=state.hints tap=ElTap::Training/>
    }
}

/// The EL's sum, line by line: "Level 6 + Warrior 4 + Feint 1 − Bruised 1 = EL 10".
#[component]
fn SumLine(state: ElState) -> impl IntoView {
    let sum = move || {
        state.setup.with(|s| {
            state.core.roster.with(|r| {
                state
                    .scene
                    .with(|scene| s.build(r.active(), &scene.boosts).map(|b| b.sum_text()))
            })
        })
    };
    view! {
        <p class="sum-line" role="status" aria-label="EL sum" hidden=move || sum().is_none()>
            {sum}
        </p>
    }
}
