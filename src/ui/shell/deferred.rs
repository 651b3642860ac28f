//! Parts of a page whose code arrives only when they are first shown, so a tray's first
//! load carries what is used every roll and not the rest.
//!
//! A deferred part is a split point like a page (see `ui::shell::pages`), declared with
//! [`split_view!`]; [`Deferred`] fetches its code when it is first wanted and draws it, with
//! a skeleton meanwhile and a way to try again if the code did not arrive.
//!
//! Split points are few on purpose: the splitter gives every set of split points that
//! shares some code a module of its own, and each module costs every page that loads it a
//! little, so a panel split off on its own costs the other pages more than it saves. Only
//! the pages are split, plus ONE split point for every rare part together (`ui::shell::rare`):
//! History, the QR code, the editors and the panels a player opens now and then.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

/// A page's or a panel's code did not arrive (no signal and not yet cached, or a failed
/// fetch).
pub struct LoadError;

impl From<SplitLoaderError> for LoadError {
    fn from(_: SplitLoaderError) -> Self {
        Self
    }
}

/// Declares a view whose code lives in a module of its own, fetched when first drawn:
/// `split_view!(name, preload_name, |data: AppData| view! { ... })`, or
/// `split_view!(pub name in module, ...)` to name the module apart from the function.
/// `name(data)` then draws it (a future, ready at once when the code is here) and
/// `preload_name()` only fetches it.
///
/// With the `unsplit` feature (only the bench's one-module build, which measures what
/// splitting costs) the same functions are plain ones whose code is always here.
macro_rules! split_view {
    ($(#[$meta:meta])* $vis:vis $name:ident in $module:ident, $preload:ident, |$($arg:ident: $ty:ty),*| $body:expr) => {
        $(#[$meta])*
        #[cfg(not(feature = "unsplit"))]
        #[leptos::wasm_split::wasm_split(
            $module,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        )]
        $vis fn $name($($arg: $ty),*) -> Result<AnyView, $crate::ui::shell::deferred::LoadError> {
            Ok($body.into_any())
        }

        $(#[$meta])*
        #[cfg(feature = "unsplit")]
        $vis async fn $name($($arg: $ty),*) -> Result<AnyView, $crate::ui::shell::deferred::LoadError> {
            Ok($body.into_any())
        }

        #[cfg(feature = "unsplit")]
        $vis async fn $preload() -> Result<(), leptos::wasm_split::SplitLoaderError> {
            Ok(())
        }
    };
    ($(#[$meta:meta])* $vis:vis $name:ident, $preload:ident, |$($arg:ident: $ty:ty),*| $body:expr) => {
        $crate::ui::shell::deferred::split_view!($(#[$meta])* $vis $name in $name, $preload, |$($arg: $ty),*| $body);
    };
}
pub(crate) use split_view;

/// Polls a future once, with a waker that does nothing: its answer if it has one already.
/// A split function whose module has arrived answers at once, so a page or panel whose code
/// is here is drawn in the same task, without a frame of skeleton.
pub fn poll_once<F: Future>(future: F) -> Option<F::Output> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(answer) => Some(answer),
        Poll::Pending => None,
    }
}

/// Draws a deferred view once `when` is true (at once by default): fetches its code the
/// first time, shows `fallback` until it is here, and says so with a retry if it fails.
#[component]
pub fn Deferred<P, PF, D, DF>(
    /// Fetches the view's code: the `preload` name given to [`split_view!`].
    preload: P,
    /// Draws the view: a call of the name given to [`split_view!`].
    draw: D,
    /// Wanted yet? A folded panel passes whether it is open.
    #[prop(optional, into)]
    when: Option<Signal<bool>>,
    /// What shows while the code is on its way.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> impl IntoView
where
    P: Fn() -> PF + Copy + Send + Sync + 'static,
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    D: Fn() -> DF + Copy + Send + Sync + 'static,
    DF: Future<Output = Result<AnyView, LoadError>> + 'static,
{
    // Nothing yet, here (code arrived), or failed; `Some(true)` once the view may be drawn.
    let arrived = RwSignal::new(None::<bool>);
    let fetching = StoredValue::new(false);
    let fetch = move || {
        if fetching.get_value() {
            return;
        }
        fetching.set_value(true);
        leptos::task::spawn_local(async move {
            let came = preload().await.is_ok();
            fetching.set_value(false);
            // The part may have been taken down while its code came.
            arrived.try_set(Some(came));
        });
    };
    Effect::new(move |_| {
        let wanted = when.is_none_or(|w| w.get());
        if wanted && arrived.get_untracked() != Some(true) {
            fetch();
        }
    });
    move || match arrived.get() {
        Some(true) => poll_once(draw())
            .and_then(Result::ok)
            .unwrap_or_else(|| fallback.run()),
        Some(false) => view! {
            <div class="load-failed" role="alert">
                <p>"This part could not be loaded: its code did not arrive."</p>
                <button type="button" class="small" on:click=move |_| fetch()>"Try again"</button>
            </div>
        }
        .into_any(),
        None => fallback.run(),
    }
}
