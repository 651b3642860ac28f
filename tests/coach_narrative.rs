//! Coaching deltas on the narrative tray: every tap's delta against two chances counted in
//! this test over every face of the pool before and after the tap.

use std::cmp::Ordering;

use dicetray::core::coach::{Figure, NarrativeCoach, NarrativeTap};
use dicetray::core::count::Count;
use dicetray::core::narrative::{
    AddedSymbol, Ladder, MAX_ADDED_PER_SYMBOL, MAX_DICE_PER_KIND, NarrativeDie, NarrativeOdds,
    NarrativePool,
};
use dicetray::core::notation::narrative::parse_pool;
use proptest::prelude::*;

/// Each die's faces as RULES.md lists them, scored here as (net success, net advantage):
/// S +1 success, F −1, A +1 advantage, T −1, X triumph (a success), D despair (a failure).
fn faces(die: NarrativeDie) -> Vec<(i32, i32)> {
    let table = match die {
        NarrativeDie::Ability => "- S S SS A A SA AA",
        NarrativeDie::Proficiency => "- S S SS SS A SA SA SA AA AA X",
        NarrativeDie::Difficulty => "- F FF T T T TT FT",
        NarrativeDie::Challenge => "- F F FF FF T T FT FT TT TT D",
        NarrativeDie::Boost => "- - S SA AA A",
        NarrativeDie::Setback => "- - F F T T",
        NarrativeDie::Force => "- - - - - - - - - - - -",
    };
    table.split(' ').map(score).collect()
}

fn score(symbols: &str) -> (i32, i32) {
    symbols.chars().fold((0, 0), |(s, a), c| match c {
        'S' | 'X' => (s + 1, a),
        'F' | 'D' => (s - 1, a),
        'A' => (s, a + 1),
        'T' => (s, a - 1),
        _ => (s, a),
    })
}

/// (ways to succeed, ways to get advantage, every way), over every combination of faces.
fn brute_force(pool: &NarrativePool) -> (u64, u64, u64) {
    let added = pool.added();
    let start = (
        (added.success + added.triumph) as i32 - (added.failure + added.despair) as i32,
        added.advantage as i32 - added.threat as i32,
    );
    let dice: Vec<Vec<(i32, i32)>> = pool.dice().map(faces).collect();
    let mut counts = (0, 0, 0);
    fn walk(dice: &[Vec<(i32, i32)>], at: (i32, i32), counts: &mut (u64, u64, u64)) {
        match dice.split_first() {
            None => {
                counts.0 += u64::from(at.0 >= 1);
                counts.1 += u64::from(at.1 >= 1);
                counts.2 += 1;
            }
            Some((die, rest)) => {
                for face in die {
                    walk(rest, (at.0 + face.0, at.1 + face.1), counts);
                }
            }
        }
    }
    walk(&dice, start, &mut counts);
    counts
}

fn figure(ways: u64, total: u64) -> Figure {
    Figure::new(Count::from(ways), Count::zero(), Count::from(total))
}

/// The pool after a tap, as RULES.md section 1 says, within the tray's limits; `None` when
/// the tray refuses the tap. Built with counts only, not the pool's own tap methods.
fn after(pool: &NarrativePool, tap: NarrativeTap) -> Option<NarrativePool> {
    let mut next = pool.clone();
    let mut change = |die: NarrativeDie, by: i64| {
        let count = i64::from(next.count(die)) + by;
        (0..=i64::from(MAX_DICE_PER_KIND)).contains(&count) && {
            next.set_count(die, count as u32).is_ok()
        }
    };
    let done = match tap {
        NarrativeTap::Add(die) => change(die, 1),
        NarrativeTap::Remove(die) => change(die, -1),
        NarrativeTap::Upgrade(ladder) => {
            let (lower, upper) = (ladder.lower(), ladder.upper());
            if pool.count(lower) == 0 {
                change(lower, 1)
            } else {
                pool.count(upper) < MAX_DICE_PER_KIND && change(upper, 1) && change(lower, -1)
            }
        }
        NarrativeTap::Downgrade(ladder) => {
            pool.count(ladder.upper()) > 0
                && pool.count(ladder.lower()) < MAX_DICE_PER_KIND
                && change(ladder.lower(), 1)
                && change(ladder.upper(), -1)
        }
        NarrativeTap::AddSymbol(symbol) => {
            let count = pool.added().get(symbol) + 1;
            count <= MAX_ADDED_PER_SYMBOL && next.set_added(symbol, count).is_ok()
        }
        NarrativeTap::RemoveSymbol(symbol) => {
            let count = pool.added().get(symbol);
            count > 0 && next.set_added(symbol, count - 1).is_ok()
        }
    };
    done.then_some(next)
}

/// Checks every tap of `pool` against brute force.
fn check_every_tap(pool: &NarrativePool) -> Result<(), TestCaseError> {
    let coach = NarrativeCoach::of(pool, &NarrativeOdds::of(pool));
    let (success, advantage, total) = brute_force(pool);
    for tap in NarrativeTap::all() {
        let expected = after(pool, tap);
        let delta = coach.delta(tap);
        prop_assert_eq!(
            delta.is_some(),
            expected.is_some(),
            "{:?} on {:?}",
            tap,
            pool
        );
        let (Some(delta), Some(next)) = (delta, expected) else {
            continue;
        };
        let (next_success, next_advantage, next_total) = brute_force(&next);
        let same = |a: &Figure, b: &Figure| a.cmp_exact(b) == Ordering::Equal;
        prop_assert!(same(&delta.success.before, &figure(success, total)));
        prop_assert!(
            same(&delta.success.after, &figure(next_success, next_total)),
            "{:?} on {:?}",
            tap,
            pool
        );
        let before_advantage = figure(advantage, total);
        let after_advantage = figure(next_advantage, next_total);
        match &delta.advantage {
            Some(moved) => {
                prop_assert!(same(&moved.before, &before_advantage));
                prop_assert!(same(&moved.after, &after_advantage), "{:?}", tap);
                prop_assert!(!same(&before_advantage, &after_advantage));
            }
            None => prop_assert!(same(&before_advantage, &after_advantage), "{:?}", tap),
        }
        let change = next_success as f64 / next_total as f64 - success as f64 / total as f64;
        prop_assert!((delta.success.change() - change).abs() < 1e-12);
    }
    Ok(())
}

#[test]
fn every_tap_of_small_pools_matches_brute_force() {
    for text in [
        "",
        "1g",
        "1g1p",
        "2y1r",
        "1g1y1p1r",
        "1b1k1w",
        "1y1r+1s1t",
        "1g+1x1d",
    ] {
        let pool = parse_pool(text).expect("valid pool");
        check_every_tap(&pool).expect(text);
    }
}

#[test]
fn taps_at_the_limits_have_no_delta() {
    let full = parse_pool("20g20y+20s").expect("valid");
    let coach = NarrativeCoach::of(&full, &NarrativeOdds::of(&full));
    assert!(
        coach
            .delta(NarrativeTap::Add(NarrativeDie::Ability))
            .is_none()
    );
    assert!(
        coach
            .delta(NarrativeTap::Upgrade(Ladder::Ability))
            .is_none()
    );
    assert!(
        coach
            .delta(NarrativeTap::Downgrade(Ladder::Ability))
            .is_none()
    );
    assert!(
        coach
            .delta(NarrativeTap::Remove(NarrativeDie::Ability))
            .is_some()
    );
    assert!(
        coach
            .delta(NarrativeTap::AddSymbol(AddedSymbol::Success))
            .is_none()
    );
    let empty = NarrativePool::default();
    let coach = NarrativeCoach::of(&empty, &NarrativeOdds::of(&empty));
    for die in NarrativeDie::ALL {
        assert!(coach.delta(NarrativeTap::Remove(die)).is_none());
    }
    assert!(
        coach
            .delta(NarrativeTap::Downgrade(Ladder::Difficulty))
            .is_none()
    );
    // With no ability die, an upgrade adds one.
    assert!(
        coach
            .delta(NarrativeTap::Upgrade(Ladder::Ability))
            .is_some()
    );
}

#[test]
fn the_texts_by_hand() {
    let empty = NarrativePool::default();
    let coach = NarrativeCoach::of(&empty, &NarrativeOdds::of(&empty));
    // An ability die succeeds on 4 of 8 faces and gives advantage on 4 of 8.
    let ability = coach
        .delta(NarrativeTap::Add(NarrativeDie::Ability))
        .expect("possible");
    assert_eq!(ability.success.short_text(), "+50%");
    assert_eq!(
        ability.success.spoken_text(),
        "adds 50 points to the chance of success"
    );
    let advantage = ability.advantage.as_ref().expect("advantage moves");
    assert_eq!(advantage.short_text(), "+50%");
    // A force die touches neither.
    let force = coach
        .delta(NarrativeTap::Add(NarrativeDie::Force))
        .expect("possible");
    assert_eq!(force.success.short_text(), "±0");
    assert!(force.advantage.is_none());
    // 1g1p succeeds 11/32 of the time (worked in narrative_odds.rs); a setback die more:
    // ability successes 0/1/2 on 4/3/1 faces, difficulty failures 0/1/2 on 5/2/1, setback
    // failures 0/1 on 4/2. Net ≥ 1: one success with no failures 3·5·4 = 60; two successes
    // with at most one failure 1·(5·4 + 5·2 + 2·4) = 38; 98 of 384, 25.5%: 9 points fewer.
    let pool = parse_pool("1g1p").expect("valid");
    let coach = NarrativeCoach::of(&pool, &NarrativeOdds::of(&pool));
    let setback = coach
        .delta(NarrativeTap::Add(NarrativeDie::Setback))
        .expect("possible");
    assert!(setback.success.after.cmp_exact(&figure(98, 384)).is_eq());
    assert_eq!(setback.success.short_text(), "−9%");
    assert_eq!(
        setback.success.spoken_text(),
        "takes 9 points from the chance of success"
    );
}

#[test]
fn large_pools_stay_exact() {
    // Taking a die out and adding one back are exact inverses even at 2^438 outcomes.
    let pool = parse_pool("20g20y20p20r20b20k20w").expect("valid");
    let coach = NarrativeCoach::of(&pool, &NarrativeOdds::of(&pool));
    for die in NarrativeDie::ALL {
        let mut fewer = pool.clone();
        fewer.remove_die(die);
        let direct = NarrativeOdds::of(&fewer).success;
        let delta = coach.delta(NarrativeTap::Remove(die)).expect("possible");
        assert!(
            delta
                .success
                .after
                .cmp_exact(&Figure::of_chance(&direct))
                .is_eq()
        );
    }
    let ladder = coach
        .delta(NarrativeTap::Downgrade(Ladder::Ability))
        .is_none();
    assert!(ladder, "no room for another ability die");
}

fn small_pool() -> impl Strategy<Value = NarrativePool> {
    (
        prop::collection::vec(prop::sample::select(NarrativeDie::ALL.to_vec()), 0..4),
        prop::collection::vec(prop::sample::select(AddedSymbol::ALL.to_vec()), 0..3),
    )
        .prop_map(|(dice, symbols)| {
            let mut pool = NarrativePool::default();
            for die in dice {
                let _ = pool.add_die(die);
            }
            for symbol in symbols {
                let _ = pool.add_symbol(symbol);
            }
            pool
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_tap_matches_brute_force(pool in small_pool()) {
        check_every_tap(&pool)?;
    }
}
