//! The scene, kept until the players end it.

use serde::{Deserialize, Serialize};

use super::characters::{FacetRecord, facets_from};
use super::{Decoded, Document, decode_record};
use crate::core::scene::Scene;

/// Version 1: `{"next_id": 4, "facets": [{"id", "name", "helps"}, ...]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SceneRecord {
    #[serde(default)]
    next_id: u64,
    #[serde(default)]
    facets: Vec<FacetRecord>,
}

impl Document for Scene {
    const KEY: &'static str = "dicetray.scene";
    const TITLE: &'static str = "scene";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let record: SceneRecord = decode_record(data, "the scene")?;
        let facets = facets_from(record.facets).map_err(|e| format!("a scene facet: {e}"))?;
        Ok(Decoded::clean(Scene::from_parts(facets, record.next_id)))
    }

    fn encode(&self) -> impl Serialize {
        SceneRecord {
            next_id: self.next_id(),
            facets: self.facets.items().iter().map(FacetRecord::of).collect(),
        }
    }
}
