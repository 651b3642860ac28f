//! The Effective Level tray as the player left it.

use serde::{Deserialize, Serialize};

use super::{Decoded, Document, decode_record};
use crate::core::effective_level::{
    Dedicated, ElMode, ElSetup, MAX_EL, MAX_PICKED, MAX_SITUATIONAL, Pushback,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{format_dice, parse_dice};

/// Version 1: `{"mode": "quick" | "builder", "quick_el": 5, "picked": [ids],
/// "situational": [{"name", "value"}], "needs_training": false, "dice": "simple" | "d8,d4",
/// "wager": 0, "dedicated_kind": "", "dedicated_name": "", "against": "none" | "resistance" |
/// "opposition", "their_el": 4, "their_dice": "simple"}`. Version 2 adds `"picked_scene"`: the
/// scene's persistent boosts ticked; version 1 reads with none. Version 3 adds `"quick_rank"`,
/// the rank that caps a wager with a quick EL; earlier versions read with 0.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupRecord {
    mode: String,
    quick_el: u32,
    #[serde(default)]
    quick_rank: u32,
    picked: Vec<u64>,
    #[serde(default)]
    picked_scene: Vec<u64>,
    situational: Vec<ModifierRecord>,
    needs_training: bool,
    dice: String,
    wager: u32,
    dedicated_kind: String,
    dedicated_name: String,
    against: String,
    their_el: u32,
    their_dice: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModifierRecord {
    name: String,
    value: i32,
}

impl Document for ElSetup {
    const KEY: &'static str = "dicetray.el.setup";
    const TITLE: &'static str = "Effective Level tray";
    const VERSION: u32 = 3;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let r: SetupRecord = decode_record(data, "the Effective Level tray")?;
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
        for m in r.situational {
            setup.add_situational(&m.name, m.value)?;
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
        SetupRecord {
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
                .map(|m| ModifierRecord {
                    name: m.name.clone(),
                    value: m.value,
                })
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
