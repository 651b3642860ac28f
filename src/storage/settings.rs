//! Settings that last: how the app reads the rules where the player may choose, how it
//! behaves (haptics, odds hints, which rarely used panels are left open), and what this
//! device knows about keeping its data (asked the browser to keep it; last exported).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::highest_d6::ZeroDiceRule;

/// The most folded panels remembered as open.
pub const MAX_OPEN_FOLDS: usize = 40;
/// The longest id of a folded panel, in ASCII characters.
pub const MAX_FOLD_ID_CHARS: usize = 32;

/// The player's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What Highest d6 rolls when facets leave no dice.
    pub zero_dice: ZeroDiceRule,
    /// Whether a roll gives a short vibration where the device has one.
    pub haptics: bool,
    /// Whether odds hints are shown beside the controls.
    pub coach: bool,
    /// Ids of the folded panels the player left open, oldest first (see
    /// [`Settings::set_fold_open`]).
    open_folds: Vec<String>,
    /// This device's own: whether the app has asked the browser to keep its data for good
    /// (once, on the first character created) and told the player if it would not.
    pub keep_asked: bool,
    /// This device's own: when everything was last exported from here, in milliseconds
    /// since 1970; `None` when never.
    pub last_export_ms: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            zero_dice: ZeroDiceRule::default(),
            haptics: true,
            coach: true,
            open_folds: Vec::new(),
            keep_asked: false,
            last_export_ms: None,
        }
    }
}

impl Settings {
    /// Takes this device's own facts from `here` (see [`Settings::keep_asked`] and
    /// [`Settings::last_export_ms`]): a file from another device or another day says
    /// nothing true about this device's storage or its exports.
    pub fn keep_device_facts(&mut self, here: &Settings) {
        self.keep_asked = here.keep_asked;
        self.last_export_ms = here.last_export_ms;
    }

    /// Whether the folded panel `id` was left open.
    pub fn is_fold_open(&self, id: &str) -> bool {
        self.open_folds.iter().any(|open| open == id)
    }

    /// The folded panels left open, oldest first.
    pub fn open_folds(&self) -> &[String] {
        &self.open_folds
    }

    /// Remembers whether the folded panel `id` is open. An id is 1 to
    /// [`MAX_FOLD_ID_CHARS`] visible ASCII characters (the app's own names, such as
    /// `el-best-dice`). Past [`MAX_OPEN_FOLDS`] open panels the one opened longest ago is
    /// forgotten, so it shows folded next time.
    pub fn set_fold_open(&mut self, id: &str, open: bool) -> Result<(), String> {
        check_fold_id(id)?;
        self.open_folds.retain(|known| known != id);
        if open {
            if self.open_folds.len() >= MAX_OPEN_FOLDS {
                self.open_folds.remove(0);
            }
            self.open_folds.push(id.to_string());
        }
        Ok(())
    }
}

fn check_fold_id(id: &str) -> Result<(), String> {
    let fits =
        (1..=MAX_FOLD_ID_CHARS).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_graphic());
    if fits {
        Ok(())
    } else {
        Err(format!(
            "a panel's id is 1 to {MAX_FOLD_ID_CHARS} letters, digits or signs"
        ))
    }
}

/// Version 4, what this build writes: `[zero_dice, haptics, coach, [open_fold, ...],
/// keep_asked, last_export]`. Older versions and their migrations are in
/// `migrations::settings`.
#[derive(Serialize, Deserialize)]
pub(super) struct V4(
    /// What Highest d6 rolls for no dice, `ZeroDiceRule::key`: `"one-die"` or
    /// `"lowest-of-two"`.
    pub String,
    /// Haptics.
    pub bool,
    /// Odds hints.
    pub bool,
    /// The ids of the folded panels left open, oldest first.
    pub Vec<String>,
    /// Whether the browser was asked to keep the data.
    pub bool,
    /// When the data was last exported (ms), or `null`.
    pub Option<u64>,
);

impl Document for Settings {
    const KEY: &'static str = "dicetray.settings";
    const TITLE: &'static str = "settings";
    const VERSION: u32 = 4;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V4(rule, haptics, coach, folds, keep_asked, last_export_ms) =
            read_version::<Self, _>(version, data, "the settings")?;
        let zero_dice = ZeroDiceRule::from_key(&rule)
            .ok_or_else(|| format!("no such rule for no dice: “{rule}”"))?;
        let mut decoded = Decoded::clean(Self {
            zero_dice,
            haptics,
            coach,
            open_folds: Vec::new(),
            keep_asked,
            last_export_ms,
        });
        for id in folds {
            let known = decoded.value.is_fold_open(&id);
            let full = decoded.value.open_folds.len() >= MAX_OPEN_FOLDS;
            match check_fold_id(&id) {
                Err(reason) => decoded.set_aside.push(reason),
                Ok(()) if known => decoded.set_aside.push("a panel listed twice".into()),
                Ok(()) if full => decoded
                    .set_aside
                    .push(format!("open panels past the {MAX_OPEN_FOLDS} remembered")),
                Ok(()) => decoded.value.open_folds.push(id),
            }
        }
        Ok(decoded)
    }

    fn encode(&self) -> impl Serialize {
        V4(
            self.zero_dice.key().into(),
            self.haptics,
            self.coach,
            self.open_folds.clone(),
            self.keep_asked,
            self.last_export_ms,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_panels_are_remembered_up_to_the_limit() {
        let mut settings = Settings::default();
        assert!(settings.haptics && settings.coach);
        settings.set_fold_open("el-best-dice", true).unwrap();
        assert!(settings.is_fold_open("el-best-dice"));
        settings.set_fold_open("el-best-dice", false).unwrap();
        assert!(!settings.is_fold_open("el-best-dice"));
        for n in 0..=MAX_OPEN_FOLDS {
            settings.set_fold_open(&format!("panel-{n}"), true).unwrap();
        }
        // 41 opened: the first is forgotten.
        assert_eq!(settings.open_folds().len(), MAX_OPEN_FOLDS);
        assert!(!settings.is_fold_open("panel-0"));
        assert!(settings.is_fold_open("panel-40"));
        for bad in ["", "has space", "é", &"x".repeat(33)] {
            assert!(settings.set_fold_open(bad, true).is_err(), "{bad:?}");
        }
        assert!(settings.set_fold_open(&"x".repeat(32), true).is_ok());
    }
}
