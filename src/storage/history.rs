//! Roll history: the last rolls of every system, newest first.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{
    Field, Fields, Misshapen, each, each_item, fields, object_to_array, object_to_value, text,
};
use super::{Decoded, Document, decode_record};

use crate::core::effective_level::{Dedicated, ElRoll, check_words};
use crate::core::facet::clean_name;
use crate::core::highest_d6::{ChallengeKind, D6Check, MAX_COST_CHARS, MAX_SUM_LINE_CHARS};
use crate::core::narrative::{NarrativeRoll, Reroll, pool_words};
use crate::core::notation::effective_level::{
    format_check, format_faces as format_el_faces, parse_check, parse_faces as parse_el_faces,
};
use crate::core::notation::highest_d6::{format_plan, format_roll, parse_plan, parse_roll};
use crate::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use crate::core::story_points::{ChangeKind, PointCounts, StoryChange, StoryNaming, StorySide};
use crate::core::tone::Tone;

/// The most rolls history keeps.
pub const MAX_HISTORY: usize = 100;
/// The longest roll label, in characters.
pub const MAX_LABEL_CHARS: usize = 80;

/// A roll of any system, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedRoll {
    /// A narrative dice roll.
    Narrative(NarrativeRoll),
    /// A Highest d6 check.
    HighestD6(D6Check),
    /// An Effective Level roll.
    EffectiveLevel(ElRoll),
    /// A change to the table's story points (no dice rolled, unless the Destiny start).
    StoryPoints(StoryChange),
}

/// One roll in the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Unique within the history; names the entry when a die is re-rolled.
    pub id: u64,
    /// When it was rolled, in milliseconds since 1970.
    pub at_ms: u64,
    /// What the roll was for ("Pilot: evade the TIEs"); may be empty.
    pub label: String,
    /// The character who rolled, by name, if one was active.
    pub who: Option<String>,
    /// Whether the faces were entered by hand from dice rolled at the table.
    pub real_dice: bool,
    /// What was rolled and how it landed.
    pub roll: RecordedRoll,
}

/// The history of rolls, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollHistory {
    entries: Vec<HistoryEntry>,
}

impl RecordedRoll {
    /// Rolls one die again, keeping the face it replaced.
    pub fn reroll(&mut self, index: usize, rng: &mut (impl Rng + ?Sized)) -> Result<(), String> {
        match self {
            Self::Narrative(roll) => roll.reroll(index, rng).map_err(|e| e.to_string()),
            _ => Err(ONE_BY_ONE.into()),
        }
    }

    /// Puts the face a die shows after being rolled again at the table, keeping the face
    /// it replaced.
    pub fn reroll_entered(&mut self, index: usize, face: u32) -> Result<(), String> {
        match self {
            Self::Narrative(roll) => roll.reroll_entered(index, face).map_err(|e| e.to_string()),
            _ => Err(ONE_BY_ONE.into()),
        }
    }

    /// The system's name, shown beside each roll in the shared history.
    pub fn system_title(&self) -> &'static str {
        match self {
            Self::Narrative(_) => "Narrative",
            Self::HighestD6(_) => "Highest d6",
            Self::EffectiveLevel(_) => "Effective Level",
            Self::StoryPoints(change) => change.naming.title(),
        }
    }

    /// The system, as stored: `narrative`, `d6`, `el` or `story`.
    pub fn system_key(&self) -> &'static str {
        match self {
            Self::Narrative(_) => "narrative",
            Self::HighestD6(_) => "d6",
            Self::EffectiveLevel(_) => "el",
            Self::StoryPoints(_) => "story",
        }
    }

    /// The tray it belongs to, named as its route's path (`narrative`, `d6`, `el`): story
    /// points are shown on the narrative tray.
    pub fn tray_key(&self) -> &'static str {
        match self {
            Self::StoryPoints(_) => "narrative",
            other => other.system_key(),
        }
    }
}

/// Why a die of this roll cannot be rolled again on its own.
const ONE_BY_ONE: &str = "Only narrative dice are rolled again one by one.";

impl HistoryEntry {
    /// The label cut to `MAX_LABEL_CHARS` and trimmed.
    pub fn clean_label(label: &str) -> String {
        label
            .trim()
            .chars()
            .take(MAX_LABEL_CHARS)
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    /// The pool in words: "2 Ability vs 1 Difficulty", "3 dice (2 base + Keen Eye)",
    /// "EL 8 vs EL 5 (opposition)"; for story points, the naming.
    pub fn pool_text(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => pool_words(roll.pool()),
            RecordedRoll::HighestD6(check) => {
                crate::core::highest_d6::pool_words(check.roll.plan(), &check.pool_line)
            }
            RecordedRoll::EffectiveLevel(roll) => check_words(&roll.check),
            RecordedRoll::StoryPoints(change) => change.naming.title().into(),
        }
    }

    /// The pool in the notation links and the command line use: `2g1y`, `4d6`, `el 8`;
    /// empty for story points.
    pub fn pool_notation(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => format_pool(roll.pool()),
            RecordedRoll::HighestD6(check) => check.roll.plan().to_string(),
            RecordedRoll::EffectiveLevel(roll) => format_check(&roll.check),
            RecordedRoll::StoryPoints(_) => String::new(),
        }
    }

    /// The outcome in a word or two: "Success", "Costly success", "Spent a light side
    /// point", ...
    pub fn headline(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().headline().to_string(),
            RecordedRoll::HighestD6(check) => check.outcome().title().to_string(),
            RecordedRoll::EffectiveLevel(roll) => roll.headline(),
            RecordedRoll::StoryPoints(change) => change.headline(),
        }
    }

    /// How the outcome reads for the roller.
    pub fn tone(&self) -> Tone {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().tone(),
            RecordedRoll::HighestD6(check) => check.outcome().tone(),
            RecordedRoll::EffectiveLevel(roll) => roll.tone(),
            RecordedRoll::StoryPoints(_) => Tone::Neutral,
        }
    }

    /// The parts behind the headline: "1 net success", "rolled 6 4 1", "2 light, 3 dark".
    pub fn details(&self) -> Vec<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().details(),
            RecordedRoll::HighestD6(check) => {
                let mut parts = vec![check.pool_line.clone()];
                parts.extend(check.details());
                parts
            }
            RecordedRoll::EffectiveLevel(roll) => roll.details(),
            RecordedRoll::StoryPoints(change) => vec![change.counts_words()],
        }
    }

    /// The result in one line, e.g. "Success: 1 net success, 2 advantage".
    pub fn summary(&self) -> String {
        format!("{}: {}", self.headline(), self.details().join(", "))
    }

    /// How many dice were re-rolled since the first roll.
    pub fn reroll_count(&self) -> usize {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolls().len(),
            _ => 0,
        }
    }

    /// "2 dice re-rolled", or `None` when nothing was.
    pub fn rerolled_note(&self) -> Option<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolled_note(),
            _ => None,
        }
    }
}

impl RollHistory {
    /// Newest first.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    /// The entry with this id.
    pub fn get(&self, id: u64) -> Option<&HistoryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entries of one tray, newest first, by [`RecordedRoll::tray_key`] (`narrative`
    /// includes the story points).
    pub fn on_tray<'a>(&'a self, tray: &'a str) -> impl Iterator<Item = &'a HistoryEntry> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.roll.tray_key() == tray)
    }

    /// The entries of one system, newest first, by [`RecordedRoll::system_key`].
    pub fn of_system<'a>(&'a self, system: &'a str) -> impl Iterator<Item = &'a HistoryEntry> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.roll.system_key() == system)
    }

    /// Adds a roll at the front, dropping the oldest beyond `MAX_HISTORY`.
    pub fn record(&mut self, entry: HistoryEntry) {
        self.entries.insert(0, entry);
        self.entries.truncate(MAX_HISTORY);
    }

    /// Puts `entry` in place of the entry with its id (a re-roll, a cost noted); nothing
    /// when that roll is no longer kept.
    pub fn replace(&mut self, entry: HistoryEntry) {
        if let Some(kept) = self.entries.iter_mut().find(|e| e.id == entry.id) {
            *kept = entry;
        }
    }

    /// Re-rolls die `index` of entry `id`; the entry records the face it replaced.
    pub fn reroll(
        &mut self,
        id: u64,
        index: usize,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), String> {
        let entry = self
            .entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or("That roll is no longer in the history.")?;
        entry.roll.reroll(index, rng)
    }

    /// Die `index` of entry `id` rolled again at the table, now showing `face`; the entry
    /// records the face it replaced.
    pub fn reroll_entered(&mut self, id: u64, index: usize, face: u32) -> Result<(), String> {
        let entry = self
            .entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or("That roll is no longer in the history.")?;
        entry.roll.reroll_entered(index, face)
    }

    /// Forgets every roll.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Adds another history's rolls that are not here yet (by id), newest first, keeping
    /// the newest `MAX_HISTORY`, and says what it did.
    pub fn merge(&mut self, other: &RollHistory) -> MergedRolls {
        let mut merged = MergedRolls::default();
        for entry in &other.entries {
            if self.get(entry.id).is_none() {
                self.entries.push(entry.clone());
                merged.added += 1;
            } else {
                merged.kept += 1;
            }
        }
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.at_ms));
        merged.dropped_over_limit = self.entries.len().saturating_sub(MAX_HISTORY);
        self.entries.truncate(MAX_HISTORY);
        merged
    }

    /// Notes the cost of the costly success `id`.
    pub fn note_cost(&mut self, id: u64, cost: &str) -> Result<(), String> {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(HistoryEntry {
                roll: RecordedRoll::HighestD6(check),
                ..
            }) => check.note_cost(cost),
            _ => Err("That roll is no longer in the history.".into()),
        }
    }
}

/// What [`RollHistory::merge`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergedRolls {
    /// The other history's rolls that were not here, added.
    pub added: usize,
    /// The other history's rolls already here (by id), left as they are here.
    pub kept: usize,
    /// The oldest rolls (of either history) dropped after adding, to keep the newest
    /// [`MAX_HISTORY`].
    pub dropped_over_limit: usize,
}

/// Version 6: `[entry, ...]`, newest first; an entry is an array, `[id, at, label, who,
/// real_dice, system, pool, ...]` (`who`, the character, is `null` when none was rolling;
/// `real_dice` is true when the faces were entered by hand), then by system:
/// - narrative: `[..., "narrative", "2g1y", "g3 y11", [[die, "g0"], ...]]`, each re-roll
///   naming the die and the face it showed before;
/// - Highest d6: `[..., "d6", "3 base + Keen Eye = 4 dice", "6 3 1 1", "4" | "none-one" |
///   "none-lowest", "physical", conflict, cost]`, the cost `null` or its note;
/// - Effective Level: `[..., "el", "el 10 wager 3 vs 4 by the goblin", "d2:1 d2:0 ...", the other side's
///   faces, dedicated]`, dedicated `null` or `["Injury", "elbow"]`;
/// - story points: `[..., "story", "destiny" | "story-points", "set" | "start" | "roll" |
///   "spend-players" | "spend-gm" | "undo", players, gm, "w3 w9"]`: the naming, what
///   changed, the counts after it, and the Force dice of a roll (else `""`).
///
/// Version 5 had no `real_dice` (every roll was the app's own) and no story points; version 4
/// was version 5 without the other side's name (`by ...`) in the EL notation, and with
/// Highest d6 pool lines holding no conditions. Versions 1 to 3 stored
/// `{"entries": [entry, ...]}`, each entry an object with those names: `{"id", "at",
/// "label", "who"?, "system", "pool", "faces"}` and the system's own, `"rerolls"?: [{"die",
/// "was"}]`, `"dice", "kind", "conflict", "cost"?`, or `"vs_faces"?, "dedicated"?`; version
/// 1 held narrative rolls only, version 2 added the character and Highest d6, version 3
/// Effective Level.
#[derive(Serialize, Deserialize)]
struct Stored<E>(Vec<E>);

/// The fields every entry starts with: id, time, label, who, real dice, system and pool.
type Head<'a> = (u64, u64, &'a str, Option<&'a str>, bool, &'a str, &'a str);

fn read_head<'a>(fields: &mut Fields<'a>) -> Result<Head<'a>, Misshapen> {
    let (id, at, label) = (fields.u64()?, fields.u64()?, fields.str()?);
    let who = fields.maybe()?.map(text).transpose()?;
    let real_dice = fields.bool()?;
    Ok((id, at, label, who, real_dice, fields.str()?, fields.str()?))
}

fn decode_entry(item: &Value) -> Result<HistoryEntry, String> {
    let mut fields = Fields::of(item).map_err(|e| format!("a roll: {}", String::from(e)))?;
    let (id, at_ms, label, who, real_dice, system, pool) =
        read_head(&mut fields).map_err(|e| format!("a roll: {}", String::from(e)))?;
    let read = || -> Result<_, String> {
        if label.chars().count() > MAX_LABEL_CHARS {
            return Err(format!("label longer than {MAX_LABEL_CHARS} characters"));
        }
        let who = who.map(|name| clean_name(name, "character")).transpose()?;
        let roll = match system {
            "narrative" => read_narrative(pool, &mut fields)?,
            "d6" => read_d6(pool, &mut fields)?,
            "el" => read_el(pool, &mut fields)?,
            "story" => read_story(pool, &mut fields)?,
            other => return Err(format!("unknown system \"{other}\"")),
        };
        fields.end()?;
        Ok((who, roll))
    };
    let (who, roll) = read().map_err(|e| format!("the roll \"{label}\" ({pool}): {e}"))?;
    Ok(HistoryEntry {
        id,
        at_ms,
        label: label.to_string(),
        who,
        real_dice,
        roll,
    })
}

fn read_narrative(pool: &str, fields: &mut Fields) -> Result<RecordedRoll, String> {
    let pool = parse_pool(pool).map_err(|e| e.to_string())?;
    let dice = parse_faces(fields.str()?).map_err(|e| e.to_string())?;
    let mut rerolls = Vec::new();
    for item in fields.list()? {
        let mut reroll = Fields::of(item)?;
        let (index, was) = (reroll.u64()?, reroll.str()?);
        reroll.end()?;
        let was = parse_faces(was).map_err(|e| e.to_string())?;
        let ([before], Ok(index)) = (was.as_slice(), usize::try_from(index)) else {
            return Err("a re-roll must name one die".into());
        };
        rerolls.push(Reroll {
            index,
            before: *before,
        });
    }
    let roll = NarrativeRoll::from_parts(dice, pool.added(), rerolls).map_err(|e| e.to_string())?;
    if *roll.pool() != pool {
        return Err("its dice do not match its pool".into());
    }
    Ok(RecordedRoll::Narrative(roll))
}

fn read_d6(pool: &str, fields: &mut Fields) -> Result<RecordedRoll, String> {
    let (faces, plan, kind) = (fields.str()?, fields.str()?, fields.str()?);
    let (conflict, cost) = (fields.bool()?, fields.maybe()?.map(text).transpose()?);
    let plan = parse_plan(plan).map_err(|e| e.to_string())?;
    let roll = parse_roll(plan, faces).map_err(|e| e.to_string())?;
    let kind = ChallengeKind::from_key(kind)
        .ok_or_else(|| format!("no such kind of challenge “{kind}”"))?;
    if pool.chars().count() > MAX_SUM_LINE_CHARS {
        return Err("its pool is too long".into());
    }
    let mut check = D6Check {
        roll,
        pool_line: pool.to_string(),
        kind,
        conflict,
        cost: None,
    };
    if let Some(cost) = cost {
        if cost.chars().count() > MAX_COST_CHARS {
            return Err("its cost note is too long".into());
        }
        check.note_cost(cost)?;
    }
    Ok(RecordedRoll::HighestD6(check))
}

fn read_el(pool: &str, fields: &mut Fields) -> Result<RecordedRoll, String> {
    let mut check = parse_check(pool).map_err(|e| e.to_string())?;
    let faces = parse_el_faces(fields.str()?).map_err(|e| e.to_string())?;
    let theirs = parse_el_faces(fields.str()?).map_err(|e| e.to_string())?;
    if let Some(dedicated) = fields.maybe()? {
        let mut dedicated = Fields::of(dedicated)?;
        let (kind, name) = (dedicated.str()?, dedicated.str()?);
        dedicated.end()?;
        let text = |s: &str, what: &str| -> Result<String, String> {
            if s.is_empty() {
                Ok(String::new())
            } else {
                clean_name(s, what)
            }
        };
        check.dedicated = Some(Dedicated {
            kind: text(kind, "kind")?,
            name: text(name, "dedicated effect")?,
        });
    }
    Ok(RecordedRoll::EffectiveLevel(ElRoll::from_parts(
        check, faces, theirs,
    )?))
}

/// A story points change: `"destiny", "spend-players", 2, 3, ""` after the head.
fn read_story(naming: &str, fields: &mut Fields) -> Result<RecordedRoll, String> {
    let naming = StoryNaming::from_key(naming)
        .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
    let (kind, players, gm, dice) = (fields.str()?, fields.u32()?, fields.u32()?, fields.str()?);
    let dice = parse_faces(dice).map_err(|e| e.to_string())?;
    let kind = match (kind, dice.is_empty()) {
        ("set", true) => ChangeKind::Set,
        ("start", true) => ChangeKind::Started,
        ("roll", false) => ChangeKind::Rolled(dice),
        ("spend-players", true) => ChangeKind::Spent(StorySide::Players),
        ("spend-gm", true) => ChangeKind::Spent(StorySide::Gm),
        ("undo", true) => ChangeKind::Undone,
        _ => return Err("it names no change to story points".into()),
    };
    let change = StoryChange::from_parts(naming, kind, PointCounts { players, gm })?;
    Ok(RecordedRoll::StoryPoints(change))
}

/// What a story points change is stored as, and its Force dice (empty unless rolled).
fn story_kind(kind: &ChangeKind) -> (&'static str, &[crate::core::narrative::RolledDie]) {
    match kind {
        ChangeKind::Set => ("set", &[]),
        ChangeKind::Started => ("start", &[]),
        ChangeKind::Rolled(dice) => ("roll", dice),
        ChangeKind::Spent(StorySide::Players) => ("spend-players", &[]),
        ChangeKind::Spent(StorySide::Gm) => ("spend-gm", &[]),
        ChangeKind::Undone => ("undo", &[]),
    }
}

fn encode_entry(e: &HistoryEntry) -> Field<'_> {
    let who = e.who.as_deref();
    match &e.roll {
        RecordedRoll::Narrative(roll) => fields![
            e.id,
            e.at_ms,
            &e.label,
            who,
            e.real_dice,
            "narrative",
            format_pool(roll.pool()),
            format_faces(roll.dice()),
            each(roll.rerolls(), |r| fields![
                r.index,
                format_faces(&[r.before])
            ]),
        ],
        RecordedRoll::HighestD6(check) => fields![
            e.id,
            e.at_ms,
            &e.label,
            who,
            e.real_dice,
            "d6",
            &check.pool_line,
            format_roll(&check.roll),
            format_plan(check.roll.plan()),
            check.kind.key(),
            check.conflict,
            check.cost.as_deref(),
        ],
        RecordedRoll::EffectiveLevel(roll) => fields![
            e.id,
            e.at_ms,
            &e.label,
            who,
            e.real_dice,
            "el",
            format_check(&roll.check),
            format_el_faces(&roll.faces),
            format_el_faces(&roll.their_faces),
            roll.check
                .dedicated
                .as_ref()
                .map(|d| fields![&d.kind, &d.name]),
        ],
        RecordedRoll::StoryPoints(change) => {
            let (kind, dice) = story_kind(&change.kind);
            fields![
                e.id,
                e.at_ms,
                &e.label,
                who,
                e.real_dice,
                "story",
                change.naming.key(),
                kind,
                change.after.players,
                change.after.gm,
                format_faces(dice),
            ]
        }
    }
}

/// Rewrites an entry versions 1 to 3 stored as an object, by its system's fields; one of
/// an unknown system, or with another system's fields, is left for the reader to refuse.
fn upgrade_entry(entry: &mut Value) {
    let system = entry.get("system").and_then(Value::as_str).unwrap_or("");
    let (keys, defaults): (&[&str], &str) = match system {
        "narrative" => (
            &[
                "id", "at", "label", "who", "system", "pool", "faces", "rerolls",
            ],
            "[null,null,null,null,null,null,null,[]]",
        ),
        "d6" => (
            &[
                "id", "at", "label", "who", "system", "pool", "faces", "dice", "kind", "conflict",
                "cost",
            ],
            "[null,null,null,null,null,null,null,null,null,false,null]",
        ),
        "el" => (
            &[
                "id",
                "at",
                "label",
                "who",
                "system",
                "pool",
                "faces",
                "vs_faces",
                "dedicated",
            ],
            r#"[null,null,null,null,null,null,null,"",null]"#,
        ),
        _ => return,
    };
    each_item(entry.get_mut("rerolls"), |reroll| {
        object_to_array(reroll, &["die", "was"], "[null,null]");
    });
    object_to_array(entry, keys, defaults);
}

impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 6;

    /// Version 5 only let entries hold more, so version 4 reads as it is; version 6 adds
    /// `real_dice`.
    fn upgrade(version: u32, data: &mut Value) {
        if version < 4 {
            object_to_value(data, "entries");
            each_item(Some(data), upgrade_entry);
        }
        if version < 6 {
            // Every roll before version 6 was the app's own: `real_dice` false, after `who`.
            each_item(Some(data), |entry| {
                if let Value::Array(fields) = entry
                    && fields.len() >= 4
                {
                    fields.insert(4, Value::Bool(false));
                }
            });
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let Stored(entries) = decode_record(data, "the roll history")?;
        let mut decoded = Decoded::clean(Self::default());
        for item in &entries {
            match decode_entry(item) {
                Ok(entry) => decoded.value.entries.push(entry),
                Err(reason) => decoded.set_aside.push(reason),
            }
        }
        if decoded.value.entries.len() > MAX_HISTORY {
            let extra = decoded.value.entries.len() - MAX_HISTORY;
            decoded.value.entries.truncate(MAX_HISTORY);
            decoded
                .set_aside
                .push(format!("{extra} rolls past the limit of {MAX_HISTORY}"));
        }
        Ok(decoded)
    }

    fn encode(&self) -> impl Serialize {
        Stored(each(&self.entries, encode_entry))
    }
}

/// A roll as a result link carries it: `[version, entry]`, the entry as History stores it,
/// so a link read by a later Dicetray migrates like History does.
pub fn entry_link_text(entry: &HistoryEntry) -> String {
    serde_json::to_string(&(RollHistory::VERSION, encode_entry(entry))).unwrap_or_default()
}

/// Reads what [`entry_link_text`] writes, checking the roll as History checks its own; a
/// clear message for anything else.
pub fn entry_from_link(text: &str) -> Result<HistoryEntry, String> {
    const WHAT: &str = "The link's roll could not be read";
    if text.len() > MAX_LINK_CHARS {
        return Err(format!("{WHAT}: it is too long."));
    }
    let (version, entry): (u32, Value) =
        serde_json::from_str(text).map_err(|_| format!("{WHAT}: it is not a roll."))?;
    if version > RollHistory::VERSION {
        return Err(format!(
            "{WHAT}: it was made by a newer version of Dicetray. Reload to update."
        ));
    }
    if version < FIRST_LINK_VERSION {
        return Err(format!("{WHAT}: it is not a roll."));
    }
    // Through History's own upgrade, as a one-roll history of that version.
    let mut history = Value::Array(vec![entry]);
    RollHistory::upgrade(version, &mut history);
    let Value::Array(mut entries) = history else {
        return Err(format!("{WHAT}."));
    };
    let entry = entries.pop().ok_or_else(|| format!("{WHAT}."))?;
    decode_entry(&entry).map_err(|reason| format!("{WHAT}: {reason}."))
}

/// The History version result links first carried.
const FIRST_LINK_VERSION: u32 = 6;

/// The longest result link text read: a full narrative tray's roll with re-rolls fits.
pub const MAX_LINK_CHARS: usize = 8_000;
