//! How an Effective Level roll reads for the roller: its headline, its tone and the parts
//! behind them, said as who gets effect (RULES.md section 3).

use super::check::{Against, Pushback};
use super::outcome::ElOutcome;
use super::roll::ElRoll;
use crate::core::tone::Tone;

impl Against {
    /// The subject of a headline about this side, with its verb: see [`subject`].
    fn says(&self, verb: &str, plural: &str) -> String {
        subject(self.name.as_deref(), self.kind, verb, plural)
    }
}

/// The subject of a headline with its verb, from `verb` (the form after "it": "holds") and
/// `plural` (after "they": "hold"). A name is said as the player typed it, its first letter
/// capitalised as a sentence starts with it (ASCII letters only, to keep Unicode case tables
/// out of the app), and takes the verb as "it" does; without a name, a resisting side is
/// "It" and an opposing one "They".
fn subject(name: Option<&str>, kind: Pushback, verb: &str, plural: &str) -> String {
    let mut chars = name.unwrap_or_default().chars();
    match (chars.next(), kind) {
        (Some(first), _) => format!("{}{} {verb}", first.to_ascii_uppercase(), chars.as_str()),
        (None, Pushback::Resistance) => format!("It {verb}"),
        (None, Pushback::Opposition) => format!("They {plural}"),
    }
}

impl ElRoll {
    /// What happened, said as who gets effect (RULES.md section 3), never whether the
    /// roller's own roll succeeded: unopposed "Effect 4" or "No effect"; against another
    /// side "You win: effect 4", "It holds: no effect" (a tie, a better roll by it, or no
    /// success), or under an opposition "They win: 3 against you".
    pub fn headline(&self) -> String {
        let outcome = self.outcome();
        match &self.check.against {
            None if outcome.effect > 0 => format!("Effect {}", outcome.effect),
            None => "No effect".into(),
            Some(_) if outcome.effect > 0 => format!("You win: effect {}", outcome.effect),
            Some(against) if outcome.their_effect > 0 => format!(
                "{}: {} against you",
                against.says("wins", "win"),
                outcome.their_effect
            ),
            Some(against) => format!("{}: no effect", against.says("holds", "hold")),
        }
    }

    /// Good with effect, bad on a failure or when the other side gets effect, neutral when a
    /// success is held off.
    pub fn tone(&self) -> Tone {
        let outcome = self.outcome();
        if outcome.effect > 0 {
            Tone::Good
        } else if outcome.value == 0 || outcome.their_effect > 0 {
            Tone::Bad
        } else {
            Tone::Neutral
        }
    }

    /// A roll made against the player by `its_name` (an obstacle or a condition of the
    /// scene, rolling as this check's roller, the player resisting): "Fire wins: 3 against
    /// you", "You hold: no effect" (its roll succeeded and was held off), or "Fire fails:
    /// no effect".
    pub fn headline_against_you(&self, its_name: &str) -> String {
        let outcome = self.outcome();
        let it = |verb| subject(Some(its_name), Pushback::Resistance, verb, verb);
        if outcome.effect > 0 {
            format!("{}: {} against you", it("wins"), outcome.effect)
        } else if outcome.value >= 1 {
            "You hold: no effect".into()
        } else {
            format!("{}: no effect", it("fails"))
        }
    }

    /// How a roll against the player reads for the player: bad when it gets effect, good
    /// when it fails, neutral when the player holds it off.
    pub fn tone_against_you(&self) -> Tone {
        let outcome = self.outcome();
        if outcome.effect > 0 {
            Tone::Bad
        } else if outcome.value >= 1 {
            Tone::Neutral
        } else {
            Tone::Good
        }
    }

    /// The result in short parts: "rolled 5 (EL 7)", "resistance 4" (or "the goblin rolled
    /// 4"), "+3 wagered, applied" or "3 wagered, lost", the sum when there is one
    /// ("5 − 4 + 3 = effect 4"), "dedicated to Injury: elbow".
    pub fn details(&self) -> Vec<String> {
        self.parts(true)
    }

    /// The details without the sum, for a roll whose meaning other words than its own
    /// headline say (a roll against the player, a defence): the sum, said as the roller's
    /// effect, would contradict them.
    pub fn facts(&self) -> Vec<String> {
        self.parts(false)
    }

    fn parts(&self, with_sum: bool) -> Vec<String> {
        let outcome = self.outcome();
        let check = &self.check;
        let el = check.rolled_el();
        let mut parts = vec![if outcome.value >= 1 {
            format!("rolled {} (EL {el})", outcome.total)
        } else if outcome.total > el {
            format!("rolled {}, over EL {el}", outcome.total)
        } else {
            "rolled 0".to_string()
        }];
        if let (Some(against), Some(total)) = (&check.against, outcome.their_total) {
            let who = match (&against.name, against.kind) {
                (Some(name), _) => format!("{name} rolled"),
                (None, Pushback::Resistance) => "resistance".into(),
                (None, Pushback::Opposition) => "opposition".into(),
            };
            parts.push(if outcome.their_value >= 1 {
                format!("{who} {total}")
            } else {
                format!("{who} {total}, counts 0")
            });
        }
        let wagered = check.wager;
        if wagered > 0 {
            parts.push(if outcome.wager_applied {
                format!("+{wagered} wagered, applied")
            } else {
                format!("{wagered} wagered, lost")
            });
        }
        if with_sum {
            parts.extend(sum(&outcome, check.wager));
        }
        if let Some(dedicated) = check.dedicated.as_ref().filter(|_| outcome.wager_applied) {
            let what = [dedicated.kind.as_str(), dedicated.name.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(": ");
            if !what.is_empty() {
                parts.push(format!("dedicated to {what}"));
            }
        }
        parts
    }
}

/// How the effect was reached, when more than the roll went into it: "5 − 4 + 3 = effect 4"
/// (the other side's value taken off, the wager added), or "6 − 3 = 3 against you". `None`
/// when the effect is the roll alone, or nobody gets any.
fn sum(outcome: &ElOutcome, wager: u32) -> Option<String> {
    let ElOutcome {
        value,
        their_value,
        effect,
        their_effect,
        ..
    } = *outcome;
    let wagered = if outcome.wager_applied { wager } else { 0 };
    // Each term as text, or nothing when it is 0: one format for every case.
    let term = |sign: &str, n: u32| {
        if n > 0 {
            format!(" {sign} {n}")
        } else {
            String::new()
        }
    };
    if effect > 0 && (their_value > 0 || wagered > 0) {
        Some(format!(
            "{value}{}{} = effect {effect}",
            term("−", their_value),
            term("+", wagered)
        ))
    } else if their_effect > 0 && value > 0 {
        Some(format!(
            "{their_value} − {value} = {their_effect} against you"
        ))
    } else {
        None
    }
}
