//! The Characters page's list and the facet lists (a character's or the scene's), as markup.
//! Acts are listed beside each function; `ui::characters` carries them out.

use std::fmt::Write;

use super::{Html, escape};
use crate::core::character::{Character, Harm, Roster};
use crate::core::facet::{Facet, MAX_NAME_CHARS};

/// What is being edited in place, if anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Editing {
    /// Nothing.
    #[default]
    Nothing,
    /// A character's name.
    Character(u64),
    /// A facet's name: its list's scope and the facet's id.
    Facet(String, u64),
}

/// Every character as a card. Acts: `roll-for`, `rename`, `rename-cancel`, `rename-save`
/// (form: `name`), `remove`, the facet acts of [`facet_list`] with scope `c<id>`, `heal`
/// (`<character>:<mark>`), `add-scratch`, `add-wound`, `add-condition` (form: `name`).
pub fn roster_html(roster: &Roster, editing: &Editing) -> String {
    let mut html = Html::new();
    for character in roster.characters() {
        character_card(
            &mut html,
            character,
            roster.active_id() == Some(character.id),
            editing,
        );
    }
    html.finish()
}

fn character_card(html: &mut Html, character: &Character, active: bool, editing: &Editing) {
    let id = character.id;
    let name = &character.name;
    let _ = write!(
        html,
        r#"<section class="character-card" aria-labelledby="character-{id}"><div class="section-head"><h2 id="character-{id}">"#
    );
    html.text(name).raw("</h2>");
    if active {
        html.raw(r#"<span class="badge">Rolling for</span>"#);
    } else {
        html.button(
            "small",
            "roll-for",
            &id.to_string(),
            &format!("Roll for {name}"),
            "Roll for",
        );
    }
    html.raw("</div>");
    if *editing == Editing::Character(id) {
        let _ = write!(
            html,
            r#"<form class="rename-form" data-act="rename-save" data-arg="{id}">"#
        );
        html.input(
            &format!("rename-{id}"),
            "name",
            &format!("New name for {name}"),
            name,
            MAX_NAME_CHARS,
        )
        .raw(r#"<button type="submit" class="small">Save</button>"#)
        .button("small", "rename-cancel", "", "Cancel renaming", "Cancel")
        .raw("</form>");
    } else {
        html.raw(r#"<div class="row-actions">"#)
            .button(
                "small",
                "rename",
                &id.to_string(),
                &format!("Rename {name}"),
                "Rename",
            )
            .button(
                "small danger",
                "remove",
                &id.to_string(),
                &format!("Remove {name}"),
                "Remove",
            )
            .raw("</div>");
    }
    html.raw("<h3>Facets</h3>");
    facet_list(
        html,
        &format!("c{id}"),
        name,
        character.facets.items(),
        editing,
    );
    html.raw(r#"<h3>Harm</h3><ul class="harm-list">"#);
    for mark in &character.harm {
        let kind = match mark.harm {
            Harm::Scratch => "scratch",
            Harm::Wound => "wound",
            Harm::Condition(_) => "condition",
        };
        let label = mark.harm.label();
        let _ = write!(
            html,
            r#"<li class="harm-row {kind}"><span class="harm-name">"#
        );
        html.text(&label).raw("</span>").button(
            "small",
            "heal",
            &format!("{id}:{}", mark.id),
            &format!("Heal {label}"),
            "Heal",
        );
        html.raw("</li>");
    }
    html.raw("</ul>");
    if character.harm.is_empty() {
        html.raw(r#"<p class="hint">Unharmed.</p>"#);
    }
    html.raw(r#"<div class="harm-add">"#)
        .button(
            "small",
            "add-scratch",
            &id.to_string(),
            &format!("Add scratch to {name}"),
            "Add scratch",
        )
        .button(
            "small",
            "add-wound",
            &id.to_string(),
            &format!("Add wound to {name}"),
            "Add wound",
        )
        .raw("</div>");
    let _ = write!(
        html,
        r#"<form class="facet-form" data-act="add-condition" data-arg="{id}">"#
    );
    html.input(
        &format!("condition-{id}"),
        "name",
        &format!("New condition for {name}"),
        "Condition, e.g. Limping",
        MAX_NAME_CHARS,
    )
    .raw(r#"<button type="submit" class="small">Add condition</button></form>"#);
    sheet_html(html, character);
    html.raw("</section>");
}

/// The character's Effective Level sheet. Acts (argument: the character's id):
/// `set-level` (form: `value`), `add-role` (form: `name`, `rank`), `add-maneuver` (form:
/// `name`, `bonus`, `role`), `add-boost` and `add-penalty` (form: `name`, `value`), and
/// `remove-sheet` (argument `<character>:<entry>`).
fn sheet_html(html: &mut Html, character: &Character) {
    let id = character.id;
    let name = &character.name;
    let sheet = &character.sheet;
    let _ = write!(
        html,
        r#"<h3>Effective Level</h3><form class="facet-form" data-act="set-level" data-arg="{id}"><label class="inline-label" for="level-{id}">Level</label><input type="number" class="small-number" id="level-{id}" name="value" min="0" max="100" value="{}" aria-label="Level of {}"><button type="submit" class="small">Set level</button></form>"#,
        sheet.level,
        escape(name)
    );
    let entry = |html: &mut Html, label: &str, entry: u64| {
        html.raw(r#"<li class="facet-row"><span class="facet-name">"#)
            .text(label)
            .raw("</span>")
            .button(
                "small",
                "remove-sheet",
                &format!("{id}:{entry}"),
                &format!("Remove {label}"),
                "Remove",
            )
            .raw("</li>");
    };
    html.raw(r#"<h4>Roles</h4><ul class="facet-list">"#);
    for role in &sheet.roles {
        entry(html, &format!("{} {}", role.name, role.rank), role.id);
    }
    let _ = write!(
        html,
        r#"</ul><form class="facet-form" data-act="add-role" data-arg="{id}">"#
    );
    html.input(
        &format!("role-{id}"),
        "name",
        &format!("New role for {name}"),
        "Role, e.g. Warrior",
        MAX_NAME_CHARS,
    );
    let _ = write!(
        html,
        r#"<input type="number" class="small-number" id="rank-{id}" name="rank" min="1" max="100" aria-label="Rank of the new role" placeholder="Rank"><button type="submit" class="small">Add role</button></form>"#
    );
    html.raw(r#"<h4>Maneuvers</h4><ul class="facet-list">"#);
    for maneuver in &sheet.maneuvers {
        let role = sheet
            .roles
            .iter()
            .find(|r| r.id == maneuver.role)
            .map_or("", |r| r.name.as_str());
        let sign = if maneuver.bonus < 0 { "−" } else { "+" };
        entry(
            html,
            &format!(
                "{} {sign}{} ({role})",
                maneuver.name,
                maneuver.bonus.unsigned_abs()
            ),
            maneuver.id,
        );
    }
    html.raw("</ul>");
    if sheet.roles.is_empty() {
        html.raw(r#"<p class="hint">Maneuvers belong to a role: add a role first.</p>"#);
    } else {
        let _ = write!(
            html,
            r#"<form class="facet-form" data-act="add-maneuver" data-arg="{id}">"#
        );
        html.input(
            &format!("maneuver-{id}"),
            "name",
            &format!("New maneuver for {name}"),
            "Maneuver, e.g. Feint",
            MAX_NAME_CHARS,
        );
        let _ = write!(
            html,
            r#"<input type="number" class="small-number" id="bonus-{id}" name="bonus" min="-100" max="100" aria-label="Bonus of the new maneuver" placeholder="Bonus"><select name="role" aria-label="Role of the new maneuver">"#
        );
        for role in &sheet.roles {
            let _ = write!(html, r#"<option value="{}">"#, role.id);
            html.text(&role.name).raw("</option>");
        }
        html.raw(r#"</select><button type="submit" class="small">Add maneuver</button></form>"#);
    }
    for (title, act, items, what) in [
        ("Standing boosts", "add-boost", &sheet.boosts, "boost"),
        ("Harm penalties", "add-penalty", &sheet.penalties, "penalty"),
    ] {
        let _ = write!(html, r#"<h4>{title}</h4><ul class="facet-list">"#);
        for item in items {
            entry(html, &format!("{} {}", item.name, item.value), item.id);
        }
        let _ = write!(
            html,
            r#"</ul><form class="facet-form" data-act="{act}" data-arg="{id}">"#
        );
        html.input(
            &format!("{act}-{id}"),
            "name",
            &format!("New {what} for {name}"),
            &format!("Name of the {what}"),
            MAX_NAME_CHARS,
        );
        let _ = write!(
            html,
            r#"<input type="number" class="small-number" id="{act}-value-{id}" name="value" min="1" max="100" aria-label="Value of the new {what}" placeholder="Value"><button type="submit" class="small">Add {what}</button></form>"#
        );
    }
}

/// A list of facets with rename, switch and remove, and a form for a new one. `scope` names
/// the list in acts (`c12` for a character, `s` for the scene); `owner` names it for people.
/// Acts (argument `<scope>:<facet id>`): `facet-switch`, `facet-rename`, `facet-remove`,
/// `facet-rename-save` (form: `name`), `facet-cancel`; and `add-facet` (argument `<scope>`,
/// form: `name`, `side` = `helps` or `hinders`).
pub fn facet_list(html: &mut Html, scope: &str, owner: &str, facets: &[Facet], editing: &Editing) {
    html.raw(r#"<ul class="facet-list">"#);
    for facet in facets {
        let arg = format!("{scope}:{}", facet.id);
        let name = &facet.name;
        let (side, sign, other) = if facet.helps {
            ("helps", "+", "hinder")
        } else {
            ("hinders", "−", "help")
        };
        let _ = write!(html, r#"<li class="facet-row {side}">"#);
        if *editing == Editing::Facet(scope.to_string(), facet.id) {
            let _ = write!(
                html,
                r#"<form class="rename-form" data-act="facet-rename-save" data-arg="{}">"#,
                escape(&arg)
            );
            html.input(
                &format!("facet-{scope}-{}", facet.id),
                "name",
                &format!("New name for {name}"),
                name,
                MAX_NAME_CHARS,
            )
            .raw(r#"<button type="submit" class="small">Save</button>"#)
            .button("small", "facet-cancel", "", "Cancel renaming", "Cancel")
            .raw("</form>");
        } else {
            let _ = write!(
                html,
                r#"<span class="facet-name"><span class="facet-sign" aria-hidden="true">{sign}</span>"#
            );
            html.text(name);
            let _ = write!(
                html,
                r#"<span class="visually-hidden"> ({side})</span></span><span class="row-actions">"#
            );
            let other_label = if facet.helps { "Hinder" } else { "Help" };
            html.button(
                "small",
                "facet-switch",
                &arg,
                &format!("Make {name} {other}"),
                other_label,
            )
            .button(
                "small",
                "facet-rename",
                &arg,
                &format!("Rename {name}"),
                "Rename",
            )
            .button(
                "small",
                "facet-remove",
                &arg,
                &format!("Remove {name}"),
                "Remove",
            )
            .raw("</span>");
        }
        html.raw("</li>");
    }
    html.raw("</ul>");
    if facets.is_empty() {
        html.raw(r#"<p class="hint">No facets yet.</p>"#);
    }
    let _ = write!(
        html,
        r#"<form class="facet-form" data-act="add-facet" data-arg="{}">"#,
        escape(scope)
    );
    html.input(
        &format!("new-facet-{scope}"),
        "name",
        &format!("New facet for {owner}"),
        "New facet, e.g. Keen Eye",
        MAX_NAME_CHARS,
    );
    let _ = write!(
        html,
        r#"<span class="side-choice" role="radiogroup" aria-label="Does the new facet for {0} help or hinder?"><label><input type="radio" name="side" value="helps" checked> Helps</label><label><input type="radio" name="side" value="hinders"> Hinders</label></span><button type="submit" class="small">Add facet</button></form>"#,
        escape(owner)
    );
}

impl Write for Html {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.raw(s);
        Ok(())
    }
}
