//! The Effective Level tray's panels as markup. Acts are named beside each function;
//! `ui::effective_level` carries them out.

use std::fmt::Write;

use super::{Html, bars_markup, escape};
use crate::core::character::Character;
use crate::core::distribution::Chance;
use crate::core::effective_level::{
    BestDice, ElDice, ElDie, ElMode, ElOdds, ElSetup, MAX_CHOSEN_DICE, MAX_EL, MAX_SEARCH_EL,
    Pushback,
};
use crate::core::facet::MAX_NAME_CHARS;
use crate::core::scene::SceneValue;
use crate::core::tone::Tone;

/// Kinds of dedicated effect offered as one-tap choices.
pub const DEDICATED_KINDS: [&str; 3] = ["Injury", "Hindrance", "Complication"];

/// A toggle chip. Act: `act` with `arg`.
fn toggle(html: &mut Html, act: &str, arg: &str, pressed: bool, label: &str, disabled: bool) {
    let _ = write!(
        html,
        r#"<button type="button" class="chip" data-act="{act}" data-arg="{}" aria-pressed="{pressed}"{}>{}</button>"#,
        escape(arg),
        if disabled { " disabled" } else { "" },
        escape(label)
    );
}

fn signed(value: i32) -> String {
    if value < 0 {
        format!("−{}", value.unsigned_abs())
    } else {
        format!("+{value}")
    }
}

/// Quick EL or from the character. Act: `mode` (field `mode`).
pub fn mode_panel(setup: &ElSetup) -> String {
    let builder = setup.mode == ElMode::Builder;
    format!(
        r#"<fieldset class="segmented two"><legend class="visually-hidden">How the EL is given</legend><label class="segment"><input type="radio" name="mode" value="quick" data-act="mode"{}><span>Quick EL</span></label><label class="segment"><input type="radio" name="mode" value="builder" data-act="mode"{}><span>From character</span></label></fieldset>"#,
        if builder { "" } else { " checked" },
        if builder { " checked" } else { "" },
    )
}

/// The builder's ticks (in builder mode) and the EL's sum; a quick EL's stepper is drawn
/// apart. Acts: `pick` (sheet id), `pick-scene` (scene boost id), `training`, `add-mod`
/// (form: `name`, `value`), `remove-mod` (index).
pub fn level_panel(setup: &ElSetup, character: Option<&Character>, scene: &[SceneValue]) -> String {
    let mut html = Html::new();
    let builder = setup.mode == ElMode::Builder;
    if builder && let Some(character) = character {
        builder_lists(&mut html, setup, character, scene);
    } else if builder {
        html.raw(r#"<p class="hint">Pick who is rolling above, or use Quick EL.</p>"#);
    }
    let el = setup.el(character, scene);
    let sum = match setup.build(character, scene) {
        Some(build) => build.sum_text(),
        None => format!("EL {el}"),
    };
    html.raw(r#"<p class="sum-line" role="status" aria-label="EL sum">"#)
        .text(&sum)
        .raw("</p>");
    if el < 1 && (!builder || character.is_some()) {
        html.raw(r#"<p class="refusal">EL below 1: the task is impossible for now, so there is no roll. Find a boost or another way.</p>"#);
    }
    html.finish()
}

fn builder_lists(html: &mut Html, setup: &ElSetup, character: &Character, scene: &[SceneValue]) {
    let sheet = &character.sheet;
    if sheet.roles.is_empty() && sheet.boosts.is_empty() && sheet.penalties.is_empty() {
        html.raw(r#"<p class="hint">This character has no roles yet: add Level and roles on the Characters page.</p>"#);
    }
    let _ = write!(
        html,
        r#"<p class="hint">Level {} · tick what applies:</p>"#,
        sheet.level
    );
    let group = |html: &mut Html, title: &str| {
        let _ = write!(
            html,
            r#"<h3 class="sub-title">{title}</h3><div class="chip-list">"#
        );
    };
    if !sheet.roles.is_empty() {
        group(html, "Roles");
        for role in &sheet.roles {
            let label = format!("{} +{}", role.name, role.rank);
            toggle(
                html,
                "pick",
                &role.id.to_string(),
                setup.is_picked(role.id),
                &label,
                false,
            );
        }
        html.raw("</div>");
    }
    if !sheet.maneuvers.is_empty() {
        group(html, "Maneuvers");
        for maneuver in &sheet.maneuvers {
            let role = sheet.roles.iter().find(|r| r.id == maneuver.role);
            let label = format!(
                "{} {} ({})",
                maneuver.name,
                signed(maneuver.bonus),
                role.map_or("", |r| r.name.as_str())
            );
            let off = !setup.is_picked(maneuver.role);
            toggle(
                html,
                "pick",
                &maneuver.id.to_string(),
                setup.is_picked(maneuver.id) && !off,
                &label,
                off,
            );
        }
        html.raw("</div>");
    }
    for (title, items, sign) in [("Boosts", &sheet.boosts, 1), ("Harm", &sheet.penalties, -1)] {
        if items.is_empty() {
            continue;
        }
        group(html, title);
        for item in items {
            let label = format!("{} {}", item.name, signed(sign * item.value as i32));
            toggle(
                html,
                "pick",
                &item.id.to_string(),
                setup.is_picked(item.id),
                &label,
                false,
            );
        }
        html.raw("</div>");
    }
    if !scene.is_empty() {
        group(html, "Scene boosts");
        for boost in scene {
            let label = format!("{} +{}", boost.name, boost.value);
            toggle(
                html,
                "pick-scene",
                &boost.id.to_string(),
                setup.picked_scene.contains(&boost.id),
                &label,
                false,
            );
        }
        html.raw("</div>");
    }
    html.raw(r#"<h3 class="sub-title">This roll</h3><ul class="facet-list">"#);
    for (i, m) in setup.situational.iter().enumerate() {
        html.raw(r#"<li class="facet-row"><span class="facet-name">"#)
            .text(&format!("{} {}", m.name, signed(m.value)))
            .raw("</span>")
            .button(
                "small",
                "remove-mod",
                &i.to_string(),
                &format!("Remove {}", m.name),
                "Remove",
            )
            .raw("</li>");
    }
    html.raw("</ul>");
    let _ = write!(
        html,
        r#"<form class="facet-form" data-act="add-mod"><input type="text" id="mod-name" name="name" maxlength="{MAX_NAME_CHARS}" autocomplete="off" aria-label="Modifier name" placeholder="e.g. High ground"><input type="number" id="mod-value" name="value" class="small-number" min="-{MAX_EL}" max="{MAX_EL}" aria-label="Modifier value" placeholder="±2"><button type="submit" class="small">Add modifier</button></form>"#
    );
    let _ = write!(
        html,
        r#"<button type="button" role="switch" class="switch" data-act="training" aria-checked="{}"><span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span><span>Needs training</span><span class="hint"> (Level counts up to the best role's rank)</span></button>"#,
        setup.needs_training
    );
}

/// A small drawn die of its size: each size has its own outline.
fn die_shape(die: ElDie) -> &'static str {
    match die {
        ElDie::D2 => r#"<circle cx="12" cy="12" r="10"/>"#,
        ElDie::D4 => r#"<polygon points="12,2 22,21 2,21"/>"#,
        ElDie::D6 => r#"<rect x="3" y="3" width="18" height="18" rx="3"/>"#,
        ElDie::D8 => r#"<polygon points="12,1 23,12 12,23 1,12"/>"#,
        ElDie::D10 => r#"<polygon points="12,1 22,9 18,22 6,22 2,9"/>"#,
        ElDie::D12 => r#"<polygon points="12,1 21,6 21,18 12,23 3,18 3,6"/>"#,
        ElDie::D20 => {
            r#"<polygon points="12,1 21,6 21,18 12,23 3,18 3,6"/><polygon points="12,5 18,16 6,16" class="inner"/>"#
        }
    }
}

/// A drawn die with a label on it: a size on the picker, a face on a rolled die.
pub fn die_picture(html: &mut Html, die: ElDie, label: &str) {
    let _ = write!(
        html,
        r#"<span class="el-die d{}"><svg viewBox="0 0 24 24" aria-hidden="true">{}</svg><span class="el-die-label">{}</span></span>"#,
        die.sides(),
        die_shape(die),
        escape(label)
    );
}

/// Dice to pick for one side. `prefix` is "" for the roller and "their-" for the other side.
/// Acts: `<prefix>simple`, `<prefix>add` and `<prefix>remove` (argument: sides).
pub fn dice_picker(html: &mut Html, prefix: &str, dice: &ElDice) {
    let whose = if prefix.is_empty() {
        ""
    } else {
        " for the other side"
    };
    let _ = write!(
        html,
        r#"<div class="dice-choice"><button type="button" class="chip" data-act="{prefix}simple" aria-pressed="{}" aria-label="Simple Pool{whose}">Simple Pool (a coin per EL)</button><div class="die-picks">"#,
        dice.is_simple()
    );
    for die in ElDie::ALL {
        let _ = write!(
            html,
            r#"<button type="button" class="die-pick" data-act="{prefix}add" data-arg="{}" aria-label="Add {}{whose}">"#,
            die.sides(),
            die.name()
        );
        die_picture(html, die, &die.name());
        html.raw("</button>");
    }
    html.raw("</div>");
    if let ElDice::Chosen(_) = dice {
        html.raw(r#"<ul class="chip-list" aria-label="Dice picked">"#);
        for die in ElDie::ALL.iter().rev() {
            let n = dice.count(*die);
            if n > 0 {
                let _ = write!(
                    html,
                    r#"<li><button type="button" class="chip" data-act="{prefix}remove" data-arg="{}" aria-label="Remove {}{whose}">{}{} ×</button></li>"#,
                    die.sides(),
                    die.name(),
                    if n > 1 { format!("{n}") } else { String::new() },
                    die.name()
                );
            }
        }
        html.raw("</ul>");
    }
    html.raw("</div>");
}

/// The roller's chance of going over, and the best dice (or a button that looks for them,
/// when `offer_search`). Acts: `use-best`, `find-best`. The picker itself is drawn apart
/// ([`dice_picker`]): it changes only when the dice do.
pub fn dice_panel(
    setup: &ElSetup,
    el: u32,
    odds: Option<&ElOdds>,
    best: Option<&BestDice>,
    simple: Option<(f64, f64)>,
    offer_search: bool,
) -> String {
    let mut html = Html::new();
    if let Some(odds) = odds {
        let _ = write!(
            html,
            r#"<p class="over-line">Chance of going over EL {el}: <strong>{}</strong></p>"#,
            odds.over.percent_text()
        );
    }
    match best {
        Some(best) => {
            let _ = write!(
                html,
                r#"<div class="best"><p><strong>Best dice for EL {el}: {}</strong>. Expected {}effect {}, success {}."#,
                escape(&best.dice.describe()),
                if setup.against == Some(Pushback::Opposition) {
                    "net "
                } else {
                    ""
                },
                tenths(best.mean_effect),
                percent(best.success)
            );
            if let Some((mean, success)) = simple {
                let _ = write!(
                    html,
                    " Simple Pool: {}, {}.",
                    tenths(mean),
                    percent(success)
                );
            }
            if !best.proven {
                let _ = write!(
                    html,
                    " (Best of every set of at most {MAX_CHOSEN_DICE} dice whose highest total \
                     is at most twice the EL.)"
                );
            }
            html.raw("</p>");
            let in_use = best.dice == setup.dice;
            let _ = write!(
                html,
                r#"<button type="button" class="small" data-act="use-best"{}>{}</button></div>"#,
                if in_use { " disabled" } else { "" },
                if in_use { "In use" } else { "Use these dice" }
            );
        }
        None if offer_search => {
            html.raw(
                r#"<div class="best"><p>At high ELs the best-dice search takes a moment.</p>"#,
            )
            .button(
                "small",
                "find-best",
                "",
                "Find the best dice",
                "Find the best dice",
            )
            .raw("</div>");
        }
        None if el > MAX_SEARCH_EL => {
            let _ = write!(
                html,
                r#"<p class="hint">Best dice are searched up to EL {MAX_SEARCH_EL}.</p>"#
            );
        }
        None => {}
    }
    html.finish()
}

/// The other side: nobody, resistance or opposition, and its dice (its EL's stepper is drawn
/// apart). Acts: `against` (field `against`), and the dice acts with prefix `their-`.
pub fn against_panel(setup: &ElSetup) -> String {
    let mut html = Html::new();
    let current = match setup.against {
        None => "none",
        Some(Pushback::Resistance) => "resistance",
        Some(Pushback::Opposition) => "opposition",
    };
    html.raw(r#"<fieldset class="segmented three"><legend class="visually-hidden">Who pushes back</legend>"#);
    for (value, label) in [
        ("none", "Nobody"),
        ("resistance", "Resistance"),
        ("opposition", "Opposition"),
    ] {
        let _ = write!(
            html,
            r#"<label class="segment"><input type="radio" name="against" value="{value}" data-act="against"{}><span>{label}</span></label>"#,
            if value == current { " checked" } else { "" }
        );
    }
    html.raw("</fieldset>");
    match setup.against {
        None => {
            html.raw(r#"<p class="hint">Nothing pushes back: the roll's value is its effect.</p>"#)
        }
        Some(kind) => {
            html.raw(if kind == Pushback::Resistance {
                r#"<p class="hint">Resistance only holds you off: ties go to it, and it never gets effect.</p>"#
            } else {
                r#"<p class="hint">Opposition is a contest: whoever rolls higher gets the difference; ties go to the defender.</p>"#
            });
            &mut html
        }
    };
    html.finish()
}

/// The wager's limits and what it is dedicated to (its steppers are drawn apart). Acts:
/// `dedicate` (argument: a kind), and form `dedicated` (fields `kind`, `name`).
pub fn wager_panel(setup: &ElSetup, el: i32, rank: u32, refusal: Option<&str>) -> String {
    let mut html = Html::new();
    let most = (el - 1).max(0) as u32;
    let limit = format!(
        "At most {} here: it must leave at least 1 to roll (EL {el}), and may not pass the \
         role's rank ({rank}).",
        most.min(rank)
    );
    html.raw(r#"<p class="hint">"#).text(&limit).raw("</p>");
    if let Some(reason) = refusal {
        html.raw(r#"<p class="refusal">"#).text(reason).raw("</p>");
    }
    if setup.wager > 0 {
        let _ = write!(
            html,
            r#"<p class="hint">The roll is made at EL {}; the {} wagered points count only if it succeeds and leaves effect.</p><h3 class="sub-title">Dedicated effect</h3><div class="chip-list">"#,
            (el - setup.wager as i32).max(0),
            setup.wager
        );
        for kind in DEDICATED_KINDS {
            toggle(
                &mut html,
                "dedicate",
                kind,
                setup.dedicated.kind == kind,
                kind,
                false,
            );
        }
        html.raw("</div>");
        let _ = write!(html, r#"<form class="facet-form" data-act="dedicated">"#);
        html.input(
            "ded-kind",
            "kind",
            "Kind of effect",
            "Kind (or your own)",
            MAX_NAME_CHARS,
        )
        .input(
            "ded-name",
            "name",
            "Name of the effect",
            "Name, e.g. broken elbow",
            MAX_NAME_CHARS,
        )
        .raw(r#"<button type="submit" class="small">Set</button></form>"#);
        if !(setup.dedicated.kind.is_empty() && setup.dedicated.name.is_empty()) {
            html.raw(r#"<p class="hint">Dedicated to: <strong>"#)
                .text(
                    &[setup.dedicated.kind.as_str(), setup.dedicated.name.as_str()]
                        .into_iter()
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join(": "),
                )
                .raw("</strong></p>");
        }
    }
    html.finish()
}

/// Live odds: the chance of success, the expected effect and its distribution.
pub fn odds_panel(odds: &ElOdds, wager: u32) -> String {
    let mut html = Html::new();
    let effect_tone: fn(i32) -> Tone = |v| if v > 0 { Tone::Good } else { Tone::Bad };
    let _ = write!(
        html,
        r#"<ul class="odds-figures two"><li class="odds-figure good"><span class="odds-name">Success</span><span class="odds-pct">{}</span><span class="meter" aria-hidden="true"><span class="meter-fill" style="--p:{}"></span></span></li><li class="odds-figure good"><span class="odds-name">Any effect</span><span class="odds-pct">{}</span><span class="meter" aria-hidden="true"><span class="meter-fill" style="--p:{}"></span></span></li></ul>"#,
        odds.success.percent_text(),
        odds.success.per_myriad(),
        any_effect(odds).percent_text(),
        any_effect(odds).per_myriad(),
    );
    let _ = write!(
        html,
        r#"<p class="hint">Exact: success {}, expected effect {}{}.</p>"#,
        odds.success.exact_text(),
        tenths(odds.effect.mean()),
        if wager > 0 { ", wager included" } else { "" }
    );
    let _ = write!(
        html,
        r#"<figure class="bars"><figcaption>Your effect</figcaption><ol class="bar-list">{}</ol></figure>"#,
        bars_markup(&odds.effect.columns(13), effect_tone)
    );
    if let Some(theirs) = &odds.their_effect {
        let bad: fn(i32) -> Tone = |v| if v > 0 { Tone::Bad } else { Tone::Neutral };
        let _ = write!(
            html,
            r#"<figure class="bars"><figcaption>The other side's effect</figcaption><ol class="bar-list">{}</ol></figure>"#,
            bars_markup(&theirs.columns(13), bad)
        );
    }
    html.finish()
}

/// The chance of an effect above 0.
fn any_effect(odds: &ElOdds) -> Chance {
    odds.effect.chance(|e| e > 0)
}

/// A number to one decimal place, without float formatting code: "3.8", "−1.2" (a net
/// effect against an opposition can be below 0).
pub fn tenths(value: f64) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "−" } else { "" };
    let size = tenths.unsigned_abs();
    format!("{sign}{}.{}", size / 10, size % 10)
}

/// A probability as a whole percentage, for summaries: "94%".
fn percent(p: f64) -> String {
    format!("{}%", (p * 100.0).round().clamp(0.0, 100.0) as u32)
}

/// A roll's result in words, for the eye and for screen readers: headline, what happened,
/// who won, the wager's fate.
pub fn result_summary(label: &str, roll: &crate::core::effective_level::ElRoll) -> String {
    let mut html = Html::new();
    let outcome = roll.outcome();
    if !label.is_empty() {
        html.raw(r#"<p class="result-label">"#)
            .text(label)
            .raw("</p>");
    }
    let _ = write!(
        html,
        r#"<p class="headline {}">{}</p><p class="result-details">"#,
        roll.tone().name(),
        roll.headline()
    );
    html.text(&roll.details().join(" · ")).raw("</p>");
    if let Some(against) = &roll.check.against {
        let verdict = match (against.kind, outcome.effect, outcome.their_effect) {
            (_, e, _) if e > 0 => format!("You win: effect {e}."),
            (Pushback::Opposition, _, t) if t > 0 => {
                format!("The other side wins: effect {t} against you.")
            }
            (Pushback::Opposition, _, _) => "A tie or no success: nobody gets effect.".to_string(),
            (Pushback::Resistance, _, _) => "Resisted: no effect.".to_string(),
        };
        html.raw(r#"<p class="result-details"><strong>"#)
            .text(&verdict)
            .raw("</strong></p>");
    }
    if roll.check.wager > 0 {
        let fate = if outcome.wager_applied {
            format!("The {} wagered points applied.", roll.check.wager)
        } else {
            format!(
                "The {} wagered points were lost: the roll at EL {} {}.",
                roll.check.wager,
                roll.check.rolled_el(),
                if outcome.value >= 1 {
                    "left no effect"
                } else {
                    "did not succeed"
                }
            )
        };
        html.raw(r#"<p class="result-details">"#)
            .text(&fate)
            .raw("</p>");
    }
    html.finish()
}

/// Every die of a roll, drawn with its face: the roller's, then the other side's.
pub fn result_faces(roll: &crate::core::effective_level::ElRoll) -> String {
    let mut html = Html::new();
    faces_list(&mut html, "Dice rolled", &roll.faces);
    if roll.check.against.is_some() {
        faces_list(&mut html, "The other side's dice", &roll.their_faces);
    }
    html.finish()
}

fn faces_list(html: &mut Html, title: &str, faces: &[(ElDie, u32)]) {
    let _ = write!(html, r#"<ul class="el-faces" aria-label="{title}">"#);
    for (die, face) in faces {
        let _ = write!(html, r#"<li aria-label="{}: {face}">"#, die.name());
        die_picture(html, *die, &face.to_string());
        html.raw("</li>");
    }
    html.raw("</ul>");
}

#[cfg(test)]
mod tests {
    use super::tenths;

    #[test]
    fn tenths_round_and_keep_the_sign() {
        assert_eq!(tenths(3.84), "3.8");
        assert_eq!(tenths(0.0), "0.0");
        assert_eq!(tenths(-1.24), "−1.2");
        // Rounds to zero: no sign.
        assert_eq!(tenths(-0.04), "0.0");
    }
}
