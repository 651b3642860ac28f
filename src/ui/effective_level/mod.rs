//! The Effective Level tray: the EL (quick, or built from the active character), dice and
//! the best dice for the EL, the other side, a wager, live exact odds, and the roll. The
//! panels are drawn from markup (`html::effective_level`); one handler carries out what the
//! player does in them.

mod state;
mod turn;

pub use state::ElState;

use leptos::prelude::*;
use rand::Rng;

use crate::core::effective_level::{
    Dedicated, ElDie, ElMode, ElSetup, MAX_SEARCH_EL, Pushback, best_dice,
};

/// The highest EL rolled at which the best dice are searched on every change.
const AUTO_BEST_EL: u32 = 20;
use crate::core::notation::effective_level::format_check;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::html::effective_level::{
    against_panel, dice_panel, dice_picker, level_panel, mode_panel, odds_panel, result_faces,
    result_summary, wager_panel,
};
use crate::html::el_turn::{obstacle_buttons, scene_panel, turn_panel};
use crate::route::Page;
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::AppData;
use crate::ui::app_data::Shared;
use crate::ui::browser::{copy_text, now_ms, page_url, reveal};
use crate::ui::character_bar::CharacterBar;
use crate::ui::end_scene::EndScene;
use crate::ui::history::history_fold;
use crate::ui::later::Later;
use crate::ui::markup::{Act, Markup};
use crate::ui::roll_form::RollForm;
use crate::ui::stepper::Stepper;

/// The whole tray.
#[component]
pub fn ElTray(data: AppData) -> impl IntoView {
    let state = ElState::of(data);
    Effect::new(move |_| {
        if let Some(Shared::Setup(roll)) = data.take_shared(Page::EffectiveLevel) {
            state.open_shared(&roll);
        }
    });
    let check = Memo::new(move |_| {
        state.setup.with(|s| {
            data.roster().with(|r| {
                data.scene()
                    .with(|scene| s.check(r.active(), &scene.boosts))
            })
        })
    });
    let odds = Memo::new(move |_| check.with(|c| c.as_ref().ok().map(|c| c.odds())));
    // The best-dice search takes a few milliseconds at high ELs: it follows one frame
    // behind, so a tap's own frame stays light.
    // Past EL 20 the search takes long enough to feel on a slow phone: it runs when asked.
    let best = RwSignal::new(None);
    let asked = RwSignal::new(None::<crate::core::effective_level::ElCheck>);
    Effect::new(move |_| {
        let target = check.get().ok();
        let wanted = target.as_ref().is_some_and(|c| {
            c.rolled_el() <= AUTO_BEST_EL || asked.with(|a| a.as_ref() == Some(c))
        });
        if !wanted {
            best.set(None);
            return;
        }
        request_animation_frame(move || {
            // The tray may have been left before the frame.
            best.try_set(target.map(|c| {
                let found = best_dice(&c);
                let mut simple = c.clone();
                simple.me.dice = Default::default();
                let simple_odds = simple.odds();
                (
                    found,
                    simple_odds.net_effect_mean(),
                    simple_odds.success.probability(),
                )
            }));
        });
    });
    let level_html = Signal::derive(move || {
        state.setup.with(|s| {
            data.roster().with(|r| {
                data.scene()
                    .with(|scene| level_panel(s, r.active(), &scene.boosts))
            })
        })
    });
    let dice_html = Signal::derive(move || {
        let rolled = check.with(|c| c.as_ref().map(|c| c.rolled_el()).unwrap_or(0));
        let offer = rolled > AUTO_BEST_EL && rolled <= MAX_SEARCH_EL && best.with(Option::is_none);
        state.setup.with(|s| {
            best.with(|b| match b {
                Some((found, mean, success)) => dice_panel(
                    s,
                    rolled,
                    odds.get().as_ref(),
                    found.as_ref(),
                    Some((*mean, *success)),
                    false,
                ),
                None => dice_panel(s, rolled, odds.get().as_ref(), None, None, offer),
            })
        })
    });
    // Memos, so the steppers they show are kept (with their focus) while other things change.
    let quick = Memo::new(move |_| state.setup.with(|s| s.mode == ElMode::Quick));
    let pushed_back = Memo::new(move |_| state.setup.with(|s| s.against.is_some()));
    let number = move |read: fn(&ElSetup) -> u32| Signal::derive(move || state.setup.with(read));
    let (quick_el, their_el) = (number(|s| s.quick_el), number(|s| s.their_el));
    let (wager, quick_rank) = (number(|s| s.wager), number(|s| s.quick_rank));
    let setter = move |write: fn(&mut ElSetup, u32)| {
        Callback::new(move |n: u32| state.change(|s| write(s, n)))
    };
    let set_el = setter(|s, n| s.quick_el = n);
    let set_their = setter(|s, n| s.their_el = n);
    let set_wager = setter(|s, n| s.wager = n);
    let set_rank = setter(|s, n| s.quick_rank = n);
    let mode_html = Signal::derive(move || state.setup.with(mode_panel));
    let their_picker_html = Signal::derive(move || {
        state.setup.with(|s| {
            let mut html = crate::html::Html::new();
            dice_picker(&mut html, "their-", &s.their_dice);
            html.finish()
        })
    });
    let picker_html = Signal::derive(move || {
        state.setup.with(|s| {
            let mut html = crate::html::Html::new();
            dice_picker(&mut html, "", &s.dice);
            html.finish()
        })
    });
    let against_html = Signal::derive(move || state.setup.with(against_panel));
    let wager_html = Signal::derive(move || {
        let refusal = check.with(|c| c.as_ref().err().cloned());
        state.setup.with(|s| {
            data.roster().with(|r| {
                data.scene().with(|scene| {
                    let shown = refusal
                        .as_deref()
                        .filter(|_| s.wager > 0 || s.against.is_some());
                    let el = s.el(r.active(), &scene.boosts);
                    wager_panel(s, el, s.rank(r.active(), &scene.boosts), shown)
                })
            })
        })
    });
    let odds_html = Signal::derive(move || {
        odds.with(|o| match o {
            Some(o) => odds_panel(o, state.setup.with(|s| s.wager)),
            None => check.with(|c| {
                format!(
                    r#"<p class="hint">{}</p>"#,
                    crate::html::escape(c.as_ref().err().map_or("", |e| e.as_str()))
                )
            }),
        })
    });
    let context = move || {
        state.setup.with_untracked(|s| {
            data.roster().with_untracked(|r| {
                data.scene().with_untracked(|scene| {
                    let character = r.active();
                    (
                        s.el(character, &scene.boosts),
                        s.role_els(character, &scene.boosts),
                    )
                })
            })
        })
    };
    // The turn's and the scene's acts are carried out alike; each panel shows its own
    // message, where the player tapped.
    let acts_into = move |message: RwSignal<Option<String>>| {
        Callback::new(move |act: Act| {
            let (el, role_els) = context();
            let now = check.with_untracked(|c| c.as_ref().ok().cloned());
            let done = if act.name == "keep-boost" {
                keep_boost(&act, state, data)
            } else {
                turn::turn_act(&act, state, data, el, now, role_els)
            };
            let cleared = done.is_ok();
            message.set(Some(done.unwrap_or_else(|e| e)).filter(|m| !m.is_empty()));
            cleared
        })
    };
    let turn_on_act = acts_into(state.turn_message);
    let scene_message = RwSignal::new(None::<String>);
    let scene_on_act = acts_into(scene_message);
    let roles_ticked = move || {
        state.setup.with(|s| {
            data.roster().with(|r| {
                r.active().map_or(0, |c| {
                    c.sheet
                        .roles
                        .iter()
                        .filter(|role| s.is_picked(role.id))
                        .count()
                })
            })
        })
    };
    let turn_html = Signal::derive(move || {
        let el = check.with(|c| c.as_ref().map(|c| c.me.el as i32).unwrap_or(0));
        let against = check.with(|c| c.as_ref().ok().and_then(|c| c.against.clone()));
        let ticked = if state.setup.with(|s| s.mode == ElMode::Builder) {
            roles_ticked()
        } else {
            0
        };
        state.turn.with(|t| {
            data.scene()
                .with(|scene| turn_panel(t, el, against.as_ref(), scene, ticked))
        })
    });
    let scene_html = Signal::derive(move || {
        check.with(|c| {
            data.scene()
                .with(|scene| scene_panel(scene, c.as_ref().ok()))
        })
    });
    let on_act = Callback::new(move |act: Act| {
        if act.name == "find-best" {
            asked.set(check.get_untracked().ok());
            return false;
        }
        let chosen = best.with_untracked(|b| {
            b.as_ref()
                .and_then(|(f, _, _)| f.as_ref().map(|f| f.dice.clone()))
        });
        el_act(&act, state, chosen)
    });
    view! {
        <div class="tray-page el-tray">
            <h1 class="visually-hidden">"Effective Level"</h1>
            <CharacterBar roster=data.roster()/>
            <section class="panel" aria-labelledby="el-level-title">
                <h2 id="el-level-title">"Your EL"</h2>
                <Markup html=mode_html on_act/>
                {move || quick.get().then(|| view! {
                    <Stepper label="Effective Level" value=quick_el least=0 on_set=set_el/>
                })}
                <Markup html=level_html on_act/>
            </section>
            <section class="panel" aria-labelledby="el-dice-title">
                <h2 id="el-dice-title">"Dice"</h2>
                <Markup html=picker_html on_act/>
                <Markup html=dice_html on_act/>
            </section>
            <Later>
                <section class="panel" aria-labelledby="el-against-title">
                    <h2 id="el-against-title">"Against"</h2>
                    <Markup html=against_html on_act/>
                    {move || pushed_back.get().then(|| view! {
                        <Stepper label="Other side's EL" value=their_el least=1 on_set=set_their/>
                        <Markup html=their_picker_html on_act/>
                    })}
                </section>
                <section class="panel" aria-labelledby="el-wager-title">
                    <h2 id="el-wager-title">"Wager"</h2>
                    <Stepper label="Wager" value=wager least=0 on_set=set_wager/>
                    {move || quick.get().then(|| view! {
                        <Stepper label="Rank in the role" value=quick_rank least=0 on_set=set_rank/>
                    })}
                    <Markup html=wager_html on_act/>
                </section>
                <section class="panel" aria-labelledby="el-odds-title">
                    <h2 id="el-odds-title">"Odds"</h2>
                    <Markup html=odds_html on_act/>
                </section>
                <RollPanel state data check after_roll=turn_on_act/>
                <p class="tray-message" role="status" aria-live="polite">{move || state.message.get()}</p>
            </Later>
            <Later>
                <section class="panel" aria-labelledby="el-turn-title">
                    <h2 id="el-turn-title">"Turn"</h2>
                    <Markup html=turn_html on_act=turn_on_act/>
                    <p class="tray-message" role="status" aria-live="polite">{move || state.turn_message.get()}</p>
                </section>
            </Later>
            <Later>
                <section class="panel" aria-labelledby="el-scene-title">
                    <h2 id="el-scene-title">"Scene"</h2>
                    <Markup html=scene_html on_act=scene_on_act/>
                    <p class="tray-message" role="status" aria-live="polite">{move || scene_message.get()}</p>
                    <EndScene data status=RwSignal::new(None)/>
                </section>
            </Later>
            <Later>
                <div class="pool-actions">
                    <button
                        type="button"
                        class="small"
                        disabled=move || check.with(|c| c.is_err())
                        on:click=move |_| share(state, check)
                    >
                        "Copy share link"
                    </button>
                </div>
            </Later>
            <Later>
                {history_fold(data, Page::EffectiveLevel, Callback::new(|_| {}))}
            </Later>
        </div>
    }
}

/// Copies a link carrying the roll in EL notation: `#/el?roll=el+10+wager+3+vs+4`.
fn share(state: ElState, check: Memo<Result<crate::core::effective_level::ElCheck, String>>) {
    let Some(text) = check.with_untracked(|c| c.as_ref().ok().map(format_check)) else {
        return;
    };
    let link = format!(
        "{}{}",
        page_url(),
        Page::EffectiveLevel.share_href(&text.replace(' ', "+"))
    );
    leptos::task::spawn_local(async move {
        state.message.set(Some(match copy_text(&link).await {
            Ok(()) => format!("Share link copied: {link}"),
            Err(error) => format!("Copy this link to share the roll ({error}): {link}"),
        }));
    });
}

/// Keeps a successful wager as a persistent boost on the scene: its name from the form, its
/// value the wagered points.
fn keep_boost(act: &Act, state: ElState, data: AppData) -> Result<String, String> {
    let wager = state
        .shown
        .with_untracked(|e| match e.as_ref().map(|e| &e.roll) {
            Some(RecordedRoll::EffectiveLevel(roll)) if roll.outcome().wager_applied => {
                Some(roll.check.wager)
            }
            _ => None,
        });
    let Some(wager) = wager else {
        return Err("Only a wager that applied can become a scene boost.".into());
    };
    let mut outcome = Ok(String::new());
    let name = act.field("name").to_string();
    data.scene().update(|s| {
        outcome = s
            .add_boost(&name, wager)
            .map(|_| format!("“{}” +{wager} lasts the scene.", name.trim()))
    });
    outcome
}

/// The Roll button and the result, with what may follow it (effect to an obstacle, a wager
/// kept as a scene boost), handled by `after_roll`.
#[component]
fn RollPanel(
    state: ElState,
    data: AppData,
    check: Memo<Result<crate::core::effective_level::ElCheck, String>>,
    after_roll: Callback<Act, bool>,
) -> impl IntoView {
    let label = RwSignal::new(String::new());
    let result_section = NodeRef::<leptos::html::Section>::new();
    let roll = Callback::new(move |()| {
        let ready = match check.get_untracked() {
            Ok(ready) => ready,
            Err(reason) => return state.message.set(Some(reason)),
        };
        let Ok(mut dice) = SecureDice::new() else {
            return data.notices.say(RandomnessUnavailable.to_string());
        };
        let entry = HistoryEntry {
            id: dice.random(),
            at_ms: now_ms(),
            label: HistoryEntry::clean_label(&label.get_untracked()),
            who: data
                .roster()
                .with_untracked(|r| r.active().map(|c| c.name.clone())),
            real_dice: false,
            roll: RecordedRoll::EffectiveLevel(ready.roll(&mut dice)),
        };
        if let Err(error) = dice.check() {
            return data.notices.say(error.to_string());
        }
        data.history().update(|h| h.record(entry.clone()));
        state.shown.set(Some(entry));
        label.set(String::new());
        request_animation_frame(move || {
            if let Some(section) = result_section.try_get_untracked().flatten() {
                reveal(&section);
            }
        });
    });
    let shown = move || {
        state.shown.with(|e| {
            e.as_ref().and_then(|e| match &e.roll {
                RecordedRoll::EffectiveLevel(roll) => Some((e.label.clone(), roll.clone())),
                _ => None,
            })
        })
    };
    let summary = Signal::derive(move || {
        shown()
            .map(|(label, roll)| result_summary(&label, &roll))
            .unwrap_or_default()
    });
    let faces = Signal::derive(move || {
        shown()
            .map(|(_, roll)| {
                let mut html = result_faces(&roll);
                let outcome = roll.outcome();
                let mut extra = crate::html::Html::new();
                data.scene()
                    .with(|scene| obstacle_buttons(&mut extra, scene, outcome.effect));
                if outcome.wager_applied {
                    let name = roll
                        .check
                        .dedicated
                        .as_ref()
                        .map(|d| if d.name.is_empty() { d.kind.clone() } else { d.name.clone() })
                        .unwrap_or_default();
                    extra.raw(r#"<form class="facet-form" data-act="keep-boost">"#);
                    extra.raw(&format!(
                        r#"<input type="text" id="keep-boost-name" name="name" maxlength="40" aria-label="Name of the scene boost" placeholder="Name the boost" value="{}">"#,
                        crate::html::escape(&name)
                    ));
                    extra.raw(&format!(
                        r#"<button type="submit" class="small">Keep +{} as a scene boost</button></form>"#,
                        roll.check.wager
                    ));
                }
                html.push_str(&extra.finish());
                html
            })
            .unwrap_or_default()
    });
    let ignore = Callback::new(|_: Act| false);
    view! {
        <RollForm id="el-roll-label" placeholder="e.g. Strike the goblin" label disabled=Signal::derive(move || check.with(|c| c.is_err())) on_roll=roll/>
        <section class="result" aria-label="Result" node_ref=result_section>
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                <Markup html=summary on_act=ignore/>
            </div>
            <p class="hint" hidden=move || state.shown.with(Option::is_some)>
                "Your roll appears here, every die drawn."
            </p>
            <Markup html=faces on_act=after_roll/>
        </section>
    }
}

/// Carries out what the player did in a panel; true clears a submitted form.
fn el_act(act: &Act, state: ElState, best: Option<crate::core::effective_level::ElDice>) -> bool {
    let value = || act.field("value").trim().parse::<i64>().ok();
    let die = || act.arg.parse().ok().and_then(ElDie::of_sides);
    let mut outcome: Result<(), String> = Ok(());
    state.change(|s: &mut ElSetup| match act.name.as_str() {
        "mode" => {
            s.mode = if act.field("mode") == "builder" {
                ElMode::Builder
            } else {
                ElMode::Quick
            }
        }
        "pick" => {
            if let Some(id) = act.id() {
                s.toggle(id);
            }
        }
        "pick-scene" => {
            if let Some(id) = act.id() {
                s.toggle_scene(id);
            }
        }
        "training" => s.needs_training = !s.needs_training,
        "add-mod" => {
            let number = value().unwrap_or(0);
            outcome = s.add_situational(act.field("name"), number.clamp(-1000, 1000) as i32);
        }
        "remove-mod" => {
            if let Some(i) = act
                .arg
                .parse::<usize>()
                .ok()
                .filter(|&i| i < s.situational.len())
            {
                s.situational.remove(i);
            }
        }
        "simple" => s.dice = Default::default(),
        "add" => outcome = die().map_or(Ok(()), |d| s.dice.add(d)),
        "remove" => {
            if let Some(d) = die() {
                s.dice.remove(d);
            }
        }
        "use-best" => {
            if let Some(best) = best {
                s.dice = best;
            }
        }
        "against" => {
            s.against = match act.field("against") {
                "resistance" => Some(Pushback::Resistance),
                "opposition" => Some(Pushback::Opposition),
                _ => None,
            }
        }
        "their-simple" => s.their_dice = Default::default(),
        "their-add" => outcome = die().map_or(Ok(()), |d| s.their_dice.add(d)),
        "their-remove" => {
            if let Some(d) = die() {
                s.their_dice.remove(d);
            }
        }
        "dedicate" => {
            s.dedicated.kind = if s.dedicated.kind == act.arg {
                String::new()
            } else {
                act.arg.clone()
            }
        }
        "dedicated" => {
            let clean = |text: &str, what: &str| {
                if text.trim().is_empty() {
                    Ok(String::new())
                } else {
                    crate::core::facet::clean_name(text, what)
                }
            };
            match (
                clean(act.field("kind"), "kind"),
                clean(act.field("name"), "effect"),
            ) {
                (Ok(kind), Ok(name)) => {
                    s.dedicated = Dedicated {
                        kind: if kind.is_empty() {
                            s.dedicated.kind.clone()
                        } else {
                            kind
                        },
                        name,
                    }
                }
                (Err(e), _) | (_, Err(e)) => outcome = Err(e),
            }
        }
        _ => {}
    });
    let cleared = outcome.is_ok();
    state.message.set(outcome.err());
    cleared
}
