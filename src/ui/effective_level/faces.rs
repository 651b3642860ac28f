//! Drawn zero-based dice: each size has its own outline (a coin's circle, a d4's triangle,
//! a d6's square...), with its size or its face written on it, so nothing relies on colour.

use leptos::prelude::*;

use crate::core::effective_level::ElDie;

fn outline(die: ElDie) -> AnyView {
    match die {
        ElDie::D2 => view! { <circle cx="12" cy="12" r="10"/> }.into_any(),
        ElDie::D4 => view! { <polygon points="12,2 22,21 2,21"/> }.into_any(),
        ElDie::D6 => view! { <rect x="3" y="3" width="18" height="18" rx="3"/> }.into_any(),
        ElDie::D8 => view! { <polygon points="12,1 23,12 12,23 1,12"/> }.into_any(),
        ElDie::D10 => view! { <polygon points="12,1 22,9 18,22 6,22 2,9"/> }.into_any(),
        ElDie::D12 => view! { <polygon points="12,1 21,6 21,18 12,23 3,18 3,6"/> }.into_any(),
        ElDie::D20 => view! {
            <polygon points="12,1 21,6 21,18 12,23 3,18 3,6"/>
            <polygon points="12,5 18,16 6,16" class="inner"/>
        }
        .into_any(),
    }
}

/// A die of its size with `label` on it: a size on the picker, a face on a rolled die.
#[component]
pub fn ElDieShape(die: ElDie, #[prop(into)] label: String) -> impl IntoView {
    view! {
        <span class=format!("el-die d{}", die.sides())>
            <svg viewBox="0 0 24 24" aria-hidden="true">{outline(die)}</svg>
            <span class="el-die-label">{label}</span>
        </span>
    }
}

/// Every die of one side of a roll, drawn with its face, under `title` for screen readers.
#[component]
pub fn FacesList(
    /// "Dice rolled", "The other side's dice".
    #[prop(into)]
    title: String,
    faces: Vec<(ElDie, u32)>,
    /// The other side's dice are drawn dashed.
    #[prop(optional)]
    theirs: bool,
) -> impl IntoView {
    let items = faces
        .into_iter()
        .map(|(die, face)| {
            view! {
                <li aria-label=format!("{}: {face}", die.name())>
                    <ElDieShape die label=face.to_string()/>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="faces-caption" aria-hidden="true">{title.clone()}</p>
        <ul class="el-faces" class:theirs=theirs aria-label=title>{items}</ul>
    }
}
