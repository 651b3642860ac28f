//! Real dice: an Effective Level roll made with physical dice, entered die by die, becomes a
//! roll exactly like the app's own, so its value, effect, wager, portions and obstacle
//! progress follow the same way. A die's value is zero-based, as the app rolls it: a d8
//! reads 0 to 7, a coin 0 or 1.

use super::check::ElCheck;
use super::dice::ElDie;
use super::roll::ElRoll;

impl ElCheck {
    /// The dice each side throws, in the order their values are entered: the roller's (at
    /// the EL rolled, after any wager), then the other side's (empty when nobody pushes
    /// back).
    pub fn dice_to_enter(&self) -> (Vec<ElDie>, Vec<ElDie>) {
        let theirs = match &self.against {
            Some(against) => against.side.dice.dice(against.side.el),
            None => Vec::new(),
        };
        (self.me.dice.dice(self.rolled_el()), theirs)
    }
}

impl ElRoll {
    /// The roll of `check` whose dice show `mine` and `theirs`, in [`ElCheck::dice_to_enter`]
    /// order, each value from 0 to one less than its die's sides.
    pub fn from_entered(check: &ElCheck, mine: &[u32], theirs: &[u32]) -> Result<Self, String> {
        let (my_dice, their_dice) = check.dice_to_enter();
        let faces = pair(&my_dice, mine, "your")?;
        let their_faces = pair(&their_dice, theirs, "their")?;
        Self::from_parts(check.clone(), faces, their_faces)
    }
}

/// Each die with its entered value, or why the values do not fit the dice; `whose` names the
/// side for the message: "your", or "their" for the other side.
fn pair(dice: &[ElDie], values: &[u32], whose: &str) -> Result<Vec<(ElDie, u32)>, String> {
    if dice.len() != values.len() {
        return Err(if dice.is_empty() {
            format!("No dice are rolled on {whose} side, so there is nothing to enter there.")
        } else {
            format!(
                "Enter a value for each of {whose} {} dice ({} entered).",
                dice.len(),
                values.len()
            )
        });
    }
    dice.iter()
        .zip(values)
        .enumerate()
        .map(|(at, (&die, &value))| {
            if value < die.sides() {
                Ok((die, value))
            } else {
                Err(format!(
                    "Die {} of {whose} dice is a {}, which shows 0 to {}: not {value}.",
                    at + 1,
                    die.name(),
                    die.top()
                ))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::effective_level::parse_check;

    #[test]
    fn entered_values_resolve_as_a_roll() {
        // RULES.md's worked example: EL 10, wager 3, so a roll at EL 7; it rolls 5 against
        // a defence of 4: effect 1 + 3 = 4; against 5, nothing. The defence rolls at EL 6
        // on a d6, so 4 and 5 both count.
        let check = parse_check("el 10 dice d8 wager 3 vs 6 vsdice d6").unwrap();
        let roll = ElRoll::from_entered(&check, &[5], &[4]).unwrap();
        assert_eq!(
            (roll.outcome().effect, roll.outcome().wager_applied),
            (4, true)
        );
        let held = ElRoll::from_entered(&check, &[5], &[5]).unwrap();
        assert_eq!(
            (held.outcome().effect, held.outcome().wager_applied),
            (0, false)
        );
        // The Simple Pool at EL 3: three coins, 1 + 0 + 1 = 2.
        let simple = ElRoll::from_entered(&parse_check("el 3").unwrap(), &[1, 0, 1], &[]).unwrap();
        assert_eq!(simple.outcome().value, 2);
    }

    #[test]
    fn each_side_takes_its_own_dice_and_only_values_on_them() {
        let check = parse_check("el 9 dice d8,d4 vs 2").unwrap();
        let (mine, theirs) = check.dice_to_enter();
        assert_eq!(mine, [ElDie::D8, ElDie::D4]);
        assert_eq!(theirs, [ElDie::D2, ElDie::D2]);
        let refusal =
            |mine: &[u32], theirs: &[u32]| ElRoll::from_entered(&check, mine, theirs).unwrap_err();
        assert_eq!(
            refusal(&[7], &[0, 0]),
            "Enter a value for each of your 2 dice (1 entered)."
        );
        assert_eq!(
            refusal(&[7, 4], &[0, 0]),
            "Die 2 of your dice is a d4, which shows 0 to 3: not 4."
        );
        assert_eq!(
            refusal(&[7, 3], &[0, 2]),
            "Die 2 of their dice is a d2, which shows 0 to 1: not 2."
        );
        let alone = parse_check("el 2").unwrap();
        assert_eq!(
            ElRoll::from_entered(&alone, &[1, 1], &[1]).unwrap_err(),
            "No dice are rolled on their side, so there is nothing to enter there."
        );
    }
}
