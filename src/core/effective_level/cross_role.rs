//! Cross-role splits (RULES.md section 3): take the roles' ELs, give points to the lowest,
//! take that amount from every role's EL, drop any at or below 0, and move on to the next
//! lowest. The text's example: Performer 10, Warrior 20; 8 to rally leaves Performer 2,
//! Warrior 12; 6 to attack leaves Warrior 6 and Performer gone; 6 to defence.

/// A role taking part in a cross-role split.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoleEl {
    /// The role's name.
    pub name: String,
    /// Its EL as it stands now.
    pub el: u32,
    /// Whether it has had its turn of points.
    pub used: bool,
}

/// One assignment: points given to a role for an action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Assignment {
    /// The role the points come from.
    pub role: String,
    /// How many.
    pub points: u32,
    /// What they are for: "rally", "attack".
    pub label: String,
    /// Every remaining role's EL right after this assignment.
    pub after: Vec<(String, u32)>,
}

/// A cross-role split in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CrossRoleSplit {
    /// The roles still in play (EL above 0), in the order given.
    pub roles: Vec<RoleEl>,
    /// Every assignment so far.
    pub assignments: Vec<Assignment>,
}

impl CrossRoleSplit {
    /// A split over these roles and their ELs; roles at or below 0 take no part.
    pub fn new(roles: impl IntoIterator<Item = (String, u32)>) -> Self {
        Self {
            roles: roles
                .into_iter()
                .filter(|(_, el)| *el > 0)
                .map(|(name, el)| RoleEl {
                    name,
                    el,
                    used: false,
                })
                .collect(),
            assignments: Vec::new(),
        }
    }

    /// The role whose turn it is: the lowest EL not yet used; once every role has had its
    /// turn, the lowest still in play takes further portions (such as defence).
    pub fn next_role(&self) -> Option<&RoleEl> {
        let unused = self.roles.iter().filter(|r| !r.used).min_by_key(|r| r.el);
        unused.or_else(|| self.roles.iter().min_by_key(|r| r.el))
    }

    /// Gives `points` from the role whose turn it is, then takes them from every role's EL.
    pub fn assign(&mut self, points: u32, label: &str) -> Result<Assignment, String> {
        let Some(role) = self.next_role() else {
            return Err("No role has points left.".into());
        };
        let name = role.name.clone();
        if points < 1 || points > role.el {
            return Err(format!(
                "{name} has EL {} now: give it 1 to {} points.",
                role.el, role.el
            ));
        }
        for r in &mut self.roles {
            r.el = r.el.saturating_sub(points);
            if r.name == name {
                r.used = true;
            }
        }
        self.roles.retain(|r| r.el > 0);
        let assignment = Assignment {
            role: name,
            points,
            label: label.trim().to_string(),
            after: self.roles.iter().map(|r| (r.name.clone(), r.el)).collect(),
        };
        self.assignments.push(assignment.clone());
        Ok(assignment)
    }
}
