//! The Table page: start or join a table; once at one, its link (copied, shared or shown as
//! a QR code), who is there, the Destiny pool, the log, the relays, and Leave (for the GM:
//! hand the GM role over, End table).

use leptos::prelude::*;

use super::live::{Live, SendTo};
use super::log_view::TableLog;
use super::requests::Requests;
use super::service::Call;
use crate::route::Page;
use crate::table::{PointSide, What};
use crate::ui::lazy::{self, Lazy};
use crate::ui::platform::browser::{can_share_text, focus_by_id, page_url};
use crate::ui::table::hook::TableHook;
use crate::ui::visit::Shared;
use crate::ui::widgets::qr;
use crate::ui::widgets::snackbar::PageMessages;

/// The page.
#[component]
pub fn TablePage(table: TableHook) -> impl IntoView {
    let live = Live::of(table);
    if live.typed_name.get_untracked().is_empty() {
        let name = table
            .roster
            .load()
            .with_untracked(|r| r.active().map(|c| c.name.clone()))
            .unwrap_or_default();
        live.typed_name.set(name);
    }
    // "Start a table" in a tray: started at once when a name is at hand, else the name is
    // asked for first, where the player is looking.
    let name_wanted = table.start_asked.get_untracked()
        && !table.at_table.get_untracked()
        && live.typed_name.get_untracked().is_empty();
    if table.start_asked.get_untracked() {
        table.start_asked.set(false);
        if !table.at_table.get_untracked() && !name_wanted {
            start(live);
        }
    }
    // Memos: the table's view changes with every message; these parts redraw only when
    // what they show changes, so nothing being typed is lost.
    let at = Memo::new(move |_| live.view.with(|v| v.at));
    // The link stays in the address until the table is joined (a reload keeps it); joined,
    // it is used up, so leaving later offers a new table, not that one again.
    Effect::new(move |_| {
        if at.get()
            && let Some(shared) = table.links.waiting_link(Page::TABLE)
        {
            // A phone shut out of its table (removed, or by a link from before a new key)
            // joins by the link it is given now, as itself.
            let shut_out = live
                .view
                .with_untracked(|v| v.removed_by.is_some() || v.stale_link);
            if let (true, Shared::Setup(code)) = (shut_out, &shared) {
                let name = live.view.with_untracked(|v| v.name.clone());
                live.call(Call::Join(code.clone(), name));
            }
            table.links.link_opened(Page::TABLE, &shared);
        }
    });
    view! {
        <div class="tray-page table-page">
            <h1>"Table"</h1>
            {move || if at.get() {
                let draw = move || at_table_part(table, live);
                view! { <Lazy preload=preload_at_table draw/> }.into_any()
            } else {
                view! { <NoTable table live name_wanted/> }.into_any()
            }}
            <PageMessages snackbar=table.snackbar/>
        </div>
    }
}

fn start(live: Live) {
    live.call(Call::Start(live.typed_name.get_untracked()));
}

/// Not at a table: join the one a link names, or start one.
#[component]
fn NoTable(
    table: TableHook,
    live: Live,
    /// Start a table was tapped in a tray with no name at hand: the name field is focused.
    name_wanted: bool,
) -> impl IntoView {
    let waiting = move || match table.links.waiting_link(Page::TABLE) {
        Some(Shared::Setup(code)) => Some(code),
        _ => None,
    };
    let pasted = RwSignal::new(String::new());
    // No name yet: the name field is focused, and the message shows by it.
    let name_first = move || {
        if !live.typed_name.with_untracked(|n| n.trim().is_empty()) {
            return false;
        }
        focus_name();
        table
            .snackbar
            .say("First give the name the table will see beside your rolls.");
        true
    };
    let join = move |code: String| {
        if !name_first() {
            live.call(Call::Join(code, live.typed_name.get_untracked()));
        }
    };
    if name_wanted {
        // Once drawn (the next frame): where the player is to type.
        request_animation_frame(focus_name);
    }
    let name_field = move || {
        view! {
            <label class="field">
                <span>"Your name at the table"</span>
                <input
                    type="text"
                    maxlength="40"
                    autocomplete="nickname"
                    id="table-name"
                    prop:value=move || live.typed_name.get()
                    on:input=move |ev| live.typed_name.set(event_target_value(&ev))
                />
            </label>
            {name_wanted.then(|| view! {
                <p class="hint" role="status">"Give the name the table will see beside your rolls, then Start a table."</p>
            })}
        }
    };
    let old_table = move || {
        live.view.with(|v| v.old_table).then(|| view! {
            <div class="refusal" role="alert">
                <p>
                    "Your table was made by an older Dicetray, whose phones could disagree on \
                     it, so this one no longer carries it on. Start a new table, or ask the \
                     GM for a new link. Your rolls, characters and settings are all still here."
                </p>
                <button type="button" class="small" on:click=move |_| live.call(Call::OldTableRead)>"OK"</button>
            </div>
        })
    };
    let choices = move || {
        match waiting() {
        Some(code) => {
            let code_for_join = code.clone();
            view! {
                <section class="table-join" aria-labelledby="join-title">
                    <h2 id="join-title">"Join this table"</h2>
                    <p class="hint">"Your rolls will show on every phone at the table, and theirs on yours."</p>
                    {name_field()}
                    <button type="button" class="primary" on:click=move |_| join(code_for_join.clone())>
                        "Join the table"
                    </button>
                </section>
            }
            .into_any()
        }
        None => view! {
            <section class="table-start" aria-labelledby="start-title">
                <h2 id="start-title">"Play together"</h2>
                <p class="hint">
                    "Start a table and share its link: every roll made at the table shows on \
                     every phone there, the GM sends their side, and the story points are one \
                     pool for all."
                </p>
                {name_field()}
                <button type="button" class="primary" on:click=move |_| if !name_first() { start(live) }>"Start a table"</button>
                <h2>"Join a table"</h2>
                <label class="field">
                    <span>"The table's link"</span>
                    <input
                        type="url"
                        prop:value=move || pasted.get()
                        on:input=move |ev| pasted.set(event_target_value(&ev))
                    />
                </label>
                <button type="button" on:click=move |_| {
                    let text = pasted.get_untracked();
                    if text.trim().is_empty() {
                        return table.snackbar.say("Paste the table's link first: the GM can copy it from their Table page.");
                    }
                    let code = text.rsplit_once("join=").map_or(text.as_str(), |(_, c)| c).to_string();
                    join(code);
                }>"Join"</button>
            </section>
        }
        .into_any(),
    }
    };
    view! { {old_table} {choices} <Relays live/> }
}

/// Focuses the field for the player's name at the table.
fn focus_name() {
    focus_by_id("table-name");
}

/// At a table.
#[component]
fn AtTable(table: TableHook, live: Live) -> impl IntoView {
    let link = Memo::new(move |_| {
        let code = live.view.with(|v| v.code.clone());
        format!("{}{}", page_url(), Page::join_href(&code))
    });
    let am_gm = Memo::new(move |_| live.view.with(|v| v.am_gm));
    let ended = Memo::new(move |_| live.view.with(|v| v.ended));
    let joining = Memo::new(move |_| live.view.with(|v| v.joining));
    let turned_away = Memo::new(move |_| live.view.with(|v| v.turned_away));
    // Removed, or here by an out-of-date link: nothing to send, no link to share.
    let shut = Memo::new(move |_| live.view.with(|v| v.removed_by.is_some() || v.stale_link));
    let show_qr = RwSignal::new(false);
    let copy = move |_| {
        table
            .snackbar
            .copy(link.get_untracked(), "Copied the table's link.")
    };
    let share = move |_| table.snackbar.share(link.get_untracked());
    view! {
        <p class="table-role">
            {move || if shut.get() { "You are not at this table.".to_string() } else if am_gm.get() { "You are the GM of this table.".to_string() } else {
                let gm = live.view.with(|v| {
                    v.people.iter().find(|p| p.gm).map(|p| p.shown.clone())
                        .unwrap_or_else(|| "the GM".into())
                });
                format!("You are at {gm}'s table.")
            }}
        </p>
        {move || joining.get().then(|| view! {
            <p class="hint" role="status">"Reaching the table: you join as soon as its messages arrive."</p>
        })}
        {move || turned_away.get().then(|| view! {
            <p class="refusal" role="alert">
                "This table has taken in all the people it takes (64), so you are not at it. \
                 Leave it, and ask the GM to start a new table."
            </p>
        })}
        {move || ended.get().then(|| view! {
            <p class="refusal" role="alert">"The GM has ended this table. Leave it to start or join another."</p>
        })}
        <ShutOut live/>
        {move || (!shut.get()).then(|| view! { <SendChoice live/> })}
        {move || (!shut.get() && live.view.with(|v| v.asks.iter().any(|a| v.am_gm || a.asks_me))).then(|| view! {
            <div class="table-requests"><Requests live/></div>
        })}
        <div class="table-columns">
            <TableLog live/>
            <div class="table-side-column">
                <DestinyPool live/>
                <People live/>
                {move || am_gm.get().then(|| view! { <RemovePlayers table live/> })}
                <section class="table-invite" aria-labelledby="invite-title" hidden=move || shut.get()>
                    <h2 id="invite-title">"Invite"</h2>
                    <p class="hint">"Anyone with this link joins the table: share it only with the players."</p>
                    <label class="field">
                        <span>"Table link"</span>
                        <input type="text" readonly prop:value=move || link.get()/>
                    </label>
                    <div class="row-actions">
                        <button type="button" on:click=copy>"Copy link"</button>
                        {can_share_text().then(|| view! { <button type="button" on:click=share>"Share link"</button> })}
                        <button type="button" aria-expanded=move || show_qr.get().to_string() on:click=move |_| show_qr.update(|s| *s = !*s)>
                            "QR code"
                        </button>
                    </div>
                    {move || show_qr.get().then(|| view! { <Lazy preload=qr::preload draw=move || qr::qr_picture(link.get())/> })}
                </section>
                <Relays live/>
                <Leaving table live/>
            </div>
        </div>
    }
}

/// This phone shut out of the table: removed by the GM, or at it by a link from before the
/// GM gave the table a new key. It reads what came before; the GM's new link lets it in.
#[component]
fn ShutOut(live: Live) -> impl IntoView {
    let said = Memo::new(move |_| {
        live.view.with(|v| match (&v.removed_by, v.stale_link) {
            (Some(gm), _) => Some(format!(
                "{gm} removed you from this table: nothing sent from now on reaches this \
                 phone, and your rolls stay on it (in History). Leave the table below, or \
                 open a new link if the GM sends you one."
            )),
            (None, true) => Some(
                "This link is out of date: the GM has changed the table's link since. It shows \
                 only what came before, and does not let you in. Ask the GM for the new link \
                 and open it."
                    .to_string(),
            ),
            _ => None,
        })
    });
    move || {
        said.get()
            .map(|text| view! { <p class="refusal" role="alert">{text}</p> })
    }
}

/// The GM removes players (one, or every phone not on the list kept): the table moves to a
/// new key the ticked are not given. Asked once more before it goes: it cannot be undone.
#[component]
fn RemovePlayers(table: TableHook, live: Live) -> impl IntoView {
    let players = Memo::new(move |_| {
        live.view.with(|v| {
            v.people
                .iter()
                .filter(|p| !p.me)
                .map(|p| (p.pubkey.clone(), p.shown.clone()))
                .collect::<Vec<_>>()
        })
    });
    let ticked = RwSignal::new(Vec::<String>::new());
    // Only those still at the table count (one may leave while ticked).
    let chosen = move || {
        let keys = ticked.get();
        players.with(|p| {
            p.iter()
                .filter(|(k, _)| keys.contains(k))
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let asked = RwSignal::new(false);
    let names = move || {
        let names: Vec<String> = chosen().into_iter().map(|(_, n)| n).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    };
    move || {
        (!players.get().is_empty()).then(|| view! {
            <details class="fold table-remove">
                <summary>"Remove players"</summary>
                <p class="hint">
                    "Tick who goes. Their phones read nothing sent from now on, and the table \
                     gets a new link: the old one no longer lets anyone in."
                </p>
                <fieldset class="tick-list">
                    <legend class="visually-hidden">"Players to remove"</legend>
                    {players.get().into_iter().map(|(key, name)| {
                        let (k, k2) = (key.clone(), key);
                        view! {
                            <label class="tick-row">
                                <input type="checkbox"
                                    prop:checked=move || ticked.with(|t| t.contains(&k))
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        ticked.update(|t| {
                                            t.retain(|x| *x != k2);
                                            if on {
                                                t.push(k2.clone());
                                            }
                                        });
                                        asked.set(false);
                                    }/>
                                <span>{name}</span>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
                {move || if asked.get() {
                    view! {
                        <div class="confirm" role="group" aria-label="Sure?">
                            <p>{format!("Remove {}? This cannot be undone.", names())}</p>
                            <div class="row-actions">
                                <button type="button" class="danger" on:click=move |_| {
                                    asked.set(false);
                                    let out: Vec<String> = chosen().into_iter().map(|(k, _)| k).collect();
                                    ticked.set(Vec::new());
                                    live.call(Call::Remove(out));
                                }>"Remove"</button>
                                <button type="button" on:click=move |_| asked.set(false)>"Cancel"</button>
                            </div>
                        </div>
                    }.into_any()
                } else {
                    view! {
                        <button type="button" class="danger" on:click=move |_| {
                            if chosen().is_empty() {
                                table.snackbar.say("Tick the players to remove first.");
                            } else {
                                asked.set(true);
                            }
                        }>"Remove ticked players"</button>
                    }.into_any()
                }}
            </details>
        })
    }
}

/// Who is at the table.
#[component]
fn People(live: Live) -> impl IntoView {
    let people = move || live.view.with(|v| v.people.clone());
    view! {
        <section class="table-people" aria-labelledby="people-title">
            <h2 id="people-title">"At the table"</h2>
            <ul>
                {move || people().into_iter().map(|p| view! {
                    <li>
                        <span class="person-name">{p.shown.clone()}</span>
                        {p.gm.then(|| view! { <span class="tag">"GM"</span> })}
                        {p.me.then(|| view! { <span class="tag">"you"</span> })}
                    </li>
                }).collect_view()}
            </ul>
        </section>
    }
}

/// The table's one Destiny pool: light flips from any phone, the start and dark flips from
/// the GM only (a player has no control that sets it).
#[component]
fn DestinyPool(live: Live) -> impl IntoView {
    let pool = Memo::new(move |_| live.view.with(|v| v.pool.unwrap_or_default()));
    let started = Memo::new(move |_| live.view.with(|v| v.pool.is_some()));
    let am_gm = Memo::new(move |_| live.view.with(|v| v.am_gm));
    let light = RwSignal::new(pool.get_untracked().light);
    let dark = RwSignal::new(pool.get_untracked().dark);
    // The fields follow the pool (a player's flip included) until the GM types in them, so
    // Set never quietly undoes a flip; what the GM typed stays until it is set.
    let typed = RwSignal::new(false);
    Effect::new(move |_| {
        let now = pool.get();
        if !typed.get_untracked() {
            light.set(now.light);
            dark.set(now.dark);
        }
    });
    let stepper = move |label: &'static str, value: RwSignal<u8>| {
        view! {
            <label class="field small-field">
                <span>{label}</span>
                <input
                    type="number"
                    min="0"
                    max="20"
                    inputmode="numeric"
                    prop:value=move || value.get().to_string()
                    on:input=move |ev| {
                        let n = event_target_value(&ev).trim().parse::<u8>().unwrap_or(0).min(20);
                        value.set(n);
                        typed.set(true);
                    }
                />
            </label>
        }
    };
    view! {
        <section class="table-pool" aria-labelledby="pool-title">
            <h2 id="pool-title">"Destiny pool"</h2>
            <p class="pool-count" aria-live="polite">
                {move || {
                    let p = pool.get();
                    let pips = |n: u8, class: &'static str| (0..n).map(|_| view! { <span class=class aria-hidden="true"></span> }).collect_view();
                    let words = if started.get() {
                        format!("{} light, {} dark", p.light, p.dark)
                    } else {
                        "Not started yet: the GM sets it.".to_string()
                    };
                    view! {
                        <span class="pips">{pips(p.light, "pip-light")}{pips(p.dark, "pip-dark")}</span>
                        <span>{words}</span>
                    }
                }}
            </p>
            // A phone shut out of the table (removed, or by an old link) reads the pool only.
            <div class="row-actions" hidden=move || live.view.with(|v| v.removed_by.is_some() || v.stale_link)>
                <button type="button" disabled=move || pool.get().light == 0
                    on:click=move |_| live.say(What::Flip { from: PointSide::Light, check: None }, false)>
                    "Flip a light point"
                </button>
                {move || am_gm.get().then(|| view! {
                    <button type="button" disabled=move || pool.get().dark == 0
                        on:click=move |_| live.say(What::Flip { from: PointSide::Dark, check: None }, false)>
                        "Flip a dark point"
                    </button>
                })}
            </div>
            {move || am_gm.get().then(|| view! {
                <div class="pool-set" role="group" aria-label="Set the pool">
                    <p class="hint">"As the GM, start or set the pool:"</p>
                    {stepper("Light", light)}
                    {stepper("Dark", dark)}
                    <button type="button" on:click=move |_| {
                        live.say(
                            What::Points { light: light.get_untracked(), dark: dark.get_untracked() },
                            false,
                        );
                        typed.set(false);
                    }>"Set the pool"</button>
                </div>
            })}
        </section>
    }
}

/// Where this device's rolls go; the same choice as on the roll bar.
#[component]
pub fn SendChoice(
    live: Live,
    /// In a tray's corner: the label is for screen readers, the choice says it to the eye.
    #[prop(optional)]
    short: bool,
) -> impl IntoView {
    let current = move || live.view.with(|v| v.send_to);
    let pick = move |ev: leptos::ev::Event| {
        let to = match event_target_value(&ev).as_str() {
            "gm" => SendTo::Gm,
            "nobody" => SendTo::Nobody,
            _ => SendTo::Table,
        };
        live.call(Call::SendTo(to));
    };
    view! {
        <label class="send-choice" class:short=short>
            <span class:visually-hidden=short>"My rolls go"</span>
            <select on:change=pick>
                <option value="table" selected=move || current() == SendTo::Table>"to the table"</option>
                <option value="gm" selected=move || current() == SendTo::Gm>"to the GM only"</option>
                <option value="nobody" selected=move || current() == SendTo::Nobody>"nowhere"</option>
            </select>
        </label>
    }
}

/// Each relay and its state; the device's own list, used by the tables it starts.
#[component]
pub fn Relays(live: Live) -> impl IntoView {
    let own = move || live.view.with(|v| v.own_relays.join("\n"));
    // The field shows the kept list once it is read, unless the player has typed since.
    Effect::new(move |shown: Option<String>| {
        let own = own();
        if live.typed_relays.get_untracked() == shown.unwrap_or_default() {
            live.typed_relays.set(own.clone());
        }
        own
    });
    // Away from a table the list is read when the fold is opened, not before: reading it
    // fetches the protocol's module.
    let read = move |_| {
        if !live.view.with_untracked(|v| v.at) {
            live.call(Call::Load);
        }
    };
    let save = move |_| {
        live.call(Call::Relays(live.typed_relays.get_untracked()));
    };
    view! {
        <details class="fold table-relays" on:toggle=read>
            <summary>"Live table relays"</summary>
            <ul>
                {move || live.relays.get().into_iter().map(|(url, state)| view! {
                    <li><span class="relay-url">{url}</span>" "<span class="hint">{state.words()}</span></li>
                }).collect_view()}
                // No table yet: the relays kept here, each said to be unused until one starts.
                {move || (live.relays.with(Vec::is_empty) && !live.view.with(|v| v.at)).then(|| {
                    live.view.with(|v| v.own_relays.clone()).into_iter().map(|url| view! {
                        <li><span class="relay-url">{url}</span>" "<span class="hint">"not connected: used when you start a table"</span></li>
                    }).collect_view()
                })}
            </ul>
            <label class="field">
                <span>"Relays for tables I start, one per line (empty: the well-known public ones)"</span>
                <textarea rows="3"
                    prop:value=move || live.typed_relays.get()
                    on:input=move |ev| live.typed_relays.set(event_target_value(&ev))
                ></textarea>
            </label>
            <button type="button" class="small" on:click=save>"Save relays"</button>
        </details>
    }
}

/// Leave; for the GM, hand the role over or end the table.
#[component]
fn Leaving(table: TableHook, live: Live) -> impl IntoView {
    let am_gm = Memo::new(move |_| live.view.with(|v| v.am_gm));
    let others = Memo::new(move |_| {
        live.view.with(|v| {
            v.people
                .iter()
                .filter(|p| !p.me)
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let heir = RwSignal::new(String::new());
    // Leave or End tapped, waiting for the second tap: `Some(true)` to end the table.
    let asked = RwSignal::new(None::<bool>);
    view! {
        <section class="table-leave" aria-labelledby="leave-title">
            <h2 id="leave-title">"Leave"</h2>
            {move || (am_gm.get() && !others.get().is_empty()).then(|| view! {
                <div class="pool-set">
                    <label class="field">
                        <span>"Hand the GM role to"</span>
                        <select on:change=move |ev| heir.set(event_target_value(&ev))>
                            <option value="">"choose a player"</option>
                            {others.get().into_iter().map(|p| view! { <option value=p.pubkey.clone()>{p.shown.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                    <button type="button" on:click=move |_| {
                        let to = heir.get_untracked();
                        if to.is_empty() {
                            table.snackbar.say("Choose the player who becomes the GM first.");
                        } else {
                            let name = others.with_untracked(|o| {
                                o.iter().find(|p| p.pubkey == to).map(|p| p.shown.clone())
                            });
                            live.call(Call::HandOver(to));
                            if let Some(name) = name {
                                table.snackbar.say(format!("{name} is the GM now."));
                            }
                        }
                    }>"Hand over"</button>
                </div>
            })}
            {move || match asked.get() {
                None => view! {
                    <div class="row-actions">
                        {(!am_gm.get() || others.get().is_empty()).then(|| view! {
                            <button type="button" on:click=move |_| asked.set(Some(false))>"Leave the table"</button>
                        })}
                        {am_gm.get().then(|| view! {
                            <button type="button" class="danger" on:click=move |_| asked.set(Some(true))>"End the table"</button>
                        })}
                    </div>
                }.into_any(),
                // Asked once more, beside what was tapped: leaving by a slip costs the table.
                Some(end) => view! {
                    <div class="confirm" role="group" aria-label="Sure?">
                        <p>{if end {
                            "End the table for everyone? Every phone is told; your rolls stay in History."
                        } else if live.view.with_untracked(|v| v.removed_by.is_some() || v.stale_link) {
                            // Shut out: no phone is told, and the old link brings no one back.
                            "Leave this table? Your rolls stay in History."
                        } else {
                            "Leave this table? Every phone is told; your rolls stay in History, and its link brings you back."
                        }}</p>
                        <div class="row-actions">
                            <button type="button" class="danger" on:click=move |_| {
                                asked.set(None);
                                live.call(Call::Leave(end));
                                table.snackbar.say(if end {
                                    "The table is over for everyone."
                                } else {
                                    "You left the table. Its link brings you back."
                                });
                            }>{if end { "End it" } else { "Leave" }}</button>
                            <button type="button" on:click=move |_| asked.set(None)>"Stay"</button>
                        </div>
                    </div>
                }.into_any(),
            }}
        </section>
    }
}

lazy::split! { module table_at, preload preload_at_table;
    /// At a table: its own module, so the page opens a link's Join form without it.
    fn at_table_part(table: TableHook, live: Live) -> AnyView {
        view! { <AtTable table live/> }.into_any()
    }
}
