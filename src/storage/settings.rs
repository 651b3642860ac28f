//! Settings that last: how the app reads the rules where the player may choose.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::object_to_value;
use super::{Decoded, Document, decode_record};
use crate::core::highest_d6::ZeroDiceRule;

/// The player's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// What Highest d6 rolls when facets leave no dice.
    pub zero_dice: ZeroDiceRule,
}

/// Version 2: what Highest d6 rolls for no dice, `"one-die" | "lowest-of-two"`. Version 1
/// stored `{"zero_dice": "one-die"}`.
#[derive(Serialize, Deserialize)]
struct Stored(String);

impl Document for Settings {
    const KEY: &'static str = "dicetray.settings";
    const TITLE: &'static str = "settings";
    const VERSION: u32 = 2;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 2 {
            object_to_value(data, "zero_dice");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let Stored(rule) = decode_record(data, "the settings")?;
        let zero_dice = ZeroDiceRule::from_key(&rule)
            .ok_or_else(|| format!("no such rule for no dice: “{rule}”"))?;
        Ok(Decoded::clean(Self { zero_dice }))
    }

    fn encode(&self) -> impl Serialize {
        Stored(self.zero_dice.key().into())
    }
}
