//! Saved pools as version 1 stored them, and the step to version 2.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::saved_pools::{Pool, V2};
use crate::storage::stored::{Lenient, Misshapen, read as read_as};

/// Version 1: `{"pools": [pool, ...]}`, each pool read on its own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V1 {
    pools: Vec<Lenient<PoolV1>>,
}

/// A saved pool in version 1: `{"name", "system", "pool"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PoolV1 {
    name: String,
    system: String,
    pool: String,
}

impl From<PoolV1> for Pool {
    fn from(PoolV1 { name, system, pool }: PoolV1) -> Self {
        Self(name, system, pool)
    }
}

impl From<V1> for V2<Lenient<Pool>> {
    fn from(V1 { pools }: V1) -> Self {
        Self(pools.into_iter().map(|p| p.map(Pool::from)).collect())
    }
}

/// Reads saved pools stored at an older `version` as version 2.
pub(crate) fn read(version: u32, data: Value) -> Result<V2<Lenient<Pool>>, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V2::from),
        _ => Err(Misshapen),
    }
}
