//! NIP-01 events: building and signing ours, checking anyone's.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::bytes::{from_hex_array, hex};
use super::dropped::Dropped;
use super::keys::{DeviceKey, verify};

/// Events larger than this (as JSON) are dropped unread.
pub const MAX_EVENT_BYTES: usize = 16 * 1024;

/// A NIP-01 event, field for field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// SHA-256 of the serialized fields, lowercase hex.
    pub id: String,
    /// Author's x-only public key, lowercase hex.
    pub pubkey: String,
    /// Unix seconds, as the author's clock says.
    pub created_at: u64,
    /// 7237, 27237 or 37237 at a table.
    pub kind: u32,
    /// `["t", tag]` first, then `expiration` or `d`.
    pub tags: Vec<Vec<String>>,
    /// The sealed message (`t1.` or `g1.`).
    pub content: String,
    /// BIP-340 signature of the id, lowercase hex.
    pub sig: String,
}

/// The id NIP-01 defines: SHA-256 of `[0,pubkey,created_at,kind,tags,content]` as compact JSON.
pub fn event_id(
    pubkey: &str,
    created_at: u64,
    kind: u32,
    tags: &[Vec<String>],
    content: &str,
) -> [u8; 32] {
    let text =
        serde_json::to_string(&(0u8, pubkey, created_at, kind, tags, content)).unwrap_or_default();
    Sha256::digest(text.as_bytes()).into()
}

impl Event {
    /// Our event: id computed and signed by `key` with auxiliary randomness `aux`.
    pub fn signed(
        key: &DeviceKey,
        created_at: u64,
        kind: u32,
        tags: Vec<Vec<String>>,
        content: String,
        aux: &[u8; 32],
    ) -> Event {
        let pubkey = key.public_hex();
        let id = event_id(&pubkey, created_at, kind, &tags, &content);
        let sig = key.sign(&id, aux);
        Event {
            id: hex(&id),
            pubkey,
            created_at,
            kind,
            tags,
            content,
            sig: hex(&sig),
        }
    }

    /// Anyone's event from a relay: size, JSON shape, hex lengths, id and signature checked.
    pub fn from_json(text: &str) -> Result<Event, Dropped> {
        let event = Event::parse(text)?;
        event.verify()?;
        Ok(event)
    }

    /// Reads an event's JSON (its length checked first), without checking its id or
    /// signature: cheap checks come before the costly ones.
    pub fn parse(text: &str) -> Result<Event, Dropped> {
        if text.len() > MAX_EVENT_BYTES {
            return Err(Dropped::TooBig);
        }
        serde_json::from_str(text).map_err(|_| Dropped::BadJson)
    }

    /// Checks the id is the hash of the fields and the signature is the author's.
    pub fn verify(&self) -> Result<(), Dropped> {
        let id = from_hex_array::<32>(&self.id).ok_or(Dropped::BadJson)?;
        let pubkey = from_hex_array::<32>(&self.pubkey).ok_or(Dropped::BadJson)?;
        let sig = from_hex_array::<64>(&self.sig).ok_or(Dropped::BadJson)?;
        let computed = event_id(
            &self.pubkey,
            self.created_at,
            self.kind,
            &self.tags,
            &self.content,
        );
        if computed != id {
            return Err(Dropped::BadId);
        }
        if !verify(&pubkey, &id, &sig) {
            return Err(Dropped::BadSignature);
        }
        Ok(())
    }

    /// The event as compact JSON, as relays are sent it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The value of the first tag with this name (`"d"`, `"expiration"`), if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.first().map(String::as_str) == Some(name))
            .and_then(|t| t.get(1))
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_event_checks_and_tampering_does_not() {
        let key = DeviceKey::from_secret([3; 32]).unwrap();
        let tags = vec![vec!["t".to_string(), "ab".to_string()]];
        let e = Event::signed(&key, 1_700_000_000, 7237, tags, "t1.x".into(), &[0; 32]);
        assert_eq!(Event::from_json(&e.to_json()), Ok(e.clone()));
        let mut bad = e.clone();
        bad.content.push('y');
        assert_eq!(Event::from_json(&bad.to_json()), Err(Dropped::BadId));
        let mut bad = e.clone();
        bad.sig = hex(&[1; 64]);
        assert_eq!(Event::from_json(&bad.to_json()), Err(Dropped::BadSignature));
        let mut bad = e;
        bad.id = bad.id.to_uppercase();
        assert_eq!(Event::from_json(&bad.to_json()), Err(Dropped::BadJson));
        assert_eq!(Event::from_json(&"x".repeat(20_000)), Err(Dropped::TooBig));
    }
}
