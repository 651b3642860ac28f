//! What a tray was doing in this tab, kept across a reload but not past the tab: the typed
//! label, the GM's side, the roll the dock showed, the real dice half entered and which
//! sides have spent a story point on the check being set up. It lives
//! in sessionStorage (one key per tray), is never exported, and is read as untrusted text:
//! anything unreadable, too long or of another version reads as a fresh tray.

use serde::{Deserialize, Serialize};

use crate::core::history::MAX_LABEL_CHARS;
use crate::core::story_points::StorySide;

/// The version this build writes.
pub const SESSION_VERSION: u32 = 1;

/// The longest GM's side kept (a challenge's summary in words).
pub const MAX_GM_SIDE_CHARS: usize = 300;

/// The most real dice kept half entered (a full narrative tray rolls 140).
pub const MAX_ENTERED: usize = 200;

/// The longest result link kept (History's own limit is lower).
pub const MAX_KEPT_LINK_CHARS: usize = 8_000;

/// The sessionStorage key of a tray's session: `dicetray.session.<route path>`.
pub fn session_key(tray_path: &str) -> String {
    format!("dicetray.session.{tray_path}")
}

/// The roll the dock showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeptRoll {
    /// One of this player's rolls, found again in History by its id.
    Own {
        /// The History entry's id.
        id: u64,
        /// How it was shown: "tray", "portion", "settled", "against".
        kind: String,
        /// The verdict shown over its own headline, with its tone's name.
        verdict: Option<(String, String)>,
    },
    /// A roll from a result link, kept as the link's text.
    Link(String),
}

/// A tray's session.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraySession {
    /// The label typed for the next rolls.
    pub label: String,
    /// The GM's side in words, while it holds.
    pub gm_side: Option<String>,
    /// The roll the dock showed.
    pub shown: Option<KeptRoll>,
    /// Real dice entered so far: one face (or none yet) per die, for `entered_for` dice.
    pub entered: Vec<Option<u32>>,
    /// The sides (`StorySide::key`) that have spent a story point on the check being set
    /// up; absent in sessions kept before it was, which read as none.
    #[serde(default)]
    pub spent: Vec<String>,
}

/// The stored form: `[version, session]`.
#[derive(Serialize, Deserialize)]
struct Stored(u32, TraySession);

impl TraySession {
    /// The text to keep.
    pub fn encode(&self) -> String {
        serde_json::to_string(&Stored(SESSION_VERSION, self.clone())).unwrap_or_default()
    }

    /// Reads kept text; anything unreadable or out of bounds reads as a fresh tray, and a
    /// part out of bounds is left out alone.
    pub fn decode(text: &str) -> Self {
        if text.len() > 4 * MAX_KEPT_LINK_CHARS {
            return Self::default();
        }
        let Ok(Stored(version, mut session)) = serde_json::from_str::<Stored>(text) else {
            return Self::default();
        };
        if version != SESSION_VERSION {
            return Self::default();
        }
        if session.label.chars().count() > MAX_LABEL_CHARS {
            session.label.clear();
        }
        if session
            .gm_side
            .as_ref()
            .is_some_and(|s| s.chars().count() > MAX_GM_SIDE_CHARS)
        {
            session.gm_side = None;
        }
        let shown_fits = match &session.shown {
            Some(KeptRoll::Link(text)) => text.len() <= MAX_KEPT_LINK_CHARS,
            Some(KeptRoll::Own { kind, verdict, .. }) => {
                kind.len() <= 16
                    && verdict.as_ref().is_none_or(|(words, tone)| {
                        words.chars().count() <= MAX_GM_SIDE_CHARS && tone.len() <= 16
                    })
            }
            None => true,
        };
        if !shown_fits {
            session.shown = None;
        }
        if session.entered.len() > MAX_ENTERED {
            session.entered.clear();
        }
        if session.spent.len() > StorySide::ALL.len()
            || session
                .spent
                .iter()
                .any(|k| StorySide::from_key(k).is_none())
        {
            session.spent.clear();
        }
        session
    }

    /// The real dice entered so far, if they were entered for `count` dice; else none yet.
    pub fn entered_for(&self, count: usize) -> Vec<Option<u32>> {
        if self.entered.len() == count {
            self.entered.clone()
        } else {
            vec![None; count]
        }
    }
}
