//! The table's story points, for the narrative tray (RULES.md section 1, "Story points").
//!
//! One pool with two sides: the players' and the GM's. Named *Destiny*, the sides are the
//! light side (the players spend it) and the dark side (the GM spends it), and the pool is
//! made at the start of a session by each player rolling one Force die: every light pip is
//! a light point, every dark pip a dark point. Named *Story points*, the players start with
//! one point each and the GM with two. Either way a point spent goes to the other side, and
//! either start may be used with either name. The last change can be undone.
//!
//! Spending a point on a check upgrades one die of the spender's side ([`StorySide::ladder`]),
//! at most once per check by each side: [`CheckTable`] does both in one step.

mod check;

pub use check::{CheckSpend, CheckSpends, CheckTable, DieUpgrade};

use rand::Rng;

use crate::core::narrative::{Ladder, NarrativeDie, RolledDie, face_words};
use crate::core::words::plural;

/// The most points either side may be set to by hand. Spending moves points from one side
/// to the other, so a side may hold up to twice this; the two together never pass it twice.
pub const MAX_POINTS: u32 = 30;
/// The most players a session's start counts (one Force die or one point each).
pub const MAX_PLAYERS: u32 = 12;

/// What the table calls its points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StoryNaming {
    /// Light side and dark side points.
    #[default]
    Destiny,
    /// The players' and the GM's story points.
    StoryPoints,
}

/// Whose points: the players' (light side) or the GM's (dark side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorySide {
    /// The players, who spend light side points.
    Players,
    /// The GM, who spends dark side points.
    Gm,
}

/// How many points each side holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PointCounts {
    /// The players' points (light side).
    pub players: u32,
    /// The GM's points (dark side).
    pub gm: u32,
}

/// The table's points as kept: the naming, the counts, and the counts before the last
/// change, for Undo.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StoryPoints {
    naming: StoryNaming,
    counts: PointCounts,
    previous: Option<PointCounts>,
}

/// What a change did, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// Both counts set by hand.
    Set,
    /// The story points start: one point per player, two for the GM.
    Started,
    /// The Destiny start: these Force dice were rolled, one per player.
    Rolled(Vec<RolledDie>),
    /// One point spent by this side, so it went to the other.
    Spent(StorySide),
    /// The change before was undone.
    Undone,
}

/// One change to the points: what happened, and the counts after it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StoryChange {
    /// The naming when it happened, so history reads it as the table did.
    pub naming: StoryNaming,
    /// What happened.
    pub kind: ChangeKind,
    /// The counts after the change.
    pub after: PointCounts,
}

impl StoryNaming {
    /// Both namings, the default first.
    pub const ALL: [Self; 2] = [Self::Destiny, Self::StoryPoints];

    /// "Destiny", "Story points".
    pub fn title(self) -> &'static str {
        match self {
            Self::Destiny => "Destiny",
            Self::StoryPoints => "Story points",
        }
    }

    /// The name as stored.
    pub fn key(self) -> &'static str {
        match self {
            Self::Destiny => "destiny",
            Self::StoryPoints => "story-points",
        }
    }

    /// The naming stored as `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|n| n.key() == key)
    }

    /// A side's name on the panel: "Light side", "Dark side", "Players", "GM".
    pub fn side_title(self, side: StorySide) -> &'static str {
        match (self, side) {
            (Self::Destiny, StorySide::Players) => "Light side",
            (Self::Destiny, StorySide::Gm) => "Dark side",
            (Self::StoryPoints, StorySide::Players) => "Players",
            (Self::StoryPoints, StorySide::Gm) => "GM",
        }
    }

    /// One point of a side: "light side point", "players' story point".
    pub fn point_of(self, side: StorySide) -> &'static str {
        match (self, side) {
            (Self::Destiny, StorySide::Players) => "light side point",
            (Self::Destiny, StorySide::Gm) => "dark side point",
            (Self::StoryPoints, StorySide::Players) => "players' story point",
            (Self::StoryPoints, StorySide::Gm) => "GM's story point",
        }
    }

    /// The counts as the table says them: "2 light, 3 dark", "players 2, GM 3".
    pub fn counts_words(self, counts: PointCounts) -> String {
        match self {
            Self::Destiny => format!("{} light, {} dark", counts.players, counts.gm),
            Self::StoryPoints => format!("players {}, GM {}", counts.players, counts.gm),
        }
    }
}

impl StorySide {
    /// Both sides, the players first.
    pub const ALL: [Self; 2] = [Self::Players, Self::Gm];

    /// The side a point spent here goes to.
    pub fn other(self) -> Self {
        match self {
            Self::Players => Self::Gm,
            Self::Gm => Self::Players,
        }
    }

    /// The dice a point spent on a check upgrades: the players' ability to proficiency, the
    /// GM's difficulty to challenge.
    pub fn ladder(self) -> Ladder {
        match self {
            Self::Players => Ladder::Ability,
            Self::Gm => Ladder::Difficulty,
        }
    }

    /// The name as stored.
    pub fn key(self) -> &'static str {
        match self {
            Self::Players => "players",
            Self::Gm => "gm",
        }
    }

    /// The side stored as `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.key() == key)
    }
}

impl PointCounts {
    /// A side's points.
    pub fn get(self, side: StorySide) -> u32 {
        match side {
            StorySide::Players => self.players,
            StorySide::Gm => self.gm,
        }
    }

    /// Both sides together.
    pub fn total(self) -> u32 {
        self.players.saturating_add(self.gm)
    }

    /// Whether a table could hold these counts: together at most twice [`MAX_POINTS`].
    pub fn fits(self) -> bool {
        self.total() <= 2 * MAX_POINTS
    }

    /// The counts after `side` spends one point, if it has one.
    fn spent(self, side: StorySide) -> Option<Self> {
        let mut next = self;
        match side {
            StorySide::Players => {
                next.players = next.players.checked_sub(1)?;
                next.gm += 1;
            }
            StorySide::Gm => {
                next.gm = next.gm.checked_sub(1)?;
                next.players += 1;
            }
        }
        Some(next)
    }

    /// The light and dark pips of Force dice, as a Destiny pool: light to the players, dark
    /// to the GM.
    fn of_force(dice: &[RolledDie]) -> Self {
        dice.iter().fold(Self::default(), |sum, die| Self {
            players: sum.players + die.symbols().light,
            gm: sum.gm + die.symbols().dark,
        })
    }
}

impl StoryPoints {
    /// Points as stored: the counts must fit a table, and so must the counts kept for Undo.
    pub fn from_parts(
        naming: StoryNaming,
        counts: PointCounts,
        previous: Option<PointCounts>,
    ) -> Result<Self, String> {
        if !counts.fits() || previous.is_some_and(|p| !p.fits()) {
            return Err(format!(
                "a pool holds at most {} points in all",
                2 * MAX_POINTS
            ));
        }
        Ok(Self {
            naming,
            counts,
            previous,
        })
    }

    /// What the table calls its points.
    pub fn naming(&self) -> StoryNaming {
        self.naming
    }

    /// Names the points otherwise; the counts stay as they are.
    pub fn set_naming(&mut self, naming: StoryNaming) {
        self.naming = naming;
    }

    /// How many points each side holds.
    pub fn counts(&self) -> PointCounts {
        self.counts
    }

    /// The counts before the last change, while it can be undone.
    pub fn previous(&self) -> Option<PointCounts> {
        self.previous
    }

    /// Drops the Undo step, as when points come from another device.
    pub fn forget_undo(&mut self) {
        self.previous = None;
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        self.previous.is_some()
    }

    /// Sets both counts by hand, each from 0 to [`MAX_POINTS`].
    pub fn set(&mut self, counts: PointCounts) -> Result<StoryChange, String> {
        if counts.players > MAX_POINTS || counts.gm > MAX_POINTS {
            return Err(format!(
                "Each side holds 0 to {MAX_POINTS} points when set by hand."
            ));
        }
        Ok(self.change(counts, ChangeKind::Set))
    }

    /// The story points start for `players` players: one point each, and two for the GM.
    pub fn start_story_points(&mut self, players: u32) -> Result<StoryChange, String> {
        check_players(players)?;
        Ok(self.change(PointCounts { players, gm: 2 }, ChangeKind::Started))
    }

    /// The Destiny start: one Force die rolled for each of `players` players. The change
    /// holds the dice rolled.
    pub fn roll_destiny(
        &mut self,
        players: u32,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<StoryChange, String> {
        check_players(players)?;
        let dice: Vec<RolledDie> = (0..players)
            .map(|_| RolledDie::roll(NarrativeDie::Force, rng))
            .collect();
        self.enter_destiny(dice)
    }

    /// The Destiny start from Force dice rolled at the table (real dice), one per player.
    pub fn enter_destiny(&mut self, dice: Vec<RolledDie>) -> Result<StoryChange, String> {
        check_players(dice.len() as u32)?;
        if dice.iter().any(|d| d.die() != NarrativeDie::Force) {
            return Err("Destiny is rolled with Force dice only.".into());
        }
        let counts = PointCounts::of_force(&dice);
        Ok(self.change(counts, ChangeKind::Rolled(dice)))
    }

    /// `side` spends one point, which goes to the other side; refused when it has none.
    pub fn spend(&mut self, side: StorySide) -> Result<StoryChange, String> {
        let Some(next) = self.counts.spent(side) else {
            let point = self.naming.point_of(side);
            return Err(format!("No {point} is left to spend."));
        };
        Ok(self.change(next, ChangeKind::Spent(side)))
    }

    /// Puts back the counts from before the last change; there is one step of Undo.
    pub fn undo(&mut self) -> Result<StoryChange, String> {
        let previous = self.previous.take().ok_or("There is nothing to undo.")?;
        self.counts = previous;
        Ok(StoryChange {
            naming: self.naming,
            kind: ChangeKind::Undone,
            after: previous,
        })
    }

    fn change(&mut self, counts: PointCounts, kind: ChangeKind) -> StoryChange {
        self.previous = Some(self.counts);
        self.counts = counts;
        StoryChange {
            naming: self.naming,
            kind,
            after: counts,
        }
    }
}

fn check_players(players: u32) -> Result<(), String> {
    if (1..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(format!("A session starts with 1 to {MAX_PLAYERS} players."))
    }
}

impl StoryChange {
    /// A change as stored, checked as the app would have made it: counts a table holds, a
    /// start's two GM points, a roll's counts from its Force dice.
    pub fn from_parts(
        naming: StoryNaming,
        kind: ChangeKind,
        after: PointCounts,
    ) -> Result<Self, String> {
        let fits = match &kind {
            ChangeKind::Set => after.players <= MAX_POINTS && after.gm <= MAX_POINTS,
            ChangeKind::Started => after.gm == 2 && check_players(after.players).is_ok(),
            ChangeKind::Rolled(dice) => {
                check_players(dice.len() as u32).is_ok()
                    && dice.iter().all(|d| d.die() == NarrativeDie::Force)
                    && PointCounts::of_force(dice) == after
            }
            ChangeKind::Spent(_) | ChangeKind::Undone => after.fits(),
        };
        if !fits {
            return Err("its points do not fit what changed".into());
        }
        Ok(Self {
            naming,
            kind,
            after,
        })
    }

    /// What happened, in a few words: "Spent a light side point", "Rolled 3 Force dice".
    pub fn headline(&self) -> String {
        match &self.kind {
            ChangeKind::Set => format!("{} set by hand", self.naming.title()),
            ChangeKind::Started => format!(
                "{} for {}",
                self.naming.title(),
                plural(self.after.players, "player", "players")
            ),
            ChangeKind::Rolled(dice) => format!(
                "Rolled {} for {}",
                plural(dice.len() as u32, "Force die", "Force dice"),
                self.naming.title()
            ),
            ChangeKind::Spent(side) => format!("Spent a {}", self.naming.point_of(*side)),
            ChangeKind::Undone => "Undid the last change".into(),
        }
    }

    /// The counts after, as the table says them: "2 light, 3 dark".
    pub fn counts_words(&self) -> String {
        self.naming.counts_words(self.after)
    }

    /// The Force dice of a Destiny roll in words, "light pip; 2 dark pips"; `None` for
    /// other changes.
    pub fn dice_words(&self) -> Option<String> {
        let ChangeKind::Rolled(dice) = &self.kind else {
            return None;
        };
        let faces: Vec<String> = dice.iter().map(|d| face_words(d.symbols())).collect();
        Some(faces.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn force(face: u32) -> RolledDie {
        RolledDie::new(NarrativeDie::Force, face).unwrap()
    }

    #[test]
    fn destiny_counts_every_pip_of_the_force_dice() {
        // RULES.md's Force die: faces 0-5 dark, 6 dark-dark, 7-8 light, 9-11 light-light.
        let mut points = StoryPoints::default();
        let change = points
            .enter_destiny(vec![force(0), force(6), force(7), force(9)])
            .unwrap();
        // Light: 1 + 2 = 3; dark: 1 + 2 = 3.
        assert_eq!(change.after, PointCounts { players: 3, gm: 3 });
        assert_eq!(points.counts(), change.after);
        assert_eq!(change.headline(), "Rolled 4 Force dice for Destiny");
        assert_eq!(
            change.dice_words().unwrap(),
            "dark pip; 2 dark pips; light pip; 2 light pips"
        );
    }

    #[test]
    fn rolling_throws_one_force_die_per_player() {
        let mut points = StoryPoints::default();
        let change = points
            .roll_destiny(5, &mut StdRng::seed_from_u64(3))
            .unwrap();
        let ChangeKind::Rolled(dice) = &change.kind else {
            panic!("a roll records its dice");
        };
        assert_eq!(dice.len(), 5);
        let pips: u32 = dice
            .iter()
            .map(|d| d.symbols().light + d.symbols().dark)
            .sum();
        assert_eq!(change.after.total(), pips);
        assert!(
            points
                .roll_destiny(0, &mut StdRng::seed_from_u64(3))
                .is_err()
        );
        assert!(
            points
                .roll_destiny(13, &mut StdRng::seed_from_u64(3))
                .is_err()
        );
    }

    #[test]
    fn story_points_start_with_one_per_player_and_two_for_the_gm() {
        let mut points = StoryPoints::default();
        points.set_naming(StoryNaming::StoryPoints);
        let change = points.start_story_points(4).unwrap();
        assert_eq!(change.after, PointCounts { players: 4, gm: 2 });
        assert_eq!(change.headline(), "Story points for 4 players");
        assert_eq!(change.counts_words(), "players 4, GM 2");
    }

    #[test]
    fn a_point_spent_goes_to_the_other_side() {
        let mut points = StoryPoints::default();
        points.set(PointCounts { players: 3, gm: 2 }).unwrap();
        let change = points.spend(StorySide::Players).unwrap();
        assert_eq!(change.after, PointCounts { players: 2, gm: 3 });
        assert_eq!(
            format!("{}: {}", change.headline(), change.counts_words()),
            "Spent a light side point: 2 light, 3 dark"
        );
        let change = points.spend(StorySide::Gm).unwrap();
        assert_eq!(change.after, PointCounts { players: 3, gm: 2 });
        assert_eq!(change.headline(), "Spent a dark side point");
        points.set_naming(StoryNaming::StoryPoints);
        assert_eq!(
            points.spend(StorySide::Gm).unwrap().headline(),
            "Spent a GM's story point"
        );
    }

    #[test]
    fn an_empty_side_cannot_spend() {
        let mut points = StoryPoints::default();
        points.set(PointCounts { players: 0, gm: 1 }).unwrap();
        assert_eq!(
            points.spend(StorySide::Players).unwrap_err(),
            "No light side point is left to spend."
        );
        assert_eq!(points.counts(), PointCounts { players: 0, gm: 1 });
    }

    #[test]
    fn undo_puts_back_the_counts_before_the_last_change_once() {
        let mut points = StoryPoints::default();
        assert!(points.undo().is_err());
        points.set(PointCounts { players: 2, gm: 2 }).unwrap();
        points.spend(StorySide::Players).unwrap();
        let undone = points.undo().unwrap();
        assert_eq!(undone.after, PointCounts { players: 2, gm: 2 });
        assert_eq!(undone.headline(), "Undid the last change");
        assert_eq!(points.counts(), PointCounts { players: 2, gm: 2 });
        assert!(!points.can_undo());
        assert!(points.undo().is_err());
    }

    #[test]
    fn counts_set_by_hand_stay_within_the_limit() {
        let mut points = StoryPoints::default();
        assert!(
            points
                .set(PointCounts {
                    players: 30,
                    gm: 30
                })
                .is_ok()
        );
        assert!(points.set(PointCounts { players: 31, gm: 0 }).is_err());
        assert_eq!(
            points.counts(),
            PointCounts {
                players: 30,
                gm: 30
            }
        );
        // Spending moves points, so one side may pass 30 while the total stays 60.
        points.spend(StorySide::Gm).unwrap();
        assert_eq!(
            points.counts(),
            PointCounts {
                players: 31,
                gm: 29
            }
        );
    }

    #[test]
    fn stored_changes_must_fit_what_changed() {
        let destiny = StoryNaming::Destiny;
        let roll = ChangeKind::Rolled(vec![force(7)]);
        let counts = |players, gm| PointCounts { players, gm };
        assert!(StoryChange::from_parts(destiny, roll.clone(), counts(1, 0)).is_ok());
        assert!(StoryChange::from_parts(destiny, roll, counts(0, 1)).is_err());
        assert!(StoryChange::from_parts(destiny, ChangeKind::Started, counts(3, 2)).is_ok());
        assert!(StoryChange::from_parts(destiny, ChangeKind::Started, counts(3, 1)).is_err());
        assert!(StoryChange::from_parts(destiny, ChangeKind::Set, counts(31, 0)).is_err());
        let spent = ChangeKind::Spent(StorySide::Gm);
        assert!(StoryChange::from_parts(destiny, spent.clone(), counts(31, 29)).is_ok());
        assert!(StoryChange::from_parts(destiny, spent, counts(31, 30)).is_err());
    }
}
