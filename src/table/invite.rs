//! The invite: the table's id, key, GM and relays, packed into the link's code.

use serde::{Deserialize, Serialize};

use super::bytes::{base64url, from_base64url, hex};
use super::keys::valid_public;
use super::relays::check_relay_url;

/// The invite format this app writes for a table still on its first key.
pub const INVITE_VERSION: u8 = 2;
/// The invite format for a table the GM has moved to later keys: it carries them too.
pub const INVITE_KEYED: u8 = 3;
/// Most later keys an invite carries (a GM removing players this often starts anew).
pub const MAX_LATER_KEYS: usize = 16;
/// Most relays an invite may name.
pub const MAX_INVITE_RELAYS: usize = 8;

/// Everything a device needs to join a table (never sent to a relay).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Invite {
    /// The table's random id.
    pub id: [u8; 16],
    /// The table key that seals every message.
    pub key: [u8; 32],
    /// The GM device's x-only public key.
    pub gm: [u8; 32],
    /// The later keys the GM moved the table to (removing players), oldest first: a link
    /// made before a move lacks the keys after it, and opens only what came before.
    pub later: Vec<[u8; 32]>,
    /// The table's relays (empty: each device's own list).
    pub relays: Vec<String>,
}

impl Invite {
    /// The code for `#/table?join=<code>`.
    pub fn code(&self) -> String {
        let mut bytes = Vec::with_capacity(82 + self.later.len() * 32 + self.relays.len() * 32);
        bytes.push(if self.later.is_empty() {
            INVITE_VERSION
        } else {
            INVITE_KEYED
        });
        bytes.extend_from_slice(&self.id);
        bytes.extend_from_slice(&self.key);
        bytes.extend_from_slice(&self.gm);
        if !self.later.is_empty() {
            let later = &self.later[..self.later.len().min(MAX_LATER_KEYS)];
            bytes.push(later.len() as u8);
            for key in later {
                bytes.extend_from_slice(key);
            }
        }
        bytes.extend_from_slice(self.relays.join("\n").as_bytes());
        base64url(&bytes)
    }

    /// Reads a code, or says in plain English why it is not a table invite.
    pub fn parse(code: &str) -> Result<Invite, String> {
        let code = code.trim();
        if code.is_empty() {
            return Err("The invite code is empty.".into());
        }
        let bytes = from_base64url(code)
            .ok_or("This is not a Dicetray table invite (the code is damaged).")?;
        let version = bytes.first().copied();
        match version {
            Some(INVITE_VERSION | INVITE_KEYED) => {}
            Some(1) => {
                return Err(
                    "This link is for a table made by an older Dicetray, which phones \
                            can no longer share. Ask the GM to start a new table and send its \
                            link."
                        .into(),
                );
            }
            Some(v) => {
                return Err(format!(
                    "This invite is version {v}; this Dicetray reads up to version {INVITE_KEYED}. Update Dicetray."
                ));
            }
            None => return Err("The invite code is empty.".into()),
        }
        if bytes.len() < 81 {
            return Err("This invite is cut short: copy the whole link again.".into());
        }
        let mut id = [0u8; 16];
        let mut key = [0u8; 32];
        let mut gm = [0u8; 32];
        id.copy_from_slice(&bytes[1..17]);
        key.copy_from_slice(&bytes[17..49]);
        gm.copy_from_slice(&bytes[49..81]);
        if !valid_public(&gm) {
            return Err("The GM's key in this invite is not valid.".into());
        }
        let mut rest = &bytes[81..];
        let mut later = Vec::new();
        if version == Some(INVITE_KEYED) {
            let count = usize::from(rest.first().copied().unwrap_or(0));
            if !(1..=MAX_LATER_KEYS).contains(&count) || rest.len() < 1 + count * 32 {
                return Err("This invite is cut short: copy the whole link again.".into());
            }
            for chunk in rest[1..1 + count * 32].chunks_exact(32) {
                let mut key = [0u8; 32];
                key.copy_from_slice(chunk);
                later.push(key);
            }
            rest = &rest[1 + count * 32..];
        }
        let text =
            std::str::from_utf8(rest).map_err(|_| "The relay list in this invite is not text.")?;
        let relays: Vec<String> = if text.is_empty() {
            Vec::new()
        } else {
            text.split('\n').map(str::to_string).collect()
        };
        if relays.len() > MAX_INVITE_RELAYS {
            return Err(format!(
                "This invite names {} relays; at most {MAX_INVITE_RELAYS} are allowed.",
                relays.len()
            ));
        }
        for relay in &relays {
            match check_relay_url(relay) {
                Ok(ok) if ok == *relay => {}
                Ok(_) => return Err(format!("The relay \"{relay}\" in this invite has spaces.")),
                Err(why) => return Err(format!("A relay in this invite is refused: {why}")),
            }
        }
        Ok(Invite {
            id,
            key,
            gm,
            later,
            relays,
        })
    }

    /// The table's tag: the id in lowercase hex, carried by every event as `["t", tag]`.
    pub fn tag(&self) -> String {
        hex(&self.id)
    }
}

impl From<Invite> for String {
    fn from(invite: Invite) -> String {
        invite.code()
    }
}

impl TryFrom<String> for Invite {
    type Error = String;

    fn try_from(code: String) -> Result<Invite, String> {
        Invite::parse(&code)
    }
}
