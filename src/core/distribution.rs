//! Exact distributions over integer outcomes.
//!
//! A distribution maps each outcome to the number of equally likely ways it happens, so every
//! probability is an exact fraction `ways / total`. Adding independent dice is a convolution.

use super::count::Count;

/// Ways to reach each outcome from `offset` upward. The first and last weights are never
/// zero and there is at least one outcome, so equal distributions compare equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    offset: i32,
    weights: Vec<Count>,
}

/// One bar of a chart: a single outcome, or a tail of unlikely outcomes merged together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The lowest outcome in the column.
    pub from: i32,
    /// The highest outcome in the column.
    pub to: i32,
    /// Whether it is one outcome or a merged tail.
    pub kind: ColumnKind,
    /// The chance of landing in the column.
    pub chance: Chance,
}

/// What a column covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// One outcome.
    Single,
    /// Every outcome up to `to`.
    LowTail,
    /// Every outcome from `from` up.
    HighTail,
}

/// An exact probability: `ways` out of `total` equally likely outcomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chance {
    /// Equally likely outcomes that count.
    pub ways: Count,
    /// All equally likely outcomes.
    pub total: Count,
}

impl Distribution {
    /// A result that always happens: what an empty pool rolls.
    pub fn always(outcome: i32) -> Self {
        Self {
            offset: outcome,
            weights: vec![Count::from(1)],
        }
    }

    /// A distribution from ways per outcome, the first at `offset`; zero weights at either
    /// end are dropped, and no weights at all mean "always `offset`".
    pub fn from_weights(offset: i32, mut weights: Vec<Count>) -> Self {
        let lead = weights.iter().take_while(|w| w.is_zero()).count();
        if lead == weights.len() {
            return Self::always(offset);
        }
        weights.drain(..lead);
        while weights.last().is_some_and(Count::is_zero) {
            weights.pop();
        }
        Self {
            offset: offset + lead as i32,
            weights,
        }
    }

    /// The expected outcome, as a float for display and comparison.
    pub fn mean(&self) -> f64 {
        let mut weighted = Count::zero();
        let mut negative = Count::zero();
        for (outcome, ways) in self.iter() {
            let scaled = Count::product(ways, &Count::from(u64::from(outcome.unsigned_abs())));
            if outcome >= 0 {
                weighted.add(&scaled);
            } else {
                negative.add(&scaled);
            }
        }
        let total = self.total();
        Count::ratio(&weighted, &total) - Count::ratio(&negative, &total)
    }

    /// One die whose faces show these values, each face one way. No faces is treated as
    /// a die that always shows 0.
    pub fn die(faces: impl IntoIterator<Item = i32>) -> Self {
        let faces: Vec<i32> = faces.into_iter().collect();
        let (Some(&low), Some(&high)) = (faces.iter().min(), faces.iter().max()) else {
            return Self::always(0);
        };
        let mut weights = vec![0u64; (high - low) as usize + 1];
        for face in faces {
            weights[(face - low) as usize] += 1;
        }
        Self {
            offset: low,
            weights: weights.into_iter().map(Count::from).collect(),
        }
    }

    /// The lowest possible outcome.
    pub fn min(&self) -> i32 {
        self.offset
    }

    /// The highest possible outcome.
    pub fn max(&self) -> i32 {
        self.offset + self.weights.len() as i32 - 1
    }

    /// Every outcome from `min` to `max` with its ways (zero for gaps).
    pub fn iter(&self) -> impl Iterator<Item = (i32, &Count)> {
        self.weights
            .iter()
            .enumerate()
            .map(move |(i, ways)| (self.offset + i as i32, ways))
    }

    /// The number of equally likely outcomes.
    pub fn total(&self) -> Count {
        let mut total = Count::zero();
        for ways in &self.weights {
            total.add(ways);
        }
        total
    }

    /// The sum of this and an independent `other`.
    pub fn add(&self, other: &Self) -> Self {
        let mut weights = vec![Count::zero(); self.weights.len() + other.weights.len() - 1];
        for (i, a) in self.weights.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.weights.iter().enumerate() {
                weights[i + j].add_product(a, b);
            }
        }
        let sum = Self {
            offset: self.offset + other.offset,
            weights,
        };
        debug_assert_eq!(
            sum.total(),
            Count::product(&self.total(), &other.total()),
            "convolution must multiply totals"
        );
        sum
    }

    /// The distribution that, added to `part`, gives this one: what is left when one
    /// independent die is taken out of a sum (the reverse of [`Distribution::add`]). Solved
    /// from the lowest outcome up, exactly; `None` when `part` is not a part of this sum (or
    /// its lowest weight passes a `u64`, which no single die comes near).
    pub fn without(&self, part: &Self) -> Option<Self> {
        let len = self.weights.len().checked_sub(part.weights.len())? + 1;
        let lowest = part.weights[0].to_u64()?;
        let mut rest: Vec<Count> = Vec::with_capacity(len);
        // Each weight is the sum of products from the terms below it: take those away and
        // what remains is the next term times `part`'s lowest weight.
        let from_below = |rest: &[Count], i: usize| {
            let mut sum = Count::zero();
            for (j, weight) in part.weights.iter().enumerate().skip(1) {
                if let Some(k) = i.checked_sub(j).filter(|&k| k < rest.len()) {
                    sum.add_product(&rest[k], weight);
                }
            }
            sum
        };
        for i in 0..len {
            let left = self.weights[i].checked_sub(&from_below(&rest, i))?;
            rest.push(left.exact_div_small(lowest)?);
        }
        // The weights above are fixed by the terms found: check they match.
        for i in len..self.weights.len() {
            if from_below(&rest, i) != self.weights[i] {
                return None;
            }
        }
        Some(Self::from_weights(self.offset - part.offset, rest))
    }

    /// The sum of `n` independent copies, by repeated doubling.
    pub fn sum_of(&self, n: u32) -> Self {
        let mut result = Self::always(0);
        let mut power = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.add(&power);
            }
            n >>= 1;
            if n > 0 {
                power = power.add(&power);
            }
        }
        result
    }

    /// Every outcome moved by a fixed amount, as a fixed bonus does.
    pub fn shift(&self, by: i32) -> Self {
        Self {
            offset: self.offset + by,
            weights: self.weights.clone(),
        }
    }

    /// At most `max_columns` bars (at least 3): every outcome while they fit, otherwise the
    /// likeliest run of outcomes with the rest merged into a low and a high tail, trimming
    /// whichever tail stays smaller.
    pub fn columns(&self, max_columns: usize) -> Vec<Column> {
        let max_columns = max_columns.max(3);
        let total = self.total();
        let chance = |ways: Count| Chance {
            ways,
            total: total.clone(),
        };
        let last = self.weights.len() - 1;
        let (mut lo, mut hi) = (0, last);
        let (mut low_tail, mut high_tail) = (Count::zero(), Count::zero());
        if self.weights.len() > max_columns {
            while hi - lo + 1 > max_columns - 2 {
                let mut with_low = low_tail.clone();
                with_low.add(&self.weights[lo]);
                let mut with_high = high_tail.clone();
                with_high.add(&self.weights[hi]);
                if with_low <= with_high {
                    low_tail = with_low;
                    lo += 1;
                } else {
                    high_tail = with_high;
                    hi -= 1;
                }
            }
        }
        let value = |i: usize| self.offset + i as i32;
        let mut columns = Vec::new();
        if lo > 0 {
            columns.push(Column {
                from: self.offset,
                to: value(lo - 1),
                kind: ColumnKind::LowTail,
                chance: chance(low_tail),
            });
        }
        for i in lo..=hi {
            columns.push(Column {
                from: value(i),
                to: value(i),
                kind: ColumnKind::Single,
                chance: chance(self.weights[i].clone()),
            });
        }
        if hi < last {
            columns.push(Column {
                from: value(hi + 1),
                to: self.max(),
                kind: ColumnKind::HighTail,
                chance: chance(high_tail),
            });
        }
        columns
    }

    /// The chance that the outcome satisfies `test`.
    pub fn chance(&self, test: impl Fn(i32) -> bool) -> Chance {
        let mut ways = Count::zero();
        for (outcome, weight) in self.iter() {
            if test(outcome) {
                ways.add(weight);
            }
        }
        Chance {
            ways,
            total: self.total(),
        }
    }
}

impl Column {
    /// "3", "≤-2" or "≥7".
    pub fn label(&self) -> String {
        match self.kind {
            ColumnKind::Single => self.from.to_string(),
            ColumnKind::LowTail => format!("≤{}", self.to),
            ColumnKind::HighTail => format!("≥{}", self.from),
        }
    }
}

impl Chance {
    /// The chance as a float, for display and bars.
    pub fn probability(&self) -> f64 {
        Count::ratio(&self.ways, &self.total)
    }

    /// Whether it can never happen.
    pub fn is_impossible(&self) -> bool {
        self.ways.is_zero()
    }

    /// Whether it always happens.
    pub fn is_certain(&self) -> bool {
        self.ways == self.total
    }

    /// A percentage for people: whole or one decimal, never rounding a possible event to
    /// 0% or an uncertain one to 100%. Integer formatting only: float formatting code would
    /// add about 12 KB gzip to every page's first load.
    pub fn percent_text(&self) -> String {
        if self.is_impossible() {
            return "0%".into();
        }
        if self.is_certain() {
            return "100%".into();
        }
        let percent = self.probability() * 100.0;
        if percent < 0.1 {
            return "<0.1%".into();
        }
        if percent > 99.9 {
            return ">99.9%".into();
        }
        let tenths = (percent * 10.0).round() as u32;
        match tenths % 10 {
            0 => format!("{}%", tenths / 10),
            digit => format!("{}.{digit}%", tenths / 10),
        }
    }

    /// A whole percentage for tight spaces such as bar labels: "0%", "<1%", "22%", ">99%".
    pub fn whole_percent_text(&self) -> String {
        if self.is_impossible() {
            return "0%".into();
        }
        if self.is_certain() {
            return "100%".into();
        }
        let percent = self.probability() * 100.0;
        if percent < 0.5 {
            return "<1%".into();
        }
        if percent > 99.5 {
            return ">99%".into();
        }
        format!("{}%", percent.round() as u32)
    }

    /// The probability in ten-thousandths, rounded: for sizing bars without float text.
    pub fn per_myriad(&self) -> u32 {
        (self.probability() * 10_000.0).round() as u32
    }

    /// The exact chance as text in lowest terms, at any size: "11/32"; "0/1" when it
    /// cannot happen.
    pub fn exact_text(&self) -> String {
        let (ways, total) = self.lowest_terms();
        format!("{ways}/{total}")
    }

    /// The exact fraction in lowest terms when both parts fit in a `u64`.
    pub fn small_fraction(&self) -> Option<(u64, u64)> {
        let (ways, total) = self.lowest_terms();
        Some((ways.to_u64()?, total.to_u64()?))
    }

    /// Ways and total divided by their greatest common divisor, so an impossible chance
    /// is 0/1. Left as they are in the one case with no divisor: no outcomes at all.
    pub fn lowest_terms(&self) -> (Count, Count) {
        let divisor = Count::gcd(&self.ways, &self.total);
        match (self.ways.quotient(&divisor), self.total.quotient(&divisor)) {
            (Some(ways), Some(total)) => (ways, total),
            _ => (self.ways.clone(), self.total.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ways(d: &Distribution) -> Vec<(i32, u64)> {
        d.iter()
            .map(|(o, w)| (o, w.to_u64().expect("small")))
            .collect()
    }

    #[test]
    fn two_d6_sum_is_triangular() {
        let d6 = Distribution::die(1..=6);
        let two = d6.sum_of(2);
        assert_eq!(two.min(), 2);
        assert_eq!(two.max(), 12);
        assert_eq!(
            ways(&two).iter().map(|&(_, w)| w).collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
        );
        assert_eq!(two.total(), Count::from(36));
    }

    #[test]
    fn repeated_faces_add_weight() {
        let coin = Distribution::die([0, 1, 1, 0]);
        assert_eq!(ways(&coin), vec![(0, 2), (1, 2)]);
        assert_eq!(ways(&Distribution::die([])), vec![(0, 1)]);
    }

    #[test]
    fn sum_of_zero_copies_is_always_zero() {
        assert_eq!(Distribution::die(1..=6).sum_of(0), Distribution::always(0));
    }

    #[test]
    fn chance_and_percent_text() {
        let d6 = Distribution::die(1..=6);
        let six = d6.chance(|o| o == 6);
        assert_eq!(six.small_fraction(), Some((1, 6)));
        assert_eq!(six.percent_text(), "16.7%");
        assert_eq!(d6.chance(|o| o >= 4).percent_text(), "50%");
        assert_eq!(d6.chance(|o| o >= 4).per_myriad(), 5000);
        assert_eq!(
            Distribution::die(1..=8).chance(|o| o == 1).percent_text(),
            "12.5%"
        );
        assert_eq!(d6.chance(|o| o > 6).percent_text(), "0%");
        assert_eq!(d6.chance(|o| o >= 1).percent_text(), "100%");
        let tiny = Distribution::die(1..=6).sum_of(6).chance(|o| o == 36);
        assert_eq!(tiny.percent_text(), "<0.1%");
        let huge = Distribution::die(1..=6).sum_of(6).chance(|o| o < 36);
        assert_eq!(huge.percent_text(), ">99.9%");
    }

    #[test]
    fn columns_fit_and_merge_the_lighter_tails() {
        let d6 = Distribution::die(1..=6);
        assert_eq!(d6.columns(10).len(), 6);
        let sum = d6.sum_of(4); // 4..=24, 21 outcomes, symmetric around 14
        let columns = sum.columns(9);
        assert_eq!(columns.len(), 9);
        assert_eq!(columns[0].kind, ColumnKind::LowTail);
        assert_eq!(columns[8].kind, ColumnKind::HighTail);
        assert_eq!(columns[0].label(), format!("≤{}", columns[0].to));
        // Every outcome is in exactly one column.
        let mut ways = Count::zero();
        for c in &columns {
            ways.add(&c.chance.ways);
        }
        assert_eq!(ways, sum.total());
        assert_eq!(columns[0].from, 4);
        assert_eq!(columns[8].to, 24);
        for pair in columns.windows(2) {
            assert_eq!(pair[0].to + 1, pair[1].from);
        }
        // The kept run is centred on the likeliest outcome.
        assert!(
            columns
                .iter()
                .any(|c| c.kind == ColumnKind::Single && c.from == 14)
        );
    }

    #[test]
    fn whole_percent_text_never_misleads() {
        let d = Distribution::die(1..=6).sum_of(3);
        assert_eq!(d.chance(|o| o == 3).whole_percent_text(), "<1%");
        assert_eq!(d.chance(|o| o > 3).whole_percent_text(), ">99%");
        assert_eq!(d.chance(|o| o >= 11).whole_percent_text(), "50%");
    }

    #[test]
    fn without_takes_one_die_back_out() {
        let d6 = Distribution::die(1..=6);
        let three = d6.sum_of(3);
        assert_eq!(three.without(&d6), Some(d6.sum_of(2)));
        let coin = Distribution::die([0, 1]);
        let mixed = three.add(&coin);
        assert_eq!(mixed.without(&coin), Some(three.clone()));
        assert_eq!(mixed.without(&d6), Some(d6.sum_of(2).add(&coin)));
        // A die with uneven weights at its low end: 2 ways to show -1, 4 to show 0.
        let setback = Distribution::die([0, 0, -1, -1, 0, 0]);
        let pool = three.add(&setback).add(&setback);
        assert_eq!(pool.without(&setback), Some(three.add(&setback)));
        // Not a part: refused, never wrong.
        assert_eq!(d6.without(&three), None);
        assert_eq!(d6.sum_of(2).without(&Distribution::die(1..=4)), None);
        assert_eq!(three.without(&Distribution::always(0)), Some(three.clone()));
    }

    #[test]
    fn shift_moves_outcomes() {
        let d = Distribution::die([0, 1]).shift(3);
        assert_eq!(ways(&d), vec![(3, 1), (4, 1)]);
    }
}
