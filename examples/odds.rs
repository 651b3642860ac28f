//! Exact odds from the command line, for preparing a session or checking the app.
//!
//!     cargo run --release --example odds -- narrative 2g1y2p1r
//!     cargo run --release --example odds -- d6 4
//!     cargo run --release --example odds -- el 10 wager 3 vs 4
//!     cargo run --release --example odds -- el 9 vs 6 opposed
//!
//! Prints one JSON object. Narrative: the probabilities of at least one net success, net
//! advantage and net threat, of at least one triumph and at least one despair, each also as
//! an exact fraction in lowest terms, and the whole distribution of net successes. Highest
//! d6: the probability of each outcome (`triumph`, `success`, `costly_success`, `failure`,
//! `catastrophe`); 0 dice follows the default rule (one die), `d6 0 lowest` the other (two
//! dice, keep the lower). Effective Level: `success` (the roller's own roll lands in
//! 1..=EL − wager), `effect_mean`, `effect` (each effect value, as text, to its
//! probability) and `win` (the chance the roller gets effect, above 0); against an
//! opposition also the other side's `their_effect` (the same way) and `their_win` (its
//! chance of getting effect).
//!
//! Bad input prints a message on stderr and exits with status 2. When the output cannot be
//! written the tool stops: quietly with status 0 if the reader has gone (as in
//! `odds … | head`), else with a message on stderr and status 1.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use dicetray::core::count::Count;
use dicetray::core::distribution::Distribution;
use dicetray::core::highest_d6::{D6Odds, D6Outcome, D6Pool, ZeroDiceRule};
use dicetray::core::narrative::NarrativeOdds;
use dicetray::core::notation::effective_level::parse_check;
use dicetray::core::notation::excerpt;
use dicetray::core::notation::highest_d6::parse_dice_count;
use dicetray::core::notation::narrative::{format_pool, parse_pool};
use serde_json::{Map, Value, json};

const USAGE: &str = "usage: odds narrative <pool>      e.g. odds narrative 2g1y2p1r
       odds d6 <dice> [lowest]       e.g. odds d6 4   (0 dice: one die, or with `lowest`
                                     two dice keeping the lower)
       odds el <EL notation>         e.g. odds el 10 wager 3 vs 4";

fn main() -> ExitCode {
    // `env::args` would panic on an argument that is not valid Unicode.
    let Ok(args) = std::env::args_os()
        .skip(1)
        .map(std::ffi::OsString::into_string)
        .collect::<Result<Vec<String>, _>>()
    else {
        report("odds: every argument must be text (valid UTF-8)");
        return ExitCode::from(2);
    };
    let Some((system, rest)) = args.split_first() else {
        report(USAGE);
        return ExitCode::from(2);
    };
    let result = match (system.as_str(), rest) {
        ("narrative", [pool]) => parse_pool(pool)
            .map(|pool| narrative_json(&format_pool(&pool), &NarrativeOdds::of(&pool)))
            .map_err(|error| format!("bad pool \"{}\": {error}", excerpt(pool))),
        ("d6", [dice]) => d6_json(dice, ZeroDiceRule::OneDie),
        ("d6", [dice, rule]) if rule == "lowest" => d6_json(dice, ZeroDiceRule::LowestOfTwo),
        ("el", words) if !words.is_empty() => el_json(&format!("el {}", words.join(" "))),
        ("narrative" | "d6" | "el", _) => Err(format!("wrong arguments for {system}\n{USAGE}")),
        _ => Err(format!(
            "unknown system \"{}\"; this build knows: narrative, d6, el\n{USAGE}",
            excerpt(system)
        )),
    };
    match result {
        Ok(json) => print_line(&json.to_string()),
        Err(message) => {
            report(&format!("odds: {message}"));
            ExitCode::from(2)
        }
    }
}

/// Writes the answer to stdout. `println!` would panic on a write error, and a reader that
/// stops early (`| head`) is normal use, not a failure.
fn print_line(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            report(&format!("odds: cannot write the output: {error}"));
            ExitCode::FAILURE
        }
    }
}

/// Writes a message to stderr, ignoring a failure there: there is nowhere left to say it.
fn report(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// An EL roll's chance of success, mean effect, effect distribution and chance of getting
/// effect; under an opposition, the other side's effect distribution and chance too.
fn el_json(text: &str) -> Result<Value, String> {
    let check = parse_check(text).map_err(|e| format!("bad EL roll \"{}\": {e}", excerpt(text)))?;
    let odds = check.odds();
    let mut object = Map::new();
    object.insert("success".into(), json!(odds.success.probability()));
    object.insert("effect_mean".into(), json!(odds.effect.mean()));
    object.insert("effect".into(), effect_json(&odds.effect));
    object.insert("win".into(), json!(chance_of_effect(&odds.effect)));
    if let Some(theirs) = &odds.their_effect {
        object.insert("their_effect".into(), effect_json(theirs));
        object.insert("their_win".into(), json!(chance_of_effect(theirs)));
    }
    Ok(Value::Object(object))
}

/// Each possible effect (as text, as JSON keys are) to its probability.
fn effect_json(effect: &Distribution) -> Value {
    let total = effect.total();
    let map: Map<String, Value> = effect
        .iter()
        .filter(|(_, ways)| !ways.is_zero())
        .map(|(value, ways)| (value.to_string(), json!(Count::ratio(ways, &total))))
        .collect();
    Value::Object(map)
}

/// The chance of an effect above 0: that side wins something.
fn chance_of_effect(effect: &Distribution) -> f64 {
    effect.chance(|e| e > 0).probability()
}

/// The five outcomes' probabilities for a pool of `dice` (0 or more) under `rule`.
fn d6_json(dice: &str, rule: ZeroDiceRule) -> Result<Value, String> {
    let count = parse_dice_count(dice).map_err(|e| format!("bad number of dice: {e}"))?;
    let odds = D6Odds::of(D6Pool::of(count).plan(rule));
    let object: Map<String, Value> = D6Outcome::ALL
        .into_iter()
        .map(|o| (o.key().to_string(), json!(odds.chance(o).probability())))
        .collect();
    Ok(Value::Object(object))
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
