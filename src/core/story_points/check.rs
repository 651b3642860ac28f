//! A point spent on a check (RULES.md section 1, "Story points"): the spender's point goes
//! to the other side and one die of the spender's side is upgraded, in one step with one
//! Undo. Each side spends at most one point on a check; a check runs from one roll to the
//! next.

use super::{PointCounts, StoryChange, StoryPoints, StorySide};
use crate::core::narrative::{MAX_DICE_PER_KIND, NarrativeDie, NarrativePool, PoolError};

/// Which sides have spent a point on the check being set up, and which check that is (so
/// an Undo after the next roll leaves the new check's spends alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckSpends {
    check: u32,
    players: bool,
    gm: bool,
}

/// What a spend did to the spender's dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DieUpgrade {
    /// A lower die became the upper one: Ability to Proficiency, Difficulty to Challenge.
    Upgraded,
    /// With no lower die to upgrade, one was added (RULES.md).
    Added,
}

/// One point spent on a check, as done: what to say, what History keeps, what Undo undoes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSpend {
    /// Who spent.
    pub side: StorySide,
    /// What happened to their dice.
    pub upgrade: DieUpgrade,
    /// The point's change, as History keeps it.
    pub change: StoryChange,
    /// The counts before, so Undo can tell whether the points are still as this spend left
    /// them.
    before: PointCounts,
    /// The check it was spent on.
    check: u32,
}

/// What a spend on a check changes together: the table's points, the pool being set up,
/// and who has spent on this check. Each change is made whole or not at all: a refusal
/// leaves all three as they were.
#[derive(Debug)]
pub struct CheckTable<'a> {
    /// The table's points.
    pub points: &'a mut StoryPoints,
    /// The pool on the tray.
    pub pool: &'a mut NarrativePool,
    /// Who has spent on the check being set up.
    pub spends: &'a mut CheckSpends,
}

impl CheckSpends {
    /// A fresh check on which the `sides` given have spent (as a tab's session kept it).
    pub fn of_sides(sides: impl IntoIterator<Item = StorySide>) -> Self {
        let mut spends = Self::default();
        for side in sides {
            spends.mark(side, true);
        }
        spends
    }

    /// Whether `side` has spent a point on this check.
    pub fn has_spent(self, side: StorySide) -> bool {
        match side {
            StorySide::Players => self.players,
            StorySide::Gm => self.gm,
        }
    }

    /// The sides that have spent on this check, the players first.
    pub fn spent_sides(self) -> impl Iterator<Item = StorySide> {
        StorySide::ALL
            .into_iter()
            .filter(move |&s| self.has_spent(s))
    }

    /// A roll ends the check: on the next one no side has spent yet.
    pub fn next_check(&mut self) {
        *self = Self {
            check: self.check.wrapping_add(1),
            ..Self::default()
        };
    }

    fn mark(&mut self, side: StorySide, spent: bool) {
        match side {
            StorySide::Players => self.players = spent,
            StorySide::Gm => self.gm = spent,
        }
    }
}

impl CheckSpend {
    /// What the spend did, for the snackbar: "Spent a light side point: upgraded an Ability
    /// die to Proficiency. Now 2 light, 3 dark."
    pub fn words(&self) -> String {
        let ladder = self.side.ladder();
        let (lower, upper) = (ladder.lower(), ladder.upper());
        let done = match self.upgrade {
            DieUpgrade::Upgraded => format!(
                "upgraded {} {} die to {}",
                article(lower),
                lower.title(),
                upper.title()
            ),
            DieUpgrade::Added => format!(
                "added {} {} die, as there was none to upgrade",
                article(lower),
                lower.title()
            ),
        };
        format!(
            "{}: {done}. Now {}.",
            self.change.headline(),
            self.change.counts_words()
        )
    }

    /// What its Undo did, given the change Undo made: "Undone: the light side point is back
    /// and the Proficiency die is an Ability die again. Now 3 light, 2 dark."
    pub fn undone_words(&self, undone: &StoryChange) -> String {
        let ladder = self.side.ladder();
        let (lower, upper) = (ladder.lower(), ladder.upper());
        let die = match self.upgrade {
            DieUpgrade::Upgraded => format!(
                "the {} die is {} {} die again",
                upper.title(),
                article(lower),
                lower.title()
            ),
            DieUpgrade::Added => format!("the added {} die is gone", lower.title()),
        };
        format!(
            "Undone: the {} is back and {die}. Now {}.",
            undone.naming.point_of(self.side),
            undone.counts_words()
        )
    }
}

impl CheckTable<'_> {
    /// `side` spends one point on this check: it goes to the other side and one die of
    /// `side`'s is upgraded ([`StorySide::ladder`]; with no lower die, one is added).
    /// Refused, with nothing changed, when `side` has spent on this check already, has no
    /// point, or the pool has no room for the upgraded die.
    pub fn spend(&mut self, side: StorySide) -> Result<CheckSpend, String> {
        if self.spends.has_spent(side) {
            let point = self.points.naming().point_of(side);
            return Err(format!(
                "A {point} is already spent on this check: each side spends one per check, \
                 until the next roll."
            ));
        }
        let before = self.points.counts();
        let mut points = self.points.clone();
        let change = points.spend(side)?;
        let ladder = side.ladder();
        let upgrade = if self.pool.count(ladder.lower()) == 0 {
            DieUpgrade::Added
        } else {
            DieUpgrade::Upgraded
        };
        let mut pool = self.pool.clone();
        if pool.upgrade(ladder).is_err() {
            return Err(format!(
                "The pool already holds {MAX_DICE_PER_KIND} {} dice, so no {} die can be \
                 upgraded: the point is not spent.",
                ladder.upper().title(),
                ladder.lower().title()
            ));
        }
        self.spends.mark(side, true);
        *self.points = points;
        *self.pool = pool;
        Ok(CheckSpend {
            side,
            upgrade,
            change,
            before,
            check: self.spends.check,
        })
    }

    /// Undoes `spend`: the point comes back, the die it upgraded goes back down (or the die
    /// it added goes), and if the check is still the same, its side may spend on it again.
    /// Refused, with nothing changed, when the points or the pool no longer are as the
    /// spend left them.
    pub fn undo(&mut self, spend: &CheckSpend) -> Result<StoryChange, String> {
        if self.points.counts() != spend.change.after
            || self.points.previous() != Some(spend.before)
        {
            return Err(
                "The points have changed since that spend, so it was not undone: nothing changed."
                    .into(),
            );
        }
        let ladder = spend.side.ladder();
        let mut pool = self.pool.clone();
        match spend.upgrade {
            DieUpgrade::Upgraded => pool.downgrade(ladder).map_err(|error| match error {
                PoolError::TooManyDice { .. } => format!(
                    "The pool already holds {MAX_DICE_PER_KIND} {} dice, so the {} die cannot \
                     go back: nothing changed.",
                    ladder.lower().title(),
                    ladder.upper().title()
                ),
                _ => gone(ladder.upper()),
            })?,
            DieUpgrade::Added => {
                if !pool.remove_die(ladder.lower()) {
                    return Err(gone(ladder.lower()));
                }
            }
        }
        let undone = self.points.undo()?;
        *self.pool = pool;
        if self.spends.check == spend.check {
            self.spends.mark(spend.side, false);
        }
        Ok(undone)
    }
}

/// Why an Undo found no die to take back.
fn gone(die: NarrativeDie) -> String {
    format!(
        "The {} die that spend gave is no longer in the pool: nothing changed.",
        die.title()
    )
}

/// "an" before Ability, "a" before Difficulty.
fn article(die: NarrativeDie) -> &'static str {
    if die.title().starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}
