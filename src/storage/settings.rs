//! Settings that last: how the app reads the rules where the player may choose.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Decoded, Document, decode_record};
use crate::core::highest_d6::ZeroDiceRule;

/// The player's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// What Highest d6 rolls when facets leave no dice.
    pub zero_dice: ZeroDiceRule,
}

/// Version 1: `{"zero_dice": "one-die" | "lowest-of-two"}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    zero_dice: String,
}

impl Document for Settings {
    const KEY: &'static str = "dicetray.settings";
    const TITLE: &'static str = "settings";
    const VERSION: u32 = 1;

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let record: Stored = decode_record(data, "the settings")?;
        let zero_dice = ZeroDiceRule::from_key(&record.zero_dice)
            .ok_or_else(|| format!("no such rule for no dice: “{}”", record.zero_dice))?;
        Ok(Decoded::clean(Self { zero_dice }))
    }

    fn encode(&self) -> impl Serialize {
        Stored {
            zero_dice: self.zero_dice.key().into(),
        }
    }
}
