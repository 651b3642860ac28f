//! Exact odds from the command line, for preparing a session or checking the app.
//!
//!     cargo run --release --example odds -- narrative 2g1y2p1r
//!
//! Prints one JSON object: the probabilities of net success >= 1, net advantage >= 1, net
//! threat >= 1, at least one triumph and at least one despair, each also as an exact fraction,
//! and the whole distribution of net successes. A bad pool prints a message on stderr and
//! exits with status 2.

use std::process::ExitCode;

use dicetray::core::count::Count;
use dicetray::core::distribution::Distribution;
use dicetray::core::narrative::NarrativeOdds;
use dicetray::core::notation::narrative::{format_pool, parse_pool};
use serde_json::{Map, Value, json};

const USAGE: &str = "usage: odds narrative <pool>   e.g. odds narrative 2g1y2p1r";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [system, pool] if system == "narrative" => match parse_pool(pool) {
            Ok(pool) => {
                let odds = NarrativeOdds::of(&pool);
                println!("{}", narrative_json(&format_pool(&pool), &odds));
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("odds: bad pool \"{pool}\": {error}");
                ExitCode::from(2)
            }
        },
        [system, _] => {
            eprintln!("odds: unknown system \"{system}\"; this build knows: narrative\n{USAGE}");
            ExitCode::from(2)
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn narrative_json(pool: &str, odds: &NarrativeOdds) -> Value {
    let chances = [
        ("success", &odds.success),
        ("advantage", &odds.advantage),
        ("threat", &odds.threat),
        ("triumph", &odds.triumph),
        ("despair", &odds.despair),
    ];
    let mut object = Map::new();
    object.insert("pool".into(), json!(pool));
    for (name, chance) in chances {
        object.insert(name.into(), json!(chance.probability()));
    }
    let exact: Map<String, Value> = chances
        .iter()
        .map(|(name, chance)| (name.to_string(), json!(chance.exact_text())))
        .collect();
    object.insert("exact".into(), Value::Object(exact));
    object.insert("outcomes".into(), json!(odds.success.total.to_string()));
    object.insert("net_success".into(), distribution_json(&odds.net_success));
    Value::Object(object)
}

/// Each outcome with its probability, lowest first: `[{"value": -1, "probability": 0.25}, ...]`.
fn distribution_json(distribution: &Distribution) -> Value {
    let total = distribution.total();
    distribution
        .iter()
        .map(|(value, ways)| json!({ "value": value, "probability": Count::ratio(ways, &total) }))
        .collect()
}
