//! The one list of every saved document.
//!
//! The export file, the import and the pages' shared data each need one thing per saved
//! document (a field, a line of the file, a slot loaded on first use). They all take the
//! documents from [`every_document!`], so a new kind of saved data is added in one place and
//! none of them can forget it.

/// Expands `callback! { name: Type => "what it is", ... }` with every saved document, in the
/// order the export file writes them: the name each is known by (the field of
/// `backup_file::Everything`, the accessor of the pages' shared data), its type (a
/// [`Document`](crate::storage::Document)), and one line saying what it holds, for doc
/// comments.
///
/// ```text
/// macro_rules! keys {
///     ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
///         [$(<$type as Document>::KEY),*]
///     };
/// }
/// let keys = every_document!(keys);
/// ```
macro_rules! every_document {
    ($callback:ident) => {
        $callback! {
            roster: $crate::core::character::Roster
                => "The characters and which one is rolling.",
            scene: $crate::core::scene::Scene
                => "What lasts until the scene ends: facets, obstacles, boosts, residual effects.",
            saved: $crate::storage::SavedPools
                => "Named pools, each tagged with its system.",
            history: $crate::core::history::RollHistory
                => "Every roll of every system, and story points changes.",
            settings: $crate::storage::Settings
                => "The player's settings.",
            narrative_pool: $crate::core::narrative::NarrativePool
                => "The narrative tray's pool.",
            d6_setup: $crate::core::highest_d6::D6Setup
                => "The Highest d6 tray as left.",
            el_setup: $crate::core::effective_level::ElSetup
                => "The Effective Level tray as left.",
            turn: $crate::core::effective_level::Turn
                => "The Effective Level turn in play.",
            story_points: $crate::core::story_points::StoryPoints
                => "The table's story points.",
        }
    };
}
pub(crate) use every_document;

/// Every saved document's key, in the export file's order.
pub const DOCUMENT_KEYS: [&str; 10] = {
    macro_rules! keys {
        ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
            [$(<$type as $crate::storage::Document>::KEY),*]
        };
    }
    every_document!(keys)
};
