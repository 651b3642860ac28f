//! Coaching deltas on the Highest d6 tray: every tap's delta against the chance of a costly
//! success or better counted in this test over every roll before and after the tap.

use std::cell::RefCell;
use std::collections::HashMap;

use dicetray::core::character::Character;
use dicetray::core::coach::{D6Coach, D6Tap, Figure, Measure};
use dicetray::core::count::Count;
use dicetray::core::facet::Facets;
use dicetray::core::highest_d6::{D6Setup, FacetRef, ZeroDiceRule};
use dicetray::core::scene::Scene;
use proptest::prelude::*;

/// Ways a pool of `size` dice (zero or below: none left, rolled as `rule` says) gets a costly
/// success or better, that is a highest die of 4 or more (RULES.md section 2), over every
/// roll, and how many rolls there are.
fn brute_force(size: i64, rule: ZeroDiceRule) -> (u64, u64) {
    thread_local! {
        static COUNTED: RefCell<HashMap<(i64, ZeroDiceRule), (u64, u64)>> =
            RefCell::new(HashMap::new());
    }
    let key = (size.max(0), rule);
    if let Some(known) = COUNTED.with(|c| c.borrow().get(&key).copied()) {
        return known;
    }
    let (thrown, lowest_counts) = match (size, rule) {
        (n, _) if n > 0 => (n as u32, false),
        (_, ZeroDiceRule::OneDie) => (1, false),
        (_, ZeroDiceRule::LowestOfTwo) => (2, true),
    };
    let mut ways = 0;
    let total = 6u64.pow(thrown);
    for roll in 0..total {
        let faces = (0..thrown).map(|i| roll / 6u64.pow(i) % 6 + 1);
        let deciding = if lowest_counts {
            faces.min()
        } else {
            faces.max()
        };
        ways += u64::from(deciding.is_some_and(|f| f >= 4));
    }
    COUNTED.with(|c| c.borrow_mut().insert(key, (ways, total)));
    (ways, total)
}

fn figure((ways, total): (u64, u64)) -> Figure {
    Figure::new(Count::from(ways), Count::zero(), Count::from(total))
}

/// A character with `helping` and `hindering` facets, and a scene with its own.
fn table(own: (usize, usize), shared: (usize, usize)) -> (Character, Scene) {
    let mut facets = Facets::default();
    for i in 0..own.0 + own.1 {
        facets
            .add(100 + i as u64, &format!("Own {i}"), i < own.0)
            .expect("room");
    }
    let character = Character {
        facets,
        ..Character::new(1, "Mira".into())
    };
    let mut scene = Scene::default();
    for i in 0..shared.0 + shared.1 {
        scene
            .add_facet(&format!("Scene {i}"), i < shared.0)
            .expect("room");
    }
    (character, scene)
}

/// Checks every tap's delta: the pool size by hand, the chances by brute force.
fn check_every_tap(
    setup: &D6Setup,
    character: &Character,
    scene: &Scene,
    rule: ZeroDiceRule,
) -> Result<(), TestCaseError> {
    let facets: Vec<(FacetRef, bool)> = character
        .facets
        .items()
        .iter()
        .map(|f| (FacetRef::Character(f.id), f.helps))
        .chain(
            scene
                .facets
                .items()
                .iter()
                .map(|f| (FacetRef::Scene(f.id), f.helps)),
        )
        .collect();
    let die = |helps: bool| if helps { 1 } else { -1 };
    let size = i64::from(setup.base)
        + facets
            .iter()
            .filter(|(at, _)| setup.applied.contains(at))
            .map(|&(_, helps)| die(helps))
            .sum::<i64>();
    let mut expected: Vec<(D6Tap, i64)> = Vec::new();
    if setup.base < 10 {
        expected.push((D6Tap::AddDie, size + 1));
    }
    if setup.base > 1 {
        expected.push((D6Tap::RemoveDie, size - 1));
    }
    for &(at, helps) in &facets {
        let on = setup.applied.contains(&at);
        expected.push((
            D6Tap::Toggle(at),
            size + if on { -die(helps) } else { die(helps) },
        ));
    }
    let coach = D6Coach::of(setup, Some(character), scene, rule);
    prop_assert_eq!(coach.deltas().len(), expected.len());
    for (tap, after) in expected {
        let delta = coach.delta(tap).expect("every offered tap has a delta");
        prop_assert_eq!(delta.success.measure, Measure::CostlyOrBetter);
        prop_assert!(
            delta
                .success
                .before
                .cmp_exact(&figure(brute_force(size, rule)))
                .is_eq()
        );
        prop_assert!(
            delta
                .success
                .after
                .cmp_exact(&figure(brute_force(after, rule)))
                .is_eq(),
            "{:?} to {} dice",
            tap,
            after
        );
    }
    Ok(())
}

#[test]
fn adding_and_removing_dice_by_hand() {
    let (character, scene) = table((0, 0), (0, 0));
    let setup = D6Setup {
        base: 2,
        ..D6Setup::default()
    };
    let coach = D6Coach::of(&setup, Some(&character), &scene, ZeroDiceRule::OneDie);
    // Two dice: 1 − (1/2)^2 = 75%; three: 87.5%; one: 50%.
    let add = coach.delta(D6Tap::AddDie).expect("room for one more");
    assert_eq!(add.success.short_text(), "+13%");
    assert_eq!(
        add.success.spoken_text(),
        "adds 13 points to the chance of at least a costly success"
    );
    let remove = coach.delta(D6Tap::RemoveDie).expect("two dice");
    assert_eq!(remove.success.short_text(), "−25%");
    // At the limits there is no such tap.
    for (base, gone) in [(10, D6Tap::AddDie), (1, D6Tap::RemoveDie)] {
        let setup = D6Setup {
            base,
            ..D6Setup::default()
        };
        let coach = D6Coach::of(&setup, Some(&character), &scene, ZeroDiceRule::OneDie);
        assert!(coach.delta(gone).is_none());
    }
}

#[test]
fn a_hindering_facet_at_one_die_follows_the_zero_dice_rule() {
    let (character, scene) = table((0, 1), (0, 0));
    let setup = D6Setup {
        base: 1,
        ..D6Setup::default()
    };
    let hinder = D6Tap::Toggle(FacetRef::Character(100));
    // No dice left rolls one die anyway: no change.
    let one = D6Coach::of(&setup, Some(&character), &scene, ZeroDiceRule::OneDie);
    assert_eq!(
        one.delta(hinder).expect("offered").success.short_text(),
        "±0"
    );
    // Two dice keep the lower: 9 of 36 have both at 4 or more, against 1 in 2.
    let lowest = D6Coach::of(&setup, Some(&character), &scene, ZeroDiceRule::LowestOfTwo);
    let delta = lowest.delta(hinder).expect("offered");
    assert!(delta.success.after.cmp_exact(&figure((9, 36))).is_eq());
    assert_eq!(delta.success.short_text(), "−25%");
}

#[test]
fn every_tap_with_facets_matches_brute_force() {
    let (character, scene) = table((2, 1), (1, 2));
    for rule in ZeroDiceRule::ALL {
        for base in 1..=4 {
            for picked in 0u32..64 {
                let mut setup = D6Setup {
                    base,
                    ..D6Setup::default()
                };
                let refs = character
                    .facets
                    .items()
                    .iter()
                    .map(|f| FacetRef::Character(f.id))
                    .chain(scene.facets.items().iter().map(|f| FacetRef::Scene(f.id)));
                for (i, at) in refs.enumerate() {
                    if picked >> i & 1 == 1 {
                        setup.toggle(at);
                    }
                }
                check_every_tap(&setup, &character, &scene, rule).expect("matches");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_tap_matches_brute_force(
        base in 1u32..=3,
        own in (0usize..3, 0usize..3),
        shared in (0usize..3, 0usize..3),
        picked in any::<u64>(),
        lowest in any::<bool>(),
    ) {
        let (character, scene) = table(own, shared);
        let mut setup = D6Setup { base, ..D6Setup::default() };
        let refs: Vec<FacetRef> = setup
            .choices(Some(&character), &scene)
            .into_iter()
            .map(|(at, _, _)| at)
            .collect();
        for (i, at) in refs.into_iter().enumerate() {
            if picked >> i & 1 == 1 {
                setup.toggle(at);
            }
        }
        let rule = if lowest { ZeroDiceRule::LowestOfTwo } else { ZeroDiceRule::OneDie };
        check_every_tap(&setup, &character, &scene, rule)?;
    }
}
