//! The scene: what lasts until the players end it. For now its facets; the Effective Level
//! tray adds boosts, obstacles and residual effects.

use super::facet::Facets;

/// What the table shares until "End scene".
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scene {
    /// Facets of the place and situation, for Highest d6 rolls.
    pub facets: Facets,
    /// The next id to hand out within the scene.
    next_id: u64,
}

impl Scene {
    /// A scene from stored parts, the id counter repaired if it fell behind.
    pub fn from_parts(facets: Facets, next_id: u64) -> Self {
        Self {
            next_id: next_id.max(facets.max_id() + 1),
            facets,
        }
    }

    /// The next id the scene will hand out (stored so tabs agree).
    pub fn next_id(&self) -> u64 {
        self.next_id
    }

    /// Adds a scene facet and returns its id.
    pub fn add_facet(&mut self, name: &str, helps: bool) -> Result<u64, String> {
        let id = self.next_id.max(1);
        self.facets.add(id, name, helps)?;
        self.next_id = id + 1;
        Ok(id)
    }

    /// Ends the scene: everything in it goes; ids keep counting so nothing old is mistaken
    /// for something new.
    pub fn end(&mut self) {
        self.facets.clear();
    }

    /// Whether there is anything to end.
    pub fn is_empty(&self) -> bool {
        self.facets.items().is_empty()
    }
}
