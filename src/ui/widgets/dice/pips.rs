//! Six-sided dice drawn with pips, so a face reads by shape as well as number.

use leptos::prelude::*;

/// Pip centres on a 48-unit die, for faces 1 to 6.
fn pips(face: u8) -> &'static [(u8, u8)] {
    const C: u8 = 24;
    const L: u8 = 13;
    const H: u8 = 35;
    match face {
        1 => &[(C, C)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (C, C), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (C, C), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, C), (H, C), (L, H), (H, H)],
    }
}

/// A d6 showing `face` (1 to 6), or blank for 0, as an SVG picture.
#[component]
pub fn PipDie(face: u8) -> impl IntoView {
    let dots = pips(face)
        .iter()
        .filter(|_| face > 0)
        .map(|&(x, y)| view! { <circle cx=x cy=y r="4.6"/> })
        .collect_view();
    view! {
        <svg class="pip-die" viewBox="0 0 48 48" aria-hidden="true">
            <rect x="2" y="2" width="44" height="44" rx="8"/>
            {dots}
        </svg>
    }
}
