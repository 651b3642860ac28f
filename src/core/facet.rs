//! Facets: named truths about a character or a scene that add a die (helping) or take one
//! away (hindering) when they apply to a Highest d6 roll.

/// The longest facet, condition or character name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The most facets one character or one scene holds.
pub const MAX_FACETS: usize = 50;

/// One facet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Facet {
    /// Unique within its owner's id space.
    pub id: u64,
    /// What it is called: "Slippery Ground".
    pub name: String,
    /// True when it adds a die, false when it takes one away.
    pub helps: bool,
}

/// A list of facets with the edits a player makes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Facets {
    items: Vec<Facet>,
}

/// A name trimmed, non-empty and short enough for a phone; `what` names it in messages.
pub fn clean_name(name: &str, what: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("Give the {what} a name first."));
    }
    let length = name.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(format!(
            "A {what} name can have at most {MAX_NAME_CHARS} characters ({length} given)."
        ));
    }
    Ok(name.to_string())
}

impl Facets {
    /// Every facet, oldest first.
    pub fn items(&self) -> &[Facet] {
        &self.items
    }

    /// The facet with this id.
    pub fn get(&self, id: u64) -> Option<&Facet> {
        self.items.iter().find(|f| f.id == id)
    }

    /// Adds a facet under `id`, which the owner supplies and keeps unique.
    pub fn add(&mut self, id: u64, name: &str, helps: bool) -> Result<(), String> {
        let name = clean_name(name, "facet")?;
        if self.get(id).is_some() {
            return Err(format!("Two facets share the id {id}."));
        }
        if self.items.len() >= MAX_FACETS {
            return Err(format!(
                "At most {MAX_FACETS} facets can be kept here; remove one first."
            ));
        }
        self.items.push(Facet { id, name, helps });
        Ok(())
    }

    /// Renames a facet.
    pub fn rename(&mut self, id: u64, name: &str) -> Result<(), String> {
        let name = clean_name(name, "facet")?;
        self.find_mut(id)?.name = name;
        Ok(())
    }

    /// Switches a facet between helping and hindering.
    pub fn toggle_helps(&mut self, id: u64) -> Result<(), String> {
        let facet = self.find_mut(id)?;
        facet.helps = !facet.helps;
        Ok(())
    }

    /// Removes a facet; false when there was none with this id.
    pub fn remove(&mut self, id: u64) -> bool {
        let before = self.items.len();
        self.items.retain(|f| f.id != id);
        self.items.len() != before
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// The highest id in use, for owners that hand out ids.
    pub fn max_id(&self) -> u64 {
        self.items.iter().map(|f| f.id).max().unwrap_or(0)
    }

    fn find_mut(&mut self, id: u64) -> Result<&mut Facet, String> {
        self.items
            .iter_mut()
            .find(|f| f.id == id)
            .ok_or_else(|| "That facet is no longer there.".to_string())
    }
}
