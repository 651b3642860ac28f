//! The Effective Level turn in play: its split portions, their rolls and any cross-role
//! split, kept so a reload in the middle of a turn loses nothing.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::effective_level::{
    Assignment, CrossRoleSplit, ElRoll, MAX_DEFENCES, MAX_EL, MAX_PORTIONS, Portion, PortionKind,
    RoleEl, Turn,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{
    format_check, format_faces, parse_check, parse_faces,
};

/// Version 3, what this build writes: `[el, next_id, [portion, ...], cross]`, the cross-role
/// split `null` or `[[[role, el, used]], [[role, points, label, [[role, el after]]]]]`. Older
/// versions are in `migrations::el_turn`.
#[derive(Serialize, Deserialize)]
pub(super) struct V3(
    pub u32,
    pub u64,
    pub Vec<PortionRecord>,
    pub Option<CrossRecord>,
);

/// A roll: `["el 4 vs 3", "d2:1 ...", "d2:0 ..."]`, its check, faces and the other side's
/// faces, each in notation.
#[derive(Serialize, Deserialize)]
pub(super) struct RollRecord(pub String, pub String, pub String);

/// A portion of the turn: `[id, name, points, "action" | "defence" | "boost" |
/// "free-boost", into, after, role, roll, [defence roll, ...]]`, `into` (the portion a boost
/// goes into), `after` (the portion this one follows), `role` and `roll` `null` when there
/// are none.
#[derive(Serialize, Deserialize)]
pub(super) struct PortionRecord(
    pub u64,
    pub String,
    /// Points.
    pub u32,
    /// Kind.
    pub String,
    /// Into.
    pub Option<u64>,
    /// After.
    pub Option<u64>,
    /// Role.
    pub Option<String>,
    pub Option<RollRecord>,
    /// Defences.
    pub Vec<RollRecord>,
);

/// A cross-role split: every role's EL and whether it is used, then the points moved.
#[derive(Serialize, Deserialize)]
pub(super) struct CrossRecord(pub Vec<RoleElRecord>, pub Vec<AssignmentRecord>);

/// A role's EL in a cross-role split, and whether it is used: `[role, el, used]`.
#[derive(Serialize, Deserialize)]
pub(super) struct RoleElRecord(pub String, pub u32, pub bool);

/// Points moved to a role, with every role's EL after: `[role, points, label, [[role,
/// el], ...]]`.
#[derive(Serialize, Deserialize)]
pub(super) struct AssignmentRecord(pub String, pub u32, pub String, pub Vec<(String, u32)>);

fn read_roll(RollRecord(check, faces, their_faces): RollRecord) -> Result<ElRoll, String> {
    let check = parse_check(&check).map_err(|e| e.to_string())?;
    let faces = parse_faces(&faces).map_err(|e| e.to_string())?;
    let theirs = parse_faces(&their_faces).map_err(|e| e.to_string())?;
    ElRoll::from_parts(check, faces, theirs)
}

fn write_roll(roll: &ElRoll) -> RollRecord {
    RollRecord(
        format_check(&roll.check),
        format_faces(&roll.faces),
        format_faces(&roll.their_faces),
    )
}

fn read_portion(record: PortionRecord) -> Result<Portion, String> {
    let PortionRecord(id, name, points, kind, into, after, role, roll, defences) = record;
    let kind = match (kind.as_str(), into) {
        ("action", None) => PortionKind::Action,
        ("defence", None) => PortionKind::Defence,
        ("boost", Some(into)) => PortionKind::Boost { into, free: false },
        ("free-boost", Some(into)) => PortionKind::Boost { into, free: true },
        (kind, _) => return Err(format!("a portion of unknown kind “{kind}”")),
    };
    if !(1..=MAX_EL).contains(&points) || defences.len() > MAX_DEFENCES {
        return Err(format!("the portion “{name}” is out of range"));
    }
    Ok(Portion {
        id,
        name: clean_name(&name, "portion")?,
        points,
        kind,
        after,
        role: role.map(|role| clean_name(&role, "role")).transpose()?,
        roll: roll.map(read_roll).transpose()?,
        defences: defences
            .into_iter()
            .map(read_roll)
            .collect::<Result<_, _>>()?,
    })
}

fn write_portion(p: &Portion) -> PortionRecord {
    let (kind, into) = match p.kind {
        PortionKind::Action => ("action", None),
        PortionKind::Defence => ("defence", None),
        PortionKind::Boost { into, free: false } => ("boost", Some(into)),
        PortionKind::Boost { into, free: true } => ("free-boost", Some(into)),
    };
    PortionRecord(
        p.id,
        p.name.clone(),
        p.points,
        kind.into(),
        into,
        p.after,
        p.role.clone(),
        p.roll.as_ref().map(write_roll),
        p.defences.iter().map(write_roll).collect(),
    )
}

fn read_cross(CrossRecord(roles, assignments): CrossRecord) -> CrossRoleSplit {
    let role = |RoleElRecord(name, el, used)| RoleEl { name, el, used };
    let assignment = |AssignmentRecord(role, points, label, after)| Assignment {
        role,
        points,
        label,
        after,
    };
    CrossRoleSplit {
        roles: roles.into_iter().map(role).collect(),
        assignments: assignments.into_iter().map(assignment).collect(),
    }
}

fn write_cross(c: &CrossRoleSplit) -> CrossRecord {
    let role = |r: &RoleEl| RoleElRecord(r.name.clone(), r.el, r.used);
    let assignment = |a: &Assignment| {
        AssignmentRecord(a.role.clone(), a.points, a.label.clone(), a.after.clone())
    };
    CrossRecord(
        c.roles.iter().map(role).collect(),
        c.assignments.iter().map(assignment).collect(),
    )
}

impl Document for Turn {
    const KEY: &'static str = "dicetray.el.turn";
    const TITLE: &'static str = "Effective Level turn";
    const VERSION: u32 = 3;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V3(el, next_id, portions, cross) = read_version::<Self, _>(version, data, "the turn")?;
        if el > MAX_EL || portions.len() > MAX_PORTIONS {
            return Err("a turn past the tray's limits".into());
        }
        let portions = portions
            .into_iter()
            .map(read_portion)
            .collect::<Result<Vec<_>, _>>()?;
        let cross = cross.map(read_cross);
        let known = |id: u64| portions.iter().any(|p| p.id == id);
        for p in &portions {
            let into = match p.kind {
                PortionKind::Boost { into, .. } => Some(into),
                _ => None,
            };
            if p.after
                .into_iter()
                .chain(into)
                .any(|id| !known(id) || id == p.id)
            {
                return Err(format!(
                    "the portion “{}” points to no other portion",
                    p.name
                ));
            }
        }
        let top = portions.iter().map(|p| p.id).max().unwrap_or(0);
        Ok(Decoded::clean(Turn {
            el,
            portions,
            cross,
            // Repaired only if it fell behind a portion's id.
            next_id: if top > 0 {
                next_id.max(top + 1)
            } else {
                next_id
            },
        }))
    }

    fn encode(&self) -> impl Serialize {
        V3(
            self.el,
            self.next_id,
            self.portions.iter().map(write_portion).collect(),
            self.cross.as_ref().map(write_cross),
        )
    }
}
