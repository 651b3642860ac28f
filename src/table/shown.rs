//! The log as a phone shows it: newest first, and a roll changed since it
//! was sent (dice re-rolled, a cost noted) as one item, as it stands now, marked changed. A
//! change taken back leaves the roll as it was before it; a roll taken back shows so, with
//! none of its changes.

use super::fold::LogEntry;
use super::message::What;

/// The log's items to show, newest first, each with whether it is a roll changed since it
/// was sent (`true`).
pub fn shown_log(log: &[LogEntry]) -> Vec<(LogEntry, bool)> {
    // A change that counts: not taken back, of a roll not taken back.
    let counts = |e| counts(log, e);
    let changed: Vec<&str> = log.iter().filter_map(counts).collect();
    let mut seen: Vec<&str> = Vec::new();
    let mut shown = Vec::new();
    for entry in log.iter().rev() {
        if matches!(entry.what, What::Checkpoint(_)) {
            continue;
        }
        if stands_for(log, entry).is_some() && counts(entry).is_none() {
            continue;
        }
        // A roll and its changes are one item, the newest.
        let roll = counts(entry).or(match entry.what {
            What::Roll { .. } => Some(entry.id.as_str()),
            _ => None,
        });
        match roll {
            Some(roll) if seen.contains(&roll) => {}
            Some(roll) => {
                seen.push(roll);
                shown.push((entry.clone(), changed.contains(&roll)));
            }
            // A change whose roll this log lacks (or is not its author's) shows on its own.
            None => shown.push((entry.clone(), matches!(entry.what, What::Amend { .. }))),
        }
    }
    shown
}

/// The roll a change that counts stands in for: not taken back, of a roll not taken back.
fn counts<'a>(log: &[LogEntry], entry: &'a LogEntry) -> Option<&'a str> {
    if entry.undone {
        return None;
    }
    stands_for(log, entry).filter(|roll| log.iter().any(|e| e.id == *roll && !e.undone))
}

/// The roll a change stands in for: one its author sent to the same phones, or none.
fn stands_for<'a>(log: &[LogEntry], entry: &'a LogEntry) -> Option<&'a str> {
    match &entry.what {
        What::Amend { of, .. } => log
            .iter()
            .any(|e| {
                e.id == *of
                    && e.author == entry.author
                    && e.to_gm == entry.to_gm
                    && matches!(e.what, What::Roll { .. })
            })
            .then_some(of.as_str()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Amendment;

    fn entry(id: &str, author: &str, what: What) -> LogEntry {
        LogEntry {
            id: id.into(),
            author: author.into(),
            by: author.into(),
            t: 0,
            created_at: 0,
            to_gm: false,
            mine: false,
            what,
            refused: false,
            undone: false,
            undelivered: false,
        }
    }

    fn roll(text: &str) -> What {
        What::Roll {
            tray: "narrative".into(),
            label: String::new(),
            roll: text.into(),
            answers: String::new(),
        }
    }

    fn amend(of: &str, why: Amendment, text: &str) -> What {
        What::Amend {
            of: of.into(),
            why,
            tray: "narrative".into(),
            label: String::new(),
            roll: text.into(),
        }
    }

    /// (id, changed) of what is shown, newest first.
    fn ids(log: &[LogEntry]) -> Vec<(String, bool)> {
        shown_log(log)
            .into_iter()
            .map(|(e, changed)| (e.id, changed))
            .collect()
    }

    #[test]
    fn a_roll_changed_twice_is_one_item_as_it_stands_now() {
        let log = [
            entry("r1", "ana", roll("first")),
            entry("r2", "ben", roll("other")),
            entry("a1", "ana", amend("r1", Amendment::Reroll, "second")),
            entry(
                "join",
                "cleo",
                What::Joined {
                    name: "Cleo".into(),
                },
            ),
            entry("a2", "ana", amend("r1", Amendment::Reroll, "third")),
        ];
        assert_eq!(
            ids(&log),
            [
                ("a2".to_string(), true),
                ("join".to_string(), false),
                ("r2".to_string(), false)
            ]
        );
    }

    #[test]
    fn a_change_of_someone_elses_roll_takes_nothing_away() {
        // Ben names Ana's roll: hers stays as it was, his shows on its own, marked.
        let log = [
            entry("r1", "ana", roll("first")),
            entry("a1", "ben", amend("r1", Amendment::Cost, "forged")),
        ];
        assert_eq!(
            ids(&log),
            [("a1".to_string(), true), ("r1".to_string(), false)]
        );
    }

    #[test]
    fn taking_back_a_change_or_a_roll() {
        let mut log = vec![
            entry("r1", "ana", roll("first")),
            entry("a1", "ana", amend("r1", Amendment::Reroll, "second")),
            entry("a2", "ana", amend("r1", Amendment::Cost, "third")),
        ];
        // The last change taken back: the roll as the change before left it.
        log[2].undone = true;
        assert_eq!(ids(&log), [("a1".to_string(), true)]);
        // The roll itself taken back: shown so, none of its changes.
        log[0].undone = true;
        assert_eq!(ids(&log), [("r1".to_string(), false)]);
    }

    #[test]
    fn a_change_sent_elsewhere_than_its_roll_is_not_that_roll() {
        let mut log = [
            entry("r1", "ana", roll("first")),
            entry("a1", "ana", amend("r1", Amendment::Reroll, "second")),
        ];
        log[1].to_gm = true;
        assert_eq!(
            ids(&log),
            [("a1".to_string(), true), ("r1".to_string(), false)]
        );
    }

    #[test]
    fn a_change_whose_roll_is_gone_shows_on_its_own() {
        let log = [
            entry(
                "x",
                "ana",
                What::Flip {
                    from: crate::table::PointSide::Light,
                    check: None,
                },
            ),
            entry("a1", "ana", amend("gone", Amendment::Reroll, "now")),
        ];
        assert_eq!(
            ids(&log),
            [("a1".to_string(), true), ("x".to_string(), false)]
        );
    }
}
