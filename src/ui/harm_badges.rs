//! The active character's harm as badges, in every tray that rolls for a character: wounds
//! and scratches counted, then each condition by its name.

use leptos::prelude::*;

use super::persisted::Persisted;
use crate::core::character::{Character, Harm, Roster};

/// A badge's words and whether it is a wound or condition (drawn as harm) or a scratch.
// TODO(core-ux): `Character::harm_badges` says this in the core; call it instead.
fn badges(character: &Character) -> Vec<(String, bool)> {
    let mut badges = Vec::new();
    for (harm, one, many, serious) in [
        (Harm::Wound, "wound", "wounds", true),
        (Harm::Scratch, "scratch", "scratches", false),
    ] {
        match character.count(&harm) {
            0 => {}
            1 => badges.push((format!("1 {one}"), serious)),
            n => badges.push((format!("{n} {many}"), serious)),
        }
    }
    badges.extend(character.harm.iter().filter_map(|mark| match &mark.harm {
        Harm::Condition(name) => Some((name.clone(), true)),
        _ => None,
    }));
    badges
}

/// The active character's harm; nothing when there is none, or no character.
#[component]
pub fn HarmBadges(roster: Persisted<Roster>) -> impl IntoView {
    let shown = Memo::new(move |_| {
        roster.with(|r| {
            r.active()
                .map(|c| (c.name.clone(), badges(c)))
                .filter(|(_, b)| !b.is_empty())
        })
    });
    move || {
        shown.get().map(|(name, badges)| {
            let items = badges
                .into_iter()
                .map(|(text, serious)| {
                    view! { <li class="harm-badge" class:serious=serious>{text}</li> }
                })
                .collect_view();
            view! { <ul class="harm-badges" aria-label=format!("Harm on {name}")>{items}</ul> }
        })
    }
}
