//! History that reads: each entry's pool and shared text in words, the faces a re-rolled
//! die showed, real dice marked, story points changes, "Roll again" and one tray's rolls.
//! Expected text is written out by hand from RULES.md's face tables.

use dicetray::core::effective_level::ElRoll;
use dicetray::core::highest_d6::{ChallengeKind, D6Check, D6Roll, PoolSize};
use dicetray::core::history::{HistoryEntry, RecordedRoll, RollAgain, RollHistory};
use dicetray::core::narrative::{NarrativeDie, NarrativeRoll, RolledDie};
use dicetray::core::notation::effective_level::parse_check;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::core::story_points::{PointCounts, StoryPoints, StorySide};

fn entry(id: u64, who: Option<&str>, label: &str, roll: RecordedRoll) -> HistoryEntry {
    HistoryEntry {
        id,
        at_ms: 1_764_500_000_000 + id,
        label: label.into(),
        who: who.map(str::to_string),
        real_dice: false,
        to_gm: false,
        roll,
    }
}

/// `2g1p` showing ability faces 3 (two successes) and 4 (an advantage), difficulty 0
/// (blank); the pool's dice are in tray order, ability before difficulty.
fn slice_the_door() -> NarrativeRoll {
    NarrativeRoll::from_entered(&parse_pool("2g1p").unwrap(), &[3, 4, 0]).unwrap()
}

fn d6_check(plan: PoolSize, faces: &[u8], line: &str) -> D6Check {
    D6Check {
        roll: D6Roll::from_entered(plan, faces).unwrap(),
        pool_line: line.into(),
        kind: ChallengeKind::Mystical,
        conflict: false,
        cost: None,
    }
}

#[test]
fn a_narrative_roll_reads_with_who_what_result_and_dice() {
    let roll = entry(
        1,
        Some("Rook"),
        "slice the door",
        RecordedRoll::Narrative(slice_the_door()),
    );
    assert_eq!(roll.pool_text(), "2 Ability vs 1 Difficulty");
    assert_eq!(roll.pool_notation(), "2g1p");
    assert_eq!(
        roll.text(),
        "Rook, slice the door: Success, 2 net successes, 1 advantage; rolled Ability: \
         2 successes; Ability: advantage; Difficulty: blank"
    );
    let mut anonymous = roll.clone();
    anonymous.who = None;
    assert!(anonymous.text().starts_with("slice the door: Success, "));
}

#[test]
fn real_dice_and_rerolls_are_said() {
    let mut roll = slice_the_door();
    // Difficulty face 3 is a threat: the advantage is cancelled.
    roll.reroll_entered(2, 3).unwrap();
    let mut real = entry(
        2,
        Some("Rook"),
        "slice the door",
        RecordedRoll::Narrative(roll),
    );
    real.real_dice = true;
    assert_eq!(
        real.text(),
        "Rook, slice the door: Success (real dice), 2 net successes; rolled Ability: \
         2 successes; Ability: advantage; Difficulty: threat; re-rolled Difficulty: blank \
         → threat"
    );
    // Every face the die showed, for drawing the earlier ones struck through.
    let RecordedRoll::Narrative(roll) = &real.roll else {
        unreachable!()
    };
    let blank = RolledDie::new(NarrativeDie::Difficulty, 0).unwrap();
    let threat = RolledDie::new(NarrativeDie::Difficulty, 3).unwrap();
    assert_eq!(roll.face_history(2), [blank, threat]);
    assert_eq!(roll.face_history(0).len(), 1);
}

#[test]
fn a_full_tray_is_counted_rather_than_listed() {
    // Twenty blank ability dice: "Ability: blank" is 14 characters and each more adds 16
    // with its "; ", so 18 fit in 300 (14 + 17 × 16 = 286) and 2 are counted.
    let twenty = parse_pool("20g").unwrap();
    let roll = NarrativeRoll::from_entered(&twenty, &[0; 20]).unwrap();
    let text = entry(3, None, "", RecordedRoll::Narrative(roll)).text();
    assert!(
        text.starts_with("Failure, no net success; rolled Ability: blank; "),
        "{text}"
    );
    assert!(text.ends_with("; … and 2 more"), "{text}");
    assert_eq!(text.matches("Ability: blank").count(), 18);
}

#[test]
fn a_highest_d6_roll_reads_with_its_pool_and_faces() {
    let facets = d6_check(PoolSize::Dice(3), &[6, 4, 1], "2 base + Keen Eye = 3 dice");
    let roll = entry(4, Some("Mira"), "", RecordedRoll::HighestD6(facets));
    assert_eq!(roll.pool_text(), "3 dice (2 base + Keen Eye)");
    assert_eq!(
        roll.text(),
        "Mira: Success, 3 dice (2 base + Keen Eye), mystical; rolled 6, 4, 1"
    );
    // No dice left, two thrown and the lower counts: 6 and 3 read as a 3, a failure.
    let none = d6_check(
        PoolSize::LowestOfTwo,
        &[6, 3],
        "1 base − Slippery Ground = 0 dice",
    );
    assert_eq!(
        entry(5, None, "", RecordedRoll::HighestD6(none)).text(),
        "Failure, 2 dice, keep the lower (none left: 1 base − Slippery Ground), mystical; \
         rolled 6, 3"
    );
}

#[test]
fn an_effective_level_roll_puts_its_results_words_before_its_dice() {
    let check = parse_check("el 8 dice d8,d4 vs 5 opposed").unwrap();
    let roll = ElRoll::from_entered(&check, &[5, 2], &[1, 1, 1, 0, 0]).unwrap();
    let roll = entry(6, Some("Tor"), "", RecordedRoll::EffectiveLevel(roll));
    assert_eq!(roll.pool_text(), "EL 8 with d8, d4 vs EL 5 (opposition)");
    // The result's own words come from the check; the text places them.
    assert_eq!(
        roll.text(),
        format!(
            "Tor: {}, {}; rolled d8 → 5, d4 → 2 vs 5 coins → 1 1 1 0 0",
            roll.headline(),
            roll.details().join(", ")
        )
    );
}

#[test]
fn a_defence_reads_as_what_the_attack_got() {
    use dicetray::core::effective_level::ElDefence;
    // EL 4 coins showing 1 1 0 1: the defence rolls 3; an attack of 5 beats it by 2.
    let roll = ElRoll::from_entered(&parse_check("el 4").unwrap(), &[1, 1, 0, 1], &[]).unwrap();
    let defence = ElDefence::new(roll, Some(5)).unwrap();
    let entry = entry(9, Some("Mira"), "Guard", RecordedRoll::ElDefence(defence));
    assert_eq!(entry.headline(), "The attack gets effect 2");
    assert_eq!(entry.pool_text(), "EL 4, defence");
    assert_eq!(entry.pool_notation(), "el 4");
    assert_eq!(
        entry.text(),
        "Mira, Guard: The attack gets effect 2, rolled 3 (EL 4), the attack's 5; \
         rolled 4 coins → 1 1 0 1"
    );
    // A defence is rolled again from its turn, against the next attack, not from History;
    // it is an Effective Level roll, shown with that tray's rolls.
    assert!(entry.roll_again().is_none());
    assert_eq!(entry.roll.tray_key(), "el");
    let mut history = RollHistory::default();
    history.record(entry.clone());
    assert_eq!(history.on_tray("el").count(), 1);
}

#[test]
fn story_points_changes_read_as_the_table_says_them() {
    let mut points = StoryPoints::default();
    points.set(PointCounts { players: 3, gm: 2 }).unwrap();
    let spent = points.spend(StorySide::Players).unwrap();
    let spent = entry(7, None, "", RecordedRoll::StoryPoints(spent));
    assert_eq!(spent.text(), "Spent a light side point: 2 light, 3 dark");
    assert_eq!(spent.pool_text(), "Destiny");
    assert!(spent.roll_again().is_none());
    // Two Force dice at the table: face 0 one dark pip, face 9 two light pips.
    let force = |face| RolledDie::new(NarrativeDie::Force, face).unwrap();
    let rolled = points.enter_destiny(vec![force(0), force(9)]).unwrap();
    let mut rolled = entry(8, None, "", RecordedRoll::StoryPoints(rolled));
    rolled.real_dice = true;
    assert_eq!(
        rolled.text(),
        "Rolled 2 Force dice for Destiny (real dice): 2 light, 1 dark; dark pip; 2 light pips"
    );
}

#[test]
fn roll_again_gives_each_tray_its_set_up() {
    let narrative = entry(1, None, "", RecordedRoll::Narrative(slice_the_door()));
    assert_eq!(
        narrative.roll_again(),
        Some(RollAgain::Narrative(parse_pool("2g1p").unwrap()))
    );
    let mut check = d6_check(PoolSize::Dice(3), &[6, 4, 1], "2 base + Keen Eye = 3 dice");
    check.conflict = true;
    let d6 = entry(2, None, "", RecordedRoll::HighestD6(check));
    assert_eq!(
        d6.roll_again(),
        Some(RollAgain::HighestD6 {
            base: Some(2),
            dice: PoolSize::Dice(3),
            kind: ChallengeKind::Mystical,
            conflict: true,
        })
    );
    // A sum line that does not start with the base dice gives none.
    let odd = d6_check(PoolSize::Dice(1), &[2], "base 2 = 1 die");
    let odd = entry(4, None, "", RecordedRoll::HighestD6(odd)).roll_again();
    assert!(matches!(odd, Some(RollAgain::HighestD6 { base: None, .. })));
    let el_check = parse_check("el 10 wager 3 vs 4").unwrap();
    let el = ElRoll::from_entered(&el_check, &[1; 7], &[0; 4]).unwrap();
    let el = entry(3, None, "", RecordedRoll::EffectiveLevel(el));
    assert_eq!(el.roll_again(), Some(RollAgain::EffectiveLevel(el_check)));
}

#[test]
fn history_filters_by_tray_and_by_system() {
    let mut history = RollHistory::default();
    let mut points = StoryPoints::default();
    let started = points.start_story_points(2).unwrap();
    let d6 = d6_check(PoolSize::Dice(1), &[6], "1 base = 1 die");
    history.record(entry(
        1,
        None,
        "",
        RecordedRoll::Narrative(slice_the_door()),
    ));
    history.record(entry(2, None, "", RecordedRoll::HighestD6(d6)));
    history.record(entry(3, None, "", RecordedRoll::StoryPoints(started)));
    let ids = |entries: Vec<&HistoryEntry>| entries.iter().map(|e| e.id).collect::<Vec<_>>();
    // Story points show on the narrative tray, newest first.
    assert_eq!(ids(history.on_tray("narrative").collect()), [3, 1]);
    assert_eq!(ids(history.on_tray("d6").collect()), [2]);
    assert_eq!(ids(history.on_tray("el").collect()), Vec::<u64>::new());
    assert_eq!(ids(history.of_system("story").collect()), [3]);
    assert_eq!(ids(history.of_system("narrative").collect()), [1]);
}

/// A result link carries a roll whole: each system's roll reads back equal, with its who,
/// label and real-dice mark; anything else is refused with a message, never a panic.
#[test]
fn a_result_link_carries_its_roll_and_refuses_anything_else() {
    use dicetray::storage::{entry_from_link, entry_link_text};
    let mut rerolled = slice_the_door();
    rerolled.reroll_entered(2, 7).unwrap();
    let el = parse_check("el 8 wager 2 vs 5 opposed by the goblin").unwrap();
    let el = ElRoll::from_entered(&el, &[1, 1, 0, 1, 1, 0], &[1, 0, 1, 1, 1]).unwrap();
    let mut real = entry(3, None, "", RecordedRoll::EffectiveLevel(el));
    real.real_dice = true;
    let rolls = [
        entry(
            1,
            Some("Rook"),
            "Slice the door",
            RecordedRoll::Narrative(rerolled),
        ),
        entry(
            2,
            None,
            "Climb",
            RecordedRoll::HighestD6(d6_check(PoolSize::Dice(3), &[6, 4, 1], "3 base = 3 dice")),
        ),
        real,
    ];
    for roll in rolls {
        let text = entry_link_text(&roll);
        assert_eq!(entry_from_link(&text), Ok(roll.clone()), "{text}");
    }
    for (text, said) in [
        ("", "not a roll"),
        ("[6]", "not a roll"),
        ("[99,[]]", "newer version"),
        ("[1,[]]", "not a roll"),
        (
            "[6,[1,2,\"\",null,false,\"narrative\",\"9q\",\"\",[]]]",
            "could not be read",
        ),
    ] {
        let refused = entry_from_link(text).unwrap_err();
        assert!(refused.contains(said), "{text}: {refused}");
    }
    assert!(
        entry_from_link(&"x".repeat(9_000))
            .unwrap_err()
            .contains("too long")
    );
}
