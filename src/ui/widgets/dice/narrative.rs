//! Drawn narrative dice and symbols. Shape tells the die size (square d6, diamond d8,
//! hexagon d12) and each symbol has its own outline, so nothing relies on colour alone.

use leptos::prelude::*;

use crate::core::narrative::{Glyph, NarrativeDie, Symbols};

fn sides_class(die: NarrativeDie) -> &'static str {
    match die.sides() {
        6 => "d6",
        8 => "d8",
        _ => "d12",
    }
}

fn outline(die: NarrativeDie) -> AnyView {
    match die.sides() {
        6 => view! { <rect x="5" y="5" width="38" height="38" rx="6"/> }.into_any(),
        8 => view! { <polygon points="24,2 46,24 24,46 2,24"/> }.into_any(),
        _ => view! { <polygon points="24,2 43,13 43,35 24,46 5,35 5,13"/> }.into_any(),
    }
}

/// A die's drawn shape in its colour with `children` on top (a count, or face symbols).
#[component]
pub fn DieShape(die: NarrativeDie, #[prop(optional)] children: Option<Children>) -> impl IntoView {
    let class = format!("die die-{} {}", die.name(), sides_class(die));
    view! {
        <span class=class>
            <svg class="die-bg" viewBox="0 0 48 48" aria-hidden="true">
                {outline(die)}
            </svg>
            <span class="die-content">{children.map(|c| c())}</span>
        </span>
    }
}

fn glyph_art(glyph: Glyph) -> AnyView {
    const STAR: &str = "M12 1.5 14.8 9.2 22.5 12 14.8 14.8 12 22.5 9.2 14.8 1.5 12 9.2 9.2Z";
    const SMALL_STAR: &str =
        "M12 5.5 13.5 10.5 18.5 12 13.5 13.5 12 18.5 10.5 13.5 5.5 12 10.5 10.5Z";
    match glyph {
        Glyph::Success => view! { <path d=STAR fill="currentColor"/> }.into_any(),
        Glyph::Advantage => view! {
            <path d="M3.5 16.5 12 7l8.5 9.5" class="stroke" stroke-width="4"/>
        }
        .into_any(),
        Glyph::Triumph => view! {
            <circle cx="12" cy="12" r="10" class="stroke" stroke-width="2.2"/>
            <path d=SMALL_STAR fill="currentColor"/>
        }
        .into_any(),
        Glyph::Failure => view! {
            <path d="M5.5 5.5l13 13m0-13-13 13" class="stroke" stroke-width="4"/>
        }
        .into_any(),
        Glyph::Threat => view! {
            <path d="M3.5 7.5 12 17l8.5-9.5" class="stroke" stroke-width="4"/>
        }
        .into_any(),
        Glyph::Despair => view! {
            <circle cx="12" cy="12" r="10" class="stroke" stroke-width="2.2"/>
            <path d="M8 8l8 8m0-8-8 8" class="stroke" stroke-width="3"/>
        }
        .into_any(),
        Glyph::Light => {
            view! { <circle cx="12" cy="12" r="6.5" class="stroke" stroke-width="3"/> }.into_any()
        }
        Glyph::Dark => view! { <circle cx="12" cy="12" r="8" fill="currentColor"/> }.into_any(),
    }
}

/// One symbol. Named for assistive technology unless `decorative` (inside a labelled control).
#[component]
pub fn SymbolIcon(glyph: Glyph, #[prop(optional)] decorative: bool) -> impl IntoView {
    let class = format!("glyph glyph-{}", glyph.name().replace(' ', "-"));
    view! {
        <svg
            class=class
            viewBox="0 0 24 24"
            role=(!decorative).then_some("img")
            aria-label=(!decorative).then(|| glyph.name())
            aria-hidden=decorative.then_some("true")
        >
            {glyph_art(glyph)}
        </svg>
    }
}

/// A face's symbols drawn, each once per count, decorative (the face's words name them).
pub fn face_glyphs(symbols: &Symbols) -> impl IntoView + use<> {
    symbols
        .glyphs()
        .into_iter()
        .map(|glyph| view! { <SymbolIcon glyph decorative=true/> })
        .collect_view()
}
