//! Real dice: a roll made with physical dice at the table, entered face by face, becomes a
//! roll exactly like the app's own, so it resolves, cancels and is kept the same way.
//!
//! The player picks each die's face from that die's face table ([`NarrativeDie::faces`], in
//! RULES.md's order, each drawable with [`super::Symbols::glyphs`]), one die per die of
//! the pool in [`NarrativePool::dice`] order.

use super::die::NarrativeDie;
use super::pool::NarrativePool;
use super::roll::{NarrativeRoll, RollError, RolledDie};

impl NarrativeRoll {
    /// The roll of `pool` whose dice show `faces`: one face index per die, in
    /// [`NarrativePool::dice`] order, each on that die's face table.
    pub fn from_entered(pool: &NarrativePool, faces: &[u32]) -> Result<Self, RollError> {
        let dice: Vec<NarrativeDie> = pool.dice().collect();
        if dice.len() != faces.len() {
            return Err(RollError::EnteredCount {
                entered: faces.len(),
                dice: dice.len(),
            });
        }
        let rolled = dice
            .into_iter()
            .zip(faces)
            .enumerate()
            .map(|(index, (die, &face))| {
                RolledDie::new(die, face).ok_or(RollError::NoSuchFace { index, die, face })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_parts(rolled, pool.added(), Vec::new())
    }

    /// Die `index` rolled again at the table and now showing `face`; the face it replaced
    /// is kept, as with the app's own re-roll.
    pub fn reroll_entered(&mut self, index: usize, face: u32) -> Result<(), RollError> {
        let dice = self.dice().len();
        let die = self
            .dice()
            .get(index)
            .ok_or(RollError::NoSuchDie { index, dice })?
            .die();
        let now = RolledDie::new(die, face).ok_or(RollError::NoSuchFace { index, die, face })?;
        self.replace(index, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::narrative::parse_pool;

    #[test]
    fn entered_faces_resolve_as_a_roll() {
        // Tray order: proficiency, ability, difficulty. Proficiency face 11 is a triumph,
        // ability face 6 success and advantage, difficulty face 7 failure and threat.
        let pool = parse_pool("1g1y1p+1a").unwrap();
        let roll = NarrativeRoll::from_entered(&pool, &[11, 6, 7]).unwrap();
        assert_eq!(roll.pool(), &pool);
        let result = roll.result();
        // Successes: triumph 1 + ability 1 - failure 1 = 1; advantage 1 + added 1 - threat 1.
        assert_eq!((result.net_success, result.net_advantage), (1, 1));
        assert_eq!(result.triumph, 1);
        assert!(roll.rerolls().is_empty());
    }

    #[test]
    fn only_the_pools_dice_and_their_faces_are_taken() {
        let pool = parse_pool("2g").unwrap();
        assert_eq!(
            NarrativeRoll::from_entered(&pool, &[1])
                .unwrap_err()
                .to_string(),
            "Enter one face for each of the pool's 2 dice (1 entered)."
        );
        assert_eq!(
            NarrativeRoll::from_entered(&pool, &[1, 8])
                .unwrap_err()
                .to_string(),
            "Die 2 (ability) has 8 faces: there is no face 9."
        );
        let mut roll = NarrativeRoll::from_entered(&pool, &[0, 7]).unwrap();
        assert!(roll.reroll_entered(1, 8).is_err());
        assert!(roll.reroll_entered(2, 0).is_err());
        assert!(roll.rerolls().is_empty());
    }

    #[test]
    fn a_die_rerolled_at_the_table_keeps_what_it_showed() {
        let pool = parse_pool("2g").unwrap();
        let mut roll = NarrativeRoll::from_entered(&pool, &[0, 0]).unwrap();
        roll.reroll_entered(1, 1).unwrap();
        roll.reroll_entered(1, 7).unwrap();
        let faces: Vec<u32> = roll
            .face_history(1)
            .iter()
            .map(RolledDie::face_index)
            .collect();
        assert_eq!(faces, [0, 1, 7]);
        assert_eq!(roll.face_history(0).len(), 1);
        assert_eq!(roll.rerolled_dice(), [1]);
    }
}
