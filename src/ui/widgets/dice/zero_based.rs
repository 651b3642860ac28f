//! Drawn zero-based dice: each size has its own outline (a coin's circle, a d4's triangle,
//! a d6's square...), with its size or its face written on it, so nothing relies on colour.

use leptos::prelude::*;

use crate::core::effective_level::ElDie;

/// Each size's outline as one path: a coin's circle, a d4's triangle, a d6's rounded
/// square, a d8's diamond, a d10's pentagon, a d12's hexagon, a d20's hexagon with a
/// triangle inside.
fn outline(die: ElDie) -> &'static str {
    match die {
        ElDie::D2 => "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z",
        ElDie::D4 => "M12 2 22 21H2Z",
        ElDie::D6 => "M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Z",
        ElDie::D8 => "M12 1 23 12 12 23 1 12Z",
        ElDie::D10 => "M12 1 22 9 18 22H6L2 9Z",
        ElDie::D12 => "M12 1 21 6V18L12 23 3 18V6Z",
        ElDie::D20 => "M12 1 21 6V18L12 23 3 18V6ZM12 5 18 16H6Z",
    }
}

/// A die of its size with `label` on it: a size on the picker, a face on a rolled die.
#[component]
pub fn ElDieShape(die: ElDie, #[prop(into)] label: String) -> impl IntoView {
    view! {
        <span class=format!("el-die d{}", die.sides())>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d=outline(die)/></svg>
            <span class="el-die-label">{label}</span>
        </span>
    }
}

/// Every die of one side of a roll, drawn with its face, under `title` for screen readers;
/// `small` in a list of rolls (History, the table's log), with no caption.
#[component]
pub fn FacesList(
    /// "Dice rolled", "The other side's dice".
    #[prop(into)]
    title: String,
    faces: Vec<(ElDie, u32)>,
    /// The other side's dice are drawn dashed.
    #[prop(optional)]
    theirs: bool,
    /// Drawn small, uncaptioned.
    #[prop(optional)]
    small: bool,
) -> impl IntoView {
    let items = faces
        .into_iter()
        .map(|(die, face)| {
            view! {
                <li class:small-face=small aria-label=format!("{}: {face}", die.name())>
                    <ElDieShape die label=face.to_string()/>
                </li>
            }
        })
        .collect_view();
    view! {
        {(!small).then(|| view! { <p class="faces-caption" aria-hidden="true">{title.clone()}</p> })}
        <ul class:el-faces=!small class:el-small-faces=small class:theirs=theirs aria-label=title>{items}</ul>
    }
}
