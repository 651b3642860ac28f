//! A roll as History stores it: version 8's list of entries, each an array of its head
//! and its system's own fields, with its serde. How an entry is checked when read back,
//! and what it is made from, is in `history`.

use serde::de::{self, SeqAccess};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Serialize, Serializer};

use super::stored::{ReadFields, deserialize_by_fields, next_field};

/// Version 8, what this build writes: `[entry, ...]`, newest first. Read as
/// `V8<Lenient<Entry>>`, each entry on its own.
#[derive(Serialize, Deserialize)]
pub(super) struct V8<E = Entry>(pub Vec<E>);

/// An entry: an array, `[id, at, label, who, real_dice, to_gm, system, pool, ...]` (`who`,
/// the character, is `null` when none was rolling; `real_dice` is true when the faces were
/// entered by hand; `to_gm` when it went to the live table's GM alone), then its system's
/// own fields ([`Tail`]). Its length depends on the
/// system, so its serde is written by hand.
pub(super) struct Entry {
    /// What every entry starts with.
    pub head: Head,
    /// The system's own fields; the system is named in the stored array.
    pub tail: Tail,
}

/// What every entry starts with, less the system its tail names.
pub(super) struct Head {
    pub id: u64,
    pub at: u64,
    pub label: String,
    /// The character who rolled, if one was.
    pub who: Option<String>,
    /// Whether the faces were entered by hand.
    pub real_dice: bool,
    /// Whether it went to the live table's GM alone.
    pub to_gm: bool,
    /// The pool in the system's notation (for story points, the naming).
    pub pool: String,
}

/// What follows the head, by system.
pub(super) enum Tail {
    /// `[..., "narrative", "2g1y", "g3 y11", [[die, "g0"], ...]]`, each re-roll naming the
    /// die and the face it showed before.
    Narrative {
        faces: String,
        rerolls: Vec<RerollRecord>,
    },
    /// `[..., "d6", "3 base + Keen Eye = 4 dice", "6 3 1 1", "4" | "none-one" |
    /// "none-lowest", "physical", conflict, cost]`, the cost `null` or its note.
    HighestD6 {
        faces: String,
        /// How the dice were read.
        plan: String,
        kind: String,
        conflict: bool,
        cost: Option<String>,
    },
    /// `[..., "el", "el 10 wager 3 vs 4 by the goblin", "d2:1 d2:0 ...", the other side's
    /// faces, dedicated]`, dedicated `null` or `["Injury", "elbow"]`.
    EffectiveLevel {
        faces: String,
        their_faces: String,
        dedicated: Option<DedicatedRecord>,
    },
    /// `[..., "el-defence", "el 4", "d2:1 d2:0 ...", attack]`: the Simple Pool at the
    /// defence's EL and the attack's value it met, or `null`.
    ElDefence { faces: String, attack: Option<u32> },
    /// `[..., "story", "destiny" | "story-points", "set" | "start" | "roll" |
    /// "spend-players" | "spend-gm" | "undo", players, gm, "w3 w9"]`: the naming, what
    /// changed, the counts after it, and the Force dice of a roll (else `""`).
    StoryPoints {
        change: String,
        players: u32,
        gm: u32,
        dice: String,
    },
}

/// A re-roll: the die and the face it showed before, `[die, "g0"]`.
#[derive(Serialize, Deserialize)]
pub(super) struct RerollRecord(pub u64, pub String);

/// A dedicated effect: `["Injury", "elbow"]`.
#[derive(Serialize, Deserialize)]
pub(super) struct DedicatedRecord(pub String, pub String);

impl Tail {
    /// The system's name in the stored array.
    fn system(&self) -> &'static str {
        match self {
            Self::Narrative { .. } => "narrative",
            Self::HighestD6 { .. } => "d6",
            Self::EffectiveLevel { .. } => "el",
            Self::ElDefence { .. } => "el-defence",
            Self::StoryPoints { .. } => "story",
        }
    }

    /// Reads the fields of `system` after an entry's head; an unknown system refuses the
    /// entry.
    pub(super) fn read<'de, A: SeqAccess<'de>>(
        system: &str,
        fields: &mut A,
    ) -> Result<Self, A::Error> {
        let fields = &mut *fields;
        Ok(match system {
            "narrative" => Self::Narrative {
                faces: next_field(fields)?,
                rerolls: next_field(fields)?,
            },
            "d6" => Self::HighestD6 {
                faces: next_field(fields)?,
                plan: next_field(fields)?,
                kind: next_field(fields)?,
                conflict: next_field(fields)?,
                cost: next_field(fields)?,
            },
            "el" => Self::EffectiveLevel {
                faces: next_field(fields)?,
                their_faces: next_field(fields)?,
                dedicated: next_field(fields)?,
            },
            "el-defence" => Self::ElDefence {
                faces: next_field(fields)?,
                attack: next_field(fields)?,
            },
            "story" => Self::StoryPoints {
                change: next_field(fields)?,
                players: next_field(fields)?,
                gm: next_field(fields)?,
                dice: next_field(fields)?,
            },
            _ => return Err(de::Error::custom("an unknown system")),
        })
    }

    /// How many fields it writes.
    fn len(&self) -> usize {
        match self {
            Self::Narrative { .. } | Self::ElDefence { .. } => 2,
            Self::EffectiveLevel { .. } => 3,
            Self::StoryPoints { .. } => 4,
            Self::HighestD6 { .. } => 5,
        }
    }

    /// Writes its fields after the head.
    fn write<S: SerializeSeq>(&self, fields: &mut S) -> Result<(), S::Error> {
        match self {
            Self::Narrative { faces, rerolls } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(rerolls)
            }
            Self::HighestD6 {
                faces,
                plan,
                kind,
                conflict,
                cost,
            } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(plan)?;
                fields.serialize_element(kind)?;
                fields.serialize_element(conflict)?;
                fields.serialize_element(cost)
            }
            Self::EffectiveLevel {
                faces,
                their_faces,
                dedicated,
            } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(their_faces)?;
                fields.serialize_element(dedicated)
            }
            Self::ElDefence { faces, attack } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(attack)
            }
            Self::StoryPoints {
                change,
                players,
                gm,
                dice,
            } => {
                fields.serialize_element(change)?;
                fields.serialize_element(players)?;
                fields.serialize_element(gm)?;
                fields.serialize_element(dice)
            }
        }
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let head = &self.head;
        let mut fields = serializer.serialize_seq(Some(8 + self.tail.len()))?;
        fields.serialize_element(&head.id)?;
        fields.serialize_element(&head.at)?;
        fields.serialize_element(&head.label)?;
        fields.serialize_element(&head.who)?;
        fields.serialize_element(&head.real_dice)?;
        fields.serialize_element(&head.to_gm)?;
        fields.serialize_element(self.tail.system())?;
        fields.serialize_element(&head.pool)?;
        self.tail.write(&mut fields)?;
        fields.end()
    }
}

deserialize_by_fields!(Entry);

impl<'de> ReadFields<'de> for Entry {
    const WHAT: &'static str = "a roll";

    fn read<A: SeqAccess<'de>>(fields: &mut A) -> Result<Self, A::Error> {
        Self::read_in(fields, 8)
    }
}

impl Entry {
    /// Reads the head as History's `version` stored it, then the tail its system names.
    /// Before version 6 the head has no `real_dice` (every roll then was the app's own);
    /// before version 8 no `to_gm` (no roll was marked as the GM's alone).
    pub(super) fn read_in<'de, A: SeqAccess<'de>>(
        fields: &mut A,
        version: u32,
    ) -> Result<Self, A::Error> {
        let id = next_field(fields)?;
        let at = next_field(fields)?;
        let label = next_field(fields)?;
        let who = next_field(fields)?;
        let real_dice = version >= 6 && next_field(fields)?;
        let to_gm = version >= 8 && next_field(fields)?;
        let system: String = next_field(fields)?;
        let pool = next_field(fields)?;
        let tail = Tail::read(&system, fields)?;
        let head = Head {
            id,
            at,
            label,
            who,
            real_dice,
            to_gm,
            pool,
        };
        Ok(Entry { head, tail })
    }
}
