//! Real dice: a Highest d6 roll thrown at the table and entered die by die becomes a roll
//! exactly like the app's own, so its outcome, harm and prompts follow the same way.

use super::pool::PoolSize;
use super::roll::D6Roll;

impl D6Roll {
    /// The roll `plan` calls for, with the faces the player read off their dice, in any
    /// order: as many as the plan throws (one or two when no dice are left), each 1 to 6.
    pub fn from_entered(plan: PoolSize, faces: &[u8]) -> Result<Self, String> {
        let wanted = plan.dice_thrown() as usize;
        if faces.len() != wanted {
            let entered = faces.len();
            return Err(match plan {
                PoolSize::Dice(_) => {
                    format!("Enter the {wanted} dice of this pool ({entered} entered).")
                }
                PoolSize::OneForNone => {
                    format!("No dice are left, so one die is rolled: enter 1 ({entered} entered).")
                }
                PoolSize::LowestOfTwo => format!(
                    "No dice are left, so two dice are rolled and the lower counts: enter 2 \
                     ({entered} entered)."
                ),
            });
        }
        if let Some((at, face)) = faces
            .iter()
            .enumerate()
            .find(|(_, f)| !(1..=6).contains(*f))
        {
            return Err(format!("Die {} shows {face}: a d6 shows 1 to 6.", at + 1));
        }
        Self::from_parts(plan, faces.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::highest_d6::D6Outcome;

    #[test]
    fn entered_dice_resolve_as_a_roll() {
        // RULES.md section 2: 6,1,1 is a success; 5,1,1 a costly success; 6,6 a triumph.
        let outcome = |plan, faces: &[u8]| D6Roll::from_entered(plan, faces).unwrap().outcome();
        assert_eq!(outcome(PoolSize::Dice(3), &[6, 1, 1]), D6Outcome::Success);
        assert_eq!(
            outcome(PoolSize::Dice(3), &[5, 1, 1]),
            D6Outcome::CostlySuccess
        );
        assert_eq!(outcome(PoolSize::Dice(2), &[6, 6]), D6Outcome::Triumph);
        assert_eq!(
            outcome(PoolSize::Dice(3), &[3, 1, 1]),
            D6Outcome::Catastrophe
        );
        // No dice left: one die, or two with the lower counting (6 and 3 read as 3).
        assert_eq!(
            outcome(PoolSize::OneForNone, &[4]),
            D6Outcome::CostlySuccess
        );
        assert_eq!(outcome(PoolSize::LowestOfTwo, &[6, 3]), D6Outcome::Failure);
    }

    #[test]
    fn only_as_many_dice_as_the_pool_throws_each_1_to_6() {
        let refusal = |plan, faces: &[u8]| D6Roll::from_entered(plan, faces).unwrap_err();
        assert_eq!(
            refusal(PoolSize::Dice(3), &[6, 4]),
            "Enter the 3 dice of this pool (2 entered)."
        );
        assert_eq!(
            refusal(PoolSize::OneForNone, &[6, 4]),
            "No dice are left, so one die is rolled: enter 1 (2 entered)."
        );
        assert_eq!(
            refusal(PoolSize::LowestOfTwo, &[6]),
            "No dice are left, so two dice are rolled and the lower counts: enter 2 (1 entered)."
        );
        assert_eq!(
            refusal(PoolSize::Dice(2), &[6, 7]),
            "Die 2 shows 7: a d6 shows 1 to 6."
        );
        assert_eq!(
            refusal(PoolSize::Dice(1), &[0]),
            "Die 1 shows 0: a d6 shows 1 to 6."
        );
    }
}
