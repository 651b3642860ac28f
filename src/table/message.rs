//! The plaintext inside a seal: `{"v":1,"n":<counter>,"by":"<name>","what":{...}}`.

use serde::{Deserialize, Serialize};

use super::bytes::from_hex_array;
use super::keys::valid_public;

/// The message version this app writes and fully reads.
pub const VERSION: u32 = 1;
/// The trays a roll or a side may name.
pub const TRAYS: [&str; 3] = ["narrative", "d6", "el"];
/// Longest roll text (characters), as `storage::entry_link_text` writes it.
pub const MAX_ROLL_CHARS: usize = 8_000;
/// Longest name at the table (characters).
pub const MAX_NAME_CHARS: usize = 40;
/// Most story points on either side.
pub const MAX_POINTS: u8 = 20;
/// Longest roll label or side challenge (characters): far more than either needs.
pub const MAX_TEXT_CHARS: usize = 500;
/// Largest Lamport counter accepted (JavaScript's safe integers, so the test client agrees).
pub const MAX_COUNTER: u64 = (1 << 53) - 1;

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

/// What a message says: exactly one of the protocol's forms, or one this version cannot read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    /// A roll on a tray; `roll` is History's entry link text, kept opaque here.
    Roll {
        /// `narrative`, `d6` or `el`.
        tray: String,
        /// The roll's label.
        label: String,
        /// The result link text.
        roll: String,
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
    /// The author is at the table from now on: said once, on starting or joining, as a kept
    /// message, so those who come later learn who is there (relays keep no presence).
    Joined {},
    /// Presence: "I am here" (kind 27237 only).
    Here {
        /// The name shown for this device.
        name: String,
    },
    /// The GM role passes to another device.
    Gm {
        /// The new GM's pubkey (hex).
        to: String,
    },
    /// The table is over.
    End {},
    /// A later version or an unknown form: shown as "Update Dicetray to see this".
    Unsupported,
}

impl What {
    /// Whether only the GM may send this.
    pub fn gm_only(&self) -> bool {
        matches!(
            self,
            What::Points { .. } | What::Side { .. } | What::Gm { .. } | What::End {}
        )
    }
}

/// One message, as sealed in an event's content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawMessage")]
pub struct Message {
    /// The message version (1).
    pub v: u32,
    /// The author's Lamport counter.
    pub n: u64,
    /// The author's name at the table.
    pub by: String,
    /// What it says.
    pub what: What,
}

#[derive(Deserialize)]
struct RawMessage {
    v: u64,
    n: u64,
    by: String,
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

fn read_what(value: serde_json::Value) -> Result<What, String> {
    const KNOWN: [&str; 10] = [
        "roll", "amend", "undo", "flip", "points", "side", "joined", "here", "gm", "end",
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
    if !known || later_amendment {
        return Ok(What::Unsupported);
    }
    let what: What = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let fine = match &what {
        What::Roll { tray, label, roll } => {
            if !TRAYS.contains(&tray.as_str()) {
                return Ok(What::Unsupported);
            }
            roll_fits(label, roll)
        }
        What::Amend {
            of,
            tray,
            label,
            roll,
            ..
        } => {
            if !TRAYS.contains(&tray.as_str()) {
                return Ok(What::Unsupported);
            }
            from_hex_array::<32>(of).is_some() && roll_fits(label, roll)
        }
        What::Side { tray, challenge } => {
            if !TRAYS.contains(&tray.as_str()) {
                return Ok(What::Unsupported);
            }
            chars_within(challenge, 0, MAX_TEXT_CHARS)
        }
        What::Undo { of } => from_hex_array::<32>(of).is_some(),
        What::Points { light, dark } => *light <= MAX_POINTS && *dark <= MAX_POINTS,
        What::Here { name } => chars_within(name, 1, MAX_NAME_CHARS),
        What::Gm { to } => from_hex_array::<32>(to).is_some_and(|k| valid_public(&k)),
        What::Flip { .. } | What::Joined {} | What::End {} | What::Unsupported => true,
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
        if raw.v < 1 || raw.n > MAX_COUNTER || !chars_within(&raw.by, 1, MAX_NAME_CHARS) {
            return Err("not a message".into());
        }
        let what = if raw.v > VERSION as u64 {
            What::Unsupported
        } else {
            read_what(raw.what)?
        };
        Ok(Message {
            v: raw.v.min(u32::MAX as u64) as u32,
            n: raw.n,
            by: raw.by,
            what,
        })
    }
}

impl Message {
    /// The plaintext bytes to seal.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An opened plaintext; `None` if it is not a message (a later `v` or an unknown `what`
    /// still reads, as [`What::Unsupported`]).
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

    #[test]
    fn writes_the_documented_json() {
        let m = Message {
            v: 1,
            n: 4,
            by: "Ana".into(),
            what: What::Flip {
                from: PointSide::Light,
            },
        };
        assert_eq!(
            m.to_json(),
            r#"{"v":1,"n":4,"by":"Ana","what":{"flip":{"from":"light"}}}"#
        );
        let end = Message {
            what: What::End {},
            ..m.clone()
        };
        assert_eq!(
            end.to_json(),
            r#"{"v":1,"n":4,"by":"Ana","what":{"end":{}}}"#
        );
        assert_eq!(Message::decode(end.to_json().as_bytes()), Some(end));
        let pts = r#"{"v":1,"n":1,"by":"G","what":{"points":{"light":2,"dark":3}}}"#;
        assert_eq!(decode(pts), Some(What::Points { light: 2, dark: 3 }));
    }

    #[test]
    fn later_or_unknown_reads_as_unsupported_and_bad_values_do_not_read() {
        let w = |what: &str| format!(r#"{{"v":1,"n":1,"by":"A","what":{what}}}"#);
        assert_eq!(decode(&w(r#"{"dance":{}}"#)), Some(What::Unsupported));
        assert_eq!(
            decode(&w(r#"{"roll":{"tray":"swn","label":"","roll":""}}"#)),
            Some(What::Unsupported)
        );
        assert_eq!(
            decode(r#"{"v":2,"n":1,"by":"A","what":{"roll":7}}"#),
            Some(What::Unsupported)
        );
        assert_eq!(decode(&w(r#"{"points":{"light":21,"dark":0}}"#)), None);
        assert_eq!(decode(&w(r#"{"flip":{"from":"grey"}}"#)), None);
        assert_eq!(decode(&w(r#"{"undo":{"of":"12"}}"#)), None);
        assert_eq!(decode(r#"{"v":1,"n":1,"by":"","what":{"end":{}}}"#), None);
        assert_eq!(decode(r#"{"v":1,"n":1,"what":{"end":{}}}"#), None);
        assert_eq!(decode("[]"), None);
    }

    #[test]
    fn a_change_reads_with_its_reason_and_a_later_reason_is_unsupported() {
        let w = |why: &str, of: &str| {
            format!(
                r#"{{"v":1,"n":2,"by":"A","what":{{"amend":{{"of":"{of}","why":"{why}","tray":"d6","label":"","roll":"x"}}}}}}"#
            )
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
}
