//! What storing records as arrays saves over naming their members: each document of the
//! fixtures (the fullest of each, at its latest version, migrated to today's form) and a
//! history of [`MAX_HISTORY`] rolls, written both ways and measured. The figures are
//! printed (`cargo test --lib measure -- --nocapture`), never asserted. The named form is
//! the stored array with each field given its member's name from [`Shape`]s written here
//! from the stored types' docs; what is checked is that every array has exactly the fields
//! its shape names. With `DICETRAY_MEASURE_DIR` set, both texts of each are written there
//! too, to compress.

use serde_json::{Map, Value};

use super::{Document, decode_text, encode};
use crate::core::character::Roster;
use crate::core::effective_level::{ElSetup, Turn};
use crate::core::highest_d6::D6Setup;
use crate::core::history::{MAX_HISTORY, RollHistory};
use crate::core::narrative::NarrativePool;
use crate::core::scene::Scene;
use crate::core::story_points::StoryPoints;
use crate::storage::{SavedPools, Settings};

/// The members of a stored value, to name its fields.
enum Shape {
    /// A value with no members of its own.
    Plain,
    /// An array of fields, named in order.
    Record(&'static [(&'static str, Shape)]),
    /// An array whose first fields are named by `head`, then by the tail of the tag found
    /// at `tag` in it.
    Tagged {
        head: &'static [(&'static str, Shape)],
        tag: usize,
        tails: &'static [(&'static str, &'static [(&'static str, Shape)])],
    },
    /// A list of items.
    List(&'static Shape),
}

use Shape::{List, Plain, Record};

const FACET: Shape = Record(&[("id", Plain), ("name", Plain), ("helps", Plain)]);
const NAMED_VALUE: Shape = Record(&[("id", Plain), ("name", Plain), ("value", Plain)]);

const CHARACTERS: Shape = Record(&[
    ("next_id", Plain),
    ("active", Plain),
    (
        "characters",
        List(&Record(&[
            ("id", Plain),
            ("name", Plain),
            ("facets", List(&FACET)),
            (
                "harm",
                List(&Shape::Tagged {
                    head: &[("id", Plain), ("kind", Plain)],
                    tag: 1,
                    tails: &[
                        ("scratch", &[]),
                        ("wound", &[]),
                        ("condition", &[("name", Plain)]),
                    ],
                }),
            ),
            ("level", Plain),
            (
                "roles",
                List(&Record(&[("id", Plain), ("name", Plain), ("rank", Plain)])),
            ),
            (
                "maneuvers",
                List(&Record(&[
                    ("id", Plain),
                    ("name", Plain),
                    ("bonus", Plain),
                    ("role", Plain),
                ])),
            ),
            ("boosts", List(&NAMED_VALUE)),
            ("penalties", List(&NAMED_VALUE)),
        ])),
    ),
]);

const SCENE: Shape = Record(&[
    ("next_id", Plain),
    ("facets", List(&FACET)),
    (
        "obstacles",
        List(&Record(&[
            ("id", Plain),
            ("name", Plain),
            ("target", Plain),
            ("progress", Plain),
            ("el", Plain),
        ])),
    ),
    ("boosts", List(&NAMED_VALUE)),
    ("residuals", List(&NAMED_VALUE)),
]);

const SAVED_POOLS: Shape = List(&Record(&[
    ("name", Plain),
    ("system", Plain),
    ("pool", Plain),
]));

const SETTINGS: Shape = Record(&[
    ("zero_dice", Plain),
    ("haptics", Plain),
    ("coach", Plain),
    ("open_folds", Plain),
    ("keep_asked", Plain),
    ("last_export", Plain),
]);

const D6_SETUP: Shape = Record(&[
    ("base", Plain),
    ("kind", Plain),
    ("conflict", Plain),
    ("applied", Plain),
]);

const EL_SETUP: Shape = Record(&[
    ("mode", Plain),
    ("quick_el", Plain),
    ("quick_rank", Plain),
    ("picked", Plain),
    ("picked_scene", Plain),
    (
        "situational",
        List(&Record(&[("name", Plain), ("value", Plain)])),
    ),
    ("needs_training", Plain),
    ("dice", Plain),
    ("wager", Plain),
    ("dedicated_kind", Plain),
    ("dedicated_name", Plain),
    ("against", Plain),
    ("their_el", Plain),
    ("their_dice", Plain),
    ("their_name", Plain),
    (
        "conditions",
        List(&Record(&[("mark", Plain), ("value", Plain)])),
    ),
]);

const ROLL: Shape = Record(&[("check", Plain), ("faces", Plain), ("their_faces", Plain)]);

const EL_TURN: Shape = Record(&[
    ("el", Plain),
    ("next_id", Plain),
    (
        "portions",
        List(&Record(&[
            ("id", Plain),
            ("name", Plain),
            ("points", Plain),
            ("kind", Plain),
            ("into", Plain),
            ("after", Plain),
            ("role", Plain),
            ("roll", ROLL),
            ("defences", List(&ROLL)),
        ])),
    ),
    (
        "cross",
        Record(&[
            (
                "roles",
                List(&Record(&[("name", Plain), ("el", Plain), ("used", Plain)])),
            ),
            (
                "assignments",
                List(&Record(&[
                    ("role", Plain),
                    ("points", Plain),
                    ("label", Plain),
                    ("after", List(&Record(&[("name", Plain), ("el", Plain)]))),
                ])),
            ),
        ]),
    ),
]);

const STORY_POINTS: Shape = Record(&[
    ("naming", Plain),
    ("players", Plain),
    ("gm", Plain),
    ("previous", Record(&[("players", Plain), ("gm", Plain)])),
]);

const HISTORY: Shape = List(&Shape::Tagged {
    head: &[
        ("id", Plain),
        ("at", Plain),
        ("label", Plain),
        ("who", Plain),
        ("real_dice", Plain),
        ("to_gm", Plain),
        ("system", Plain),
        ("pool", Plain),
    ],
    tag: 6,
    tails: &[
        (
            "narrative",
            &[
                ("faces", Plain),
                ("rerolls", List(&Record(&[("die", Plain), ("was", Plain)]))),
            ],
        ),
        (
            "d6",
            &[
                ("faces", Plain),
                ("plan", Plain),
                ("kind", Plain),
                ("conflict", Plain),
                ("cost", Plain),
            ],
        ),
        (
            "el",
            &[
                ("faces", Plain),
                ("their_faces", Plain),
                ("dedicated", Record(&[("kind", Plain), ("name", Plain)])),
            ],
        ),
        ("el-defence", &[("faces", Plain), ("attack", Plain)]),
        (
            "story",
            &[
                ("change", Plain),
                ("players", Plain),
                ("gm", Plain),
                ("dice", Plain),
            ],
        ),
    ],
});

/// `value` with the members of every record named as `shape` says; `null` stays as it is
/// (an optional record left out). Panics when an array's fields are not those its shape
/// names.
fn named(value: Value, shape: &Shape) -> Value {
    match (value, shape) {
        (Value::Array(fields), Record(names)) => name_fields(fields, names, &[]),
        (Value::Array(fields), Shape::Tagged { head, tag, tails }) => {
            let tag = fields[*tag].as_str().unwrap();
            let (_, tail) = tails.iter().find(|(t, _)| *t == tag).unwrap();
            name_fields(fields, head, tail)
        }
        (Value::Array(items), List(item)) => {
            Value::Array(items.into_iter().map(|i| named(i, item)).collect())
        }
        (value @ Value::Null, _) | (value, Plain) => value,
        (value, _) => panic!("{value} is not the shape named"),
    }
}

/// The fields of an array named by `head` then `tail`.
fn name_fields(
    fields: Vec<Value>,
    head: &[(&'static str, Shape)],
    tail: &[(&'static str, Shape)],
) -> Value {
    let names: Vec<&(&str, Shape)> = head.iter().chain(tail).collect();
    let list: Vec<&str> = names.iter().map(|(name, _)| *name).collect();
    assert_eq!(fields.len(), names.len(), "fields named {list:?}");
    let members: Map<String, Value> = fields
        .into_iter()
        .zip(names)
        .map(|(field, (name, shape))| (name.to_string(), named(field, shape)))
        .collect();
    Value::Object(members)
}

/// The named form with its names dropped: every object as the array of its values.
fn unnamed(value: Value) -> Value {
    match value {
        Value::Object(members) => {
            Value::Array(members.into_iter().map(|(_, v)| unnamed(v)).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(unnamed).collect()),
        other => other,
    }
}

/// The fullest fixture of `stem`: the one of the highest version.
fn fullest<D: Document>(stem: &str) -> D {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let version = (1..=D::VERSION)
        .rev()
        .find(|v| dir.join(format!("{stem}-v{v}.json")).exists())
        .unwrap_or_else(|| panic!("no fixture for {stem}"));
    let text = std::fs::read_to_string(dir.join(format!("{stem}-v{version}.json"))).unwrap();
    decode_text(text.trim()).unwrap()
}

/// The stored text of `value` and the same with every record's members named as `shape`
/// says, checked to hold the same values; returns their lengths in bytes.
fn both_ways<D: Document>(name: &str, value: &D, shape: &Shape) -> (usize, usize) {
    let arrays = encode(value).unwrap();
    let stored: Value = serde_json::from_str(&arrays).unwrap();
    let data = named(stored["data"].clone(), shape);
    assert_eq!(unnamed(data.clone()), stored["data"], "{name}");
    let named = serde_json::json!({ "version": D::VERSION, "data": data });
    let named = serde_json::to_string(&named).unwrap();
    if let Some(dir) = std::env::var_os("DICETRAY_MEASURE_DIR") {
        let dir = std::path::Path::new(&dir);
        std::fs::write(dir.join(format!("{name}.arrays.json")), &arrays).unwrap();
        std::fs::write(dir.join(format!("{name}.named.json")), &named).unwrap();
    }
    println!(
        "{name:>16}: arrays {:>6} bytes, named {:>6} bytes ({:+.0}%)",
        arrays.len(),
        named.len(),
        (named.len() as f64 / arrays.len() as f64 - 1.0) * 100.0
    );
    (arrays.len(), named.len())
}

#[test]
fn arrays_against_named_members() {
    let roster: Roster = fullest("characters");
    both_ways("characters", &roster, &CHARACTERS);
    let scene: Scene = fullest("scene");
    both_ways("scene", &scene, &SCENE);
    let saved: SavedPools = fullest("saved-pools");
    both_ways("saved-pools", &saved, &SAVED_POOLS);
    let settings: Settings = fullest("settings");
    both_ways("settings", &settings, &SETTINGS);
    let pool: NarrativePool = fullest("narrative-pool");
    both_ways("narrative-pool", &pool, &Plain);
    let d6: D6Setup = fullest("d6-setup");
    both_ways("d6-setup", &d6, &D6_SETUP);
    let el: ElSetup = fullest("el-setup");
    both_ways("el-setup", &el, &EL_SETUP);
    let turn: Turn = fullest("el-turn");
    both_ways("el-turn", &turn, &EL_TURN);
    let points: StoryPoints = fullest("story-points");
    both_ways("story-points", &points, &STORY_POINTS);
    let history: RollHistory = fullest("history");
    both_ways("history", &history, &HISTORY);

    // A full history: the fixture's rolls of every system, over and over, with fresh ids.
    let kinds = history.entries();
    let entries = (0..MAX_HISTORY)
        .map(|n| {
            let mut entry = kinds[n % kinds.len()].clone();
            entry.id = 1_000 + n as u64;
            entry.at_ms += n as u64;
            entry
        })
        .collect();
    let full = RollHistory::from_entries(entries);
    let (arrays, named) = both_ways("history-100", &full, &HISTORY);
    println!(
        "{:>16}: {} rolls, {:.0} bytes a roll as arrays, {:.0} named",
        "",
        MAX_HISTORY,
        arrays as f64 / MAX_HISTORY as f64,
        named as f64 / MAX_HISTORY as f64
    );
}
