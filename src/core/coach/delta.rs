//! What one tap does to a figure the tray shows: the figure before and after, exactly, and
//! the change in a few characters for the eye and in a sentence for screen readers.
//!
//! Chances move in percentage points rounded to whole points ("+12%", "−3%"); a move that
//! rounds to nothing but is not nothing reads "+<1%" or "−<1%", and only a move that is
//! exactly zero reads "±0", so the player can trust that "±0" means the tap changes nothing.
//! Expected effects move in tenths ("+0.8 effect", "+<0.1 effect", "±0 effect"). Whether a
//! figure moved, and which way, is decided on the exact fractions; only the size shown is
//! rounded from floats, and by hand, without float formatting code.

use std::cmp::Ordering;

use crate::core::count::Count;
use crate::core::distribution::{Chance, Distribution};
use crate::core::tone::Tone;

/// An exact figure, `(gain − loss) / total`: a chance (no loss), or an expected effect that
/// may be below zero (a net effect under an opposition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    gain: Count,
    loss: Count,
    total: Count,
}

/// What a delta measures, in the words a screen reader says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// Narrative: at least one net success. Effective Level with nobody pushing back: the
    /// roll lands in 1 to the EL rolled.
    Success,
    /// Narrative: at least one net advantage.
    Advantage,
    /// Highest d6: a costly success, a success or a triumph (see `coach::highest_d6`).
    CostlyOrBetter,
    /// Effective Level against another side: the roller gets effect (wins).
    AnyEffect,
    /// Effective Level: the roller's expected effect, wagered points included.
    ExpectedEffect,
    /// Effective Level under an opposition: the roller's expected effect minus the other
    /// side's (RULES.md section 3).
    ExpectedNetEffect,
}

/// One figure before and after a tap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delta {
    /// What the figure is.
    pub measure: Measure,
    /// The figure as the tray stands.
    pub before: Figure,
    /// The figure after the tap.
    pub after: Figure,
}

impl Figure {
    /// `(gain − loss) / total`. A total of zero (no outcomes) reads as 0.
    pub fn new(gain: Count, loss: Count, total: Count) -> Self {
        Self { gain, loss, total }
    }

    /// A figure that is always 0: the chance, and the effect, of a roll that is not made.
    pub fn zero() -> Self {
        Self::new(Count::zero(), Count::zero(), Count::from(1))
    }

    /// A chance as a figure.
    pub fn of_chance(chance: &Chance) -> Self {
        Self::new(chance.ways.clone(), Count::zero(), chance.total.clone())
    }

    /// The expected outcome of a distribution as a figure.
    pub fn mean_of(distribution: &Distribution) -> Self {
        let (mut gain, mut loss) = (Count::zero(), Count::zero());
        for (outcome, ways) in distribution.iter() {
            let size = Count::from(u64::from(outcome.unsigned_abs()));
            if outcome >= 0 {
                gain.add_product(ways, &size);
            } else {
                loss.add_product(ways, &size);
            }
        }
        Self::new(gain, loss, distribution.total())
    }

    /// The value as a float, for display.
    pub fn value(&self) -> f64 {
        if self.total.is_zero() {
            return 0.0;
        }
        Count::ratio(&self.gain, &self.total) - Count::ratio(&self.loss, &self.total)
    }

    /// Compares two figures exactly, by cross-multiplying: `a/A` against `b/B` is
    /// `gain_a·B + loss_b·A` against `gain_b·A + loss_a·B`, with no subtraction.
    pub fn cmp_exact(&self, other: &Self) -> Ordering {
        let side = |a: &Self, b: &Self| {
            let mut sum = Count::product(&a.gain, &b.total);
            sum.add_product(&b.loss, &a.total);
            sum
        };
        side(self, other).cmp(&side(other, self))
    }
}

impl Measure {
    /// The figure named in a sentence: "the chance of success".
    pub fn what(self) -> &'static str {
        match self {
            Self::Success => "the chance of success",
            Self::Advantage => "the chance of net advantage",
            Self::CostlyOrBetter => "the chance of at least a costly success",
            Self::AnyEffect => "the chance of getting effect",
            Self::ExpectedEffect => "the expected effect",
            Self::ExpectedNetEffect => "the expected net effect",
        }
    }

    /// Whether the figure is a chance (shown in points) rather than an effect (in tenths).
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Self::Success | Self::Advantage | Self::CostlyOrBetter | Self::AnyEffect
        )
    }
}

impl Delta {
    /// A delta of `measure` from `before` to `after`.
    pub fn new(measure: Measure, before: Figure, after: Figure) -> Self {
        Self {
            measure,
            before,
            after,
        }
    }

    /// Which way the figure moves, exactly: `Greater` when the tap raises it.
    pub fn direction(&self) -> Ordering {
        self.after.cmp_exact(&self.before)
    }

    /// The change as a float: in probability (0.12 is 12 points) or in effect.
    pub fn change(&self) -> f64 {
        self.after.value() - self.before.value()
    }

    /// Good when the figure rises, bad when it falls, neutral when it stays: for the roller.
    pub fn tone(&self) -> Tone {
        match self.direction() {
            Ordering::Greater => Tone::Good,
            Ordering::Less => Tone::Bad,
            Ordering::Equal => Tone::Neutral,
        }
    }

    /// A few characters beside the control: "+12%", "−<1%", "±0", "+0.8 effect".
    pub fn short_text(&self) -> String {
        let unit = if self.measure.is_chance() {
            "%"
        } else {
            " effect"
        };
        let sign = match self.direction() {
            Ordering::Equal => return format!("±0{}", if unit == "%" { "" } else { unit }),
            Ordering::Greater => "+",
            Ordering::Less => "−",
        };
        format!("{sign}{}{unit}", self.size())
    }

    /// The change in a sentence, for screen readers: "adds 12 points to the chance of
    /// success", "takes 0.8 from the expected effect", "leaves the chance of success as it
    /// is".
    pub fn spoken_text(&self) -> String {
        let what = self.measure.what();
        let verb = match self.direction() {
            Ordering::Equal => return format!("leaves {what} as it is"),
            Ordering::Greater => "adds",
            Ordering::Less => "takes",
        };
        let size = self.size();
        let amount = match (self.measure.is_chance(), size.as_str()) {
            (true, "<1") => "less than 1 point".to_string(),
            (true, "1") => "1 point".to_string(),
            (true, points) => format!("{points} points"),
            (false, "<0.1") => "less than 0.1".to_string(),
            (false, tenths) => tenths.to_string(),
        };
        let to = if verb == "adds" { "to" } else { "from" };
        format!("{verb} {amount} {to} {what}")
    }

    /// The size of a change that is not zero: whole points ("12", or "<1") or tenths
    /// ("0.8", or "<0.1").
    fn size(&self) -> String {
        let change = self.change().abs();
        if self.measure.is_chance() {
            match (change * 100.0).round() as u64 {
                0 => "<1".into(),
                points => points.to_string(),
            }
        } else {
            match (change * 10.0).round() as u64 {
                0 => "<0.1".into(),
                tenths => format!("{}.{}", tenths / 10, tenths % 10),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chance(ways: u64, total: u64) -> Figure {
        Figure::new(Count::from(ways), Count::zero(), Count::from(total))
    }

    fn effect(gain: u64, loss: u64, total: u64) -> Figure {
        Figure::new(Count::from(gain), Count::from(loss), Count::from(total))
    }

    #[test]
    fn chances_move_in_whole_points() {
        let up = Delta::new(Measure::Success, chance(1, 2), chance(62, 100));
        assert_eq!(up.short_text(), "+12%");
        assert_eq!(up.spoken_text(), "adds 12 points to the chance of success");
        assert_eq!(up.tone(), Tone::Good);
        let down = Delta::new(Measure::Advantage, chance(1, 2), chance(47, 100));
        assert_eq!(down.short_text(), "−3%");
        assert_eq!(
            down.spoken_text(),
            "takes 3 points from the chance of net advantage"
        );
        let one = Delta::new(Measure::Success, chance(0, 1), chance(1, 100));
        assert_eq!(one.spoken_text(), "adds 1 point to the chance of success");
    }

    #[test]
    fn only_an_exact_zero_reads_as_no_change() {
        // 1/2 and 500/1000 are the same chance.
        let same = Delta::new(Measure::CostlyOrBetter, chance(1, 2), chance(500, 1000));
        assert_eq!(same.short_text(), "±0");
        assert_eq!(
            same.spoken_text(),
            "leaves the chance of at least a costly success as it is"
        );
        assert_eq!(same.tone(), Tone::Neutral);
        // One in a million more: shown, but as less than a point.
        let tiny = Delta::new(Measure::Success, chance(1, 2), chance(500_001, 1_000_000));
        assert_eq!(tiny.short_text(), "+<1%");
        assert_eq!(
            tiny.spoken_text(),
            "adds less than 1 point to the chance of success"
        );
        let tiny_down = Delta::new(Measure::Success, chance(1, 2), chance(499_999, 1_000_000));
        assert_eq!(tiny_down.short_text(), "−<1%");
    }

    #[test]
    fn effects_move_in_tenths_and_may_go_below_zero() {
        // 1.5 to 2.3.
        let up = Delta::new(Measure::ExpectedEffect, effect(3, 0, 2), effect(23, 0, 10));
        assert_eq!(up.short_text(), "+0.8 effect");
        assert_eq!(up.spoken_text(), "adds 0.8 to the expected effect");
        // 0.4 to −0.4 (net, under an opposition).
        let down = Delta::new(
            Measure::ExpectedNetEffect,
            effect(6, 2, 10),
            effect(1, 5, 10),
        );
        assert_eq!(down.short_text(), "−0.8 effect");
        assert_eq!(down.spoken_text(), "takes 0.8 from the expected net effect");
        let big = Delta::new(Measure::ExpectedEffect, effect(0, 0, 1), effect(123, 0, 10));
        assert_eq!(big.short_text(), "+12.3 effect");
        let same = Delta::new(Measure::ExpectedEffect, effect(5, 3, 4), effect(1, 0, 2));
        assert_eq!(same.short_text(), "±0 effect");
        let tiny = Delta::new(
            Measure::ExpectedEffect,
            effect(1, 0, 2),
            effect(1001, 0, 2000),
        );
        assert_eq!(tiny.short_text(), "+<0.1 effect");
        assert_eq!(
            tiny.spoken_text(),
            "adds less than 0.1 to the expected effect"
        );
    }

    #[test]
    fn figures_compare_exactly_across_totals_and_signs() {
        assert_eq!(effect(1, 3, 4).cmp_exact(&effect(0, 1, 2)), Ordering::Equal);
        assert_eq!(
            effect(0, 1, 3).cmp_exact(&effect(0, 1, 2)),
            Ordering::Greater
        );
        assert_eq!(chance(1, 3).cmp_exact(&chance(1, 2)), Ordering::Less);
        assert_eq!(Figure::zero().cmp_exact(&chance(0, 7)), Ordering::Equal);
        assert!((effect(1, 3, 4).value() + 0.5).abs() < 1e-12);
        let d6 = Distribution::die(-2..=3);
        assert_eq!(
            Figure::mean_of(&d6).cmp_exact(&effect(1, 0, 2)),
            Ordering::Equal
        );
    }
}
