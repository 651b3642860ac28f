//! The Effective Level turn in play: its split portions, their rolls and any cross-role
//! split, kept so a reload in the middle of a turn loses nothing.

use serde::Serialize;
use serde_json::Value;

use super::fields::{ReadField, WriteField, each_item, object_to_array, record};
use super::{Decoded, Document, read_record};
use crate::core::effective_level::{
    Assignment, CrossRoleSplit, ElRoll, MAX_DEFENCES, MAX_EL, MAX_PORTIONS, Portion, PortionKind,
    RoleEl, Turn,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{
    format_check, format_faces, parse_check, parse_faces,
};

record! {
    /// Version 3: `[el, next_id, [portion, ...], cross]`, the cross-role split `null` or
    /// `[[[role, el, used]], [[role, points, label, [[role, el after]]]]]`; a portion is `[id,
    /// name, points,
    /// "action" | "defence" | "boost" | "free-boost", into, after, role, roll, [roll]]` (into,
    /// after, role and roll `null` when there are none; the last list holds the defence rolls),
    /// and a roll `["el 4 vs 3", "d2:1 ...", "d2:0 ..."]`: check, faces, the other side's faces.
    /// Version 2 was the same without the other side's name (`by ...`) in a roll's notation;
    /// version 1 stored `{"el", "next_id", "portions", "cross"?}`, and portions, rolls and the
    /// split as objects with those names.
    struct StoredTurn<P, C> {
        el: u32,
        next_id: u64,
        /// Each read and checked on its own.
        portions: Vec<P>,
        /// The cross-role split, or `null`.
        cross: C,
    }
}

record! {
    /// A roll: `["el 4 vs 3", "d2:1 ...", "d2:0 ..."]`, each in notation.
    struct RollRecord {
        check: String,
        faces: String,
        their_faces: String,
    }
}

record! {
    /// A portion of the turn.
    struct PortionRecord {
        id: u64,
        name: String,
        points: u32,
        /// `"action"`, `"defence"`, `"boost"` or `"free-boost"`.
        kind: String,
        /// The portion a boost goes into.
        into: Option<u64>,
        /// The portion this one follows.
        after: Option<u64>,
        role: Option<String>,
        roll: Option<RollRecord>,
        defences: Vec<RollRecord>,
    }
}

record! {
    /// A cross-role split: `[[[role, el, used]], [[role, points, label, [[role, el after]]]]]`.
    struct CrossRecord {
        roles: Vec<RoleElRecord>,
        assignments: Vec<AssignmentRecord>,
    }
}

record! {
    /// A role's EL in a cross-role split, and whether it is used.
    struct RoleElRecord {
        name: String,
        el: u32,
        used: bool,
    }
}

record! {
    /// Points moved to a role in a cross-role split, with every role's EL after.
    struct AssignmentRecord {
        role: String,
        points: u32,
        label: String,
        after: Vec<RoleAfter>,
    }
}

record! {
    /// A role's EL after an assignment.
    struct RoleAfter {
        name: String,
        el: u32,
    }
}

fn read_roll(record: RollRecord) -> Result<ElRoll, String> {
    let check = parse_check(&record.check).map_err(|e| e.to_string())?;
    let faces = parse_faces(&record.faces).map_err(|e| e.to_string())?;
    let theirs = parse_faces(&record.their_faces).map_err(|e| e.to_string())?;
    ElRoll::from_parts(check, faces, theirs)
}

fn write_roll(roll: &ElRoll) -> RollRecord {
    RollRecord {
        check: format_check(&roll.check),
        faces: format_faces(&roll.faces),
        their_faces: format_faces(&roll.their_faces),
    }
}

fn read_portion(item: &Value) -> Result<Portion, String> {
    let PortionRecord {
        id,
        name,
        points,
        kind,
        into,
        after,
        role,
        roll,
        defences,
    } = PortionRecord::read(item)?;
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
    PortionRecord {
        id: p.id,
        name: p.name.clone(),
        points: p.points,
        kind: kind.into(),
        into,
        after: p.after,
        role: p.role.clone(),
        roll: p.roll.as_ref().map(write_roll),
        defences: p.defences.iter().map(write_roll).collect(),
    }
}

fn read_cross(record: CrossRecord) -> CrossRoleSplit {
    let role = |r: RoleElRecord| RoleEl {
        name: r.name,
        el: r.el,
        used: r.used,
    };
    let assignment = |a: AssignmentRecord| Assignment {
        role: a.role,
        points: a.points,
        label: a.label,
        after: a.after.into_iter().map(|r| (r.name, r.el)).collect(),
    };
    CrossRoleSplit {
        roles: record.roles.into_iter().map(role).collect(),
        assignments: record.assignments.into_iter().map(assignment).collect(),
    }
}

fn write_cross(c: &CrossRoleSplit) -> CrossRecord {
    let role = |r: &RoleEl| RoleElRecord {
        name: r.name.clone(),
        el: r.el,
        used: r.used,
    };
    let after = |(name, el): &(String, u32)| RoleAfter {
        name: name.clone(),
        el: *el,
    };
    let assignment = |a: &Assignment| AssignmentRecord {
        role: a.role.clone(),
        points: a.points,
        label: a.label.clone(),
        after: a.after.iter().map(after).collect(),
    };
    CrossRecord {
        roles: c.roles.iter().map(role).collect(),
        assignments: c.assignments.iter().map(assignment).collect(),
    }
}

/// Rewrites a roll version 1 stored as an object.
fn upgrade_roll(roll: &mut Value) {
    object_to_array(roll, &["check", "faces", "vs_faces"], r#"[null,null,""]"#);
}

impl Document for Turn {
    const KEY: &'static str = "dicetray.el.turn";
    const TITLE: &'static str = "Effective Level turn";
    const VERSION: u32 = 3;

    /// Version 3 only lets rolls name the other side: version 2 reads as it is.
    fn upgrade(version: u32, data: &mut Value) {
        if version < 2 {
            each_item(data.get_mut("portions"), |portion| {
                if let Value::Object(members) = portion {
                    members.get_mut("roll").map(upgrade_roll);
                    each_item(members.get_mut("defences"), upgrade_roll);
                }
                let keys = [
                    "id", "name", "points", "kind", "into", "after", "role", "roll", "defences",
                ];
                let defaults = "[null,null,null,null,null,null,null,null,[]]";
                object_to_array(portion, &keys, defaults);
            });
            if let Some(cross) = data.get_mut("cross") {
                object_to_array(cross, &["roles", "assignments"], "[null,null]");
            }
            let keys = ["el", "next_id", "portions", "cross"];
            object_to_array(data, &keys, "[null,null,null,null]");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let StoredTurn {
            el,
            next_id,
            portions,
            cross,
        }: StoredTurn<Value, Value> = read_record(&data, "the turn")?;
        if el > MAX_EL || portions.len() > MAX_PORTIONS {
            return Err("a turn past the tray's limits".into());
        }
        let portions = portions
            .iter()
            .map(read_portion)
            .collect::<Result<Vec<_>, _>>()?;
        let cross = Option::<CrossRecord>::read(&cross)?.map(read_cross);
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
        stored(self).write()
    }
}

/// What `Turn` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &Turn) -> impl WriteField {
    StoredTurn {
        el: value.el,
        next_id: value.next_id,
        portions: value.portions.iter().map(write_portion).collect(),
        cross: value.cross.as_ref().map(write_cross),
    }
}
