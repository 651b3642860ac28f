//! Backing up and restoring everything: one file out (shared or downloaded, its time kept),
//! one file in (checked whole, summarised, then merged or used instead, as the player
//! chooses); then how the data is kept (`keeping_status`).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::storage::Settings;
use crate::storage::backup_file::{
    Backup, Everything, ImportMode, check_file_size, export, parse_backup,
};
use crate::storage::every_document;
use crate::ui::lazy;
use crate::ui::panels::keeping_status::KeepingStatus;
use crate::ui::platform::browser::{now_ms, offer_file, read_file};
use crate::ui::visit::Visit;
use crate::ui::widgets::snackbar::Snackbar;

lazy::split! { module rare, preload preload;
    /// The "Your data" panel: its code (every document's reader, for export and import)
    /// is fetched when the panel is first opened.
    pub fn data_panel(snackbar: Snackbar, visit: Visit) -> AnyView {
        view! { <DataPanel snackbar visit/> }.into_any()
    }
}

/// Every document, as this tab has it. Export and import cover them all, so this loads
/// any not loaded yet.
fn everything(visit: Visit) -> Everything {
    macro_rules! gather {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            Everything {
                $($name: visit.document::<$type>().get_untracked(),)*
            }
        };
    }
    every_document!(gather)
}

/// Stores every document of `all`, each through its own document's checks.
fn store(visit: Visit, all: Everything) {
    macro_rules! scatter {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            $(visit.document::<$type>().update(|d| *d = all.$name);)*
        };
    }
    every_document!(scatter);
}

/// The "Your data" panel, inside its fold. Short messages go to the snackbar; the summary
/// of a file read and the choice of what to do with it stay here, as a dialogue.
#[component]
pub fn DataPanel(snackbar: Snackbar, visit: Visit) -> impl IntoView {
    let say = move |text: String| snackbar.say(text);
    let settings = visit.document::<Settings>();
    let pending = RwSignal::new(None::<Backup>);
    let export_all = move |_| {
        let all = everything(visit);
        let at = now_ms();
        leptos::task::spawn_local(async move {
            let message = match export(&all, at) {
                Ok(text) => match offer_file("dicetray-backup.json", &text).await {
                    Ok(how) => {
                        settings.update(|s| s.last_export_ms = Some(at));
                        format!("Everything was {how} as dicetray-backup.json.")
                    }
                    Err(error) => format!("The file could not be offered ({error})."),
                },
                Err(error) => format!("The export could not be made ({error})."),
            };
            say(message);
        });
    };
    let picked = move |ev: leptos::ev::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        let Some(file) = input
            .as_ref()
            .and_then(|i| i.files())
            .and_then(|f| f.get(0))
        else {
            return;
        };
        if let Some(input) = input {
            input.set_value("");
        }
        pending.set(None);
        leptos::task::spawn_local(async move {
            // `size` is a whole number of bytes, so the cast is exact.
            let read = match check_file_size(file.size() as u64) {
                Ok(()) => read_file(&file).await,
                Err(reason) => Err(reason),
            };
            // A file may hold data of an earlier version.
            crate::storage::migrations::fetch().await;
            match read.and_then(|text| parse_backup(&text)) {
                Ok(backup) => pending.set(Some(backup)),
                Err(reason) => say(format!("Nothing was changed. {reason}")),
            }
        });
    };
    let choose = move |mode: ImportMode| {
        let Some(backup) = pending.get_untracked() else {
            return;
        };
        match backup.apply(&everything(visit), mode) {
            Ok(all) => {
                store(visit, all);
                say(match mode {
                    ImportMode::Merge => "Imported: the file's new entries were added.".into(),
                    ImportMode::Replace => "Imported: the file's documents are now in use.".into(),
                });
            }
            Err(reason) => say(format!("Nothing was changed. {reason}")),
        }
        pending.set(None);
    };
    let summary = move |mode: ImportMode| {
        pending.with(|p| {
            p.as_ref()
                .map(|b| b.summary(&everything(visit), mode))
                .unwrap_or_default()
                .into_iter()
                .map(|line| view! { <li>{line}</li> })
                .collect_view()
        })
    };
    view! {
        <section class="data-panel" aria-label="Your data">
            <p class="hint">
                "Everything stays on this device. Keep a copy, or move it to another device: \
                 characters, scene, saved pools, history, settings and the trays."
            </p>
            <div class="row-actions">
                <button type="button" class="small" on:click=export_all>"Export everything"</button>
                <label class="file-pick small">
                    "Import a file"
                    <input type="file" accept=".json,application/json" on:change=picked/>
                </label>
            </div>
            {move || pending.with(Option::is_some).then(|| view! {
                <div class="import-choice" role="group" aria-labelledby="import-question">
                    <p id="import-question" class="import-question">"The file is readable. What should happen?"</p>
                    <h3 class="sub-title">"Merge: keep what is here and add what is new"</h3>
                    <ul class="import-summary">{summary(ImportMode::Merge)}</ul>
                    <button type="button" class="small" on:click=move |_| choose(ImportMode::Merge)
                        disabled=move || pending.with(|p| {
                            p.as_ref().is_some_and(|b| b.merge_problem(&everything(visit)).is_some())
                        })>"Merge"</button>
                    <h3 class="sub-title">"Replace: use the file's documents instead"</h3>
                    <ul class="import-summary">{summary(ImportMode::Replace)}</ul>
                    <button type="button" class="small danger" on:click=move |_| choose(ImportMode::Replace)>"Replace"</button>
                    <button type="button" class="small" on:click=move |_| {
                        pending.set(None);
                        say("Nothing was changed.".into());
                    }>"Cancel"</button>
                </div>
            })}
            <KeepingStatus settings snackbar visit/>
        </section>
    }
}
