//! The table's log: every message in the order all phones agree on, newest first; a roll
//! drawn with the read-only roll view History uses, and Open shows it in its tray as its
//! result link does.

use leptos::prelude::*;

use super::live::{Live, tray_page};
use super::service::{Call, TableView};
use crate::route::Page;
use crate::storage::entry_from_link;
use crate::table::{Amendment, LogEntry, PointSide, SceneAct, What};
use crate::ui::panels::roll_card::RollCard;
use crate::ui::platform::browser::{clock_text, go_to};

/// The log. While it is drawn, every roll in it counts as looked at (the trays count what
/// came since).
#[component]
pub fn TableLog(live: Live) -> impl IntoView {
    Effect::new(move |_| {
        let rolls = live.shown.with(|shown| others_rolls(shown));
        if live.view.with_untracked(|v| v.at) {
            live.seen.set(Some(rolls));
        }
    });
    // Each item, whether it is a roll changed since it was sent, and whether a roll of mine
    // that reached no one has been sent again since (then it offers no second sending).
    let entries = move || {
        let shown = live.shown.get();
        live.view.with(|v| {
            shown
                .into_iter()
                .map(|(entry, changed)| {
                    let resent = entry.undelivered
                        && v.log.iter().any(|e| {
                            e.mine
                                && e.to_gm
                                && !e.undelivered
                                && e.t > entry.t
                                && matches!((&e.what, &entry.what), (What::Roll { roll: a, .. }, What::Roll { roll: b, .. }) if a == b)
                        });
                    (entry, changed, resent)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="table-log" aria-labelledby="log-title">
            <h2 id="log-title">"The table's rolls"</h2>
            <ol class="history-list" aria-live="polite">
                <For each=entries key=|(e, changed, resent)| (e.id.clone(), e.refused, e.undone, *changed, *resent) let((entry, changed, resent))>
                    <LogItem live entry changed resent/>
                </For>
            </ol>
            {move || live.view.with(|v| v.log.is_empty()).then(|| view! {
                <p class="hint">"No rolls yet: every roll made at the table shows here."</p>
            })}
        </section>
    }
}

/// One message of the log: who, when, and what, in the trays' words.
#[component]
fn LogItem(live: Live, entry: LogEntry, changed: bool, resent: bool) -> impl IntoView {
    let by = entry.by.clone();
    let time = clock_text(entry.created_at.saturating_mul(1000));
    let private = entry
        .to_gm
        .then(|| view! { <span class="tag">"to the GM only"</span> });
    let unsent = entry.mine.then(|| {
        let id = entry.id.clone();
        move || {
            live.view
                .with(|v| v.unsent.contains(&id))
                .then(|| view! { <span class="tag waiting">"waiting to be sent"</span> })
        }
    });
    let id = entry.id.clone();
    let undelivered = (entry.undelivered && !resent).then(|| {
        view! {
            <div class="refusal">
                <p>"It reached no one: the GM changed before it arrived."</p>
                <button type="button" class="small" on:click=move |_| live.call(Call::Resend(id.clone()))>
                    "Send it to the GM now"
                </button>
            </div>
        }
    });
    let body = match &entry.what {
        What::Roll { roll, .. } | What::Amend { roll, .. } if roll.is_empty() => {
            view! { <p class="hint">"A roll too long to keep on this phone."</p> }.into_any()
        }
        What::Roll { tray, roll, .. } | What::Amend { tray, roll, .. } => {
            match entry_from_link(roll) {
                Ok(mut rolled) => {
                    // The name is said once: the roller's, above.
                    if rolled.who.as_deref() == Some(entry.by.as_str()) {
                        rolled.who = None;
                    }
                    // Whom it went to is the message's to say, above.
                    rolled.to_gm = false;
                    let page = tray_page(tray);
                    let href = page.map(|p| p.result_href(roll));
                    view! {
                    <RollCard entry=rolled here=None untimed=true/>
                    {href.map(|href| view! {
                        <div class="history-actions">
                            <button type="button" class="small" on:click=move |_| go_to(&href)>"Open"</button>
                        </div>
                    })}
                }
                .into_any()
                }
                Err(reason) => view! { <p class="refusal">{reason}</p> }.into_any(),
            }
        }
        What::Checkpoint(_) => ().into_any(),
        What::Unsupported => {
            view! { <p class="hint">"Update Dicetray to see this message."</p> }.into_any()
        }
        other => {
            let words = live
                .view
                .with_untracked(|v| act_words(other, entry.refused, v))
                .unwrap_or_default();
            view! { <p>{words}</p> }.into_any()
        }
    };
    let kind = match &entry.what {
        What::Roll { .. } | What::Amend { .. } => "roll",
        What::Flip { .. } | What::Points { .. } => "pool",
        What::Joined { .. } | What::Left {} | What::Gm { .. } => "people",
        _ => "other",
    };
    view! {
        <li class="history-item table-item" class:undone=entry.undone data-kind=kind>
            <p class="table-by"><span class="who">{by}</span>
                <time class="hint">{time}</time>
                {private}
                {unsent}
                {entry.undone.then(|| view! { <span class="tag">"taken back"</span> })}
                {changed.then(|| view! { <span class="tag">{change_words(&entry.what)}</span> })}
                {answer_label(live, &entry.author, &entry.what).map(|label| view! { <span class="tag">{format!("answers: {label}")}</span> })}
            </p>
            {body}
            {undelivered}
        </li>
    }
}

/// The ids of the rolls others made that the log shows (`shown`), newest first.
pub fn others_rolls(shown: &[(LogEntry, bool)]) -> Vec<String> {
    shown
        .iter()
        .filter(|(e, _)| is_others_roll(e))
        .map(|(e, _)| e.id.clone())
        .collect()
}

/// Whether `entry` is a roll someone else made, standing.
pub fn is_others_roll(entry: &LogEntry) -> bool {
    !entry.mine && !entry.undone && matches!(entry.what, What::Roll { .. } | What::Amend { .. })
}

/// What a message other than a roll did, after its author's name: "spent a light point",
/// "handed the GM role to Ben". The log and the trays' corner say it alike.
pub fn act_words(what: &What, refused: bool, view: &TableView) -> Option<String> {
    let words = match what {
        What::Flip {
            from,
            check: Some(check),
        } => {
            let whose = view
                .people
                .iter()
                .find(|p| p.pubkey == check.player)
                .map_or("a player's".to_string(), |p| format!("{}'s", p.shown));
            let side = match from {
                PointSide::Light => "light",
                PointSide::Dark => "dark",
            };
            if refused {
                format!(
                    "tried to spend a {side} point on {whose} check: refused, none was left or \
                     one is spent on it already"
                )
            } else {
                format!("spent a {side} point on {whose} check")
            }
        }
        What::Flip { from, .. } => {
            let side = match from {
                PointSide::Light => "light",
                PointSide::Dark => "dark",
            };
            if refused {
                format!("tried to spend a {side} point: refused, none was left")
            } else {
                format!("spent a {side} point")
            }
        }
        What::Points { light, dark } => {
            format!("set the Destiny pool: {light} light, {dark} dark")
        }
        What::Side { tray, challenge } => {
            let title = tray_page(tray).map_or("a tray", Page::title);
            if challenge.is_empty() {
                format!("cleared the GM's side on {title}")
            } else {
                format!("sent the GM's side on {title}")
            }
        }
        What::Ask {
            tray,
            label,
            who,
            to_gm,
            ..
        } => {
            let title = tray_page(tray).map_or("a tray", Page::title);
            let whom = if who.is_empty() {
                "everyone".to_string()
            } else {
                let names: Vec<&str> = who
                    .iter()
                    .map(|k| {
                        view.people
                            .iter()
                            .find(|p| p.pubkey == *k)
                            .map_or("someone", |p| p.shown.as_str())
                    })
                    .collect();
                names.join(", ")
            };
            if refused {
                format!("asked for a roll ({label}): refused, four requests were open")
            } else if *to_gm {
                format!("asked {whom} for a roll on {title}: {label} (answers to the GM only)")
            } else {
                format!("asked {whom} for a roll on {title}: {label}")
            }
        }
        What::Close { of } => match view.log.iter().find(|e| e.id == *of) {
            Some(LogEntry {
                what: What::Ask { label, .. },
                ..
            }) => format!("closed the request: {label}"),
            _ => "closed a request".into(),
        },
        What::Scene(act) => scene_words(act, refused, view),
        What::Undo { .. } => "took back a message".into(),
        // Named alike on every phone (the heir's too), so every phone's log reads the same.
        What::Gm { to, .. } => match view.people.iter().find(|p| p.pubkey == *to) {
            Some(heir) => format!("handed the GM role to {}", heir.shown),
            None => "handed the GM role over".into(),
        },
        What::Rekey { key, .. } => {
            let names = view
                .removals
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, names)| names.clone())
                .unwrap_or_default();
            match names.as_slice() {
                [] => "gave the table a new key and link".into(),
                // Said so on the removed phone, which gets no new link.
                names if names.iter().any(|n| n == "you") => "removed you from the table".into(),
                [one] => format!("removed {one} from the table; the table has a new link"),
                [rest @ .., last] => format!(
                    "removed {} and {last} from the table; the table has a new link",
                    rest.join(", ")
                ),
            }
        }
        What::End {} => "ended the table".into(),
        What::Joined { .. } => "joined the table".into(),
        What::Left {} => "left the table".into(),
        What::Roll { .. } | What::Amend { .. } | What::Checkpoint(_) | What::Unsupported => {
            return None;
        }
    };
    Some(words)
}

/// What the GM's request a roll answers is for, if the log holds that request.
fn answer_label(live: Live, author: &str, what: &What) -> Option<String> {
    let What::Roll { answers, .. } = what else {
        return None;
    };
    if answers.is_empty() {
        return None;
    }
    // Only where the request asks its author (a roll naming another's request answers nothing).
    live.view.with_untracked(|v| {
        v.log.iter().find_map(|e| match &e.what {
            What::Ask { label, who, .. }
                if e.id == *answers && (who.is_empty() || who.iter().any(|k| k == author)) =>
            {
                Some(label.clone())
            }
            _ => None,
        })
    })
}

/// How a changed roll is marked: by its last change.
fn change_words(what: &What) -> &'static str {
    match what {
        What::Amend {
            why: Amendment::Cost,
            ..
        } => "cost noted",
        _ => "re-rolled",
    }
}

/// A change to the table's scene, in words: "set an obstacle: Barred door (6 to overcome,
/// EL 3)", "added 2 to Barred door".
fn scene_words(act: &SceneAct, refused: bool, view: &TableView) -> String {
    let full = if refused {
        ": refused, the scene had no room"
    } else {
        ""
    };
    match act {
        SceneAct::Facet { name, helps } => {
            let does = if *helps { "helps" } else { "hinders" };
            format!("set a scene facet: {name} ({does}){full}")
        }
        SceneAct::Obstacle {
            name, target, el, ..
        } => {
            // Said only when the obstacle comes with effect already on its track.
            let track = match act {
                SceneAct::Obstacle {
                    progress: on @ 1.., ..
                } => format!(", {on} on its track"),
                _ => String::new(),
            };
            format!("set an obstacle: {name} ({target} to overcome, EL {el}{track}){full}")
        }
        SceneAct::Condition { name, el } => format!("set a condition: {name} (EL {el}){full}"),
        SceneAct::Boost { name, value } => format!("added a boost: {name} +{value}{full}"),
        SceneAct::Progress { of, effect } => {
            let name = scene_name(view, of).unwrap_or_else(|| "an obstacle".into());
            if refused {
                format!("tried to add {effect} to {name}: refused, it was no longer in the scene")
            } else {
                format!("added {effect} to {name}")
            }
        }
        SceneAct::Edit { of, to } => {
            let name = scene_name(view, of).unwrap_or_else(|| "something".into());
            if refused {
                format!("tried to change {name}: refused, it was no longer in the scene")
            } else {
                let now = scene_words(to, false, view);
                let now = now.split_once(": ").map_or(now.as_str(), |(_, what)| what);
                format!("changed {name}: now {now}")
            }
        }
        SceneAct::Remove { of } => {
            let name = scene_name(view, of).unwrap_or_else(|| "something".into());
            if refused {
                format!("tried to take {name} out: refused, it was no longer in the scene")
            } else {
                format!("took {name} out of the scene")
            }
        }
        SceneAct::Clear {} => "ended the scene: everything in it is gone".into(),
    }
}

/// The name of what the message `id` put in the scene, from the scene or the log.
fn scene_name(view: &TableView, id: &str) -> Option<String> {
    view.log
        .iter()
        .find(|e| e.id == id)
        .and_then(|e| match &e.what {
            What::Scene(
                SceneAct::Facet { name, .. }
                | SceneAct::Obstacle { name, .. }
                | SceneAct::Condition { name, .. }
                | SceneAct::Boost { name, .. },
            ) => Some(name.clone()),
            _ => None,
        })
        .or_else(|| {
            let s = &view.scene;
            s.facets
                .iter()
                .find(|f| f.0 == id)
                .map(|f| f.1.clone())
                .or_else(|| s.obstacles.iter().find(|o| o.0 == id).map(|o| o.1.clone()))
                .or_else(|| {
                    s.boosts
                        .iter()
                        .chain(&s.conditions)
                        .find(|v| v.0 == id)
                        .map(|v| v.1.clone())
                })
        })
}
