//! The Effective Level turn and scene panels as markup: split portions with their odds and
//! rolls, cross-role splits, obstacles with progress, scene boosts and residual conditions.
//! Acts are named beside each function; `ui::effective_level::turn` carries them out.

use std::fmt::Write;

use super::effective_level::tenths;
use super::{Html, escape};
use crate::core::effective_level::{
    Against, CrossRoleSplit, ElCheck, MAX_EL, PortionKind, PortionState, Turn, against_obstacle,
    finish_within,
};
use crate::core::facet::MAX_NAME_CHARS;
use crate::core::scene::{MAX_SCENE_VALUE, Scene};

/// A number field; `label` and `placeholder` may hold a player's names, so they are escaped.
fn number_input(
    html: &mut Html,
    id: &str,
    name: &str,
    label: &str,
    placeholder: &str,
    range: (u32, u32),
) {
    let (least, most) = range;
    let _ = write!(
        html,
        r#"<input type="number" class="small-number" id="{id}" name="{name}" min="{least}" max="{most}" aria-label="{}" placeholder="{}">"#,
        escape(label),
        escape(placeholder)
    );
}

/// The turn: what is split and left, each portion, and forms to add more. `el` is the
/// tray's EL now; `against` the tray's other side, which actions roll against. Acts:
/// `portion-roll`, `portion-defend`, `portion-remove` (argument: portion id), `end-turn`,
/// form `add-portion` (fields `name`, `points`, `kind` = action | defence | boost:<id> |
/// free:<id>, `after`), `cross-start`, `cross-stop`, form `cross-assign` (fields `points`,
/// `name`), `to-obstacle` (argument `<obstacle id>:<effect>`).
pub fn turn_panel(
    turn: &Turn,
    el: i32,
    against: Option<&Against>,
    scene: &Scene,
    roles_ticked: usize,
) -> String {
    let mut html = Html::new();
    if turn.portions.is_empty() && turn.cross.is_none() {
        let _ = write!(
            html,
            r#"<p class="hint">Split EL {} between several actions this turn: each portion at least 1, rolled on its own. Points set aside for defence are rolled again for every attack.</p>"#,
            el.max(0)
        );
    } else {
        let _ = write!(
            html,
            r#"<p class="sum-line" role="status" aria-label="Points left">{} of EL {} left to split</p>"#,
            turn.remaining(),
            turn.el
        );
    }
    if let Some(cross) = &turn.cross {
        cross_html(&mut html, cross);
    } else if roles_ticked >= 2 && turn.portions.is_empty() {
        html.button(
            "small",
            "cross-start",
            "",
            "Split across the ticked roles",
            "Split across the ticked roles",
        );
    }
    html.raw(r#"<ul class="portions">"#);
    for portion in &turn.portions {
        let id = portion.id;
        let state = turn.state(id);
        let el_now = turn.el_of(id);
        let _ = write!(
            html,
            r#"<li class="portion" aria-label="Portion {}">"#,
            escape(&portion.name)
        );
        html.raw(r#"<p class="portion-head"><strong>"#)
            .text(&portion.name)
            .raw("</strong> ");
        let kind = match portion.kind {
            PortionKind::Action => "action".to_string(),
            PortionKind::Defence => "defence".to_string(),
            PortionKind::Boost { into, free } => format!(
                "{}boost for {}",
                if free { "free " } else { "" },
                turn.get(into).map_or("?", |p| p.name.as_str())
            ),
        };
        let mut line = format!("· EL {el_now} · {kind}");
        if el_now > portion.points {
            line.push_str(&format!(
                " ({} + {} from boosts)",
                portion.points,
                el_now - portion.points
            ));
        }
        if let Some(role) = &portion.role {
            line.push_str(&format!(" · from {role}"));
        }
        if let Some(first) = portion.after.and_then(|a| turn.get(a)) {
            line.push_str(&format!(" · only if {} succeeds", first.name));
        }
        html.text(&line).raw("</p>");
        // Actions roll against the tray's other side, their target; boosts are unopposed
        // and defence is the resistance.
        let against_now = if portion.kind == PortionKind::Action {
            against
        } else {
            None
        };
        match state {
            PortionState::Rolled => {
                if let Some(roll) = &portion.roll {
                    html.raw(r#"<p class="portion-result">"#)
                        .text(&format!(
                            "{}: {}",
                            roll.headline(),
                            roll.details().join(" · ")
                        ))
                        .raw("</p>");
                    obstacle_buttons(&mut html, scene, roll.outcome().effect);
                }
            }
            PortionState::Lost => {
                html.raw(
                    r#"<p class="portion-result lost">Lost: the portion it follows failed.</p>"#,
                );
            }
            PortionState::Waiting | PortionState::Ready if portion.kind == PortionKind::Defence => {
                // Resistance gives no effect: what matters is how high it rolls.
                let odds = turn.odds(id, None, 0);
                let _ = write!(
                    html,
                    r#"<p class="hint">Each defence roll: 1 or more {} · average {}</p>"#,
                    odds.success.percent_text(),
                    tenths(odds.effect.mean())
                );
            }
            PortionState::Waiting | PortionState::Ready => {
                let odds = turn.odds(id, against_now, 0);
                let _ = write!(
                    html,
                    r#"<p class="hint">Success {} · expected effect {}"#,
                    odds.success.percent_text(),
                    tenths(odds.effect.mean())
                );
                if portion.after.is_some() {
                    let _ = write!(
                        html,
                        " · the whole chain succeeds {}",
                        turn.chain_success(id).percent_text()
                    );
                }
                html.raw("</p>");
            }
        }
        if portion.kind == PortionKind::Defence && !portion.defences.is_empty() {
            let values: Vec<String> = portion
                .defences
                .iter()
                .map(|r| r.outcome().value.to_string())
                .collect();
            html.raw(r#"<p class="portion-result">Defence rolls this turn: "#)
                .text(&values.join(", "))
                .raw("</p>");
        }
        html.raw(r#"<div class="row-actions">"#);
        let arg = id.to_string();
        match (&portion.kind, state) {
            (PortionKind::Defence, _) => {
                // The attack's roll is optional: given, the message says what it does.
                let _ = write!(
                    html,
                    r#"<form class="facet-form" data-act="portion-defend" data-arg="{id}">"#
                );
                number_input(
                    &mut html,
                    &format!("attack-{id}"),
                    "attack",
                    &format!("Attack's value against {} (0 if it failed)", portion.name),
                    "Attack",
                    (0, 1000),
                );
                let _ = write!(
                    html,
                    r#"<button type="submit" class="small" aria-label="Defend with {}">Defend</button></form>"#,
                    escape(&portion.name)
                );
            }
            (_, PortionState::Ready) => {
                html.button(
                    "small",
                    "portion-roll",
                    &arg,
                    &format!("Roll {}", portion.name),
                    "Roll",
                );
            }
            _ => {}
        }
        if portion.roll.is_none() && portion.defences.is_empty() {
            html.button(
                "small",
                "portion-remove",
                &arg,
                &format!("Remove {}", portion.name),
                "Remove",
            );
        }
        html.raw("</div></li>");
    }
    html.raw("</ul>");
    if turn.cross.is_none() {
        add_portion_form(&mut html, turn);
    }
    if !turn.portions.is_empty() || turn.cross.is_some() {
        html.button("small", "end-turn", "", "End turn", "End turn");
    }
    html.finish()
}

fn add_portion_form(html: &mut Html, turn: &Turn) {
    html.raw(r#"<form class="facet-form" data-act="add-portion">"#)
        .input(
            "portion-name",
            "name",
            "Portion name",
            "e.g. goblin 1",
            MAX_NAME_CHARS,
        );
    number_input(
        html,
        "portion-points",
        "points",
        "Points",
        "Points",
        (1, MAX_EL),
    );
    html.raw(r#"<select name="kind" aria-label="Portion kind"><option value="action">Action</option><option value="defence">Defence</option>"#);
    for p in &turn.portions {
        if p.kind == PortionKind::Action {
            let _ = write!(html, r#"<option value="boost:{}">"#, p.id);
            html.text(&format!("Boost for {}", p.name)).raw("</option>");
            let _ = write!(html, r#"<option value="free:{}">"#, p.id);
            html.text(&format!("Free boost for {} (no points)", p.name))
                .raw("</option>");
        }
    }
    html.raw(r#"</select><select name="after" aria-label="Only if this succeeds"><option value="">Whatever happens</option>"#);
    for p in &turn.portions {
        if p.kind != PortionKind::Defence {
            let _ = write!(html, r#"<option value="{}">"#, p.id);
            html.text(&format!("Only if {} succeeds", p.name))
                .raw("</option>");
        }
    }
    html.raw(r#"</select><button type="submit" class="small">Add portion</button></form>"#);
}

fn cross_html(html: &mut Html, cross: &CrossRoleSplit) {
    html.raw(
        r#"<div class="cross"><h3 class="sub-title">Cross-role split</h3><ol class="cross-steps">"#,
    );
    for a in &cross.assignments {
        let after: Vec<String> = a.after.iter().map(|(n, el)| format!("{n} {el}")).collect();
        let after = if after.is_empty() {
            "no role left".to_string()
        } else {
            after.join(", ")
        };
        html.raw("<li>")
            .text(&format!(
                "{} to {} from {} → {}",
                a.points, a.label, a.role, after
            ))
            .raw("</li>");
    }
    html.raw("</ol>");
    let now: Vec<String> = cross
        .roles
        .iter()
        .map(|r| format!("{} EL {}", r.name, r.el))
        .collect();
    html.raw(r#"<p class="sum-line" role="status" aria-label="Role ELs">"#)
        .text(&if now.is_empty() {
            "Every role's points are given.".into()
        } else {
            now.join(" · ")
        })
        .raw("</p>");
    if let Some(next) = cross.next_role() {
        let _ = write!(
            html,
            r#"<form class="facet-form" data-act="cross-assign"><span class="inline-label">Points from "#
        );
        html.text(&next.name).raw(":</span>");
        number_input(
            html,
            "cross-points",
            "points",
            &format!("Points from {}", next.name),
            "Points",
            (1, MAX_EL),
        );
        html.input(
            "cross-name",
            "name",
            "What the points are for",
            "e.g. rally",
            MAX_NAME_CHARS,
        )
        .raw(r#"<select name="kind" aria-label="Assigned portion kind"><option value="action">Action</option><option value="defence">Defence</option></select><button type="submit" class="small">Assign</button></form>"#);
    }
    html.button(
        "small",
        "cross-stop",
        "",
        "Finish the cross-role split",
        "Done",
    )
    .raw("</div>");
}

/// One-tap buttons that add an effect to each unfinished obstacle that does not resist.
/// Act: `to-obstacle`.
pub fn obstacle_buttons(html: &mut Html, scene: &Scene, effect: u32) {
    if effect == 0 {
        return;
    }
    // An obstacle with an EL resists: its progress comes from rolls made at it.
    let open: Vec<_> = scene
        .obstacles
        .iter()
        .filter(|o| !o.done() && o.el == 0)
        .collect();
    if open.is_empty() {
        return;
    }
    html.raw(r#"<div class="chip-list">"#);
    for o in open {
        html.button(
            "chip",
            "to-obstacle",
            &format!("{}:{effect}", o.id),
            &format!("Add {effect} to {}", o.name),
            &format!("+{effect} to {}", o.name),
        );
    }
    html.raw("</div>");
}

/// The scene's Effective Level side. `check` is the tray's roll now, for rolling at each
/// obstacle (against its resistance) and the chance of finishing it. Acts: form
/// `add-obstacle` (`name`, `target`, `el`), `obstacle-attack`, `obstacle-roll`,
/// `scene-remove` (argument: id), form `add-boost` (`name`, `value`), form `add-residual`
/// (`name`, `el`), `residual-roll` (argument: id).
pub fn scene_panel(scene: &Scene, check: Option<&ElCheck>) -> String {
    let mut html = Html::new();
    html.raw(r#"<h3 class="sub-title">Obstacles</h3><ul class="portions">"#);
    for o in &scene.obstacles {
        let _ = write!(
            html,
            r#"<li class="portion" aria-label="Obstacle {}">"#,
            escape(&o.name)
        );
        html.raw(r#"<p class="portion-head"><strong>"#)
            .text(&o.name)
            .raw("</strong> ");
        let status = if o.done() {
            " · done".to_string()
        } else {
            String::new()
        };
        let _ = write!(
            html,
            r#"· {} of {}{status} · EL {}</p><span class="progress-meter" role="progressbar" aria-label="Progress on {}" aria-valuemin="0" aria-valuemax="{}" aria-valuenow="{}"><span class="meter-fill" style="--p:{}"></span></span>"#,
            o.progress.min(o.target),
            o.target,
            o.el,
            escape(&o.name),
            o.target,
            o.progress.min(o.target),
            (u64::from(o.progress.min(o.target)) * 10_000 / u64::from(o.target.max(1)))
        );
        let check = check.filter(|_| !o.done());
        if let Some(check) = check {
            let effect = against_obstacle(&check.me, o.el, 0).odds().effect;
            let within: Vec<String> = (1..=3)
                .map(|k| {
                    format!(
                        "{k}: {}",
                        finish_within(&effect, o.remaining(), k).percent_text()
                    )
                })
                .collect();
            let resisted = if o.el > 0 {
                "against its resistance, "
            } else {
                ""
            };
            html.raw(r#"<p class="hint">"#)
                .text(&format!(
                    "Chance to finish at this EL, {resisted}within rolls {}",
                    within.join(", ")
                ))
                .raw("</p>");
        }
        html.raw(r#"<div class="row-actions">"#);
        if check.is_some() {
            html.button(
                "small",
                "obstacle-attack",
                &o.id.to_string(),
                &format!("Roll at it: {}", o.name),
                "Roll at it",
            );
        }
        if o.el > 0 {
            html.button(
                "small",
                "obstacle-roll",
                &o.id.to_string(),
                &format!("{} rolls against you", o.name),
                "Rolls against you",
            );
        }
        html.button(
            "small",
            "scene-remove",
            &o.id.to_string(),
            &format!("Remove {}", o.name),
            "Remove",
        )
        .raw("</div></li>");
    }
    html.raw("</ul>");
    html.raw(r#"<form class="facet-form" data-act="add-obstacle">"#)
        .input(
            "obstacle-name",
            "name",
            "Obstacle name",
            "e.g. Barred door",
            MAX_NAME_CHARS,
        );
    number_input(
        &mut html,
        "obstacle-target",
        "target",
        "Target",
        "Target",
        (1, MAX_SCENE_VALUE),
    );
    number_input(
        &mut html,
        "obstacle-el",
        "el",
        "Obstacle's EL",
        "EL",
        (0, MAX_EL),
    );
    html.raw(r#"<button type="submit" class="small">Add obstacle</button></form>"#);

    html.raw(r#"<h3 class="sub-title">Scene boosts</h3><ul class="facet-list">"#);
    for b in &scene.boosts {
        let label = format!("{} +{}", b.name, b.value);
        html.raw(r#"<li class="facet-row"><span class="facet-name">"#)
            .text(&label)
            .raw("</span>")
            .button(
                "small",
                "scene-remove",
                &b.id.to_string(),
                &format!("Remove {}", b.name),
                "Remove",
            )
            .raw("</li>");
    }
    html.raw("</ul>");
    if scene.boosts.is_empty() {
        html.raw(r#"<p class="hint">A successful wager can be kept here; the EL builder offers each boost as a tick.</p>"#);
    }
    html.raw(r#"<form class="facet-form" data-act="add-boost">"#)
        .input(
            "boost-name",
            "name",
            "Boost name",
            "e.g. Studied his style",
            MAX_NAME_CHARS,
        );
    number_input(
        &mut html,
        "boost-value",
        "value",
        "Boost value",
        "Value",
        (1, MAX_SCENE_VALUE),
    );
    html.raw(r#"<button type="submit" class="small">Add boost</button></form>"#);

    html.raw(r#"<h3 class="sub-title">Residual conditions</h3><ul class="facet-list">"#);
    for r in &scene.residuals {
        let label = format!("{} EL {}", r.name, r.value);
        html.raw(r#"<li class="facet-row"><span class="facet-name">"#)
            .text(&label)
            .raw(r#"</span><span class="row-actions">"#)
            .button(
                "small",
                "residual-roll",
                &r.id.to_string(),
                &format!("Roll {}", r.name),
                "Roll",
            )
            .button(
                "small",
                "scene-remove",
                &r.id.to_string(),
                &format!("Remove {}", r.name),
                "Remove",
            )
            .raw("</span></li>");
    }
    html.raw("</ul>");
    html.raw(r#"<form class="facet-form" data-act="add-residual">"#)
        .input(
            "residual-name",
            "name",
            "Condition name",
            "e.g. On fire",
            MAX_NAME_CHARS,
        );
    number_input(
        &mut html,
        "residual-el",
        "el",
        "Condition's EL",
        "EL",
        (1, MAX_EL),
    );
    html.raw(r#"<button type="submit" class="small">Add condition</button></form>"#);
    html.finish()
}
