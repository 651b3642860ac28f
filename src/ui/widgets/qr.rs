//! A link drawn as a QR code, for phones at the same table. Its drawing and its encoder
//! (qrcodegen) are the module `qr`, fetched the first time a code is shown.

use leptos::prelude::*;

use crate::core::qr::qr_code;
use crate::ui::lazy;

lazy::split! { module rare, preload preload;
    /// The QR code of `link`.
    pub fn qr_picture(link: String) -> AnyView {
        view! { <QrPicture link/> }.into_any()
    }
}

/// The QR code of `link`, drawn as one SVG path, or why there is none.
#[component]
fn QrPicture(link: String) -> impl IntoView {
    match qr_code(&link) {
        Ok(symbol) => view! {
            <svg
                class="qr"
                viewBox=format!("0 0 {0} {0}", symbol.size)
                role="img"
                aria-label="QR code of the link"
                shape-rendering="crispEdges"
            >
                <rect width="100%" height="100%" fill="#fff"/>
                <path d=symbol.path fill="#000"/>
            </svg>
        }
        .into_any(),
        Err(reason) => view! { <p class="refusal">{reason}</p> }.into_any(),
    }
}
