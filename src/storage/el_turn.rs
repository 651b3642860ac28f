//! The Effective Level turn in play: its split portions, their rolls and any cross-role
//! split, kept so a reload in the middle of a turn loses nothing.

use serde::{Deserialize, Serialize};

use super::{Decoded, Document, decode_record};
use crate::core::effective_level::{
    Assignment, CrossRoleSplit, ElRoll, MAX_DEFENCES, MAX_EL, MAX_PORTIONS, Portion, PortionKind,
    RoleEl, Turn,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{
    format_check, format_faces, parse_check, parse_faces,
};

/// Version 1: `{"el", "next_id", "portions": [portion], "cross"?: {"roles": [{"name", "el",
/// "used"}], "assignments": [{"role", "points", "label", "after": [["Warrior", 12]]}]}}`; a
/// portion is `{"id", "name", "points", "kind": "action" | "defence" | "boost" |
/// "free-boost", "into"?, "after"?, "role"?, "roll"?: roll, "defences": [roll]}` and a roll
/// `{"check": "el 4 vs 3", "faces": "d2:1 ...", "vs_faces": "..."}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnRecord {
    el: u32,
    next_id: u64,
    portions: Vec<PortionRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cross: Option<CrossRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PortionRecord {
    id: u64,
    name: String,
    points: u32,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    into: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    after: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    roll: Option<RollRecord>,
    #[serde(default)]
    defences: Vec<RollRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RollRecord {
    check: String,
    faces: String,
    #[serde(default)]
    vs_faces: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CrossRecord {
    roles: Vec<(String, u32, bool)>,
    assignments: Vec<AssignmentRecord>,
}

/// An assignment as stored: role, points, label, and the roles' ELs after it.
type AssignmentRecord = (String, u32, String, Vec<(String, u32)>);

fn roll_from(record: &RollRecord) -> Result<ElRoll, String> {
    let check = parse_check(&record.check).map_err(|e| e.to_string())?;
    let faces = parse_faces(&record.faces).map_err(|e| e.to_string())?;
    let theirs = parse_faces(&record.vs_faces).map_err(|e| e.to_string())?;
    ElRoll::from_parts(check, faces, theirs)
}

fn roll_record(roll: &ElRoll) -> RollRecord {
    RollRecord {
        check: format_check(&roll.check),
        faces: format_faces(&roll.faces),
        vs_faces: format_faces(&roll.their_faces),
    }
}

fn portion_from(record: PortionRecord) -> Result<Portion, String> {
    let kind = match (record.kind.as_str(), record.into) {
        ("action", None) => PortionKind::Action,
        ("defence", None) => PortionKind::Defence,
        ("boost", Some(into)) => PortionKind::Boost { into, free: false },
        ("free-boost", Some(into)) => PortionKind::Boost { into, free: true },
        (kind, _) => return Err(format!("a portion of unknown kind “{kind}”")),
    };
    if !(1..=MAX_EL).contains(&record.points) || record.defences.len() > MAX_DEFENCES {
        return Err(format!("the portion “{}” is out of range", record.name));
    }
    Ok(Portion {
        id: record.id,
        name: clean_name(&record.name, "portion")?,
        points: record.points,
        kind,
        after: record.after,
        role: match record.role {
            Some(role) => Some(clean_name(&role, "role")?),
            None => None,
        },
        roll: record.roll.as_ref().map(roll_from).transpose()?,
        defences: record
            .defences
            .iter()
            .map(roll_from)
            .collect::<Result<_, _>>()?,
    })
}

impl Document for Turn {
    const KEY: &'static str = "dicetray.el.turn";
    const TITLE: &'static str = "Effective Level turn";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let record: TurnRecord = decode_record(data, "the turn")?;
        if record.el > MAX_EL || record.portions.len() > MAX_PORTIONS {
            return Err("a turn past the tray's limits".into());
        }
        let portions = record
            .portions
            .into_iter()
            .map(portion_from)
            .collect::<Result<Vec<_>, _>>()?;
        let cross = record.cross.map(|c| CrossRoleSplit {
            roles: c
                .roles
                .into_iter()
                .map(|(name, el, used)| RoleEl { name, el, used })
                .collect(),
            assignments: c
                .assignments
                .into_iter()
                .map(|(role, points, label, after)| Assignment {
                    role,
                    points,
                    label,
                    after,
                })
                .collect(),
        });
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
            el: record.el,
            portions,
            cross,
            // Repaired only if it fell behind a portion's id.
            next_id: if top > 0 {
                record.next_id.max(top + 1)
            } else {
                record.next_id
            },
        }))
    }

    fn encode(&self) -> impl Serialize {
        TurnRecord {
            el: self.el,
            next_id: self.next_id,
            portions: self
                .portions
                .iter()
                .map(|p| {
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
                        roll: p.roll.as_ref().map(roll_record),
                        defences: p.defences.iter().map(roll_record).collect(),
                    }
                })
                .collect(),
            cross: self.cross.as_ref().map(|c| CrossRecord {
                roles: c
                    .roles
                    .iter()
                    .map(|r| (r.name.clone(), r.el, r.used))
                    .collect(),
                assignments: c
                    .assignments
                    .iter()
                    .map(|a| (a.role.clone(), a.points, a.label.clone(), a.after.clone()))
                    .collect(),
            }),
        }
    }
}
