//! The stored forms of earlier versions, one file per document, and the migrations from
//! each version to the next.
//!
//! Each file declares a serde type for every version its document no longer writes (`V1`,
//! `V2`, ...) and a `From` step from each to the next: a migration is a function from one
//! version's type to the following one's, ending at the latest type, which the document
//! declares in its own file. The file's `read` reads data stored at an older version and
//! runs the steps. Versions stored as objects are read with `deny_unknown_fields`: a member
//! this version does not know refuses its item rather than being dropped at the next save.
//!
//! In the app this code is a module of its own, fetched only by a device that holds data of
//! an older version (it would add several KB to every page's first load, and most devices
//! never need it): at start [`needed`] looks at each document's version, and the page waits
//! for [`fetch`] before reading anything. A document reads an older version only once the
//! code is here ([`here`]); until then it is left as it is (see `storage::load`).

pub(super) mod characters;
pub(super) mod d6_setup;
pub(super) mod el_setup;
pub(super) mod el_turn;
pub(super) mod history;
pub(super) mod narrative_pool;
pub(super) mod saved_pools;
pub(super) mod scene;
pub(super) mod settings;

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::Value;

use super::stored::Misshapen;
use super::{Document, KeyValueStore, every_document};
use crate::core::character::Roster;
use crate::core::effective_level::{ElSetup, Turn};
use crate::core::highest_d6::D6Setup;
use crate::core::history::RollHistory;
use crate::core::narrative::NarrativePool;
use crate::core::scene::Scene;

/// Reads data stored at an older `version` of the document under `key` with that version's
/// type and migrates it to the latest type, boxed for the document to take back ([`older`]).
fn migrate(key: &str, version: u32, data: Value) -> Result<Box<dyn Any>, Misshapen> {
    fn boxed<L: 'static>(latest: Result<L, Misshapen>) -> Result<Box<dyn Any>, Misshapen> {
        latest.map(|latest| Box::new(latest) as Box<dyn Any>)
    }
    match key {
        <super::Settings as Document>::KEY => boxed(settings::read(version, data)),
        <NarrativePool as Document>::KEY => boxed(narrative_pool::read(version, data)),
        <super::SavedPools as Document>::KEY => boxed(saved_pools::read(version, data)),
        <D6Setup as Document>::KEY => boxed(d6_setup::read(version, data)),
        <Roster as Document>::KEY => boxed(characters::read(version, data)),
        <Scene as Document>::KEY => boxed(scene::read(version, data)),
        <ElSetup as Document>::KEY => boxed(el_setup::read(version, data)),
        <Turn as Document>::KEY => boxed(el_turn::read(version, data)),
        <RollHistory as Document>::KEY => boxed(history::read(version, data)),
        _ => Err(Misshapen),
    }
}

/// Reads data stored at an older `version` of the document under `key` as its latest type
/// `L`. In the app, only once [`here`] says the code has arrived.
pub(super) fn older<L: 'static>(
    key: &'static str,
    version: u32,
    data: Value,
) -> Result<L, Misshapen> {
    let latest = run(key, version, data)?;
    latest
        .downcast()
        .map(|latest| *latest)
        .map_err(|_| Misshapen)
}

/// True once the migrations' code is here: always, but in the app's split build.
static HERE: AtomicBool =
    AtomicBool::new(!cfg!(all(target_arch = "wasm32", not(feature = "unsplit"))));

/// Whether data of an older version can be read now, without fetching code.
pub fn here() -> bool {
    HERE.load(Ordering::Relaxed)
}

/// Whether any document in `store` may be of an older version, so that the migrations'
/// code must be fetched before the documents are read. Only the start of the stored text is
/// looked at: the latest version's `{"version":N,` as this app writes it. Anything else
/// (an older version, or text the reading will refuse) fetches the code first.
pub fn needed(store: &dyn KeyValueStore) -> bool {
    macro_rules! versions {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            [$((<$type as Document>::KEY, <$type as Document>::VERSION)),*]
        };
    }
    every_document!(versions).iter().any(|&(key, latest)| {
        let text = store.get(key).ok().flatten().unwrap_or_default();
        !text.is_empty() && !text.starts_with(&format!("{{\"version\":{latest},"))
    })
}

/// Fetches the migrations' code, if it is not here yet; false if it could not come.
pub async fn fetch() -> bool {
    #[cfg(all(target_arch = "wasm32", not(feature = "unsplit")))]
    if !here() && fetch_split().await.is_ok() {
        HERE.store(true, Ordering::Relaxed);
    }
    here()
}

/// Runs [`migrate`] where its code is (see the module notes).
#[cfg(not(all(target_arch = "wasm32", not(feature = "unsplit"))))]
fn run(key: &'static str, version: u32, data: Value) -> Result<Box<dyn Any>, Misshapen> {
    migrate(key, version, data)
}

/// Runs [`migrate`] in its own module, which [`here`] said has arrived: it answers at once.
#[cfg(all(target_arch = "wasm32", not(feature = "unsplit")))]
fn run(key: &'static str, version: u32, data: Value) -> Result<Box<dyn Any>, Misshapen> {
    use std::future::Future;
    use std::task::{Context, Poll, Waker};
    let mut call = std::pin::pin!(migrate_split(key, version, data));
    match call.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(Ok(answer)) => answer,
        _ => Err(Misshapen),
    }
}

/// The migrations' code did not arrive.
#[cfg(all(target_arch = "wasm32", not(feature = "unsplit")))]
struct NotHere;

#[cfg(all(target_arch = "wasm32", not(feature = "unsplit")))]
impl From<leptos::wasm_split::SplitLoaderError> for NotHere {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        Self
    }
}

/// [`migrate`], the split point of the migrations' module.
#[cfg(all(target_arch = "wasm32", not(feature = "unsplit")))]
#[leptos::wasm_split::wasm_split(
    migrations,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(fetch_split)
)]
fn migrate_split(
    key: &'static str,
    version: u32,
    data: Value,
) -> Result<Result<Box<dyn Any>, Misshapen>, NotHere> {
    Ok(migrate(key, version, data))
}
