//! The scene a tray rolls with: the player's own, kept on this device, or, while the device
//! is at a live table, the table's. The player's own is left as it was while at a table, and
//! is the tray's again after leaving.

use leptos::prelude::*;

use crate::core::scene::Scene;
use crate::ui::platform::persisted::Persisted;
use crate::ui::table::hook::{Outgoing, SceneMeant, TableHook};

/// Read like the stored scene; a change at a table goes to the table as messages (the GM
/// sets the scene, a player adds boosts and progress), and shows once the table has it.
#[derive(Clone, Copy)]
pub struct SceneHere {
    own: Persisted<Scene>,
    table: TableHook,
}

impl SceneHere {
    /// The scene of a tray on a device that may be at `table`.
    pub fn new(own: Persisted<Scene>, table: TableHook) -> Self {
        Self { own, table }
    }

    /// Whether the scene is the table's (tracked).
    pub fn is_tables(&self) -> bool {
        self.table.at_table.get()
    }

    /// Whether the GM's parts of the scene (facets, obstacles, conditions, its end) are out
    /// of this player's hands: at a table whose GM is someone else (tracked).
    pub fn gm_sets(&self) -> bool {
        self.table.at_table.get() && !self.table.gm.get()
    }

    /// [`Self::gm_sets`], untracked (for a handler).
    pub fn gm_sets_untracked(&self) -> bool {
        self.table.at_table.get_untracked() && !self.table.gm.get_untracked()
    }

    /// What the scene panel says of whose scene it is, at a table (tracked).
    pub fn whose(&self) -> Option<&'static str> {
        self.is_tables().then(|| {
            if self.table.gm.get() {
                "The table's scene: what you set here reaches every player's tray."
            } else {
                "The table's scene, set by the GM: the boosts you add and your rolls' progress \
                 reach everyone. Your own scene is back when you leave the table."
            }
        })
    }

    /// Reads the scene, tracked. At a table whose scene has not been read yet: empty.
    pub fn with<R>(&self, f: impl FnOnce(&Scene) -> R) -> R {
        if self.table.at_table.get() {
            self.table
                .scene
                .with(|s| f(s.as_ref().unwrap_or(&Scene::default())))
        } else {
            self.own.with(f)
        }
    }

    /// Reads the scene, untracked.
    pub fn with_untracked<R>(&self, f: impl FnOnce(&Scene) -> R) -> R {
        untrack(|| self.with(f))
    }

    /// A copy of the scene, tracked.
    pub fn get(&self) -> Scene {
        self.with(Scene::clone)
    }

    /// A copy of the scene, untracked.
    pub fn get_untracked(&self) -> Scene {
        self.with_untracked(Scene::clone)
    }

    /// Whether the scene is the table's, untracked (for a handler; an Undo checks it has
    /// not changed since the act it undoes).
    pub fn is_tables_untracked(&self) -> bool {
        self.table.at_table.get_untracked()
    }

    /// Changes the scene: the stored one, or at a table what changed is sent to it.
    pub fn update(&self, change: impl FnOnce(&mut Scene)) {
        self.change(change, SceneMeant::Edit);
    }

    /// Ends the scene; returns what it held, for [`Self::undo_end`].
    pub fn end(&self) -> Scene {
        let mut taken = Scene::default();
        self.change(|s| taken = s.end(), SceneMeant::End);
        taken
    }

    /// Undoes [`Self::end`]: what it took comes back (at a table: this phone's end is taken
    /// back, and the table's scene is as it was, with anything added since).
    pub fn undo_end(&self, taken: Scene) {
        self.change(|s| s.restore(taken), SceneMeant::UndoEnd);
    }

    fn change(&self, change: impl FnOnce(&mut Scene), meant: SceneMeant) {
        if !self.table.at_table.get_untracked() {
            return self.own.update(change);
        }
        let before = self.get_untracked();
        let mut after = before.clone();
        change(&mut after);
        if after != before || meant != SceneMeant::Edit {
            self.table
                .send(Outgoing::Scene(Box::new((before, after)), meant));
        }
    }
}
