//! What a roll means once opposing symbols cancel (RULES.md section 1).

use super::symbols::Symbols;
use crate::core::tone::Tone;
use crate::core::words::plural;

/// The net result of a roll, as players read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetResult {
    /// Successes plus triumphs minus failures minus despairs.
    pub net_success: i32,
    /// Advantage minus threat; negative is net threat.
    pub net_advantage: i32,
    /// Triumphs rolled (each also counted as a success).
    pub triumph: u32,
    /// Despairs rolled (each also counted as a failure).
    pub despair: u32,
    /// Light side pips.
    pub light: u32,
    /// Dark side pips.
    pub dark: u32,
    /// False for a pool of force dice alone, which makes no check at all.
    pub is_check: bool,
}

impl NetResult {
    /// The result of rolling `symbols`; `is_check` is false for force dice alone.
    pub fn new(symbols: Symbols, is_check: bool) -> Self {
        Self {
            net_success: symbols.net_success(),
            net_advantage: symbols.net_advantage(),
            triumph: symbols.triumph,
            despair: symbols.despair,
            light: symbols.light,
            dark: symbols.dark,
            is_check,
        }
    }

    /// What is left after cancelling, as symbols to draw.
    pub fn net_symbols(&self) -> Symbols {
        Symbols {
            success: self.net_success.max(0).unsigned_abs(),
            failure: self.net_success.min(0).unsigned_abs(),
            advantage: self.net_advantage.max(0).unsigned_abs(),
            threat: self.net_advantage.min(0).unsigned_abs(),
            triumph: self.triumph,
            despair: self.despair,
            light: self.light,
            dark: self.dark,
        }
    }

    /// The check succeeds with at least one net success.
    pub fn succeeded(&self) -> bool {
        self.net_success >= 1
    }

    /// Good for a success, bad for a failure, neutral for force dice alone.
    pub fn tone(&self) -> Tone {
        if self.is_check {
            Tone::of(self.succeeded())
        } else {
            Tone::Neutral
        }
    }

    /// "Success", "Failure", or "Force" for a force-only roll.
    pub fn headline(&self) -> &'static str {
        match (self.is_check, self.succeeded()) {
            (false, _) => "Force",
            (true, true) => "Success",
            (true, false) => "Failure",
        }
    }

    /// The counts worth saying, in reading order: "2 net successes", "1 threat", ...
    pub fn details(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if self.is_check {
            parts.push(match self.net_success {
                0 => "no net success".to_string(),
                n if n > 0 => plural(n.unsigned_abs(), "net success", "net successes"),
                n => plural(n.unsigned_abs(), "net failure", "net failures"),
            });
        }
        match self.net_advantage {
            0 => {}
            n if n > 0 => parts.push(plural(n.unsigned_abs(), "advantage", "advantage")),
            n => parts.push(plural(n.unsigned_abs(), "threat", "threat")),
        }
        if self.triumph > 0 {
            parts.push(plural(self.triumph, "triumph", "triumphs"));
        }
        if self.despair > 0 {
            parts.push(plural(self.despair, "despair", "despairs"));
        }
        if self.light > 0 || self.dark > 0 || !self.is_check {
            parts.push(format!(
                "{} and {}",
                plural(self.light, "light pip", "light pips"),
                plural(self.dark, "dark pip", "dark pips")
            ));
        }
        parts
    }

    /// One line: "Success: 2 net successes, 1 advantage, 1 triumph".
    pub fn summary(&self) -> String {
        format!("{}: {}", self.headline(), self.details().join(", "))
    }
}

/// How a count of net successes reads: one or more succeeds.
pub fn net_success_tone(net: i32) -> Tone {
    Tone::of(net >= 1)
}
