//! The table's connection, one per app: a socket to each relay, the table's state kept on
//! the device, and what the trays hand it sent in order. Everything a relay sends is
//! untrusted: it goes through `table::Table::receive`, which drops what it must.
//!
//! Sockets are the browser's (`WebSocket`), kept outside Leptos's signals (they are not
//! `Send`); what the views read (the table, each relay's state) is in signals.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use super::service::{Call, Reply, TableView};
use super::table_service;
use crate::core::story_points::PointCounts;
use crate::route::Page;
use crate::storage::entry_link_text;
use crate::table::relays::backoff_ms;
use crate::table::{PointSide, What};
use crate::ui::platform::browser::now_ms;
use crate::ui::shell::app_data::AppData;
use crate::ui::table::hook::Outgoing;

/// How often presence is said while the page is shown: at most once a minute.
const PRESENCE_EVERY_S: u64 = 60;
/// How long received frames wait to be read together (a flood is read in one pass).
const BATCH: Duration = Duration::from_millis(40);

/// A relay's state, as the Table page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayState {
    /// Opening the socket.
    Connecting,
    /// Connected and subscribed.
    Live,
    /// Closed; trying again after this many seconds.
    Retrying(u32),
    /// The relay said no to something: its words.
    Said(String),
}

impl RelayState {
    /// In words, for the relay list.
    pub fn words(&self) -> String {
        match self {
            Self::Connecting => "connecting…".into(),
            Self::Live => "connected".into(),
            Self::Retrying(s) => format!("no connection; trying again in {s} s"),
            Self::Said(what) => format!("connected; it said: {what}"),
        }
    }
}

/// The table's connection and what the views read of it; cheap to copy.
#[derive(Clone, Copy)]
pub struct Live {
    data: AppData,
    /// The table as the protocol's module last described it.
    pub view: RwSignal<TableView>,
    /// Each relay and its state, in the table's order.
    pub relays: RwSignal<Vec<(String, RelayState)>>,
    /// Frames received and not yet read: (relay index, text).
    inbox: StoredValue<Vec<(usize, String)>>,
    /// A read of the inbox is due.
    reading: StoredValue<bool>,
    /// When presence was last said, in seconds, and its frame: a relay that connects later
    /// gets the same event, so presence stays at most one a minute.
    said_here: StoredValue<u64>,
    here_frame: StoredValue<Option<String>>,
    /// Ids of my refused flips already told.
    told: StoredValue<Vec<String>>,
    /// This tab holds the phone's connection (Web Locks): only one tab talks to relays.
    holder: StoredValue<bool>,
    /// Presence is due for someone who just came.
    here_due: StoredValue<bool>,
    /// The name typed in the join or start form, kept if the player leaves the page.
    pub typed_name: RwSignal<String>,
    /// What is typed in the relays' field.
    pub typed_relays: RwSignal<String>,
}

/// One relay's socket, and the handlers it holds (dropped with it).
struct Socket {
    url: String,
    socket: Option<web_sys::WebSocket>,
    attempt: u32,
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _others: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

thread_local! {
    static SOCKETS: RefCell<Vec<Socket>> = const { RefCell::new(Vec::new()) };
}

fn now_s() -> u64 {
    now_ms() / 1000
}

impl Live {
    /// The app's one connection, started the first time it is asked for.
    pub fn of(data: AppData) -> Self {
        data.state(Self::start)
    }

    fn start(data: AppData) -> Self {
        let live = Self {
            data,
            view: RwSignal::new(TableView::default()),
            relays: RwSignal::new(Vec::new()),
            inbox: StoredValue::new(Vec::new()),
            reading: StoredValue::new(false),
            said_here: StoredValue::new(0),
            here_frame: StoredValue::new(None),
            told: StoredValue::new(Vec::new()),
            holder: StoredValue::new(false),
            here_due: StoredValue::new(false),
            typed_name: RwSignal::new(String::new()),
            typed_relays: RwSignal::new(String::new()),
        };
        // Away from a table nothing needs the protocol's module: the Table page's start and
        // join forms open without it, and it is fetched when a table is started or joined.
        if data.table.at_table.get_untracked() {
            live.call(Call::Load);
        }
        live.hold_connection();
        // What the trays hand over is sent as it comes.
        Effect::new(move |_| {
            data.table.queued.get();
            live.send_waiting();
        });
        live.listen();
        live
    }

    /// Asks the protocol's module (fetched the first time) and takes its answer.
    pub fn call(&self, call: Call) {
        let this = *self;
        leptos::task::spawn_local(async move {
            match table_service(call).await {
                Ok(reply) => this.took(reply),
                Err(_) => this.data.snackbar.say(
                    "The live table's code could not be fetched: check the connection and \
                     try again.",
                ),
            }
        });
    }

    /// Takes an answer: draws the table, sends what must go out, says what must be said.
    fn took(&self, reply: Reply) {
        let before = self
            .view
            .with_untracked(|v| (v.at, v.code.clone(), v.relays.clone()));
        let after = (
            reply.view.at,
            reply.view.code.clone(),
            reply.view.relays.clone(),
        );
        // Set only on a change: what follows these redraws when they are set.
        if self.data.table.at_table.get_untracked() != reply.view.at {
            self.data.table.at_table.set(reply.view.at);
        }
        if self.data.table.gm.get_untracked() != reply.view.am_gm {
            self.data.table.gm.set(reply.view.am_gm);
        }
        let pool_before = self.view.with_untracked(|v| v.pool);
        let people_before: Vec<String> = self
            .view
            .with_untracked(|v| v.people.iter().map(|p| p.pubkey.clone()).collect());
        let newcomer = reply
            .view
            .people
            .iter()
            .any(|p| !p.me && !people_before.contains(&p.pubkey));
        let pool = reply.view.pool;
        let at = reply.view.at;
        self.view.set(reply.view);
        if at && pool != pool_before {
            self.mirror_pool(pool);
        }
        if newcomer && !people_before.is_empty() {
            self.presence_for_newcomer();
        }
        if let Some(frame) = reply.presence {
            self.said_here.set_value(now_s());
            self.here_frame.set_value(Some(frame));
        }
        if before != after {
            // Another table, or none: the sockets follow, after the last words went out.
            for frame in &reply.publish {
                self.send_all(frame);
            }
            let this = *self;
            let leaving = !after.0;
            set_timeout(
                move || {
                    if this.holder.get_value() {
                        this.disconnect_all();
                        this.connect_all();
                    }
                },
                Duration::from_millis(if leaving { 800 } else { 0 }),
            );
        } else {
            for frame in &reply.publish {
                self.send_all(frame);
            }
        }
        for (index, message) in reply.said {
            if !message.is_empty() {
                self.set_state(index, RelayState::Said(short(&message)));
            }
        }
        if reply.wrong_clock {
            self.data.snackbar.tell(
                "A relay refused this phone's message for its time: check that the phone's \
                 clock is set automatically.",
            );
        }
        if let Some(reason) = reply.refused {
            self.data.snackbar.say(reason);
        } else if let Some(done) = reply.done {
            self.data.snackbar.say(done);
        }
        self.tell_refused_flips();
    }

    /// The tray's story points follow the table's one Destiny pool: light side points are
    /// the players', dark side the GM's.
    fn mirror_pool(&self, pool: crate::table::Pool) {
        let counts = PointCounts {
            players: u32::from(pool.light),
            gm: u32::from(pool.dark),
        };
        self.data.story_points().update(|points| {
            if points.counts() != counts {
                let _ = points.set(counts);
                // The table's change is not this phone's to undo.
                points.forget_undo();
            }
        });
    }

    /// Someone new is here: they hear who else is as soon as presence may be said again
    /// (at most once a minute).
    fn presence_for_newcomer(&self) {
        if self.here_due.get_value() {
            return;
        }
        let wait = (self.said_here.get_value() + PRESENCE_EVERY_S).saturating_sub(now_s());
        self.here_due.set_value(true);
        let this = *self;
        set_timeout(
            move || {
                this.here_due.set_value(false);
                if page_visible() {
                    this.say_here();
                }
            },
            Duration::from_secs(wait),
        );
    }

    /// Says `what` to the table (or to the GM only).
    pub fn say(&self, what: What, to_gm: bool) {
        self.call(Call::Say(what, to_gm));
    }

    fn send_all(&self, frame: &str) {
        SOCKETS.with(|s| {
            for socket in s.borrow().iter() {
                if let Some(ws) = &socket.socket
                    && ws.ready_state() == web_sys::WebSocket::OPEN
                {
                    let _ = ws.send_with_str(frame);
                }
            }
        });
    }

    /// Sends what the trays handed over, in order.
    fn send_waiting(&self) {
        for outgoing in self.data.table.take() {
            match outgoing {
                Outgoing::Roll(entry) => self.call(Call::Roll(roll_of(&entry))),
                Outgoing::Amend(entry, why) => {
                    self.call(Call::Amend(roll_of(&entry), entry.id, why));
                }
                Outgoing::Flip(light) => {
                    let from = if light {
                        PointSide::Light
                    } else {
                        PointSide::Dark
                    };
                    self.say(What::Flip { from }, false);
                }
                Outgoing::Undo => {
                    // The table takes back this phone's last flip; the GM's set-up, undone,
                    // is the GM's to set again.
                    let last = self.view.with_untracked(|v| {
                        v.log
                            .iter()
                            .rev()
                            .find(|e| {
                                e.mine
                                    && !e.undone
                                    && !e.refused
                                    && matches!(e.what, What::Flip { .. } | What::Points { .. })
                            })
                            .map(|e| e.id.clone())
                    });
                    if let Some(of) = last {
                        self.say(What::Undo { of }, false);
                    }
                }
                Outgoing::Points(light, dark) => {
                    let cap = |n: u32| n.min(20) as u8;
                    self.say(
                        What::Points {
                            light: cap(light),
                            dark: cap(dark),
                        },
                        false,
                    );
                }
                Outgoing::Side(page, challenge) => {
                    self.say(
                        What::Side {
                            tray: page.path().to_string(),
                            challenge,
                        },
                        false,
                    );
                    self.data.snackbar.say("Your side is sent to the table.");
                }
            }
        }
    }

    fn say_here(&self) {
        // Presence is the connected tab's to say: another tab's would go nowhere.
        if !self.holder.get_value() {
            return;
        }
        let name = self.view.with_untracked(|v| v.at.then(|| v.name.clone()));
        if let Some(name) = name {
            self.said_here.set_value(now_s());
            self.say(What::Here { name }, false);
        }
    }

    /// Asks for the phone's one connection to the relays (Web Locks): granted, this tab
    /// connects and holds it while it lives; another tab follows the table through storage
    /// (what it says waits in the outbox, which the holder sends). Without Web Locks every
    /// tab connects: relays and phones take each event once, by its id.
    fn hold_connection(&self) {
        use wasm_bindgen::JsValue;
        let this = *self;
        let take = move || {
            this.holder.set_value(true);
            this.connect_all();
        };
        let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
            return;
        };
        let locks = js_sys::Reflect::get(&navigator, &"locks".into()).unwrap_or(JsValue::UNDEFINED);
        let request = js_sys::Reflect::get(&locks, &"request".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let Some(request) = request.filter(|_| !locks.is_undefined()) else {
            take();
            return;
        };
        let granted = Closure::once_into_js(move |_lock: JsValue| -> js_sys::Promise {
            take();
            // Never settles: the lock is held until the tab goes.
            js_sys::Promise::new(&mut |_, _| {})
        });
        if request
            .call2(&locks, &"dicetray-table".into(), &granted)
            .is_err()
        {
            take();
        }
    }

    /// Opens a socket to every relay of the table not connected yet.
    fn connect_all(&self) {
        let urls = self
            .view
            .with_untracked(|v| if v.at { v.relays.clone() } else { Vec::new() });
        self.relays.set(
            urls.iter()
                .map(|u| (u.clone(), RelayState::Connecting))
                .collect(),
        );
        SOCKETS.with(|s| {
            let mut sockets = s.borrow_mut();
            sockets.retain(|socket| urls.contains(&socket.url));
            for url in &urls {
                if !sockets.iter().any(|socket| &socket.url == url) {
                    sockets.push(Socket {
                        url: url.clone(),
                        socket: None,
                        attempt: 0,
                        _handlers: Vec::new(),
                        _others: Vec::new(),
                    });
                }
            }
        });
        for index in 0..urls.len() {
            self.connect(index);
        }
    }

    fn disconnect_all(&self) {
        SOCKETS.with(|s| {
            for socket in s.borrow_mut().drain(..) {
                if let Some(ws) = socket.socket {
                    ws.set_onclose(None);
                    let _ = ws.close();
                }
            }
        });
        self.relays.set(Vec::new());
    }

    fn set_state(&self, index: usize, state: RelayState) {
        self.relays.update(|r| {
            if let Some(entry) = r.get_mut(index) {
                entry.1 = state;
            }
        });
    }

    /// Opens relay `index`'s socket, unless it is open or opening.
    fn connect(&self, index: usize) {
        let this = *self;
        let Some(url) = SOCKETS.with(|s| {
            s.borrow().get(index).and_then(|socket| {
                let busy = socket.socket.as_ref().is_some_and(|ws| {
                    ws.ready_state() == web_sys::WebSocket::OPEN
                        || ws.ready_state() == web_sys::WebSocket::CONNECTING
                });
                (!busy).then(|| socket.url.clone())
            })
        }) else {
            return;
        };
        let Ok(ws) = web_sys::WebSocket::new(&url) else {
            self.set_state(index, RelayState::Said("not a relay address".into()));
            return;
        };
        self.set_state(index, RelayState::Connecting);
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                if let Some(text) = event.data().as_string() {
                    this.received(index, text);
                }
            },
        );
        let on_open = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| this.opened(index));
        let on_close = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| this.closed(index));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        SOCKETS.with(|s| {
            if let Some(socket) = s.borrow_mut().get_mut(index) {
                socket.socket = Some(ws);
                socket._handlers = vec![on_message];
                socket._others = vec![on_open, on_close];
            }
        });
    }

    /// A socket opened: ask for the table's events since the last one seen, send what
    /// waits in the outbox (a resend keeps its id, so nothing is doubled) and presence.
    fn opened(&self, index: usize) {
        let this = *self;
        leptos::task::spawn_local(async move {
            let Ok(reply) = table_service(Call::Opened).await else {
                return;
            };
            let fresh = now_s() < this.said_here.get_value() + PRESENCE_EVERY_S;
            let here = if fresh {
                this.here_frame.get_value()
            } else {
                None
            };
            SOCKETS.with(|s| {
                if let Some(socket) = s.borrow_mut().get_mut(index) {
                    socket.attempt = 0;
                    if let Some(ws) = &socket.socket {
                        for frame in reply.opening.iter().chain(&here) {
                            let _ = ws.send_with_str(frame);
                        }
                    }
                }
            });
            this.set_state(index, RelayState::Live);
            if !fresh && page_visible() {
                this.say_here();
            }
        });
    }

    /// A socket closed: try again after a while that grows, with jitter.
    fn closed(&self, index: usize) {
        let attempt = SOCKETS.with(|s| {
            s.borrow_mut().get_mut(index).map(|socket| {
                socket.attempt = socket.attempt.saturating_add(1);
                socket.socket = None;
                socket.attempt
            })
        });
        let Some(attempt) = attempt else {
            return;
        };
        let jitter = (js_sys::Math::random() * 1000.0) as u32;
        let wait = backoff_ms(attempt, jitter);
        self.set_state(index, RelayState::Retrying(wait.div_ceil(1000)));
        let this = *self;
        set_timeout(
            move || this.connect(index),
            Duration::from_millis(u64::from(wait)),
        );
    }

    fn received(&self, index: usize, text: String) {
        self.inbox.update_value(|inbox| {
            // A flood is cut here: what is past this waits for the relay to send it again.
            if inbox.len() < 2_000 {
                inbox.push((index, text));
            }
        });
        if !self.reading.get_value() {
            self.reading.set_value(true);
            let this = *self;
            set_timeout(move || this.read_inbox(), BATCH);
        }
    }

    /// Hands every frame waiting to the protocol in one call.
    fn read_inbox(&self) {
        self.reading.set_value(false);
        let mut frames = Vec::new();
        self.inbox
            .update_value(|inbox| frames = std::mem::take(inbox));
        if !frames.is_empty() {
            self.call(Call::Frames(frames));
        }
    }

    /// A flip of mine that every phone refuses (no point of that side was left) is said once.
    fn tell_refused_flips(&self) {
        let refused: Vec<String> = self.view.with_untracked(|v| {
            v.log
                .iter()
                .filter(|e| e.mine && e.refused)
                .map(|e| e.id.clone())
                .collect()
        });
        let new: Vec<String> = self.told.with_value(|told| {
            refused
                .into_iter()
                .filter(|id| !told.contains(id))
                .collect()
        });
        if !new.is_empty() {
            self.told.update_value(|told| told.extend(new));
            self.data.snackbar.tell(
                "Your story point flip was refused: another player took the last point of \
                 that side first.",
            );
        }
    }

    /// Phones close sockets in background tabs: on coming back, reconnect and catch up;
    /// presence is said at most once a minute, and never while the page is hidden.
    fn listen(&self) {
        let this = *self;
        let back = move || {
            if !this.view.with_untracked(|v| v.at) || !this.holder.get_value() {
                return;
            }
            let count = SOCKETS.with(|s| s.borrow().len());
            if count == 0 {
                this.connect_all();
            }
            for index in 0..count {
                this.connect(index);
            }
            if page_visible() && now_s() >= this.said_here.get_value() + PRESENCE_EVERY_S {
                this.say_here();
            }
        };
        let a = window_event_listener(leptos::ev::visibilitychange, move |_| back());
        let b = window_event_listener(leptos::ev::pageshow, move |_| back());
        let c = window_event_listener(leptos::ev::online, move |_| back());
        let interval = set_interval_with_handle(
            move || {
                if page_visible()
                    && this.view.with_untracked(|v| v.at)
                    && now_s() >= this.said_here.get_value() + PRESENCE_EVERY_S
                {
                    this.say_here();
                }
            },
            Duration::from_secs(PRESENCE_EVERY_S),
        )
        .ok();
        // Another tab joined, left or changed the table: read it again.
        let d = window_event_listener(leptos::ev::storage, move |event| {
            if event.key().as_deref() == Some(crate::storage::table::KEY) {
                this.call(Call::Load);
            }
        });
        // The connection lasts the visit; these go only with the app.
        std::mem::forget((a, b, c, d, interval));
    }
}

/// A roll as History keeps it, as the table's message carries it.
fn roll_of(entry: &crate::core::history::HistoryEntry) -> What {
    What::Roll {
        tray: entry.roll.tray_key().to_string(),
        label: entry.label.clone(),
        roll: entry_link_text(entry),
    }
}

fn page_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

fn short(message: &str) -> String {
    message.chars().take(80).collect()
}

pub use crate::storage::table::SendTo;

/// The page a tray key names (`narrative`, `d6`, `el`).
pub fn tray_page(key: &str) -> Option<Page> {
    Page::from_path(key).filter(|p| Page::TRAYS.contains(p))
}
