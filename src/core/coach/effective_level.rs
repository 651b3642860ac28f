//! What each tap on the Effective Level tray would do to the chance that matters and to the
//! expected effect.
//!
//! The chance is that of getting effect: with nobody pushing back, that is the chance of
//! success (a roll that lands in 1 to the EL rolled always has effect); against resistance
//! or an opposition it is the chance of beating the other side, which is what a roll against
//! another side is headlined by (RULES.md section 3), and the only chance the other side's
//! EL moves. The expected effect counts wagered points as they apply, and under an
//! opposition is the net effect: the roller's minus the other side's (RULES.md section 3).
//!
//! Each candidate is the tray's own setup with the tap made, turned into a roll by
//! `ElSetup::check`, so the rules and limits are the tray's. A roll refused because its EL
//! is below 1 is impossible: no success and no effect (RULES.md section 3). A tap whose
//! setup, before or after, is refused for any other reason (a wager past the rank, no one
//! picked to build an EL from) has no delta. Taps share work: each side's totals and values
//! are counted once per EL (a new EL of the Simple Pool is a coin away from one counted),
//! each roll pairs the two sides in one pass over running sums, and taps that land on a
//! roll already resolved (many ticks move the EL alike) reuse its figures.

use super::delta::{Delta, Figure, Measure};
use crate::core::character::Character;
use crate::core::count::Count;
use crate::core::distribution::Distribution;
use crate::core::effective_level::{
    ElCheck, ElDice, ElDie, ElMode, ElSetup, MAX_EL, Pushback, value_of,
};
use crate::core::scene::SceneValue;

/// Which way a stepper moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Its + button.
    Up,
    /// Its − button.
    Down,
}

/// One control on the Effective Level tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElTap {
    /// The quick EL's stepper.
    Level(Step),
    /// The wager's stepper.
    Wager(Step),
    /// The other side's EL stepper.
    TheirLevel(Step),
    /// A role, maneuver, boost or harm penalty of the character's sheet ticked or unticked.
    Pick(u64),
    /// One of the scene's persistent boosts ticked or unticked.
    PickScene(u64),
    /// The "needs training" switch.
    Training,
}

/// What one tap would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElDelta {
    /// The control.
    pub tap: ElTap,
    /// The change in the chance of getting effect (of success, with nobody pushing back).
    pub chance: Delta,
    /// The change in the expected effect (net of the other side's, under an opposition).
    pub effect: Delta,
}

/// Every possible tap's delta for one setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElCoach {
    deltas: Vec<ElDelta>,
}

impl Step {
    /// Moves `n` one step within `least..=MAX_EL`; false at the limit.
    fn take(self, n: &mut u32, least: u32) -> bool {
        let moved = match self {
            Self::Up => (*n < MAX_EL).then(|| *n + 1),
            Self::Down => (*n > least).then(|| *n - 1),
        };
        moved.map(|m| *n = m).is_some()
    }
}

impl ElTap {
    /// Every control the tray shows for `setup`: the quick EL's stepper (quick mode), the
    /// wager's, the other side's (when one is set), then in the builder every entry of the
    /// character's sheet in the order it lists them, the scene's boosts and the training
    /// switch.
    pub fn all(setup: &ElSetup, character: Option<&Character>, scene: &[SceneValue]) -> Vec<Self> {
        let mut taps = Vec::new();
        let both = |tap: fn(Step) -> Self| [tap(Step::Up), tap(Step::Down)];
        if setup.mode == ElMode::Quick {
            taps.extend(both(Self::Level));
        }
        taps.extend(both(Self::Wager));
        if setup.against.is_some() {
            taps.extend(both(Self::TheirLevel));
        }
        if let (ElMode::Builder, Some(character)) = (setup.mode, character) {
            let sheet = &character.sheet;
            taps.extend(sheet.roles.iter().map(|r| Self::Pick(r.id)));
            taps.extend(sheet.maneuvers.iter().map(|m| Self::Pick(m.id)));
            taps.extend(sheet.boosts.iter().map(|b| Self::Pick(b.id)));
            taps.extend(sheet.penalties.iter().map(|p| Self::Pick(p.id)));
            taps.extend(scene.iter().map(|b| Self::PickScene(b.id)));
            taps.push(Self::Training);
        }
        taps
    }

    /// Makes the tap on `setup` as the tray does; false when the control is at a limit or
    /// not offered (a maneuver whose role is not ticked, an entry no longer there).
    pub fn apply(
        self,
        setup: &mut ElSetup,
        character: Option<&Character>,
        scene: &[SceneValue],
    ) -> bool {
        let builder = setup.mode == ElMode::Builder;
        match self {
            Self::Level(step) if !builder => step.take(&mut setup.quick_el, 0),
            Self::Level(_) => false,
            Self::Wager(step) => step.take(&mut setup.wager, 0),
            Self::TheirLevel(step) if setup.against.is_some() => step.take(&mut setup.their_el, 1),
            Self::TheirLevel(_) => false,
            Self::Pick(id) => {
                let Some(sheet) = character.filter(|_| builder).map(|c| &c.sheet) else {
                    return false;
                };
                let on_sheet = sheet.roles.iter().any(|r| r.id == id)
                    || sheet
                        .boosts
                        .iter()
                        .chain(&sheet.penalties)
                        .any(|s| s.id == id)
                    || sheet
                        .maneuvers
                        .iter()
                        .any(|m| m.id == id && setup.is_picked(m.role));
                let was = setup.is_picked(id);
                on_sheet && {
                    setup.toggle(id);
                    setup.is_picked(id) != was
                }
            }
            Self::PickScene(id) => {
                let was = setup.picked_scene.contains(&id);
                builder && scene.iter().any(|b| b.id == id) && {
                    setup.toggle_scene(id);
                    setup.picked_scene.contains(&id) != was
                }
            }
            Self::Training => {
                builder && {
                    setup.needs_training = !setup.needs_training;
                    true
                }
            }
        }
    }
}

/// The chance of getting effect and the expected (net) effect of a roll.
type Figures = (Figure, Figure);

/// One side's dice, their totals and values counted once per EL. Chosen dice show the same
/// totals at every EL (only the cap moves); the Simple Pool's totals at a new EL are stepped
/// from the nearest EL counted, one coin added or taken out per step.
struct SideCounts {
    dice: ElDice,
    totals: Vec<(u32, Distribution)>,
    values: Vec<(u32, Distribution)>,
}

impl SideCounts {
    fn new(dice: &ElDice) -> Self {
        Self {
            dice: dice.clone(),
            totals: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The totals at `el`.
    fn totals(&mut self, el: u32) -> &Distribution {
        let key = if self.dice.is_simple() { el } else { 0 };
        if let Some(at) = self.totals.iter().position(|(e, _)| *e == key) {
            return &self.totals[at].1;
        }
        let nearest = self
            .totals
            .iter()
            .min_by_key(|(e, _)| e.abs_diff(key))
            .filter(|(e, _)| self.dice.is_simple() && e.abs_diff(key) <= 16);
        let stepped = nearest.and_then(|(from, totals)| {
            let coin = ElDie::D2.distribution();
            let mut totals = totals.clone();
            for _ in key..*from {
                totals = totals.without(&coin)?;
            }
            for _ in *from..key {
                totals = totals.add(&coin);
            }
            Some(totals)
        });
        let totals = stepped.unwrap_or_else(|| self.dice.totals(el));
        self.totals.push((key, totals));
        &self.totals[self.totals.len() - 1].1
    }

    /// The values at `el`: a total in 1 to `el` counts as itself, any other as 0 (as
    /// `Side::values` counts them).
    fn values(&mut self, el: u32) -> &Distribution {
        if let Some(at) = self.values.iter().position(|(e, _)| *e == el) {
            return &self.values[at].1;
        }
        let mut weights = vec![Count::zero(); el as usize + 1];
        for (total, ways) in self.totals(el).iter() {
            weights[value_of(total.max(0) as u32, el) as usize].add(ways);
        }
        self.values
            .push((el, Distribution::from_weights(0, weights)));
        &self.values[self.values.len() - 1].1
    }
}

/// Running sums over the other side's values, for pairing them with each of the roller's.
struct OtherSide {
    /// `below[k]`: ways to show a value under `k`; `below_sum[k]`: those ways times the value.
    below: Vec<Count>,
    below_sum: Vec<Count>,
    /// `above[k]`: ways to show `k` or more; `above_sum[k]`: those ways times the value.
    above: Vec<Count>,
    above_sum: Vec<Count>,
    total: Count,
}

/// `count × factor`.
fn times(count: &Count, factor: u32) -> Count {
    Count::product(count, &Count::from(u64::from(factor)))
}

impl OtherSide {
    fn of(values: &Distribution) -> Self {
        let ways: Vec<&Count> = values.iter().map(|(_, w)| w).collect();
        let running = |order: &mut dyn Iterator<Item = usize>| {
            let (mut count, mut sum) = (vec![Count::zero()], vec![Count::zero()]);
            for value in order {
                let mut next = count[count.len() - 1].clone();
                next.add(ways[value]);
                count.push(next);
                let mut next = sum[sum.len() - 1].clone();
                next.add(&times(ways[value], value as u32));
                sum.push(next);
            }
            (count, sum)
        };
        let (below, below_sum) = running(&mut (0..ways.len()));
        let (mut above, mut above_sum) = running(&mut (0..ways.len()).rev());
        above.reverse();
        above_sum.reverse();
        Self {
            below,
            below_sum,
            above,
            above_sum,
            total: values.total(),
        }
    }
}

/// Both sides' counts for one tray (the dice stay as they are across every tap), and the
/// figures of each roll already resolved.
struct Counted {
    mine: SideCounts,
    theirs: SideCounts,
    others: Vec<(Option<u32>, OtherSide)>,
    resolved: Vec<(ResolvedBy, Figures)>,
}

/// What a roll's figures depend on: the EL rolled, the wager, and the other side's EL and
/// whether it opposes.
type ResolvedBy = (u32, u32, Option<(u32, bool)>);

impl Counted {
    fn new(setup: &ElSetup) -> Self {
        Self {
            mine: SideCounts::new(&setup.dice),
            theirs: SideCounts::new(&setup.their_dice),
            others: Vec::new(),
            resolved: Vec::new(),
        }
    }

    /// The two figures of `check`, in one pass over the roller's values. With `W` the
    /// wager, RULES.md section 3 gives the roller's value `v` (from 1 up) effect `v − u + W`
    /// against each lower value `u` of the other side (which shows 0 when nobody pushes
    /// back), and under an opposition gives the other side `u − v` for each higher value.
    fn figures(&mut self, check: &ElCheck) -> Figures {
        let rolled = check.rolled_el();
        let against = check
            .against
            .as_ref()
            .map(|a| (a.side.el, a.kind == Pushback::Opposition));
        let key = (rolled, check.wager, against);
        if let Some((_, figures)) = self.resolved.iter().find(|(k, _)| *k == key) {
            return figures.clone();
        }
        let their_el = against.map(|(el, _)| el);
        let at = match self.others.iter().position(|(e, _)| *e == their_el) {
            Some(at) => at,
            None => {
                let other = match their_el {
                    Some(el) => OtherSide::of(self.theirs.values(el)),
                    None => OtherSide::of(&Distribution::always(0)),
                };
                self.others.push((their_el, other));
                self.others.len() - 1
            }
        };
        let other = &self.others[at].1;
        let opposed = against.is_some_and(|(_, opposed)| opposed);
        let mine = self.mine.values(rolled);
        let top = other.below.len() - 1;
        let (mut wins, mut gain, mut loss) = (Count::zero(), Count::zero(), Count::zero());
        for (value, my_ways) in mine.iter() {
            let v = value as usize;
            if v >= 1 {
                let under = v.min(top);
                wins.add_product(my_ways, &other.below[under]);
                let effect = times(&other.below[under], value as u32 + check.wager);
                gain.add_product(my_ways, &effect);
                loss.add_product(my_ways, &other.below_sum[under]);
            }
            if opposed && v < top {
                gain.add_product(my_ways, &times(&other.above[v + 1], value as u32));
                loss.add_product(my_ways, &other.above_sum[v + 1]);
            }
        }
        let total = Count::product(&mine.total(), &other.total);
        let figures = (
            Figure::new(wins, Count::zero(), total.clone()),
            Figure::new(gain, loss, total),
        );
        self.resolved.push((key, figures.clone()));
        figures
    }

    /// The figures of the roll `setup` makes: zero when its EL is below 1 (impossible),
    /// `None` when it is refused otherwise.
    fn of_setup(
        &mut self,
        setup: &ElSetup,
        character: Option<&Character>,
        scene: &[SceneValue],
    ) -> Option<Figures> {
        match setup.check(character, scene) {
            Ok(check) => Some(self.figures(&check)),
            Err(_) => {
                let can_build = setup.mode == ElMode::Quick || character.is_some();
                (can_build && setup.el(character, scene) < 1)
                    .then(|| (Figure::zero(), Figure::zero()))
            }
        }
    }
}

impl ElCoach {
    /// The deltas of every possible tap on `setup`, for `character` (the one rolling, if
    /// any), with the scene's persistent `boosts`, in `ElTap::all` order.
    pub fn of(setup: &ElSetup, character: Option<&Character>, boosts: &[SceneValue]) -> Self {
        let mut counted = Counted::new(setup);
        let Some((chance, effect)) = counted.of_setup(setup, character, boosts) else {
            return Self { deltas: Vec::new() };
        };
        let chance_measure = if setup.against.is_some() {
            Measure::AnyEffect
        } else {
            Measure::Success
        };
        let effect_measure = if setup.against == Some(Pushback::Opposition) {
            Measure::ExpectedNetEffect
        } else {
            Measure::ExpectedEffect
        };
        let deltas = ElTap::all(setup, character, boosts)
            .into_iter()
            .filter_map(|tap| {
                let mut after = setup.clone();
                if !tap.apply(&mut after, character, boosts) {
                    return None;
                }
                let (new_chance, new_effect) = counted.of_setup(&after, character, boosts)?;
                Some(ElDelta {
                    tap,
                    chance: Delta::new(chance_measure, chance.clone(), new_chance),
                    effect: Delta::new(effect_measure, effect.clone(), new_effect),
                })
            })
            .collect();
        Self { deltas }
    }

    /// Every possible tap's delta.
    pub fn deltas(&self) -> &[ElDelta] {
        &self.deltas
    }

    /// The delta of one tap; `None` when it is not offered, at a limit, or leads to (or
    /// comes from) a roll the tray refuses.
    pub fn delta(&self, tap: ElTap) -> Option<&ElDelta> {
        self.deltas.iter().find(|d| d.tap == tap)
    }
}
