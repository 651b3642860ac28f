//! The plaintext inside a seal (version 2):
//! `{"v":2,"t":<ms>,"p":"<id>","a":"<id>","what":{...}}`, and `"to":"<GM's key>"` on a
//! message sealed for the GM alone.

use serde::{Deserialize, Serialize};

use super::bytes::from_hex_array;
use super::checkpoint::Checkpoint;
use super::keys::valid_public;
use super::order::MAX_T;
use super::scene::SceneAct;

/// The message version this app writes and fully reads.
pub const VERSION: u32 = 2;
/// Whether a roll or a side may name `tray`: a tray's path in [`crate::pages::PAGES`]
/// (`narrative`, `d6`, `el`), as every version of the protocol has named them.
pub fn is_tray(tray: &str) -> bool {
    crate::pages::Page::tray(tray).is_some()
}
/// Longest roll text (characters), as `storage::entry_link_text` writes it.
pub const MAX_ROLL_CHARS: usize = 8_000;
/// Longest name at the table (characters).
pub const MAX_NAME_CHARS: usize = 40;
/// Most story points on either side.
pub const MAX_POINTS: u8 = 20;
/// Longest roll label or side challenge (characters): far more than either needs.
pub const MAX_TEXT_CHARS: usize = 500;
/// Longest label of a roll request (characters): what the GM asks for, in a few words.
pub const MAX_ASK_LABEL_CHARS: usize = 80;
/// Most players one request names (none: everyone).
pub const MAX_ASKED: usize = 8;

/// A side of the Destiny pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointSide {
    /// The players' side.
    Light,
    /// The GM's side.
    Dark,
}

/// Why a roll was changed after it was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Amendment {
    /// Some of its dice were rolled again.
    Reroll,
    /// The cost of a costly success was noted.
    Cost,
}

impl Amendment {
    /// Every reason this version reads, as written.
    const KNOWN: [&str; 2] = ["reroll", "cost"];
}

/// A player's check, named by the GM's request it answers and the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The request's event id.
    pub ask: String,
    /// The player's key (hex).
    pub player: String,
}

/// What a message says: exactly one of the protocol's forms, or one this version cannot read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    /// The author is at the table from now on, under this name: always the author's first
    /// message (`p` empty), and the name is bound to the author's key.
    Joined {
        /// The name the table will know the author by.
        name: String,
    },
    /// The author leaves the table (the GM hands the role over first).
    Left {},
    /// A roll on a tray; `roll` is History's entry link text, kept opaque here.
    Roll {
        /// `narrative`, `d6` or `el`.
        tray: String,
        /// The roll's label.
        label: String,
        /// The result link text.
        roll: String,
        /// The GM's request this roll answers (its event id), `""` for none.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        answers: String,
    },
    /// The author's own earlier roll, changed: it stands in for that roll (`of`, the event
    /// id of the roll as first sent), as it is now, and says why.
    Amend {
        /// The event id of the roll changed.
        of: String,
        /// Why it changed.
        why: Amendment,
        /// `narrative`, `d6` or `el`.
        tray: String,
        /// The roll's label.
        label: String,
        /// The result link text, as the roll stands now.
        roll: String,
    },
    /// The author takes back their own earlier message (by event id).
    Undo {
        /// The event id taken back.
        of: String,
    },
    /// A story point flipped from one side to the other.
    Flip {
        /// The side the point leaves.
        from: PointSide,
        /// A dark point the GM spends on a player's check: which (it upgrades the GM's side
        /// of that roll, once per check).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        check: Option<Check>,
    },
    /// The GM starts or sets the pool.
    Points {
        /// Light points, 0 to 20.
        light: u8,
        /// Dark points, 0 to 20.
        dark: u8,
    },
    /// The GM's side for a tray (`""` clears it).
    Side {
        /// `narrative`, `d6` or `el`.
        tray: String,
        /// The challenge notation.
        challenge: String,
    },
    /// The GM role passes to another device.
    Gm {
        /// The new GM's key (hex).
        to: String,
        /// The hand-over that made the author GM (its event id), or `""` for the invite's
        /// GM: each hand-over names the one before it.
        after: String,
    },
    /// The GM asks for a roll: open until the GM (this one or a later one) closes it.
    Ask {
        /// The tray to roll on: `narrative`, `d6` or `el`.
        tray: String,
        /// What the roll is for ("Perception"), set as the roll's label.
        label: String,
        /// The GM's side for the roll, as a side's challenge notation (`""`: none).
        challenge: String,
        /// The players asked (keys, hex); empty: everyone but the GM.
        #[serde(default)]
        who: Vec<String>,
        /// The answers go to the GM alone.
        #[serde(default)]
        to_gm: bool,
    },
    /// The GM closes a request (by the ask's event id): answers after it answer nothing.
    Close {
        /// The event id of the request.
        of: String,
    },
    /// A change to the table's scene (the GM's, but for a player's boost and progress).
    Scene(SceneAct),
    /// The GM moves the table to a new key (`key`, its id) and gives it to each member kept
    /// (`keep`: member, the key sealed for them); every other member is removed.
    Rekey {
        /// The new key's id.
        key: String,
        /// (member's key, the new key sealed for that member), each member once.
        keep: Vec<(String, String)>,
    },
    /// The table is over: nothing after this counts.
    End {},
    /// The GM's checkpoint: where the kept log starts, and what came before folded into.
    Checkpoint(Box<Checkpoint>),
    /// A later version or an unknown form: shown as "Update Dicetray to see this".
    Unsupported,
}

impl What {
    /// Whether only the GM may send this (a dark flip, and taking back the GM's own
    /// setting, are the GM's too: see `fold`).
    pub fn gm_only(&self) -> bool {
        matches!(
            self,
            What::Points { .. }
                | What::Side { .. }
                | What::Ask { .. }
                | What::Close { .. }
                | What::Gm { .. }
                | What::Rekey { .. }
                | What::End {}
                | What::Checkpoint(_)
                | What::Flip {
                    from: PointSide::Dark,
                    ..
                }
        ) || matches!(self, What::Scene(act) if act.gm_only())
    }

    /// The tray this names: a roll's, a change's, a side's or a request's.
    pub fn tray(&self) -> Option<&str> {
        match self {
            What::Roll { tray, .. }
            | What::Amend { tray, .. }
            | What::Side { tray, .. }
            | What::Ask { tray, .. } => Some(tray),
            _ => None,
        }
    }

    /// Whether an author may take this back (with an `undo`).
    pub fn undoable(&self) -> bool {
        matches!(
            self,
            What::Roll { .. }
                | What::Amend { .. }
                | What::Flip { .. }
                | What::Points { .. }
                | What::Side { .. }
                | What::Scene(_)
        )
    }

    /// Whether this may be sealed for the GM alone: rolls, their changes and their undos.
    pub fn may_go_to_gm(&self) -> bool {
        matches!(
            self,
            What::Roll { .. } | What::Amend { .. } | What::Undo { .. }
        )
    }
}

/// One message, as sealed in an event's content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawMessage")]
pub struct Message {
    /// The message version (2).
    pub v: u32,
    /// The author's clock (ms): the message's place in the agreed order.
    pub t: u64,
    /// The author's previous message sealed for the table (its event id), `""` for the
    /// author's first.
    pub p: String,
    /// The latest message by someone else that the author held (its event id), `""` if none.
    pub a: String,
    /// For a message sealed for the GM alone: the GM it was sealed for (key, hex).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub to: String,
    /// What it says.
    pub what: What,
}

#[derive(Deserialize)]
struct RawMessage {
    v: u64,
    t: u64,
    p: String,
    a: String,
    #[serde(default)]
    to: String,
    what: serde_json::Value,
}

/// Whether `text` is `min` to `max` characters long.
pub(crate) fn chars_within(text: &str, min: usize, max: usize) -> bool {
    let count = text.chars().count();
    (min..=max).contains(&count)
}

/// Whether a roll's label and text are within their bounds (a roll and its change alike).
pub(crate) fn roll_fits(label: &str, roll: &str) -> bool {
    chars_within(label, 0, MAX_TEXT_CHARS) && chars_within(roll, 0, MAX_ROLL_CHARS)
}

/// Whether a request's parts are within their bounds: a trimmed label of 1 to 80
/// characters, a side's challenge, at most 8 players named, each once.
pub(crate) fn ask_fits(label: &str, challenge: &str, who: &[String]) -> bool {
    chars_within(label, 1, MAX_ASK_LABEL_CHARS)
        && label == label.trim()
        && chars_within(challenge, 0, MAX_TEXT_CHARS)
        && who.len() <= MAX_ASKED
        && who
            .iter()
            .enumerate()
            .all(|(i, k)| from_hex_array::<32>(k).is_some() && !who[..i].contains(k))
}

/// Most members a new table key is given to in one message (it stays well within an
/// event's 16 KB).
pub const MAX_KEPT: usize = 40;

/// Whether a move to a new key is within its bounds: a key id, 1 to [`MAX_KEPT`] members,
/// each a valid key named once with a share of the right length.
pub(crate) fn rekey_fits(key: &str, keep: &[(String, String)]) -> bool {
    super::seal::is_key_id(key)
        && (1..=MAX_KEPT).contains(&keep.len())
        && keep.iter().enumerate().all(|(i, (member, share))| {
            from_hex_array::<32>(member).is_some_and(|k| valid_public(&k))
                && share.len() == super::seal::SHARE_CHARS
                && super::bytes::from_base64url(share).is_some()
                && !keep[..i].iter().any(|(m, _)| m == member)
        })
}

/// An event id or key reference: 64 lowercase hex digits, or empty.
fn id_or_empty(text: &str) -> bool {
    text.is_empty() || from_hex_array::<32>(text).is_some()
}

/// A name as the table keeps it: trimmed, 1 to 40 characters.
pub fn name_fits(name: &str) -> bool {
    name == name.trim() && chars_within(name, 1, MAX_NAME_CHARS)
}

fn read_what(value: serde_json::Value) -> Result<What, String> {
    const KNOWN: [&str; 15] = [
        "joined",
        "left",
        "roll",
        "amend",
        "undo",
        "flip",
        "points",
        "side",
        "gm",
        "end",
        "checkpoint",
        "ask",
        "close",
        "scene",
        "rekey",
    ];
    let known = match &value {
        serde_json::Value::Object(map) => {
            map.len() == 1 && map.keys().all(|k| KNOWN.contains(&k.as_str()))
        }
        _ => false,
    };
    // A change for a reason a later version added reads as one this version cannot show.
    let later_amendment = value
        .get("amend")
        .and_then(|amend| amend.get("why"))
        .and_then(serde_json::Value::as_str)
        .is_some_and(|why| !Amendment::KNOWN.contains(&why));
    // So does a change to the scene of a kind a later version added.
    const SCENE_KINDS: [&str; 8] = [
        "facet",
        "obstacle",
        "condition",
        "boost",
        "progress",
        "edit",
        "remove",
        "clear",
    ];
    let later_scene = value
        .get("scene")
        .and_then(serde_json::Value::as_object)
        .is_some_and(|act| {
            act.len() == 1 && act.keys().all(|k| !SCENE_KINDS.contains(&k.as_str()))
        });
    if !known || later_amendment || later_scene {
        return Ok(What::Unsupported);
    }
    let what: What = serde_json::from_value(value).map_err(|e| e.to_string())?;
    // A tray a later version added reads as a message this version cannot show.
    if what.tray().is_some_and(|tray| !is_tray(tray)) {
        return Ok(What::Unsupported);
    }
    let fine = match &what {
        What::Roll {
            tray: _,
            label,
            roll,
            answers,
        } => roll_fits(label, roll) && id_or_empty(answers),
        What::Ask {
            tray: _,
            label,
            challenge,
            who,
            ..
        } => ask_fits(label, challenge, who),
        What::Close { of } => from_hex_array::<32>(of).is_some(),
        What::Amend {
            of,
            tray: _,
            label,
            roll,
            ..
        } => from_hex_array::<32>(of).is_some() && roll_fits(label, roll),
        What::Side { challenge, .. } => chars_within(challenge, 0, MAX_TEXT_CHARS),
        What::Undo { of } => from_hex_array::<32>(of).is_some(),
        What::Points { light, dark } => *light <= MAX_POINTS && *dark <= MAX_POINTS,
        What::Joined { name } => name_fits(name),
        What::Gm { to, after } => {
            from_hex_array::<32>(to).is_some_and(|k| valid_public(&k)) && id_or_empty(after)
        }
        What::Checkpoint(checkpoint) => checkpoint.fits(),
        What::Rekey { key, keep } => rekey_fits(key, keep),
        What::Scene(act) => act.fits(),
        What::Flip { from, check } => check.as_ref().is_none_or(|c| {
            *from == PointSide::Dark
                && from_hex_array::<32>(&c.ask).is_some()
                && from_hex_array::<32>(&c.player).is_some()
        }),
        What::Left {} | What::End {} | What::Unsupported => true,
    };
    if fine {
        Ok(what)
    } else {
        Err("a value out of bounds".into())
    }
}

impl TryFrom<RawMessage> for Message {
    type Error = String;

    fn try_from(raw: RawMessage) -> Result<Message, String> {
        if raw.v < 2
            || raw.t > MAX_T
            || !id_or_empty(&raw.p)
            || !id_or_empty(&raw.a)
            || !id_or_empty(&raw.to)
        {
            return Err("not a message of this protocol".into());
        }
        let what = if raw.v > VERSION as u64 {
            What::Unsupported
        } else {
            read_what(raw.what)?
        };
        Ok(Message {
            v: raw.v.min(u32::MAX as u64) as u32,
            t: raw.t,
            p: raw.p,
            a: raw.a,
            to: raw.to,
            what,
        })
    }
}

impl Message {
    /// The plaintext bytes to seal.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An opened plaintext; `None` if it is not a message of version 2 or later (a later
    /// `v` or an unknown `what` still reads, as [`What::Unsupported`]).
    pub fn decode(bytes: &[u8]) -> Option<Message> {
        serde_json::from_slice(bytes).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str) -> Option<What> {
        Message::decode(text.as_bytes()).map(|m| m.what)
    }

    fn wrap(what: &str) -> String {
        format!(r#"{{"v":2,"t":5,"p":"","a":"","what":{what}}}"#)
    }

    #[test]
    fn writes_the_documented_json() {
        let m = Message {
            v: 2,
            t: 1_800_000_000_123,
            p: String::new(),
            a: "ab".repeat(32),
            to: String::new(),
            what: What::Flip {
                from: PointSide::Light,
                check: None,
            },
        };
        assert_eq!(
            m.to_json(),
            format!(
                r#"{{"v":2,"t":1800000000123,"p":"","a":"{}","what":{{"flip":{{"from":"light"}}}}}}"#,
                "ab".repeat(32)
            )
        );
        let end = Message {
            what: What::End {},
            to: "cd".repeat(32),
            ..m.clone()
        };
        assert!(end.to_json().contains(r#""to":"cdcd"#));
        assert_eq!(Message::decode(end.to_json().as_bytes()), Some(end));
        assert_eq!(
            decode(&wrap(r#"{"points":{"light":2,"dark":3}}"#)),
            Some(What::Points { light: 2, dark: 3 })
        );
        assert_eq!(
            decode(&wrap(r#"{"joined":{"name":"Ana"}}"#)),
            Some(What::Joined { name: "Ana".into() })
        );
    }

    #[test]
    fn later_or_unknown_reads_as_unsupported_and_bad_values_do_not_read() {
        assert_eq!(decode(&wrap(r#"{"dance":{}}"#)), Some(What::Unsupported));
        assert_eq!(
            decode(&wrap(r#"{"unsupported":null}"#)),
            Some(What::Unsupported)
        );
        assert_eq!(
            decode(&wrap(r#"{"roll":{"tray":"swn","label":"","roll":""}}"#)),
            Some(What::Unsupported)
        );
        assert_eq!(
            decode(r#"{"v":3,"t":1,"p":"","a":"","what":{"roll":7}}"#),
            Some(What::Unsupported)
        );
        assert_eq!(decode(&wrap(r#"{"points":{"light":21,"dark":0}}"#)), None);
        assert_eq!(decode(&wrap(r#"{"flip":{"from":"grey"}}"#)), None);
        assert_eq!(decode(&wrap(r#"{"undo":{"of":"12"}}"#)), None);
        assert_eq!(decode(&wrap(r#"{"joined":{"name":""}}"#)), None);
        assert_eq!(decode(&wrap(r#"{"joined":{"name":" Ana"}}"#)), None);
        // Version 1 messages (a name in every message, a counter) are not read.
        assert_eq!(decode(r#"{"v":1,"n":1,"by":"A","what":{"end":{}}}"#), None);
        assert_eq!(
            decode(r#"{"v":2,"t":9007199254740992,"p":"","a":"","what":{"end":{}}}"#),
            None
        );
        assert_eq!(
            decode(r#"{"v":2,"t":1,"p":"x","a":"","what":{"end":{}}}"#),
            None
        );
        assert_eq!(decode("[]"), None);
    }

    #[test]
    fn a_change_reads_with_its_reason_and_a_later_reason_is_unsupported() {
        let w = |why: &str, of: &str| {
            wrap(&format!(
                r#"{{"amend":{{"of":"{of}","why":"{why}","tray":"d6","label":"","roll":"x"}}}}"#
            ))
        };
        let of = "ab".repeat(32);
        assert_eq!(
            decode(&w("cost", &of)),
            Some(What::Amend {
                of: of.clone(),
                why: Amendment::Cost,
                tray: "d6".into(),
                label: String::new(),
                roll: "x".into(),
            })
        );
        assert_eq!(decode(&w("bribe", &of)), Some(What::Unsupported));
        // Every reason written is one read.
        for why in [Amendment::Reroll, Amendment::Cost] {
            let written = serde_json::to_string(&why).unwrap_or_default();
            assert!(Amendment::KNOWN.contains(&written.trim_matches('"')));
        }
        assert_eq!(decode(&w("reroll", "12")), None);
    }

    #[test]
    fn requests_and_answers_read_within_their_bounds() {
        let key = "ab".repeat(32);
        assert_eq!(
            decode(&wrap(&format!(
                r#"{{"ask":{{"tray":"d6","label":"Stealth","challenge":"","who":["{key}"],"to_gm":true}}}}"#
            ))),
            Some(What::Ask {
                tray: "d6".into(),
                label: "Stealth".into(),
                challenge: String::new(),
                who: vec![key.clone()],
                to_gm: true,
            })
        );
        // Everyone, to the table, when left out.
        assert!(matches!(
            decode(&wrap(r#"{"ask":{"tray":"el","label":"Climb","challenge":"o5/2"}}"#)),
            Some(What::Ask { who, to_gm: false, .. }) if who.is_empty()
        ));
        let bad = [
            r#"{"ask":{"tray":"d6","label":"","challenge":""}}"#.to_string(),
            r#"{"ask":{"tray":"d6","label":" Stealth","challenge":""}}"#.to_string(),
            format!(
                r#"{{"ask":{{"tray":"d6","label":"{}","challenge":""}}}}"#,
                "x".repeat(81)
            ),
            format!(
                r#"{{"ask":{{"tray":"d6","label":"Twice","challenge":"","who":["{key}","{key}"]}}}}"#
            ),
            format!(
                r#"{{"ask":{{"tray":"d6","label":"Nine","challenge":"","who":[{}]}}}}"#,
                (0..9)
                    .map(|i| format!(r#""{:064x}""#, i + 1))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            r#"{"close":{"of":"12"}}"#.to_string(),
            r#"{"roll":{"tray":"d6","label":"","roll":"","answers":"12"}}"#.to_string(),
            format!(r#"{{"flip":{{"from":"light","check":{{"ask":"{key}","player":"{key}"}}}}}}"#),
            format!(r#"{{"flip":{{"from":"dark","check":{{"ask":"12","player":"{key}"}}}}}}"#),
        ];
        for what in bad {
            assert_eq!(decode(&wrap(&what)), None, "{what}");
        }
        assert!(matches!(
            decode(&wrap(&format!(
                r#"{{"flip":{{"from":"dark","check":{{"ask":"{key}","player":"{key}"}}}}}}"#
            ))),
            Some(What::Flip { check: Some(c), .. }) if c.ask == key && c.player == key
        ));
        // A roll answering nothing is written as before requests were.
        let plain = What::Roll {
            tray: "d6".into(),
            label: String::new(),
            roll: "x".into(),
            answers: String::new(),
        };
        assert_eq!(
            serde_json::to_string(&plain).unwrap_or_default(),
            r#"{"roll":{"tray":"d6","label":"","roll":"x"}}"#
        );
    }
}
