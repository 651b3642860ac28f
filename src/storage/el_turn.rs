//! The Effective Level turn in play: its split portions, their rolls and any cross-role
//! split, kept so a reload in the middle of a turn loses nothing.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{Field, Fields, each, each_item, fields, number, object_to_array, text};
use super::{Decoded, Document, decode_record};
use crate::core::effective_level::{
    Assignment, CrossRoleSplit, ElRoll, MAX_DEFENCES, MAX_EL, MAX_PORTIONS, Portion, PortionKind,
    RoleEl, Turn,
};
use crate::core::facet::clean_name;
use crate::core::notation::effective_level::{
    format_check, format_faces, parse_check, parse_faces,
};

/// Version 3: `[el, next_id, [portion, ...], cross]`, the cross-role split `null` or
/// `[[[role, el, used]], [[role, points, label, [[role, el after]]]]]`; a portion is `[id,
/// name, points,
/// "action" | "defence" | "boost" | "free-boost", into, after, role, roll, [roll]]` (into,
/// after, role and roll `null` when there are none; the last list holds the defence rolls),
/// and a roll `["el 4 vs 3", "d2:1 ...", "d2:0 ..."]`: check, faces, the other side's faces.
/// Version 2 was the same without the other side's name (`by ...`) in a roll's notation;
/// version 1 stored `{"el", "next_id", "portions", "cross"?}`, and portions, rolls and the
/// split as objects with those names.
#[derive(Serialize, Deserialize)]
struct Stored<I>(u32, u64, Vec<I>, I);

fn read_roll(item: &Value) -> Result<ElRoll, String> {
    let mut fields = Fields::of(item)?;
    let (check, faces, theirs) = (fields.str()?, fields.str()?, fields.str()?);
    fields.end()?;
    let check = parse_check(check).map_err(|e| e.to_string())?;
    let faces = parse_faces(faces).map_err(|e| e.to_string())?;
    let theirs = parse_faces(theirs).map_err(|e| e.to_string())?;
    ElRoll::from_parts(check, faces, theirs)
}

fn write_roll(roll: &ElRoll) -> Field<'_> {
    fields![
        format_check(&roll.check),
        format_faces(&roll.faces),
        format_faces(&roll.their_faces),
    ]
}

fn read_portion(item: &Value) -> Result<Portion, String> {
    let mut fields = Fields::of(item)?;
    let (id, name, points) = (fields.u64()?, fields.str()?, fields.u32()?);
    let kind = fields.str()?;
    let into = fields.maybe()?.map(number).transpose()?;
    let after = fields.maybe()?.map(number).transpose()?;
    let role = fields.maybe()?.map(text).transpose()?;
    let roll = fields.maybe()?.map(read_roll).transpose()?;
    let defences = fields.list()?;
    fields.end()?;
    let kind = match (kind, into) {
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
        name: clean_name(name, "portion")?,
        points,
        kind,
        after,
        role: role.map(|role| clean_name(role, "role")).transpose()?,
        roll,
        defences: defences.iter().map(read_roll).collect::<Result<_, _>>()?,
    })
}

fn write_portion(p: &Portion) -> Field<'_> {
    let (kind, into) = match p.kind {
        PortionKind::Action => ("action", None),
        PortionKind::Defence => ("defence", None),
        PortionKind::Boost { into, free: false } => ("boost", Some(into)),
        PortionKind::Boost { into, free: true } => ("free-boost", Some(into)),
    };
    fields![
        p.id,
        &p.name,
        p.points,
        kind,
        into,
        p.after,
        p.role.as_deref(),
        p.roll.as_ref().map(write_roll),
        each(&p.defences, write_roll),
    ]
}

fn read_cross(item: &Value) -> Result<CrossRoleSplit, String> {
    let mut fields = Fields::of(item)?;
    let (roles, assignments) = (fields.list()?, fields.list()?);
    fields.end()?;
    let role = |item| -> Result<_, String> {
        let mut fields = Fields::of(item)?;
        let (name, el, used) = (fields.str()?, fields.u32()?, fields.bool()?);
        fields.end()?;
        let name = name.to_string();
        Ok(RoleEl { name, el, used })
    };
    let assignment = |item| -> Result<_, String> {
        let mut fields = Fields::of(item)?;
        let (role, points, label) = (fields.str()?, fields.u32()?, fields.str()?);
        let after = fields.list()?.iter().map(|item| {
            let mut fields = Fields::of(item)?;
            let (name, el) = (fields.str()?.to_string(), fields.u32()?);
            fields.end().map(|()| (name, el))
        });
        let after = after.collect::<Result<_, _>>()?;
        fields.end()?;
        let (role, label) = (role.to_string(), label.to_string());
        Ok(Assignment {
            role,
            points,
            label,
            after,
        })
    };
    Ok(CrossRoleSplit {
        roles: roles.iter().map(role).collect::<Result<_, _>>()?,
        assignments: assignments
            .iter()
            .map(assignment)
            .collect::<Result<_, _>>()?,
    })
}

fn write_cross(c: &CrossRoleSplit) -> Field<'_> {
    fields![
        each(&c.roles, |r| fields![&r.name, r.el, r.used]),
        each(&c.assignments, |a| fields![
            &a.role,
            a.points,
            &a.label,
            each(&a.after, |(name, el)| fields![name, *el]),
        ]),
    ]
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
        let Stored(el, next_id, portions, cross) = decode_record(data, "the turn")?;
        if el > MAX_EL || portions.len() > MAX_PORTIONS {
            return Err("a turn past the tray's limits".into());
        }
        let portions = portions
            .iter()
            .map(read_portion)
            .collect::<Result<Vec<_>, _>>()?;
        let cross = match &cross {
            Value::Null => None,
            cross => Some(read_cross(cross)?),
        };
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
        Stored(
            self.el,
            self.next_id,
            each(&self.portions, write_portion),
            self.cross.as_ref().map(write_cross).into(),
        )
    }
}
