//! The command-line odds tool, run as a user runs it: through cargo, reading its JSON.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The tool through `cargo run`, which replaces itself with the example binary on Unix, so
/// the binary gets the stdout given here.
fn odds_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO"));
    command
        .args(["run", "--quiet", "--example", "odds", "--"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn odds(args: &[&str]) -> Output {
    odds_command(args).output().expect("cargo runs")
}

fn json(args: &[&str]) -> Value {
    let output = odds(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(
        stdout.trim().lines().count(),
        1,
        "one JSON object on one line"
    );
    serde_json::from_str(&stdout).expect("valid JSON")
}

fn close(value: &Value, key: &str, expected: f64) {
    let got = value[key].as_f64().unwrap_or(f64::NAN);
    assert!((got - expected).abs() < 1e-12, "{key}: {got} vs {expected}");
}

#[test]
fn one_ability_die_gives_the_hand_worked_odds() {
    let v = json(&["narrative", "1g"]);
    close(&v, "success", 0.5);
    close(&v, "advantage", 0.5);
    close(&v, "threat", 0.0);
    close(&v, "triumph", 0.0);
    close(&v, "despair", 0.0);
    assert_eq!(v["exact"]["success"], "1/2");
}

#[test]
fn a_mixed_pool_matches_an_independent_enumeration_to_1e_12() {
    // Counted by enumerating all 589,824 face combinations in a separate Python script.
    let v = json(&["narrative", "2g1y2p1r"]);
    close(&v, "success", 45911.0 / 98304.0);
    close(&v, "advantage", 24247.0 / 73728.0);
    close(&v, "threat", 4111.0 / 9216.0);
    close(&v, "triumph", 1.0 / 12.0);
    close(&v, "despair", 1.0 / 12.0);
    assert_eq!(v["pool"], "2g1y2p1r");
    assert_eq!(v["outcomes"], "589824");
}

#[test]
fn fractions_past_64_bits_come_in_lowest_terms() {
    // Force dice never touch success, and 18 of them have 12^18 > 2^64 outcomes.
    let v = json(&["narrative", "18w"]);
    assert_eq!(v["exact"]["success"], "0/1");
    assert_eq!(v["outcomes"], 12u128.pow(18).to_string());
    // One ability die succeeds on 4 of its 8 faces, whatever the force dice show.
    let v = json(&["narrative", "1g20w"]);
    assert_eq!(v["exact"]["success"], "1/2");
    assert_eq!(v["exact"]["triumph"], "0/1");
}

#[test]
fn a_bad_pool_is_a_message_and_a_failure() {
    for pool in ["2q", "21g", "", "g".repeat(300).as_str()] {
        let output = odds(&["narrative", pool]);
        if pool.is_empty() {
            // An empty pool is valid: nothing can succeed.
            assert!(output.status.success());
            continue;
        }
        assert_eq!(output.status.code(), Some(2), "pool {pool:?}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("odds: bad pool"), "{stderr}");
    }
    let unknown = odds(&["fate", "4dF"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown system"));
}

#[test]
fn messages_quote_little_of_a_huge_argument() {
    let huge = "q".repeat(3000);
    for args in [
        vec!["narrative", huge.as_str()],
        vec!["el", huge.as_str()],
        vec!["el", "5", "dice", huge.as_str()],
        vec!["d6", huge.as_str()],
        vec![huge.as_str(), "4"],
    ] {
        let output = odds(&args);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("odds: "), "{stderr}");
        assert!(!stderr.contains(&"q".repeat(21)), "{stderr}");
        assert!(stderr.contains("q…"), "a cut quote: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_text_is_a_message_and_a_failure() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let output = odds_command(&["narrative"])
        .arg(OsStr::from_bytes(b"2g\xff"))
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("odds: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn highest_d6_odds_match_closed_forms_to_1e_12() {
    // For n dice, counted by hand over 6^n rolls: two or more sixes, exactly one six, highest
    // 4-5, highest 1-3 with two or more ones, and the rest.
    for n in 1..=6i32 {
        let v = json(&["d6", &n.to_string()]);
        let p = |k: f64| k.powi(n);
        let total = p(6.0);
        let n_f = f64::from(n);
        close(
            &v,
            "triumph",
            (p(6.0) - p(5.0) - n_f * 5f64.powi(n - 1)) / total,
        );
        close(&v, "success", n_f * 5f64.powi(n - 1) / total);
        close(&v, "costly_success", (p(5.0) - p(3.0)) / total);
        close(
            &v,
            "catastrophe",
            (p(3.0) - p(2.0) - n_f * 2f64.powi(n - 1)) / total,
        );
        close(&v, "failure", (p(2.0) + n_f * 2f64.powi(n - 1)) / total);
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 5, "{keys:?}");
    }
}

#[test]
fn highest_d6_with_no_dice_follows_the_zero_dice_rule() {
    // Default: one die.
    let one = json(&["d6", "0"]);
    close(&one, "success", 1.0 / 6.0);
    close(&one, "costly_success", 2.0 / 6.0);
    close(&one, "failure", 3.0 / 6.0);
    close(&one, "triumph", 0.0);
    close(&one, "catastrophe", 0.0);
    // The other rule: two dice, the lower kept.
    let lowest = json(&["d6", "0", "lowest"]);
    close(&lowest, "success", 1.0 / 36.0);
    close(&lowest, "costly_success", 8.0 / 36.0);
    close(&lowest, "failure", 27.0 / 36.0);
}

#[test]
fn highest_d6_bad_arguments_are_a_message_and_a_failure() {
    for args in [
        vec!["d6", "-1"],
        vec!["d6", "x"],
        vec!["d6"],
        vec!["d6", "4", "highest"],
        vec!["d6", "9999"],
    ] {
        let output = odds(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&output.stderr).starts_with("odds: "),
            "{args:?}"
        );
    }
}

#[test]
fn effective_level_odds_match_counting_by_hand() {
    // el 8: eight coins, never over the EL; effect = heads, mean 4, success 255/256.
    let v = json(&["el", "8"]);
    close(&v, "success", 255.0 / 256.0);
    close(&v, "effect_mean", 4.0);
    close(&v["effect"], "4", 70.0 / 256.0);
    // el 7 dice d8: 0..7 each 1/8; 0 fails.
    let v = json(&["el", "7", "dice", "d8"]);
    close(&v, "success", 7.0 / 8.0);
    close(&v, "effect_mean", 28.0 / 8.0);
    // el 10 wager 3 vs 4: roll 7 coins against 4; a win adds 3, so no effect of 1 to 3.
    let v = json(&["el", "10", "wager", "3", "vs", "4"]);
    close(&v, "success", 127.0 / 128.0);
    let effect = v["effect"].as_object().unwrap();
    assert!(
        ["1", "2", "3"].iter().all(|k| !effect.contains_key(*k)),
        "{effect:?}"
    );
    // Counted here: my value v (7 coins) beats their value r (4 coins) with v - r + 3.
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    let mut four = 0u64;
    for v in 1..=7u64 {
        for r in 0..=4u64 {
            if v > r && v - r + 3 == 4 {
                four += choose(7, v) * choose(4, r);
            }
        }
    }
    close(&v["effect"], "4", four as f64 / 2048.0);
    for args in [
        vec!["el", "0"],
        vec!["el", "5", "wager", "5"],
        vec!["el", "x"],
        vec!["el"],
    ] {
        let output = odds(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("odds: "));
    }
}

#[test]
fn a_reader_that_has_gone_ends_the_tool_quietly() {
    // The read end is closed before the tool starts, so its first write meets a closed pipe,
    // as with `odds … | head -c 10` once head has exited.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = odds_command(&["narrative", "2g"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_a_one_line_message_and_a_failure() {
    // Every write to /dev/full fails with "no space left on device".
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    let output = odds_command(&["narrative", "2g"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("odds: cannot write the output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Every face of every die, like an odometer: the total of each combination.
fn every_total(sides: &[u32]) -> Vec<u32> {
    let mut totals = Vec::new();
    let mut faces = vec![0u32; sides.len()];
    loop {
        totals.push(faces.iter().sum());
        let mut i = 0;
        loop {
            if i == sides.len() {
                return totals;
            }
            faces[i] += 1;
            if faces[i] < sides[i] {
                break;
            }
            faces[i] = 0;
            i += 1;
        }
    }
}

/// Both sides' effect, counted over every face of both sides' dice by RULES.md section 3:
/// a total of 0 or above the EL rolled fails and counts 0; the higher value gets the
/// difference, ties to the defender; the wager is added when the roller's value succeeds
/// and wins. Returns (ways of each own effect, ways of each of theirs, all combinations).
fn opposed_by_hand(
    (my_sides, my_el, wager): (&[u32], u32, u32),
    (their_sides, their_el): (&[u32], u32),
) -> (Vec<u64>, Vec<u64>, u64) {
    let value = |total: u32, el: u32| if (1..=el).contains(&total) { total } else { 0 };
    let (mut mine, mut theirs, mut all) = (vec![0u64; 64], vec![0u64; 64], 0);
    for my_total in every_total(my_sides) {
        for their_total in every_total(their_sides) {
            let (v, r) = (value(my_total, my_el), value(their_total, their_el));
            let my_effect = if v >= 1 && v > r { v - r + wager } else { 0 };
            let their_effect = r.saturating_sub(v);
            mine[my_effect as usize] += 1;
            theirs[their_effect as usize] += 1;
            all += 1;
        }
    }
    (mine, theirs, all)
}

/// The printed distribution `key` holds exactly the nonzero counts, as probabilities.
fn same_distribution(v: &Value, key: &str, ways: &[u64], all: u64) {
    let printed = v[key]
        .as_object()
        .unwrap_or_else(|| panic!("{key} is printed"));
    let expected: Vec<(String, f64)> = ways
        .iter()
        .enumerate()
        .filter(|(_, w)| **w > 0)
        .map(|(e, w)| (e.to_string(), *w as f64 / all as f64))
        .collect();
    assert_eq!(printed.len(), expected.len(), "{key}: {printed:?}");
    for (effect, p) in expected {
        close(&v[key], &effect, p);
    }
}

#[test]
fn an_opposition_prints_both_sides_effect_and_chance_to_win() {
    for (args, me, them) in [
        // Three coins against two: 8 · 4 = 32 combinations.
        (
            vec!["el", "3", "vs", "2", "opposed"],
            (&[2u32; 3][..], 3, 0),
            (&[2u32; 2][..], 2),
        ),
        // A d6 at EL 4 wagering 1 (so rolled at 3: a 4 or 5 fails) against a d4 at EL 2
        // (a 3 fails): 24 combinations.
        (
            vec![
                "el", "4", "dice", "d6", "wager", "1", "vs", "2", "vsdice", "d4", "opposed",
            ],
            (&[6][..], 3, 1),
            (&[4][..], 2),
        ),
    ] {
        let v = json(&args);
        let (mine, theirs, all) = opposed_by_hand(me, them);
        same_distribution(&v, "effect", &mine, all);
        same_distribution(&v, "their_effect", &theirs, all);
        let wins = |ways: &[u64]| ways[1..].iter().sum::<u64>() as f64 / all as f64;
        close(&v, "win", wins(&mine));
        close(&v, "their_win", wins(&theirs));
    }
    // Worked by hand for three coins (totals 0-3 in 1, 3, 3, 1 ways) against two (0-2 in
    // 1, 2, 1 ways): the roller gets effect with 1 head against 0 (3 · 1 ways), 2 against 0
    // or 1 (3 · 3) and 3 against any (1 · 4): 16 of 32. The other side gets it with 1 head
    // against 0 (2 · 1) and 2 against 0 or 1 (1 · 4): 6 of 32. The other 10 are ties.
    let v = json(&["el", "3", "vs", "2", "opposed"]);
    close(&v, "win", 16.0 / 32.0);
    close(&v, "their_win", 6.0 / 32.0);
    close(&v["their_effect"], "2", 1.0 / 32.0);
    // Resistance never gets effect, so nothing of the other side's is printed.
    let v = json(&["el", "10", "wager", "3", "vs", "4"]);
    assert!(
        v.get("their_effect").is_none() && v.get("their_win").is_none(),
        "{v}"
    );
    assert!(v.get("win").is_some(), "{v}");
}
