//! The table's connection, one per app: a socket to each relay, the table's state kept on
//! the device, and what the trays hand it sent in order. Everything a relay sends is
//! untrusted: a frame longer than the protocol allows is not read, a relay that sends more
//! than [`MAX_RELAY_BYTES_PER_S`] is cut off for a while, and every event goes through
//! `table::Table::take`, which drops what it must.
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
use crate::core::scene::Scene;
use crate::core::story_points::PointCounts;
use crate::route::Page;
use crate::storage::entry_link_text;
use crate::table::relays::{ByteBucket, backoff_ms};
use crate::table::scene::{SceneChange, scene_changes, short_id};
use crate::table::{LogEntry, PointSide, SceneAct, What, shown_log};
use crate::ui::platform::browser::now_ms;
use crate::ui::table::hook::{Outgoing, SceneMeant, TableHook};

/// How long received frames wait to be read together (a flood is read in one pass).
const BATCH: Duration = Duration::from_millis(40);
/// Bytes a relay may send unasked in one second (new events, notices) before it is
/// disconnected and backed off: far more than a table's traffic, far less than a flood.
pub const MAX_RELAY_BYTES_PER_S: usize = 512 * 1024;
/// Bytes of answers to this phone's own requests a relay may send in one second: a large
/// table's pages pass, a relay answering without end does not.
const MAX_ANSWER_BYTES_PER_S: usize = 8 * 1024 * 1024;
/// Bytes of frames waiting to be read at most: beyond it, what comes is dropped (relays
/// are asked again by what is missing).
const MAX_INBOX_BYTES: usize = 2 * 1024 * 1024;

/// How often, while the page is visible, each connected relay is asked whether it still
/// answers: a socket on a dead network may stay "open" for minutes.
const CHECK_EVERY: Duration = Duration::from_secs(3);
/// How long a relay may take to answer before its socket is taken for dead and opened anew.
const ANSWER_WITHIN_MS: u64 = 5_000;
/// The question: a request for an event no one has; a relay answers at once that it has no
/// more (`EOSE`). Asked again under the same id, it replaces the last one on the relay.
const PING: &str = r#"["REQ","ping",{"ids":["0000000000000000000000000000000000000000000000000000000000000000"],"limit":1}]"#;

/// The connection in a word, for the table's line in every tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// At least one relay answers.
    Connected,
    /// Opening the sockets.
    Connecting,
    /// The phone has no network.
    Offline,
    /// The network is there, but no relay answers.
    NoRelay,
}

impl Connection {
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Self::Connected => "connected",
            Self::Connecting => "connecting…",
            Self::Offline => "offline",
            Self::NoRelay => "no relay answers",
        }
    }

    /// Its name, for the dot's colour (`data-connection`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Connected => "connected",
            Self::Connecting => "connecting",
            Self::Offline => "offline",
            Self::NoRelay => "no-relay",
        }
    }
}

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
    /// The relay sent more than a table sends: cut off, tried again after this many seconds.
    Flooding(u32),
}

impl RelayState {
    /// In words, for the relay list.
    pub fn words(&self) -> String {
        match self {
            Self::Connecting => "connecting…".into(),
            Self::Live => "connected".into(),
            Self::Retrying(s) => format!("no connection; trying again in {s} s"),
            Self::Said(what) => format!("connected; it said: {what}"),
            Self::Flooding(s) => {
                format!("sent far more than a table does: cut off, trying again in {s} s")
            }
        }
    }
}

/// The table's connection and what the views read of it; cheap to copy.
#[derive(Clone, Copy)]
pub struct Live {
    /// The app's handle on the table.
    pub table: TableHook,
    /// The table as the protocol's module last described it.
    pub view: RwSignal<TableView>,
    /// The log's items as shown, newest first, each marked when its roll changed since it
    /// was sent: made once per change of the table, for the log and the trays' corner.
    pub shown: Memo<Vec<(LogEntry, bool)>>,
    /// Each relay and its state, in the table's order.
    pub relays: RwSignal<Vec<(String, RelayState)>>,
    /// Frames received and not yet read: (relay index, text), and their bytes.
    inbox: StoredValue<(Vec<(usize, String)>, usize)>,
    /// A read of the inbox is due.
    reading: StoredValue<bool>,
    /// Ids of my refused flips and undelivered rolls already told.
    told: StoredValue<Vec<String>>,
    /// This tab holds the phone's connection (Web Locks): only one tab talks to relays.
    holder: StoredValue<bool>,
    /// The name typed in the join or start form, kept if the player leaves the page.
    pub typed_name: RwSignal<String>,
    /// What is typed in the relays' field.
    pub typed_relays: RwSignal<String>,
    /// Whether the browser says it has a network.
    pub online: RwSignal<bool>,
    /// Others' rolls looked at (their ids): the trays count what came since. `None` until
    /// the kept table is read.
    pub seen: RwSignal<Option<Vec<String>>>,
    /// A relay has answered in this visit: after that, no answer is news, not a start.
    connected_once: RwSignal<bool>,
}

/// One relay's socket, and the handlers it holds (dropped with it).
struct Socket {
    url: String,
    socket: Option<web_sys::WebSocket>,
    attempt: u32,
    /// Bytes received lately, leaking at their rates: unasked, and answers.
    received: (ByteBucket, ByteBucket),
    /// The live request has ended its stored events: what comes on it now is unasked.
    live_ended: bool,
    /// When this relay was last cut off for flooding (ms): its backoff is kept a while.
    flooded_at: u64,
    /// When it was asked whether it answers, with no answer since (ms; 0: not waiting).
    asked_at: u64,
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _others: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

thread_local! {
    static SOCKETS: RefCell<Vec<Socket>> = const { RefCell::new(Vec::new()) };
}

impl Live {
    /// The app's one connection, started the first time it is asked for.
    pub fn of(table: TableHook) -> Self {
        table.visit.state(|| Self::start(table))
    }

    fn start(table: TableHook) -> Self {
        let view = RwSignal::new(TableView::default());
        let live = Self {
            table,
            view,
            shown: Memo::new(move |_| view.with(|v| shown_log(&v.log))),
            relays: RwSignal::new(Vec::new()),
            inbox: StoredValue::new((Vec::new(), 0)),
            reading: StoredValue::new(false),
            told: StoredValue::new(Vec::new()),
            holder: StoredValue::new(false),
            typed_name: RwSignal::new(String::new()),
            typed_relays: RwSignal::new(String::new()),
            online: RwSignal::new(browser_online()),
            seen: RwSignal::new(None),
            connected_once: RwSignal::new(false),
        };
        // Away from a table nothing needs the protocol's module: the Table page's start and
        // join forms open without it, and it is fetched when a table is started or joined.
        if table.at_table.get_untracked() {
            live.call(Call::Load);
        }
        live.hold_connection();
        // What the trays hand over is sent as it comes.
        Effect::new(move |_| {
            table.queued.get();
            live.send_waiting();
        });
        live.listen();
        live.check_relays();
        live
    }

    /// The connection in a word: whether any relay answers, else why not.
    pub fn connection(&self) -> Connection {
        let (answering, opening) = self.relays.with(|relays| {
            (
                relays
                    .iter()
                    .any(|(_, s)| matches!(s, RelayState::Live | RelayState::Said(_))),
                relays.is_empty() || relays.iter().any(|(_, s)| *s == RelayState::Connecting),
            )
        });
        // The browser knows first when the phone has no network: its sockets may still look
        // open for a while.
        if !self.online.get() {
            Connection::Offline
        } else if answering {
            Connection::Connected
        } else if opening && !self.connected_once.get() {
            Connection::Connecting
        } else {
            Connection::NoRelay
        }
    }

    /// Every few seconds while the page is visible, asks each open socket's relay whether it
    /// answers; one that has not answered the last question in time is closed and opened
    /// anew (its `closed` says so and retries), so a dead network shows within seconds and
    /// what waits is sent once a relay answers again.
    fn check_relays(&self) {
        let this = *self;
        set_timeout(
            move || {
                this.check_relays();
                let visible = web_sys::window()
                    .and_then(|w| w.document())
                    .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible);
                if !visible || !this.holder.get_value() {
                    return;
                }
                let now = now_ms();
                let mut silent = Vec::new();
                SOCKETS.with(|s| {
                    for (index, socket) in s.borrow_mut().iter_mut().enumerate() {
                        let Some(ws) = socket.socket.as_ref() else {
                            continue;
                        };
                        // A socket still opening on a dead network may hang for minutes: it
                        // is given twice an answer's time, then opened anew.
                        if ws.ready_state() == web_sys::WebSocket::CONNECTING {
                            if socket.asked_at == 0 {
                                socket.asked_at = now;
                            } else if now.saturating_sub(socket.asked_at) > 2 * ANSWER_WITHIN_MS {
                                socket.asked_at = 0;
                                silent.push(index);
                            }
                            continue;
                        }
                        if ws.ready_state() != web_sys::WebSocket::OPEN {
                            continue;
                        }
                        if socket.asked_at == 0 {
                            socket.asked_at = now;
                            let _ = ws.send_with_str(PING);
                        } else if now.saturating_sub(socket.asked_at) > ANSWER_WITHIN_MS {
                            socket.asked_at = 0;
                            silent.push(index);
                        }
                    }
                });
                for index in silent {
                    this.drop_socket(index);
                }
            },
            CHECK_EVERY,
        );
    }

    /// Lets relay `index`'s socket go without waiting for it to close (on a dead network
    /// that takes minutes), then retries as after a close.
    fn drop_socket(&self, index: usize) {
        let dropped = SOCKETS.with(|s| {
            s.borrow_mut()
                .get_mut(index)
                .and_then(|socket| socket.socket.take())
                .map(|ws| silence(&ws))
                .is_some()
        });
        if dropped {
            self.closed(index);
        }
    }

    /// Asks the protocol's module (fetched the first time) and takes its answer.
    pub fn call(&self, call: Call) {
        let this = *self;
        leptos::task::spawn_local(async move {
            match table_service(call).await {
                Ok(reply) => this.took(reply),
                Err(_) => this.table.snackbar.say(
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
        if self.table.at_table.get_untracked() != reply.view.at {
            self.table.at_table.set(reply.view.at);
        }
        if self.table.gm.get_untracked() != reply.view.am_gm {
            self.table.gm.set(reply.view.am_gm);
        }
        let to_gm = reply.view.send_to == SendTo::Gm;
        if self.table.to_gm.get_untracked() != to_gm {
            self.table.to_gm.set(to_gm);
        }
        let others: Vec<(String, String)> = reply
            .view
            .people
            .iter()
            .filter(|p| !p.me)
            .map(|p| (p.pubkey.clone(), p.shown.clone()))
            .collect();
        if self.table.people.with_untracked(|p| *p != others) {
            self.table.people.set(others);
        }
        // A request closed (or the table left) is answered no more: the next roll is a roll.
        let answering = self.table.answering.get_untracked();
        if answering.is_some_and(|a| !reply.view.asks.iter().any(|open| open.id == a.ask)) {
            self.table.answering.set(None);
        }
        // The trays roll with the table's scene while at it.
        let scene = reply.view.at.then(|| reply.view.scene.to_scene());
        if self.table.scene.with_untracked(|s| *s != scene) {
            self.table.scene.set(scene);
        }
        let pool = reply.view.pool;
        let at = reply.view.at;
        self.view.set(reply.view);
        if at {
            // Not started yet: no points, rather than a pool of the tray's own.
            self.mirror_pool(pool.unwrap_or_default());
        }
        self.send_to_relays(&reply.to_relay);
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
            self.table.snackbar.tell(
                "A relay refused this phone's message for its time: check that the phone's \
                 clock is set automatically.",
            );
        }
        if let Some(reason) = reply.refused {
            self.table.snackbar.say(reason);
        } else if let Some(done) = reply.done {
            self.table.snackbar.say(done);
        }
        self.tell_refused_flips();
        self.tell_undelivered();
    }

    /// Frames for one relay each (its requests and closes).
    fn send_to_relays(&self, frames: &[(usize, String)]) {
        SOCKETS.with(|s| {
            let sockets = s.borrow();
            for (index, frame) in frames {
                if let Some(ws) = sockets
                    .get(*index)
                    .and_then(|socket| socket.socket.as_ref())
                    && ws.ready_state() == web_sys::WebSocket::OPEN
                {
                    let _ = ws.send_with_str(frame);
                }
            }
        });
    }

    /// The tray's story points follow the table's one Destiny pool: light side points are
    /// the players', dark side the GM's. Set whenever they differ, so a spend the table
    /// refused is not kept here.
    fn mirror_pool(&self, pool: crate::table::Pool) {
        let counts = PointCounts {
            players: u32::from(pool.light),
            gm: u32::from(pool.dark),
        };
        self.table.story_points.load().update(|points| {
            if points.counts() != counts {
                let _ = points.set(counts);
                // The table's change is not this phone's to undo.
                points.forget_undo();
            }
        });
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

    /// Sends what a tray changed in the table's scene. Taking back is an undo of this
    /// phone's own message: a roll's progress, a player's boost, the GM's removal or end.
    fn send_scene(&self, before: &Scene, after: &Scene, meant: SceneMeant) {
        let (am_gm, scene, log) = self
            .view
            .with_untracked(|v| (v.am_gm, v.scene.clone(), v.log.clone()));
        let changes = scene_changes(before, after);
        let players = meant == SceneMeant::Edit && changes.iter().all(SceneChange::players);
        if !am_gm && !players {
            return self.table.snackbar.say(
                "At a table the GM sets the scene: a player adds boosts and their rolls' progress.",
            );
        }
        // My newest message standing that `fits`.
        let mine = |fits: &dyn Fn(&SceneAct) -> bool| {
            log.iter()
                .rev()
                .find(|e| {
                    e.mine
                        && !e.undone
                        && !e.refused
                        && matches!(&e.what, What::Scene(act) if fits(act))
                })
                .map(|e| e.id.clone())
        };
        match meant {
            SceneMeant::End => return self.say(What::Scene(SceneAct::Clear {}), false),
            SceneMeant::UndoEnd => {
                return match mine(&|act| matches!(act, SceneAct::Clear {})) {
                    Some(of) => self.say(What::Undo { of }, false),
                    None => self
                        .table
                        .snackbar
                        .say("The scene's end can no longer be taken back."),
                };
            }
            SceneMeant::Edit => {}
        }
        let event = |id: u64| scene.event_id(id).map(str::to_string);
        for change in changes {
            match change {
                SceneChange::Remove(id) => {
                    let Some(of) = event(id) else { continue };
                    if am_gm {
                        self.say(What::Scene(SceneAct::Remove { of }), false);
                    } else if log.iter().any(|e| e.id == of && e.mine && !e.undone) {
                        // A player's own boost goes as it came: taken back.
                        self.say(What::Undo { of }, false);
                    } else {
                        self.table
                            .snackbar
                            .say("Only the GM takes that out of the table's scene.");
                    }
                }
                SceneChange::Edit(id, to) => {
                    if let Some(of) = event(id) {
                        let to = Box::new(to);
                        self.say(What::Scene(SceneAct::Edit { of, to }), false);
                    }
                }
                SceneChange::Progress(id, effect) => {
                    if let Some(of) = event(id) {
                        self.say(What::Scene(SceneAct::Progress { of, effect }), false);
                    }
                }
                SceneChange::TakeBack(id, effect) => {
                    let found = mine(&|act| {
                        matches!(act, SceneAct::Progress { of, effect: e }
                            if short_id(of) == id && *e == effect)
                    });
                    match found {
                        Some(of) => self.say(What::Undo { of }, false),
                        None => self
                            .table
                            .snackbar
                            .say("Only the player whose roll it was takes its progress back."),
                    }
                }
                SceneChange::Add(id, act) => {
                    // Put back after this phone took it out: that removal is taken back.
                    let removal =
                        mine(&|a| matches!(a, SceneAct::Remove { of } if short_id(of) == id));
                    match removal {
                        Some(of) => self.say(What::Undo { of }, false),
                        None => self.say(What::Scene(act), false),
                    }
                }
            }
        }
    }

    /// Sends what the trays handed over, in order.
    fn send_waiting(&self) {
        for outgoing in self.table.take() {
            match outgoing {
                Outgoing::Roll(entry) => self.call(Call::Roll(roll_of(&entry))),
                Outgoing::Answer(entry, ask, to_gm) => {
                    let mut what = roll_of(&entry);
                    if let What::Roll { answers, .. } = &mut what {
                        *answers = ask;
                    }
                    self.call(Call::Answer(what, to_gm));
                }
                Outgoing::Ask(ask) => {
                    self.say(
                        What::Ask {
                            tray: ask.page.path().to_string(),
                            label: ask.label,
                            challenge: ask.challenge,
                            who: ask.who,
                            to_gm: ask.to_gm,
                        },
                        false,
                    );
                }
                Outgoing::Close(of) => self.say(What::Close { of }, false),
                Outgoing::Scene(scenes, meant) => self.send_scene(&scenes.0, &scenes.1, meant),
                Outgoing::Amend(entry, why) => {
                    self.call(Call::Amend(roll_of(&entry), entry.id, why));
                }
                Outgoing::Flip(light) => {
                    let from = if light {
                        PointSide::Light
                    } else {
                        PointSide::Dark
                    };
                    self.say(What::Flip { from, check: None }, false);
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
                    self.table.snackbar.say("Your side is sent to the table.");
                }
            }
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
        // At a table, or with a leaving still to send.
        let urls = self.view.with_untracked(|v| {
            if v.at || v.waiting > 0 {
                v.relays.clone()
            } else {
                Vec::new()
            }
        });
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
                        received: (ByteBucket::default(), ByteBucket::default()),
                        live_ended: false,
                        flooded_at: 0,
                        asked_at: 0,
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
        // (Each socket is silenced before its handlers are dropped with it.)
        SOCKETS.with(|s| {
            for socket in s.borrow_mut().drain(..) {
                if let Some(ws) = socket.socket {
                    silence(&ws);
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
                // A socket still closing is let go first: its handlers are dropped below, and
                // its close, come later, would name this relay's new socket.
                if let Some(old) = socket.socket.replace(ws) {
                    silence(&old);
                }
                socket.asked_at = 0;
                socket._handlers = vec![on_message];
                socket._others = vec![on_open, on_close];
            }
        });
    }

    /// A socket opened: ask for the table's messages by what this phone has seen (see
    /// `table::sync`), and send what waits in the outbox (a resend keeps its id, so nothing
    /// is doubled).
    fn opened(&self, index: usize) {
        let this = *self;
        leptos::task::spawn_local(async move {
            let Ok(reply) = table_service(Call::Opened(index)).await else {
                return;
            };
            SOCKETS.with(|s| {
                if let Some(socket) = s.borrow_mut().get_mut(index) {
                    socket.live_ended = false;
                    socket.asked_at = 0;
                    // A relay cut off for flooding keeps its longer wait for ten minutes.
                    if now_ms().saturating_sub(socket.flooded_at) > 600_000 {
                        socket.attempt = 0;
                    }
                }
            });
            this.send_to_relays(&reply.to_relay);
            this.set_state(index, RelayState::Live);
            if !this.connected_once.get_untracked() {
                this.connected_once.set(true);
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
        self.call(Call::Closed(index));
        let jitter = (js_sys::Math::random() * 1000.0) as u32;
        let wait = backoff_ms(attempt, jitter);
        let flooding = self
            .relays
            .with_untracked(|r| matches!(r.get(index), Some((_, RelayState::Flooding(_)))));
        self.set_state(
            index,
            if flooding {
                RelayState::Flooding(wait.div_ceil(1000))
            } else {
                RelayState::Retrying(wait.div_ceil(1000))
            },
        );
        let this = *self;
        set_timeout(
            move || this.connect(index),
            Duration::from_millis(u64::from(wait)),
        );
    }

    /// A frame from relay `index`: counted against its share of bytes a second (a relay
    /// over it is cut off and backed off), kept to be read with the others.
    fn received(&self, index: usize, text: String) {
        let now = now_ms();
        let flooding = SOCKETS.with(|s| {
            let mut sockets = s.borrow_mut();
            let Some(socket) = sockets.get_mut(index) else {
                return false;
            };
            // Anything it sends shows the relay answers.
            socket.asked_at = 0;
            // Answers to this phone's own requests (stored events) count apart from what
            // the relay sends unasked.
            let answer = if text.starts_with("[\"EVENT\",\"live\"") {
                !socket.live_ended
            } else if text.starts_with("[\"EOSE\",\"live\"") {
                socket.live_ended = true;
                true
            } else {
                ["[\"EVENT\",\"q", "[\"EOSE\"", "[\"OK\"", "[\"CLOSED\""]
                    .iter()
                    .any(|p| text.starts_with(p))
            };
            let over = if answer {
                socket
                    .received
                    .1
                    .over(text.len(), now, MAX_ANSWER_BYTES_PER_S)
            } else {
                socket
                    .received
                    .0
                    .over(text.len(), now, MAX_RELAY_BYTES_PER_S)
            };
            if !over {
                return false;
            }
            // Backed off for longer each time, as a relay that closes is.
            socket.attempt = socket.attempt.saturating_add(3);
            socket.flooded_at = now;
            if let Some(ws) = &socket.socket {
                let _ = ws.close();
            }
            true
        });
        if flooding {
            self.set_state(index, RelayState::Flooding(0));
            return;
        }
        // The answer to whether it answers: for no one else.
        if text.starts_with("[\"EOSE\",\"ping\"") || text.starts_with("[\"CLOSED\",\"ping\"") {
            return;
        }
        let mut kept = false;
        // Only events are ever dropped here (an end of stored events must arrive, or a
        // request would wait for ever); what is past this is asked again by what is missing.
        let event = text.starts_with("[\"EVENT\"");
        self.inbox.update_value(|(inbox, bytes)| {
            if !event || *bytes + text.len() <= MAX_INBOX_BYTES {
                *bytes += text.len();
                inbox.push((index, text));
                kept = true;
            }
        });
        if kept && !self.reading.get_value() {
            self.reading.set_value(true);
            let this = *self;
            set_timeout(move || this.read_inbox(), BATCH);
        }
    }

    /// Hands every frame waiting to the protocol in one call.
    fn read_inbox(&self) {
        self.reading.set_value(false);
        let mut frames = Vec::new();
        self.inbox.update_value(|(inbox, bytes)| {
            frames = std::mem::take(inbox);
            *bytes = 0;
        });
        if !frames.is_empty() {
            self.call(Call::Frames(frames));
        }
    }

    /// The ids of the log's entries that `pick` picks and have not been told yet: told now.
    fn untold(&self, pick: impl Fn(&LogEntry) -> bool) -> Vec<String> {
        let picked: Vec<String> = self.view.with_untracked(|v| {
            v.log
                .iter()
                .filter(|e| pick(e))
                .map(|e| e.id.clone())
                .collect()
        });
        let new: Vec<String> = self
            .told
            .with_value(|told| picked.into_iter().filter(|id| !told.contains(id)).collect());
        self.told
            .update_value(|told| told.extend(new.iter().cloned()));
        new
    }

    /// A flip of mine that every phone refuses (no point of that side was left) is said once.
    fn tell_refused_flips(&self) {
        if !self.untold(|e| e.mine && e.refused).is_empty() {
            self.table.snackbar.tell(
                "Your story point flip was refused: another player took the last point of \
                 that side first.",
            );
        }
    }

    /// A roll of mine for the GM alone that reached no one (the GM it was sealed for had
    /// handed the role on) is said once; the log offers to send it again.
    fn tell_undelivered(&self) {
        if let Some(id) = self.untold(|e| e.mine && e.undelivered).first().cloned() {
            let gm = self
                .view
                .with_untracked(|v| v.gm_name().unwrap_or("the GM").to_string());
            let this = *self;
            let again = self
                .table
                .visit
                .lasting(|| Callback::new(move |()| this.call(Call::Resend(id.clone()))));
            self.table.snackbar.say_with(
                format!(
                    "Your roll for the GM alone reached no one: the GM changed. Send it to {gm}?"
                ),
                "Send",
                again,
            );
        }
    }

    /// Phones close sockets in background tabs: on coming back, reconnect and catch up.
    fn listen(&self) {
        let this = *self;
        let back = move || {
            if !this.view.with_untracked(|v| v.at || v.waiting > 0) || !this.holder.get_value() {
                return;
            }
            let count = SOCKETS.with(|s| s.borrow().len());
            if count == 0 {
                this.connect_all();
            }
            for index in 0..count {
                this.connect(index);
            }
        };
        let a = window_event_listener(leptos::ev::visibilitychange, move |_| back());
        let b = window_event_listener(leptos::ev::pageshow, move |_| back());
        let c = window_event_listener(leptos::ev::online, move |_| {
            this.online.set(true);
            back();
        });
        let e = window_event_listener(leptos::ev::offline, move |_| this.online.set(false));
        // Another tab joined, left or changed the table: read it again.
        let d = window_event_listener(leptos::ev::storage, move |event| {
            if event.key().as_deref() == Some(crate::storage::table::KEY) {
                this.call(Call::Load);
            }
        });
        // The connection lasts the visit; these go only with the app.
        std::mem::forget((a, b, c, d, e));
    }
}

/// A roll as History keeps it, as the table's message carries it.
fn roll_of(entry: &crate::core::history::HistoryEntry) -> What {
    What::Roll {
        tray: entry.roll.tray_key().to_string(),
        label: entry.label.clone(),
        roll: entry_link_text(entry),
        answers: String::new(),
    }
}

/// Whether the browser says it has a network (it may be wrong one way: a network that says
/// nothing back; the relays' checks find that).
fn browser_online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

fn short(message: &str) -> String {
    message.chars().take(80).collect()
}

pub use crate::storage::table::SendTo;

/// The page a tray key names (`narrative`, `d6`, `el`).
pub fn tray_page(key: &str) -> Option<Page> {
    Page::tray(key)
}

/// Closes a socket whose handlers are about to be dropped, with none left to call: a
/// handler called after it is dropped throws in the page.
fn silence(ws: &web_sys::WebSocket) {
    ws.set_onopen(None);
    ws.set_onmessage(None);
    ws.set_onclose(None);
    let _ = ws.close();
}
