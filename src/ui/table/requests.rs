//! The GM's requests for rolls, where each phone looks: a player asked sees the request
//! and answers it with one tap (its tray opens with the GM's side taken and the label set;
//! Roll is the second tap); the GM sees each request's answers gathered ("Perception: Ana
//! Success, Ben waiting") and closes it. In full on the Table page and in the log's sheet;
//! in a tray's corner one line, so the dock keeps its height over the dice.

use leptos::prelude::*;

use super::live::{Live, tray_page};
use super::service::{AskView, Call};
use crate::route::{Page, Route};
use crate::table::message::Check;
use crate::table::{PointSide, What};
use crate::ui::platform::browser::go_to;
use crate::ui::table::hook::{Answering, Outgoing};

/// The open requests this phone has a part in: all of them for the GM, those asking me for
/// a player.
#[component]
pub fn Requests(
    live: Live,
    /// Called once a player has tapped to answer (the sheet over the tray closes).
    #[prop(optional)]
    answering: Option<Callback<()>>,
) -> impl IntoView {
    // Each with whether this phone is the GM: a hand-over redraws it the other way.
    let shown = Memo::new(move |_| {
        live.view.with(|v| {
            v.asks
                .iter()
                .filter(|a| v.am_gm || a.asks_me)
                .map(|a| (v.am_gm, a.clone()))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <For each=move || shown.get() key=|shown| shown.clone() let((am_gm, ask))>
            {if am_gm {
                view! { <GmRequest live ask/> }.into_any()
            } else {
                view! { <PlayerRequest live ask then=answering/> }.into_any()
            }}
        </For>
    }
}

/// The requests in a tray's corner, in one line: for a player, the oldest asking them not
/// yet answered (and how many more); for the GM, each request's count of answers. A tap on
/// the count opens the sheet (`open`) where they are in full.
#[component]
pub fn RequestsLine(live: Live, open: Callback<()>) -> impl IntoView {
    let line = Memo::new(move |_| {
        live.view.with(|v| {
            if v.am_gm {
                let counts: Vec<String> = v
                    .asks
                    .iter()
                    .map(|a| {
                        let done = a.answers.iter().filter(|x| x.result.is_some()).count();
                        format!("{} {done} of {}", a.label, a.answers.len())
                    })
                    .collect();
                return (!counts.is_empty()).then(|| (None, counts.join(" · ")));
            }
            let waiting: Vec<&AskView> = v
                .asks
                .iter()
                .filter(|a| a.asks_me && a.my_answer().is_none())
                .collect();
            let first = waiting.first().map(|a| (*a).clone())?;
            let more = match waiting.len() - 1 {
                0 => String::new(),
                n => format!("+{n} more"),
            };
            Some((Some(first), more))
        })
    });
    move || {
        line.get().map(|(first, words)| match first {
            Some(ask) => view! {
                <PlayerRequest live ask more=words open/>
            }
            .into_any(),
            None => view! {
                <button type="button" class="table-asks-line" aria-haspopup="dialog"
                    aria-label=format!("Requests: {words}. Open them") on:click=move |_| open.run(())>
                    <span class="side-title">"Requests: "</span>{words.clone()}
                </button>
            }
            .into_any(),
        })
    }
}

/// A request as the GM sees it: what for, whom, and each answer or wait, with Close; on a
/// narrative check not yet rolled, the GM's dark point to spend on it.
#[component]
fn GmRequest(live: Live, ask: AskView) -> impl IntoView {
    let title = tray_page(&ask.tray).map_or("a tray", Page::short_title);
    let label = ask.label.clone();
    let narrative = ask.tray == Page::NARRATIVE.path();
    let dark_left = Memo::new(move |_| live.view.with(|v| v.pool.is_some_and(|p| p.dark > 0)));
    let answers = ask
        .answers
        .iter()
        .map(|a| {
            let spend = (narrative && !a.upgraded && a.result.is_none()).then(|| {
                let check = Check {
                    ask: ask.id.clone(),
                    player: a.key.clone(),
                };
                let name = a.name.clone();
                move || dark_left.get().then(|| {
                    let check = check.clone();
                    view! {
                        <button type="button" class="small quiet"
                            aria-label=format!("Spend a dark point on {name}'s check")
                            on:click=move |_| live.say(What::Flip { from: PointSide::Dark, check: Some(check.clone()) }, false)>
                            "Dark point"
                        </button>
                    }
                })
            });
            let result = match &a.result {
                Some((headline, tone)) => view! {
                    <span class=format!("headline-small {tone}")>{headline.clone()}</span>
                }
                .into_any(),
                None => view! { <span class="hint">"waiting"</span> }.into_any(),
            };
            view! {
                <li>
                    <span class="ask-answer">
                        <span class="who">{a.name.clone()}</span>" "{result}
                        {a.replaced.then(|| view! { <span class="tag">"answered again"</span> })}
                        {a.changed.then(|| view! { <span class="tag">"changed"</span> })}
                        {a.upgraded.then(|| view! { <span class="tag">"dark point"</span> })}
                    </span>
                    {spend}
                </li>
            }
        })
        .collect_view();
    let id = ask.id.clone();
    let close = move |_| {
        live.table.send(Outgoing::Close(id.clone()));
    };
    view! {
        <div class="table-ask" role="group" aria-label=format!("Request: {label}")>
            <p class="table-ask-what">
                <span class="side-title">{format!("{label}: ")}</span>
                <span class="hint">{format!("{title}, asked of {}", ask.whom)}</span>
                {ask.to_gm.then(|| view! { <span class="tag">"to you only"</span> })}
            </p>
            <ul class="ask-answers">{answers}</ul>
            <button type="button" class="small" aria-label=format!("Close the request: {label}") on:click=close>
                "Close"
            </button>
        </div>
    }
}

/// A request asking me: what for, the GM's side in words, my answer so far, and the tap that
/// opens its tray to answer it.
#[component]
fn PlayerRequest(
    live: Live,
    ask: AskView,
    /// In the corner: "+1 more", opening the sheet with `open`.
    #[prop(optional)]
    more: String,
    #[prop(optional)] open: Option<Callback<()>>,
    /// Called once the tap to answer has opened the tray.
    #[prop(default = None)]
    then: Option<Callback<()>>,
) -> impl IntoView {
    let page = tray_page(&ask.tray);
    let title = page.map_or("a tray", Page::short_title);
    let label = ask.label.clone();
    let mine = ask.my_answer().and_then(|a| a.result.clone());
    let where_to = if ask.to_gm {
        "Your answer goes to the GM only."
    } else {
        "Your answer goes to the table."
    };
    // The GM's dark point spent on my check while I answer it in its tray: the tray takes
    // the side again, upgraded (once; elsewhere "Roll for it" takes it upgraded).
    if ask.upgraded_me {
        let ask = ask.clone();
        Effect::new(move |_| {
            let taking = live.table.answering.get_untracked();
            let in_its_tray = page.is_some_and(|p| {
                Route::parse(&crate::ui::platform::browser::location_hash()).page == p
            });
            if let (Some(page), Some(taking), true) = (page, taking, in_its_tray)
                && taking.ask == ask.id
                && !taking.upgraded
            {
                live.table.answering.set(Some(Answering {
                    upgraded: true,
                    ..taking
                }));
                live.table
                    .snackbar
                    .say("The GM spent a dark point on your check: one die upgraded.");
                go_to(&page.challenge_href(&ask.challenge));
            }
        });
    }
    let answer = {
        let ask = ask.clone();
        move |_| {
            let Some(page) = page else { return };
            live.table.answering.set(Some(Answering {
                ask: ask.id.clone(),
                page,
                label: ask.label.clone(),
                to_gm: ask.to_gm,
                upgraded: ask.upgraded_me,
            }));
            if ask.challenge.is_empty() {
                go_to(&page.href());
                // Nothing else changes on the first screen: say what the next Roll does.
                live.table.snackbar.say(format!(
                    "{}: your next Roll here answers the GM.",
                    ask.label
                ));
            } else {
                // Taken here: its badge does not offer it again.
                live.call(Call::TookSide(ask.tray.clone(), ask.challenge.clone()));
                go_to(&page.challenge_href(&ask.challenge));
            }
            if let Some(then) = then {
                then.run(());
            }
        }
    };
    let button = if mine.is_some() {
        "Answer again"
    } else {
        "Roll for it"
    };
    view! {
        <div class="table-ask asked" role="group" aria-label=format!("The GM asks: {label}")>
            <p class="table-ask-what">
                <span class="side-title">{format!("The GM asks: {label}")}</span>
                <span class="hint">
                    {format!(" · {title}")}
                    {ask.side.clone().map(|side| format!(" · {side}"))}
                </span>
            </p>
            <p class="hint">
                {ask.upgraded_me.then_some("The GM spent a dark point on your check. ")}
                {mine.map(|(headline, _)| format!("You answered: {headline}. "))}
                {where_to}
            </p>
            {(!more.is_empty()).then(|| view! {
                <button type="button" class="small" aria-haspopup="dialog"
                    aria-label=format!("{more} requests: open them") on:click=move |_| {
                        if let Some(open) = open {
                            open.run(());
                        }
                    }>{more.clone()}</button>
            })}
            <button type="button" class="small primary" aria-label=format!("Answer the GM's request: {label}") on:click=answer>
                {button}
            </button>
        </div>
    }
}
