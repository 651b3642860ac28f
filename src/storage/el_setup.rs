//! The Effective Level tray as the player left it.

use serde::Serialize;
use serde_json::Value;

use super::fields::{ReadField, WriteField, each_item, object_to_array, record};
use super::{Decoded, Document, read_record};
use crate::core::effective_level::{
    Dedicated, ElMode, ElSetup, MAX_EL, MAX_PICKED, MAX_SITUATIONAL, Pushback, side_name,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{format_dice, parse_dice};

record! {
    /// Version 5: `["quick" | "builder", quick EL, quick rank, [ticked sheet entry ids],
    /// [ticked scene boost ids], [["High ground", 2], ...], needs training, dice, wager,
    /// dedicated kind, dedicated name, "none" | "resistance" | "opposition", their EL, their
    /// dice, their name, [[condition's harm mark id, points], ...]]`, the dice in notation
    /// (`"simple"`, `"2d6,d4"`), the name `""` for none: the mode, the quick EL and the rank
    /// that caps its wager, the entries and scene boosts ticked in the builder, the situational
    /// modifiers, then the roll's own settings and the other side's, then the conditions
    /// ticked as penalties.
    ///
    /// Version 4 was the same without the last two fields (no name, no conditions). Earlier
    /// versions stored an object with those names: `{"mode", "quick_el", "quick_rank",
    /// "picked", "picked_scene", "situational", "needs_training", "dice", "wager",
    /// "dedicated_kind", "dedicated_name", "against", "their_el", "their_dice"}`, each modifier
    /// `{"name", "value"}`; version 1 had no `"picked_scene"` and reads with none, versions
    /// before 3 no `"quick_rank"` and read with 0.
    struct StoredSetup<M, C> {
        /// `"quick"` or `"builder"`.
        mode: String,
        quick_el: u32,
        quick_rank: u32,
        picked: Vec<u64>,
        picked_scene: Vec<u64>,
        /// The situational modifiers, `[[name, value], ...]`.
        situational: Vec<M>,
        needs_training: bool,
        /// In notation.
        dice: String,
        wager: u32,
        dedicated_kind: String,
        dedicated_name: String,
        /// `"none"`, `"resistance"` or `"opposition"`.
        against: String,
        their_el: u32,
        their_dice: String,
        their_name: String,
        /// The conditions ticked as penalties, `[[harm mark id, points], ...]`.
        conditions: Vec<C>,
    }
}

record! {
    /// A situational modifier: `["High ground", 2]`.
    struct Modifier {
        name: String,
        value: i32,
    }
}

record! {
    /// A condition ticked as a penalty: `[harm mark id, points]`.
    struct ConditionRecord {
        mark: u64,
        value: u32,
    }
}

/// The members of an earlier version's object, in the order of the array.
const MEMBERS: [&str; 14] = [
    "mode",
    "quick_el",
    "quick_rank",
    "picked",
    "picked_scene",
    "situational",
    "needs_training",
    "dice",
    "wager",
    "dedicated_kind",
    "dedicated_name",
    "against",
    "their_el",
    "their_dice",
];

impl Document for ElSetup {
    const KEY: &'static str = "dicetray.el.setup";
    const TITLE: &'static str = "Effective Level tray";
    const VERSION: u32 = 5;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 4 {
            each_item(data.get_mut("situational"), |m| {
                object_to_array(m, &["name", "value"], "[null,null]");
            });
            let defaults = "[null,null,0,null,[],null,null,null,null,null,null,null,null,null]";
            object_to_array(data, &MEMBERS, defaults);
        }
        // No name for the other side, no conditions ticked. Data of another shape is left
        // for the reader to refuse.
        if version < 5
            && let Value::Array(fields) = data
            && fields.len() == MEMBERS.len()
        {
            fields.push(Value::from(""));
            fields.push(Value::Array(Vec::new()));
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let StoredSetup {
            mode,
            quick_el,
            quick_rank,
            picked,
            picked_scene,
            situational,
            needs_training,
            dice,
            wager,
            dedicated_kind,
            dedicated_name,
            against,
            their_el,
            their_dice,
            their_name,
            conditions,
        }: StoredSetup<Value, Value> = read_record(&data, "the Effective Level tray")?;
        let mode = match mode.as_str() {
            "quick" => ElMode::Quick,
            "builder" => ElMode::Builder,
            other => return Err(format!("no such mode “{other}”")),
        };
        let against = match against.as_str() {
            "none" => None,
            "resistance" => Some(Pushback::Resistance),
            "opposition" => Some(Pushback::Opposition),
            other => return Err(format!("no such other side “{other}”")),
        };
        if [quick_el, quick_rank, their_el, wager]
            .iter()
            .any(|&n| n > MAX_EL)
        {
            return Err("a number past the tray's limits".into());
        }
        if situational.len() > MAX_SITUATIONAL
            || picked.len() + picked_scene.len() + conditions.len() > MAX_PICKED
        {
            return Err("more modifiers than a roll takes".into());
        }
        let mut setup = ElSetup {
            mode,
            quick_el,
            quick_rank,
            picked,
            picked_scene,
            needs_training,
            dice: parse_dice(Some(&dice)).map_err(|e| e.to_string())?,
            wager,
            against,
            their_el,
            their_dice: parse_dice(Some(&their_dice)).map_err(|e| e.to_string())?,
            ..ElSetup::default()
        };
        for item in &situational {
            let Modifier { name, value } = Modifier::read(item)?;
            setup.add_situational(&name, value)?;
        }
        for item in &conditions {
            let ConditionRecord { mark, value } = ConditionRecord::read(item)?;
            if setup.condition_value(mark).is_some() {
                return Err(format!("the condition {mark} is ticked twice"));
            }
            setup.set_condition_value(mark, value)?;
        }
        if side_name(&their_name)?.as_deref().unwrap_or_default() != their_name {
            return Err("the other side's name is not as the tray keeps it".into());
        }
        setup.their_name = their_name;
        let text = |s: String, what: &str| -> Result<String, String> {
            if s.is_empty() {
                Ok(s)
            } else {
                clean_name(&s, what)
            }
        };
        setup.dedicated = Dedicated {
            kind: text(dedicated_kind, "kind")?,
            name: text(dedicated_name, "dedicated effect")?,
        };
        Ok(Decoded::clean(setup))
    }

    fn encode(&self) -> impl Serialize {
        stored(self).write()
    }
}

/// What `ElSetup` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &ElSetup) -> impl WriteField {
    let mode = match value.mode {
        ElMode::Quick => "quick",
        ElMode::Builder => "builder",
    };
    let against = match value.against {
        None => "none",
        Some(Pushback::Resistance) => "resistance",
        Some(Pushback::Opposition) => "opposition",
    };
    StoredSetup {
        mode: mode.into(),
        quick_el: value.quick_el,
        quick_rank: value.quick_rank,
        picked: value.picked.clone(),
        picked_scene: value.picked_scene.clone(),
        situational: value
            .situational
            .iter()
            .map(|m| Modifier {
                name: m.name.clone(),
                value: m.value,
            })
            .collect(),
        needs_training: value.needs_training,
        dice: format_dice(&value.dice),
        wager: value.wager,
        dedicated_kind: value.dedicated.kind.clone(),
        dedicated_name: value.dedicated.name.clone(),
        against: against.into(),
        their_el: value.their_el,
        their_dice: format_dice(&value.their_dice),
        their_name: value.their_name.clone(),
        conditions: value
            .conditions
            .iter()
            .map(|&(mark, value)| ConditionRecord { mark, value })
            .collect(),
    }
}
