//! Native timing of exact odds, printed for `scripts/bench`. Not a test: nothing is asserted.
//!
//!     cargo run --release --example bench

use std::hint::black_box;
use std::time::Instant;

use dicetray::core::character::{Character, ElSheet, Maneuver, Role, Standing};
use dicetray::core::coach::{D6Coach, ElCoach, NarrativeCoach};
use dicetray::core::effective_level::{ElDice, ElDie, ElMode, ElSetup, Pushback, best_dice};
use dicetray::core::facet::Facets;
use dicetray::core::highest_d6::{D6Setup, FacetRef, ZeroDiceRule};
use dicetray::core::narrative::NarrativeOdds;
use dicetray::core::notation::effective_level::parse_check;
use dicetray::core::notation::narrative::parse_pool;
use dicetray::core::scene::{Scene, SceneValue};

/// The pools timed here and in the browser benchmark (tests/browser_odds.rs).
const POOLS: [(&str, &str); 3] = [
    ("5-die pool", "2g1y2p"),
    ("40-die mixed pool", "6g6y6p6r6b5k5w"),
    ("full tray, 140 dice", "20g20y20p20r20b20k20w"),
];

/// Best-dice search times for the ELs the issue names, and the largest the tray searches.
fn best_dice_times() {
    for (el, against) in [(10, ""), (20, ""), (30, ""), (30, " vs 30 opposed")] {
        let Ok(check) = parse_check(&format!("el {el}{against}")) else {
            eprintln!("bench: bad EL roll");
            std::process::exit(2);
        };
        black_box(best_dice(&check));
        let runs = 20;
        let start = Instant::now();
        for _ in 0..runs {
            black_box(best_dice(black_box(&check)));
        }
        let mean_ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
        println!("native  best dice, EL {el}{against}: {mean_ms:.2} ms (mean of {runs})");
    }
}

/// Time to write the five chances of a pool as fractions in lowest terms.
fn exact_text_time(name: &str, odds: &NarrativeOdds) {
    let chances = [
        &odds.success,
        &odds.advantage,
        &odds.threat,
        &odds.triumph,
        &odds.despair,
    ];
    let runs = 200;
    let start = Instant::now();
    for _ in 0..runs {
        for chance in chances {
            black_box(black_box(chance).exact_text());
        }
    }
    let mean_ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
    println!("native  five exact fractions, {name:<20}: {mean_ms:.3} ms (mean of {runs})");
}

/// Mean milliseconds of `runs` calls of `work`, after one to warm up.
fn mean_ms<T>(runs: u32, mut work: impl FnMut() -> T) -> f64 {
    black_box(work());
    let start = Instant::now();
    for _ in 0..runs {
        black_box(work());
    }
    start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs)
}

/// Every tap's delta on a narrative tray, from the odds the panel already has.
fn narrative_coach_times() {
    for (name, text) in POOLS {
        let Ok(pool) = parse_pool(text) else {
            eprintln!("bench: bad pool {text}");
            std::process::exit(2);
        };
        let odds = NarrativeOdds::of(&pool);
        let taps = NarrativeCoach::of(&pool, &odds).deltas().len();
        let ms = mean_ms(200, || NarrativeCoach::of(black_box(&pool), &odds));
        println!("native  all deltas, narrative {name:<20}: {ms:.3} ms ({taps} taps, mean of 200)");
    }
}

/// A character with `facets` facets, and a scene with as many: every one applied.
fn d6_table(base: u32, facets: usize) -> (D6Setup, Character, Scene) {
    let mut own = Facets::default();
    let mut scene = Scene::default();
    let mut setup = D6Setup {
        base,
        ..D6Setup::default()
    };
    for i in 0..facets {
        let helps = i % 3 != 0;
        if own.add(i as u64 + 1, &format!("Facet {i}"), helps).is_ok() {
            setup.toggle(FacetRef::Character(i as u64 + 1));
        }
        if let Ok(id) = scene.add_facet(&format!("Scene facet {i}"), helps) {
            setup.toggle(FacetRef::Scene(id));
        }
    }
    let character = Character {
        facets: own,
        ..Character::new(1000, "Mira".into())
    };
    (setup, character, scene)
}

/// Every tap's delta on a Highest d6 tray.
fn d6_coach_times() {
    for (name, base, facets) in [
        ("4 dice, 2+2 facets", 4, 2),
        ("10 dice, 50+50 facets", 10, 50),
    ] {
        let (setup, character, scene) = d6_table(base, facets);
        let rule = ZeroDiceRule::OneDie;
        let taps = D6Coach::of(&setup, Some(&character), &scene, rule)
            .deltas()
            .len();
        let ms = mean_ms(50, || D6Coach::of(&setup, Some(&character), &scene, rule));
        println!("native  all deltas, d6 {name:<25}: {ms:.3} ms ({taps} taps, mean of 50)");
    }
}

/// A sheet of `roles` roles (each with a maneuver), two boosts and two penalties at `level`,
/// everything ticked, and three scene boosts, two ticked; against an opposition at `their`.
fn el_table(level: u32, roles: u64, their: u32) -> (ElSetup, Character, Vec<SceneValue>) {
    let standing = |id, value| Standing {
        id,
        name: format!("Standing {id}"),
        value,
    };
    let sheet = ElSheet {
        level,
        roles: (1..=roles)
            .map(|id| Role {
                id,
                name: format!("Role {id}"),
                rank: id as u32,
            })
            .collect(),
        maneuvers: (1..=roles)
            .map(|id| Maneuver {
                id: 100 + id,
                name: format!("Maneuver {id}"),
                bonus: 1,
                role: id,
            })
            .collect(),
        boosts: vec![standing(201, 2), standing(202, 1)],
        penalties: vec![standing(301, 1), standing(302, 2)],
    };
    let mut setup = ElSetup {
        mode: ElMode::Builder,
        wager: 2,
        against: Some(Pushback::Opposition),
        their_el: their,
        ..ElSetup::default()
    };
    setup.picked.extend(sheet.roles.iter().map(|r| r.id));
    setup.picked.extend(sheet.maneuvers.iter().map(|m| m.id));
    setup.picked.extend([201, 202, 301, 302]);
    let scene: Vec<SceneValue> = (401..=403)
        .map(|id| SceneValue {
            id,
            name: format!("Scene boost {id}"),
            value: 1,
        })
        .collect();
    setup.picked_scene.extend([401, 402]);
    let character = Character {
        sheet,
        ..Character::new(1, "Mira".into())
    };
    (setup, character, scene)
}

/// Every tap's delta on an Effective Level tray.
fn el_coach_times() {
    let chosen = ElDice::of(&[ElDie::D20; 40]);
    for (name, level, roles, their, dice) in [
        ("EL 14 vs 12 opposed", 6, 2, 12, ElDice::Simple),
        ("EL 100 vs 100 opposed", 63, 7, 100, ElDice::Simple),
        ("EL 100, 40d20, vs 100", 63, 7, 100, chosen),
    ] {
        let (mut setup, character, scene) = el_table(level, roles, their);
        setup.dice = dice;
        let el = setup.el(Some(&character), &scene);
        let taps = ElCoach::of(&setup, Some(&character), &scene).deltas().len();
        let ms = mean_ms(20, || ElCoach::of(&setup, Some(&character), &scene));
        let odds_ms = match setup.check(Some(&character), &scene) {
            Ok(check) => mean_ms(20, || black_box(&check).odds()),
            Err(_) => 0.0,
        };
        println!(
            "native  all deltas, el {name:<22}: {ms:.3} ms ({taps} taps, EL {el}; the roll's own \
             odds {odds_ms:.3} ms; mean of 20)"
        );
    }
}

/// A challenge link as a QR code, drawn as an SVG path.
fn qr_times() {
    let link = "https://example.org/dicetray/#/el?challenge=obstacle+12+el+3+by+Barred+door";
    let Ok(symbol) = dicetray::core::qr::qr_code(link) else {
        eprintln!("bench: no QR code");
        std::process::exit(2);
    };
    let ms = mean_ms(50, || dicetray::core::qr::qr_code(black_box(link)));
    println!(
        "native  QR code of a {}-character link: {ms:.3} ms (version {}, {} modules across, \
         path {} characters, mean of 50)",
        link.len(),
        symbol.version,
        symbol.size,
        symbol.path.len()
    );
}

fn main() {
    qr_times();
    narrative_coach_times();
    d6_coach_times();
    el_coach_times();
    best_dice_times();
    for (name, text) in POOLS {
        let Ok(pool) = parse_pool(text) else {
            eprintln!("bench: bad pool {text}");
            std::process::exit(2);
        };
        // Warm up, then time enough runs for a stable mean.
        black_box(NarrativeOdds::of(&pool));
        let runs = 200;
        let start = Instant::now();
        for _ in 0..runs {
            black_box(NarrativeOdds::of(black_box(&pool)));
        }
        let mean_ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
        println!("native  exact odds, {name:<20} ({text}): {mean_ms:.3} ms (mean of {runs})");
        exact_text_time(name, &NarrativeOdds::of(&pool));
    }
}
