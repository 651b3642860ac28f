//! Facet acts from a facet list, for a character's facets (scope `c<id>`) and the scene's
//! (scope `s`).

use leptos::prelude::*;

use crate::core::facet::Facets;
use crate::html::characters::Editing;
use crate::ui::app_data::AppData;
use crate::ui::markup::Act;

/// Carries out a facet act; `None` when the act is not about facets.
pub fn facet_act(
    act: &Act,
    data: AppData,
    editing: RwSignal<Editing>,
) -> Option<Result<String, String>> {
    if !act.name.starts_with("facet-") && act.name != "add-facet" {
        return None;
    }
    let (scope, facet) = match act.arg.split_once(':') {
        Some((scope, id)) => (scope.to_string(), id.parse::<u64>().unwrap_or_default()),
        None => (act.arg.clone(), 0),
    };
    let name = act.field("name").to_string();
    let helps = act.field("side") != "hinders";
    let edit = |facets: &mut Facets| -> Result<String, String> {
        match act.name.as_str() {
            "facet-switch" => facets.toggle_helps(facet).map(|()| String::new()),
            "facet-remove" => {
                let gone = facets
                    .get(facet)
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                facets.remove(facet);
                Ok(format!("Removed “{gone}”."))
            }
            "facet-rename-save" => facets
                .rename(facet, &name)
                .map(|()| format!("Renamed to “{}”.", name.trim())),
            _ => Ok(String::new()),
        }
    };
    let mut outcome = Ok(String::new());
    match act.name.as_str() {
        "facet-rename" => editing.set(Editing::Facet(scope, facet)),
        "facet-cancel" => editing.set(Editing::Nothing),
        "add-facet" if scope == "s" => data.scene().update(|s| {
            outcome = s.add_facet(&name, helps).map(|_| added(&name));
        }),
        "add-facet" => {
            let character = scope.trim_start_matches('c').parse().unwrap_or_default();
            data.roster().update(|r| {
                outcome = r.add_facet(character, &name, helps).map(|_| added(&name));
            });
        }
        _ if scope == "s" => data.scene().update(|s| outcome = edit(&mut s.facets)),
        _ => {
            let character = scope.trim_start_matches('c').parse().unwrap_or_default();
            data.roster()
                .update(|r| outcome = r.facets_mut(character).and_then(edit));
        }
    }
    if act.name == "facet-rename-save" && outcome.is_ok() {
        editing.set(Editing::Nothing);
    }
    Some(outcome)
}

fn added(name: &str) -> String {
    format!("Added “{}”.", name.trim())
}
