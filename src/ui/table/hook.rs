//! What the rest of the app knows of the live table: whether this device may be at one, and
//! what waits to be sent to it, and what the table's code needs of the app to start. Tiny on purpose: it is in every page's first load, while the
//! table itself (sockets, keys, the log) is its own module, fetched only at a table.

use leptos::prelude::*;

use crate::core::character::Roster;
use crate::core::history::HistoryEntry;
use crate::core::scene::Scene;
use crate::core::story_points::StoryPoints;
use crate::route::Page;
use crate::storage::table::{may_be_at_table, stored_sends_to_gm};
use crate::table::Amendment;
use crate::ui::platform::browser::with_store;
use crate::ui::visit::{Deferred, Visit, WaitingLink};
use crate::ui::widgets::snackbar::Snackbar;

/// Something a tray hands the table to send.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A roll, as History keeps it.
    Roll(HistoryEntry),
    /// A roll changed since it was sent (as History now keeps it), and why.
    Amend(HistoryEntry, Amendment),
    /// The GM's side for a tray, as its challenge link's text.
    Side(Page, String),
    /// A story point spent in the tray: `true` from the light side (a player's), `false`
    /// from the dark side (the GM's).
    Flip(bool),
    /// The GM set the story points in the tray: (light, dark).
    Points(u32, u32),
    /// Undo of the last story point change in the tray.
    Undo,
    /// A roll answering the GM's request: (the roll, the request's id, whether the answer
    /// goes to the GM alone).
    Answer(HistoryEntry, String, bool),
    /// The GM asks for a roll.
    Ask(Ask),
    /// The GM closes a request (its id).
    Close(String),
    /// A tray changed the table's scene: (the scene as the tray read it, as it left it),
    /// and what it meant. The table's code sends what changed (see
    /// `table::scene::scene_changes`).
    Scene(Box<(Scene, Scene)>, SceneMeant),
}

/// What a tray meant by a change to the table's scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneMeant {
    /// Things added, changed, taken out (each found by comparing).
    Edit,
    /// The scene ends: everything in it goes.
    End,
    /// Undo of this phone's end of the scene.
    UndoEnd,
}

/// A request for a roll, as the GM makes it in a tray.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask {
    /// The tray to roll on.
    pub page: Page,
    /// What the roll is for.
    pub label: String,
    /// The GM's side, as its challenge link carries it (`""`: none).
    pub challenge: String,
    /// The players asked (keys); none: everyone.
    pub who: Vec<String>,
    /// The answers go to the GM alone.
    pub to_gm: bool,
}

/// The GM's request this phone is answering: the next roll on its tray answers it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answering {
    /// The request's id.
    pub ask: String,
    /// Its tray.
    pub page: Page,
    /// What the roll is for: the tray's label while answering.
    pub label: String,
    /// The answer goes to the GM alone.
    pub to_gm: bool,
    /// The tray has taken the GM's dark point on this check.
    pub upgraded: bool,
}

/// The app's handle on the live table; cheap to copy.
#[derive(Clone, Copy)]
pub struct TableHook {
    /// Whether this device is at a table (read from storage at start, kept by the table).
    pub at_table: RwSignal<bool>,
    /// Whether this device holds the GM role at its table (kept by the table's code).
    pub gm: RwSignal<bool>,
    /// Whether this device's rolls go to the GM alone (kept by the table's code).
    pub to_gm: RwSignal<bool>,
    /// The others at the table (key, shown name), for a GM's request (kept by the table's
    /// code).
    pub people: RwSignal<Vec<(String, String)>>,
    /// The GM's request this phone is answering, until its roll is made.
    pub answering: RwSignal<Option<Answering>>,
    /// The table's scene, once the table's code has read it (kept by the table's code).
    pub scene: RwSignal<Option<Scene>>,
    /// Start a table as soon as the Table page is drawn ("Start a table" in a tray).
    pub start_asked: RwSignal<bool>,
    /// What waits for the table's code to send it, oldest first.
    outgoing: StoredValue<Vec<Outgoing>>,
    /// Bumped when something is queued, so the table's code sends it.
    pub queued: RwSignal<u64>,
    /// What the table's code says to the player.
    pub snackbar: Snackbar,
    /// The app's owner: the table's connection lasts the whole visit.
    pub visit: Visit,
    /// A table's invite, waiting for the Table page.
    pub links: WaitingLink,
    /// The Destiny pool the table keeps, loaded once the table's code needs it.
    pub story_points: Deferred<StoryPoints>,
    /// Who is rolling: the name offered to start or join a table with.
    pub roster: Deferred<Roster>,
}

impl TableHook {
    /// Reads only whether a table is kept on this device, and whether its rolls go to the GM
    /// alone: a look at the stored text, not a parse, so a page that is at no table pays
    /// nothing.
    pub fn new(snackbar: Snackbar, visit: Visit, links: WaitingLink) -> Self {
        let stored = with_store(|store| store.get(crate::storage::table::KEY).ok().flatten());
        let at = stored.as_deref().is_some_and(may_be_at_table);
        let to_gm = at && stored.as_deref().is_some_and(stored_sends_to_gm);
        Self {
            at_table: RwSignal::new(at),
            gm: RwSignal::new(false),
            to_gm: RwSignal::new(to_gm),
            people: RwSignal::new(Vec::new()),
            answering: RwSignal::new(None),
            scene: RwSignal::new(None),
            start_asked: RwSignal::new(false),
            outgoing: StoredValue::new(Vec::new()),
            queued: RwSignal::new(0),
            snackbar,
            visit,
            links,
            story_points: visit.later(),
            roster: visit.later(),
        }
    }

    /// Hands `what` to the table, if this device is at one; nothing otherwise. A roll on
    /// the tray of the request being answered answers it.
    pub fn send(&self, what: Outgoing) {
        let what = match what {
            Outgoing::Roll(entry) => match self.answering_on(entry.roll.tray_key()) {
                Some(answering) => {
                    self.answering.set(None);
                    Outgoing::Answer(entry, answering.ask, answering.to_gm)
                }
                None => Outgoing::Roll(entry),
            },
            other => other,
        };
        if self.at_table.get_untracked() {
            self.outgoing.update_value(|o| o.push(what));
            self.queued.update(|n| *n += 1);
        }
    }

    /// The request being answered by a roll on `tray` (a tray key), if any.
    pub fn answering_on(&self, tray: &str) -> Option<Answering> {
        self.answering
            .get_untracked()
            .filter(|a| a.page.path() == tray)
    }

    /// Whether a roll made now on `tray` goes to the GM alone: marked so in History. An
    /// answer goes where its request says.
    pub fn sends_to_gm(&self, tray: &str) -> bool {
        self.at_table.get_untracked()
            && self
                .answering_on(tray)
                .map_or(self.to_gm.get_untracked(), |a| a.to_gm)
    }

    /// Everything waiting, oldest first; nothing is left waiting.
    pub fn take(&self) -> Vec<Outgoing> {
        let mut taken = Vec::new();
        self.outgoing.update_value(|o| taken = std::mem::take(o));
        taken
    }
}
