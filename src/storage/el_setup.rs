//! The Effective Level tray as the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{Fields, each_item, fields, object_to_array};
use super::{Decoded, Document, decode_record};
use crate::core::effective_level::{
    Dedicated, ElMode, ElSetup, MAX_EL, MAX_PICKED, MAX_SITUATIONAL, Pushback,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{format_dice, parse_dice};

/// Version 4: `{"mode": "quick" | "builder", "quick_el": 5, "quick_rank": 3, "picked": [ids],
/// "picked_scene": [ids], "situational": [["High ground", 2]], "needs_training": false,
/// "dice": "simple" | "d8,d4", "wager": 0, "dedicated_kind": "", "dedicated_name": "",
/// "against": "none" | "resistance" | "opposition", "their_el": 4, "their_dice": "simple"}`.
/// Version 1 had no `"picked_scene"` (the scene's persistent boosts ticked) and reads with
/// none; versions before 3 had no `"quick_rank"` (the rank that caps a wager with a quick
/// EL) and read with 0; versions before 4 stored each situational modifier as
/// `{"name", "value"}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<I> {
    mode: String,
    quick_el: u32,
    #[serde(default)]
    quick_rank: u32,
    picked: Vec<u64>,
    #[serde(default)]
    picked_scene: Vec<u64>,
    situational: Vec<I>,
    needs_training: bool,
    dice: String,
    wager: u32,
    dedicated_kind: String,
    dedicated_name: String,
    against: String,
    their_el: u32,
    their_dice: String,
}

impl Document for ElSetup {
    const KEY: &'static str = "dicetray.el.setup";
    const TITLE: &'static str = "Effective Level tray";
    const VERSION: u32 = 4;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 4 {
            each_item(data.get_mut("situational"), |m| {
                object_to_array(m, &["name", "value"], "[null,null]");
            });
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let r: Stored<Value> = decode_record(data, "the Effective Level tray")?;
        let mode = match r.mode.as_str() {
            "quick" => ElMode::Quick,
            "builder" => ElMode::Builder,
            other => return Err(format!("no such mode “{other}”")),
        };
        let against = match r.against.as_str() {
            "none" => None,
            "resistance" => Some(Pushback::Resistance),
            "opposition" => Some(Pushback::Opposition),
            other => return Err(format!("no such other side “{other}”")),
        };
        if [r.quick_el, r.quick_rank, r.their_el, r.wager]
            .iter()
            .any(|&n| n > MAX_EL)
        {
            return Err("a number past the tray's limits".into());
        }
        if r.situational.len() > MAX_SITUATIONAL
            || r.picked.len() + r.picked_scene.len() > MAX_PICKED
        {
            return Err("more modifiers than a roll takes".into());
        }
        let mut setup = ElSetup {
            mode,
            quick_el: r.quick_el,
            quick_rank: r.quick_rank,
            picked: r.picked,
            picked_scene: r.picked_scene,
            needs_training: r.needs_training,
            dice: parse_dice(Some(&r.dice)).map_err(|e| e.to_string())?,
            wager: r.wager,
            against,
            their_el: r.their_el,
            their_dice: parse_dice(Some(&r.their_dice)).map_err(|e| e.to_string())?,
            ..ElSetup::default()
        };
        for item in &r.situational {
            let mut fields = Fields::of(item)?;
            let (name, value) = (fields.str()?, fields.i32()?);
            fields.end()?;
            setup.add_situational(name, value)?;
        }
        let text = |s: String, what: &str| -> Result<String, String> {
            if s.is_empty() {
                Ok(s)
            } else {
                clean_name(&s, what)
            }
        };
        setup.dedicated = Dedicated {
            kind: text(r.dedicated_kind, "kind")?,
            name: text(r.dedicated_name, "dedicated effect")?,
        };
        Ok(Decoded::clean(setup))
    }

    fn encode(&self) -> impl Serialize {
        Stored {
            mode: match self.mode {
                ElMode::Quick => "quick",
                ElMode::Builder => "builder",
            }
            .into(),
            quick_el: self.quick_el,
            quick_rank: self.quick_rank,
            picked: self.picked.clone(),
            picked_scene: self.picked_scene.clone(),
            situational: self
                .situational
                .iter()
                .map(|m| fields![&m.name, m.value])
                .collect(),
            needs_training: self.needs_training,
            dice: format_dice(&self.dice),
            wager: self.wager,
            dedicated_kind: self.dedicated.kind.clone(),
            dedicated_name: self.dedicated.name.clone(),
            against: match self.against {
                None => "none",
                Some(Pushback::Resistance) => "resistance",
                Some(Pushback::Opposition) => "opposition",
            }
            .into(),
            their_el: self.their_el,
            their_dice: format_dice(&self.their_dice),
        }
    }
}
