//! The Effective Level tray as the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::effective_level::{
    Dedicated, ElMode, ElSetup, MAX_EL, MAX_PICKED, MAX_SITUATIONAL, Modifier, Pushback, side_name,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{format_dice, parse_dice};

/// Version 5, what this build writes: `["quick" | "builder", quick EL, quick rank, [ticked
/// sheet entry ids], [ticked scene boost ids], [["High ground", 2], ...], needs training,
/// dice, wager, dedicated kind, dedicated name, "none" | "resistance" | "opposition", their
/// EL, their dice, their name, [[condition's harm mark id, points], ...]]`, the dice in
/// notation (`"simple"`, `"2d6,d4"`), the name `""` for none: the mode, the quick EL and the
/// rank that caps its wager, the entries and scene boosts ticked in the builder, the
/// situational modifiers, then the roll's own settings and the other side's, then the
/// conditions ticked as penalties. Older versions are in `migrations::el_setup`.
#[derive(Serialize, Deserialize)]
pub(super) struct V5(
    /// `"quick"` or `"builder"`.
    pub String,
    /// The quick EL.
    pub u32,
    /// The quick rank.
    pub u32,
    /// The sheet entries ticked.
    pub Vec<u64>,
    /// The scene boosts ticked.
    pub Vec<u64>,
    pub Vec<ModifierRecord>,
    /// Needs training.
    pub bool,
    /// The dice, in notation.
    pub String,
    /// The wager.
    pub u32,
    /// The dedicated effect's kind.
    pub String,
    /// The dedicated effect's name.
    pub String,
    /// `"none"`, `"resistance"` or `"opposition"`.
    pub String,
    /// Their EL.
    pub u32,
    /// Their dice, in notation.
    pub String,
    /// Their name.
    pub String,
    pub Vec<ConditionRecord>,
);

/// A situational modifier: `["High ground", 2]`.
#[derive(Serialize, Deserialize)]
pub(super) struct ModifierRecord(pub String, pub i32);

/// A condition ticked as a penalty: `[harm mark id, points]`.
#[derive(Serialize, Deserialize)]
pub(super) struct ConditionRecord(pub u64, pub u32);

impl Document for ElSetup {
    const KEY: &'static str = "dicetray.el.setup";
    const TITLE: &'static str = "Effective Level tray";
    const VERSION: u32 = 5;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V5(
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
        ) = read_version::<Self, _>(version, data, "the Effective Level tray")?;
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
        for ModifierRecord(name, value) in situational {
            setup.add_situational(&name, value)?;
        }
        for ConditionRecord(mark, value) in conditions {
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
        let mode = match self.mode {
            ElMode::Quick => "quick",
            ElMode::Builder => "builder",
        };
        let against = match self.against {
            None => "none",
            Some(Pushback::Resistance) => "resistance",
            Some(Pushback::Opposition) => "opposition",
        };
        let modifier = |m: &Modifier| ModifierRecord(m.name.clone(), m.value);
        V5(
            mode.into(),
            self.quick_el,
            self.quick_rank,
            self.picked.clone(),
            self.picked_scene.clone(),
            self.situational.iter().map(modifier).collect(),
            self.needs_training,
            format_dice(&self.dice),
            self.wager,
            self.dedicated.kind.clone(),
            self.dedicated.name.clone(),
            against.into(),
            self.their_el,
            format_dice(&self.their_dice),
            self.their_name.clone(),
            self.conditions
                .iter()
                .map(|&(mark, points)| ConditionRecord(mark, points))
                .collect(),
        )
    }
}
