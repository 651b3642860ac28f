//! Building an EL from a character: base Level plus every modifier that applies, minus
//! penalties, with base Level capped by the best relevant role's rank when the task needs
//! training (RULES.md section 3). The sum is shown line by line.

/// A named number: a situational modifier typed in place, a boost, a penalty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifier {
    /// What it is: "Fog", "High ground".
    pub name: String,
    /// How much it adds; negative takes away.
    pub value: i32,
}

/// What goes into one EL.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ElBuild {
    /// The character's base Level.
    pub level: u32,
    /// The roles that apply, each with its rank.
    pub roles: Vec<Modifier>,
    /// Maneuvers, boosts and situational modifiers that apply (any sign).
    pub modifiers: Vec<Modifier>,
    /// Penalties that apply, as positive numbers to take away (harm, hindrances).
    pub penalties: Vec<Modifier>,
    /// Whether the task needs training: then base Level counts only up to the best rank.
    pub needs_training: bool,
}

/// One line of the sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElLine {
    /// "Level", "Warrior", "Feint".
    pub label: String,
    /// What it adds (negative takes away).
    pub value: i32,
    /// A word on why, when the line is not simply added: "capped at 4: needs training".
    pub note: Option<String>,
}

impl ElBuild {
    /// The best rank among the roles that apply, if any apply: it caps a wager.
    pub fn best_rank(&self) -> Option<u32> {
        self.roles.iter().map(|r| r.value.max(0) as u32).max()
    }

    /// The Level that counts: capped by the best rank when the task needs training (no role,
    /// no Level).
    pub fn counted_level(&self) -> u32 {
        if self.needs_training {
            self.level.min(self.best_rank().unwrap_or(0))
        } else {
            self.level
        }
    }

    /// Every line of the sum, in order: Level, roles, modifiers, penalties.
    pub fn lines(&self) -> Vec<ElLine> {
        let level = self.counted_level();
        let mut lines = vec![ElLine {
            label: "Level".into(),
            value: level as i32,
            note: (level < self.level)
                .then(|| format!("{} capped at {level}: needs training", self.level)),
        }];
        let named = |m: &Modifier, sign: i32| ElLine {
            label: m.name.clone(),
            value: sign * m.value,
            note: None,
        };
        lines.extend(self.roles.iter().map(|m| named(m, 1)));
        lines.extend(self.modifiers.iter().map(|m| named(m, 1)));
        lines.extend(self.penalties.iter().map(|m| named(m, -1)));
        lines
    }

    /// The EL: every line added up (below 1, the task is impossible).
    pub fn total(&self) -> i32 {
        self.lines().iter().map(|l| l.value).sum()
    }

    /// The sum on one line: "Level 6 + Warrior 4 + Feint 1 − Bruised 1 = EL 10".
    pub fn sum_text(&self) -> String {
        let mut text = String::new();
        for (i, line) in self.lines().iter().enumerate() {
            let sign = if line.value < 0 { " − " } else { " + " };
            if i > 0 {
                text.push_str(sign);
            } else if line.value < 0 {
                text.push('−');
            }
            text.push_str(&format!("{} {}", line.label, line.value.unsigned_abs()));
            if let Some(note) = &line.note {
                text.push_str(&format!(" ({note})"));
            }
        }
        let total = self.total();
        let shown = if total < 0 {
            format!("−{}", total.unsigned_abs())
        } else {
            total.to_string()
        };
        format!("{text} = EL {shown}")
    }
}
