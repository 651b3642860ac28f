//! Code that arrives when it is first used, so a page's first load carries what it draws
//! and nothing else.
//!
//! [`split!`] declares functions whose code lives in a module of its own (a `wasm_split`
//! split point, the mechanism behind Leptos's `#[lazy]`): calling one fetches the module the
//! first time. Views and actions alike are plain functions. [`Lazy`] draws a view that way,
//! with a fallback while the code comes and Try again if it does not. The build cuts the
//! WebAssembly at these points (`docs/build.md`). It names no page: each page declares its own.
//!
//! Modules are few on purpose. The splitter gives each set of modules that share a function
//! a piece of its own, and every piece costs the pages that load it: with a module for each
//! page's rare parts (and History, QR, data, notices apart) the build had 530 pieces and
//! every page's first load grew by half. So every page puts its rare parts, opened by a tap,
//! in one module, `rare`; each page is a module (`<path>_page`); and what a tray does once
//! the page is idle is its own small module (`<path>_soon`), so the first seconds fetch that
//! and not every rare panel.

use std::future::Future;
use std::pin::{Pin, pin};
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

/// The code of a page or a part did not arrive (no signal and not yet cached, or a failed
/// fetch).
#[derive(Debug)]
pub struct LoadError;

impl From<SplitLoaderError> for LoadError {
    fn from(_: SplitLoaderError) -> Self {
        Self
    }
}

/// What a function whose code may need fetching answers, later.
pub type Coming<T> = Pin<Box<dyn Future<Output = Result<T, LoadError>>>>;

/// Declares functions whose code lives in the split module `module`, fetched on the first
/// call; `preload` only fetches it:
///
/// ```ignore
/// lazy::split! { module rare, preload preload;
///     /// Saved pools: save, load, delete.
///     pub fn saved_pools(state: NarrativeState) -> AnyView { view! { .. }.into_any() }
///     /// Opens what a link carries.
///     pub fn open_link(state: NarrativeState, shared: Shared) { links::open(state, shared) }
/// }
/// ```
///
/// Each `fn f(args) -> T` becomes `fn f(args) -> Coming<T>`, and `preload` a
/// `fn() -> Coming<()>`: boxed futures, so what calls them is not made again for each
/// function's own future type. Once `preload` (or any of them) has answered,
/// each answers at once (see [`poll_once`]): the whole use of the macro is one split point,
/// which hands over its functions. One use per Rust module (it declares a module named
/// after the split module). Arguments are plain values: no generics, no `impl` types. With
/// the `unsplit` feature (the bench's one-module build, which measures what splitting
/// costs) nothing is split.
macro_rules! split {
    (module $module:ident, preload $preload:ident;
     $($(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block)*
    ) => {
        // The functions themselves, reached only through `Code`: their code is the split
        // module's.
        mod $module {
            #[allow(unused_imports)]
            use super::*;

            /// Every function of this part of the module, ready to call.
            pub(super) struct Code {
                $(pub(super) $name: fn($($ty),*) -> $crate::ui::lazy::split!(@ret $($ret)?),)*
            }

            /// The one split point of this part of the module: it only hands over the
            /// functions, so calling it to fetch the code runs none of them. Named after
            /// `preload` as written where the macro is used, which names it apart from
            /// other files' parts of the same module.
            #[cfg(not(feature = "unsplit"))]
            #[leptos::wasm_split::wasm_split($module, wasm_split_path = ::leptos::wasm_split, fallible)]
            pub(super) fn $preload() -> Result<&'static Code, $crate::ui::lazy::LoadError> {
                static CODE: Code = Code { $($name,)* };
                Ok(&CODE)
            }

            /// The functions (the one-module build: the code is always here).
            #[cfg(feature = "unsplit")]
            pub(super) async fn $preload() -> Result<&'static Code, $crate::ui::lazy::LoadError> {
                static CODE: Code = Code { $($name,)* };
                Ok(&CODE)
            }

            $(
                $(#[$meta])*
                pub(super) fn $name($($arg: $ty),*) -> $crate::ui::lazy::split!(@ret $($ret)?) $body
            )*
        }

        /// Fetches this part's code without running any of it.
        #[allow(dead_code)]
        pub fn $preload() -> $crate::ui::lazy::Coming<()> {
            Box::pin(async { $module::$preload().await.map(|_| ()) })
        }

        $(
            $(#[$meta])*
            $vis fn $name($($arg: $ty),*) -> $crate::ui::lazy::Coming<$crate::ui::lazy::split!(@ret $($ret)?)> {
                Box::pin(async move { Ok(($module::$preload().await?.$name)($($arg),*)) })
            }
        )*
    };
    (@ret $ret:ty) => { $ret };
    (@ret) => { () };
}
pub(crate) use split;

/// Polls a future once, with a waker that does nothing: its answer if it has one already.
/// A split function whose module has arrived answers at once, so a page or part whose code
/// is here is drawn in the same task, without a frame of fallback.
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

/// Runs an action whose code may need fetching; if it cannot come, `failed` runs instead
/// (a message for the player, or nothing where the page works without it).
pub fn run(action: Coming<()>, failed: impl FnOnce() + 'static) {
    leptos::task::spawn_local(async move {
        if action.await.is_err() {
            failed();
        }
    });
}

/// Draws a view whose code may need fetching, once `when` is true (at once by default):
/// fetches its code the first time, shows `fallback` until it is here, and says so with
/// Try again if it did not arrive. Not generic, so each use costs no copy of its code.
#[component]
pub fn Lazy(
    /// Fetches the view's code: the `preload` of its [`split!`].
    preload: fn() -> Coming<()>,
    /// Draws the view: a call of a function declared with [`split!`].
    #[prop(into)]
    draw: Callback<(), Coming<AnyView>>,
    /// Wanted yet? A folded panel passes whether it is open.
    #[prop(optional, into)]
    when: Option<Signal<bool>>,
    /// What shows while the code is on its way.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> impl IntoView {
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
            fetching.try_set_value(false);
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
        Some(true) => poll_once(draw.run(()))
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
