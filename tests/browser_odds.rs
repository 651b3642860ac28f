//! In-browser timing of exact odds, run by `scripts/bench` through wasm-bindgen-test-runner
//! in headless Chromium. It prints figures and asserts nothing: speed is measured, not tested.
#![cfg(target_arch = "wasm32")]

use std::hint::black_box;

use dicetray::core::narrative::NarrativeOdds;
use dicetray::core::notation::narrative::parse_pool;
use wasm_bindgen_test::{console_log, wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The same pools as examples/bench.rs.
const POOLS: [(&str, &str); 3] = [
    ("5-die pool", "2g1y2p"),
    ("40-die mixed pool", "6g6y6p6r6b5k5w"),
    ("full tray, 140 dice", "20g20y20p20r20b20k20w"),
];

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

#[wasm_bindgen_test]
fn exact_odds_timing() {
    for (name, text) in POOLS {
        let Ok(pool) = parse_pool(text) else {
            console_log!("bench: bad pool {text}");
            return;
        };
        black_box(NarrativeOdds::of(&pool));
        let runs = 200;
        let start = now_ms();
        for _ in 0..runs {
            black_box(NarrativeOdds::of(black_box(&pool)));
        }
        let mean_ms = (now_ms() - start) / f64::from(runs);
        console_log!(
            "BENCH chromium exact odds, {name:<20} ({text}): {mean_ms:.3} ms (mean of {runs})"
        );
    }
}
