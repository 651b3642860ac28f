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

/// The settings, each a switch, saved as soon as it changes.
#[component]
pub fn SettingsPanel(settings: Deferred<Settings>, table: TableHook) -> impl IntoView {
    view! {
        <div class="settings">
            <SettingSwitch
                settings
                label="Buzz on Roll"
                hint=" (where the phone can)"
                read=|s| s.haptics
                write=|s, on| s.haptics = on
            />
            <SettingSwitch
                settings
                label="Odds hints beside the controls"
                hint=" (what one more tap would do)"
                read=|s| s.coach
                write=|s, on| s.coach = on
            />
            // The live table's relays: their code comes with the table's.
            <TablePart table ask=TableAsk::Relays/>
        </div>
    }
}
