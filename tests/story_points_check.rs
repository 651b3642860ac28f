//! A story point spent on a check (RULES.md section 1, "Story points"): the point goes to
//! the other side and one die of the spender's side is upgraded, in one step with one Undo,
//! at most once per check by each side. Every pool is written as notation; the expected
//! ones follow RULES.md's upgrade by hand (Ability to Proficiency, or add an Ability die if
//! there is none; Difficulty to Challenge, or add a Difficulty die).

use dicetray::core::narrative::NarrativePool;
use dicetray::core::notation::narrative::{format_pool, parse_pool};
use dicetray::core::story_points::{
    CheckSpends, CheckTable, DieUpgrade, PointCounts, StoryNaming, StoryPoints, StorySide,
};

use StorySide::{Gm, Players};

/// The table at a check: the points (Destiny unless renamed), the pool, who has spent.
struct Table {
    points: StoryPoints,
    pool: NarrativePool,
    spends: CheckSpends,
}

impl Table {
    fn new(players: u32, gm: u32, pool: &str) -> Self {
        let mut points = StoryPoints::default();
        points.set(PointCounts { players, gm }).unwrap();
        Self {
            points,
            pool: parse_pool(pool).unwrap(),
            spends: CheckSpends::default(),
        }
    }

    fn check(&mut self) -> CheckTable<'_> {
        CheckTable {
            points: &mut self.points,
            pool: &mut self.pool,
            spends: &mut self.spends,
        }
    }

    fn pool(&self) -> String {
        format_pool(&self.pool)
    }

    fn counts(&self) -> (u32, u32) {
        let c = self.points.counts();
        (c.players, c.gm)
    }

    /// Everything a refusal must leave as it was.
    fn state(&self) -> (StoryPoints, NarrativePool, CheckSpends) {
        (self.points.clone(), self.pool.clone(), self.spends)
    }
}

#[test]
fn a_players_point_upgrades_an_ability_die_and_goes_to_the_gm() {
    let mut table = Table::new(2, 1, "2g1p");
    let spend = table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "1g1y1p");
    assert_eq!(table.counts(), (1, 2));
    assert_eq!(spend.upgrade, DieUpgrade::Upgraded);
    assert_eq!(
        spend.words(),
        "Spent a light side point: upgraded an Ability die to Proficiency. Now 1 light, 2 dark."
    );
    assert!(table.spends.has_spent(Players));
    assert!(!table.spends.has_spent(Gm));
}

#[test]
fn with_no_ability_die_the_players_point_adds_one() {
    let mut table = Table::new(1, 0, "1y2p");
    let spend = table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "1g1y2p");
    assert_eq!(spend.upgrade, DieUpgrade::Added);
    assert_eq!(
        spend.words(),
        "Spent a light side point: added an Ability die, as there was none to upgrade. \
         Now 0 light, 1 dark."
    );
}

#[test]
fn a_gm_point_upgrades_a_difficulty_die_or_adds_one() {
    let mut table = Table::new(0, 2, "1g2p1k");
    let spend = table.check().spend(Gm).unwrap();
    assert_eq!(table.pool(), "1g1p1r1k");
    assert_eq!(table.counts(), (1, 1));
    assert_eq!(
        spend.words(),
        "Spent a dark side point: upgraded a Difficulty die to Challenge. Now 1 light, 1 dark."
    );

    let mut table = Table::new(0, 1, "2g");
    table.points.set_naming(StoryNaming::StoryPoints);
    let spend = table.check().spend(Gm).unwrap();
    assert_eq!(table.pool(), "2g1p");
    assert_eq!(
        spend.words(),
        "Spent a GM's story point: added a Difficulty die, as there was none to upgrade. \
         Now players 1, GM 0."
    );
}

#[test]
fn a_second_spend_by_one_side_on_a_check_is_refused_and_changes_nothing() {
    let mut table = Table::new(3, 3, "2g2p");
    table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "1g1y2p");
    let before = table.state();
    assert_eq!(
        table.check().spend(Players).unwrap_err(),
        "A light side point is already spent on this check: each side spends one per check, \
         until the next roll."
    );
    assert_eq!(table.state(), before, "refused: nothing changed");
    // The other side still may, once.
    table.check().spend(Gm).unwrap();
    assert_eq!(table.pool(), "1g1y1p1r");
    assert_eq!(table.counts(), (3, 3), "one point each way");
    assert!(table.check().spend(Gm).is_err());
}

#[test]
fn a_roll_starts_the_next_check_where_each_side_may_spend_again() {
    let mut table = Table::new(3, 0, "2g");
    table.check().spend(Players).unwrap();
    table.spends.next_check();
    assert!(!table.spends.has_spent(Players));
    table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "2y");
    assert_eq!(table.counts(), (1, 2));
}

#[test]
fn a_side_with_no_point_is_refused_and_nothing_changes() {
    let mut table = Table::new(0, 2, "1g");
    let before = table.state();
    assert_eq!(
        table.check().spend(Players).unwrap_err(),
        "No light side point is left to spend."
    );
    assert_eq!(table.state(), before);
    assert!(!table.spends.has_spent(Players), "the side may still spend");
}

#[test]
fn a_pool_with_no_room_for_the_upgrade_is_refused_and_the_point_kept() {
    // 20 is the most of one kind: 20 Proficiency dice leave no Ability die upgradable.
    let mut table = Table::new(1, 1, "1g20y");
    let before = table.state();
    assert_eq!(
        table.check().spend(Players).unwrap_err(),
        "The pool already holds 20 Proficiency dice, so no Ability die can be upgraded: \
         the point is not spent."
    );
    assert_eq!(table.state(), before);
    let mut table = Table::new(1, 1, "3p20r");
    assert!(table.check().spend(Gm).is_err());
    assert_eq!(table.pool(), "3p20r");
    assert_eq!(table.counts(), (1, 1));
    // 20 Ability dice with room above upgrade as usual: 19 and 1.
    let mut table = Table::new(1, 0, "20g");
    table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "19g1y");
}

#[test]
fn undo_puts_back_the_die_and_the_point_and_frees_the_side() {
    let mut table = Table::new(2, 1, "2g1p");
    let spend = table.check().spend(Players).unwrap();
    let undone = table.check().undo(&spend).unwrap();
    assert_eq!(table.pool(), "2g1p");
    assert_eq!(table.counts(), (2, 1));
    assert_eq!(
        spend.undone_words(&undone),
        "Undone: the light side point is back and the Proficiency die is an Ability die \
         again. Now 2 light, 1 dark."
    );
    assert!(
        !table.spends.has_spent(Players),
        "free to spend on this check again"
    );
    assert!(table.check().undo(&spend).is_err(), "one Undo");
    table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "1g1y1p");

    // An added die goes away again.
    let mut table = Table::new(0, 1, "1g");
    let spend = table.check().spend(Gm).unwrap();
    assert_eq!(table.pool(), "1g1p");
    let undone = table.check().undo(&spend).unwrap();
    assert_eq!(table.pool(), "1g");
    assert_eq!(table.counts(), (0, 1));
    assert_eq!(
        spend.undone_words(&undone),
        "Undone: the dark side point is back and the added Difficulty die is gone. \
         Now 0 light, 1 dark."
    );
}

#[test]
fn undo_after_the_roll_leaves_the_next_checks_spends_alone() {
    let mut table = Table::new(2, 2, "1g1p");
    let spend = table.check().spend(Players).unwrap();
    table.spends.next_check();
    table.check().spend(Gm).unwrap();
    assert!(
        table.check().undo(&spend).is_err(),
        "the points changed since"
    );
    // Undone before the GM's spend: the point and the die come back, and the new check's
    // spends (none) stay as they are.
    let mut table = Table::new(2, 2, "1g1p");
    let spend = table.check().spend(Players).unwrap();
    table.spends.next_check();
    let after_roll = table.spends;
    table.check().undo(&spend).unwrap();
    assert_eq!(table.pool(), "1g1p");
    assert_eq!(table.counts(), (2, 2));
    assert_eq!(table.spends, after_roll);
}

#[test]
fn undo_is_refused_when_the_die_it_gave_is_gone() {
    let mut table = Table::new(1, 0, "1g");
    let spend = table.check().spend(Players).unwrap();
    assert_eq!(table.pool(), "1y");
    table.pool = parse_pool("1g").unwrap(); // the player took the Proficiency die away
    let before = table.state();
    assert_eq!(
        table.check().undo(&spend).unwrap_err(),
        "The Proficiency die that spend gave is no longer in the pool: nothing changed."
    );
    assert_eq!(table.state(), before);
}

#[test]
fn the_sides_kept_for_a_session_read_back() {
    let spends = CheckSpends::of_sides([Gm]);
    assert!(spends.has_spent(Gm) && !spends.has_spent(Players));
    assert_eq!(spends.spent_sides().collect::<Vec<_>>(), vec![Gm]);
    let mut table = Table::new(0, 1, "1p");
    table.spends = spends;
    assert!(table.check().spend(Gm).is_err());
}
