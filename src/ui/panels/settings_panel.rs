//! The player's settings that are not rule readings: a buzz on Roll, and the odds hints
//! beside the controls.

use leptos::prelude::*;

use crate::ui::table::{TableAsk, TablePart};

use crate::storage::Settings;
use crate::ui::table::hook::TableHook;
use crate::ui::visit::Deferred;
use crate::ui::widgets::switch::Switch;

/// One on/off setting as a switch; `read` and `write` reach its field.
#[component]
fn SettingSwitch(
    settings: Deferred<Settings>,
    /// What it turns on.
    label: &'static str,
    /// Why a player would want it off, in a few words.
    hint: &'static str,
    read: fn(&Settings) -> bool,
    write: fn(&mut Settings, bool),
) -> impl IntoView {
    let on = Signal::derive(move || settings.load().with(read));
    let toggle = Callback::new(move |()| {
        let next = !settings.load().with_untracked(read);
        settings.load().update(|s| write(s, next));
    });
    view! { <Switch on toggle label hint/> }
}

/// Each setting: what it turns on, why a player would want it off, and its field.
type Setting = (
    &'static str,
    &'static str,
    fn(&Settings) -> bool,
    fn(&mut Settings, bool),
);

/// The settings, in the order shown.
const SETTINGS: [Setting; 2] = [
    (
        "Buzz on Roll",
        " (where the phone can)",
        |s| s.haptics,
        |s, on| s.haptics = on,
    ),
    (
        "Odds hints beside the controls",
        " (what one more tap would do)",
        |s| s.coach,
        |s, on| s.coach = on,
    ),
];

/// The settings, each a switch, saved as soon as it changes.
#[component]
pub fn SettingsPanel(settings: Deferred<Settings>, table: TableHook) -> impl IntoView {
    view! {
        <div class="settings">
            {SETTINGS.into_iter().map(|(label, hint, read, write)| view! {
                <SettingSwitch settings label hint read write/>
            }).collect_view()}
            // The live table's relays: their code comes with the table's.
            <TablePart table ask=TableAsk::Relays/>
        </div>
    }
}
