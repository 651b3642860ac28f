//! Native timing of exact odds, printed for `scripts/bench`. Not a test: nothing is asserted.
//!
//!     cargo run --release --example bench

use std::hint::black_box;
use std::time::Instant;

use dicetray::core::effective_level::best_dice;
use dicetray::core::narrative::NarrativeOdds;
use dicetray::core::notation::effective_level::parse_check;
use dicetray::core::notation::narrative::parse_pool;

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

fn main() {
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
