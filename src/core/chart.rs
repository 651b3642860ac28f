//! A distribution as a chart of bars: each column's label, its chance in words and its
//! height beside the tallest, and how it reads for the roller. Pure, so the drawing holds
//! no arithmetic.

use crate::core::distribution::Column;
use crate::core::tone::Tone;

/// One bar of a chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// The value or range it covers: "3", "≤-2", "≥7".
    pub label: String,
    /// Its chance for people: "22%".
    pub percent: String,
    /// Its height in ten-thousandths of the tallest bar's.
    pub height: u32,
    /// How it reads for the roller; a merged tail whose ends read differently is neutral.
    pub tone: Tone,
}

/// The bars for `columns`, the tallest full height, each toned by `tone` of its values.
pub fn bars(columns: &[Column], tone: fn(i32) -> Tone) -> Vec<Bar> {
    let tallest = columns
        .iter()
        .map(|c| c.chance.per_myriad())
        .max()
        .unwrap_or(0)
        .max(1);
    columns
        .iter()
        .map(|column| {
            let (from, to) = (tone(column.from), tone(column.to));
            Bar {
                label: column.label(),
                percent: column.chance.whole_percent_text(),
                height: (u64::from(column.chance.per_myriad()) * 10_000 / u64::from(tallest))
                    as u32,
                tone: if from == to { from } else { Tone::Neutral },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::count::Count;
    use crate::core::distribution::Distribution;

    #[test]
    fn two_coins_make_a_quarter_a_half_and_a_quarter() {
        // Two coins: 0 one way, 1 two ways, 2 one way, out of 4.
        let coins =
            Distribution::from_weights(0, vec![Count::from(1), Count::from(2), Count::from(1)]);
        let tone: fn(i32) -> Tone = |v| if v > 0 { Tone::Good } else { Tone::Bad };
        let drawn = bars(&coins.columns(13), tone);
        let shown: Vec<(&str, &str, u32, Tone)> = drawn
            .iter()
            .map(|b| (b.label.as_str(), b.percent.as_str(), b.height, b.tone))
            .collect();
        assert_eq!(
            shown,
            vec![
                ("0", "25%", 5_000, Tone::Bad),
                ("1", "50%", 10_000, Tone::Good),
                ("2", "25%", 5_000, Tone::Good),
            ]
        );
    }

    #[test]
    fn a_tail_whose_ends_read_differently_is_neutral() {
        // Eleven outcomes -3..=7 folded into at most three columns: a low tail crossing 0.
        let spread = Distribution::from_weights(-3, vec![Count::from(1); 11]);
        let tone: fn(i32) -> Tone = |v| if v > 0 { Tone::Good } else { Tone::Bad };
        let drawn = bars(&spread.columns(3), tone);
        assert!(drawn.iter().any(|b| b.tone == Tone::Neutral), "{drawn:?}");
    }
}
