//! Sealed content: XChaCha20-Poly1305 bound to the event's kind and author.
//!
//! `t1.` is sealed with the table key; `g1.` (GM only) with a key only the sender and the GM
//! can derive: `SHA-256("dicetray gm-only" | table key | x(ECDH(sender, GM)))`. `k1.<id>.` is
//! sealed with a key the GM moved the table to (removing a player), named by its id; the GM
//! gives that key to each member it keeps in a share only that member can open.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

use super::bytes::{base64url, from_base64url};
use super::keys::DeviceKey;

/// Which seal a content uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sealed {
    /// `t1.`: everyone at the table.
    Table,
    /// `g1.`: the sender and the GM only.
    GmOnly,
}

impl Sealed {
    /// The content's prefix for this seal.
    pub fn prefix(self) -> &'static str {
        match self {
            Sealed::Table => "t1.",
            Sealed::GmOnly => "g1.",
        }
    }

    /// The seal a content claims by its prefix, `None` for anything else.
    pub fn of(content: &str) -> Option<Sealed> {
        if content.starts_with("t1.") {
            Some(Sealed::Table)
        } else if content.starts_with("g1.") {
            Some(Sealed::GmOnly)
        } else {
            None
        }
    }
}

/// The associated data: `dicetray:<kind>:<pubkey hex>`, so a content moved to another kind
/// or author does not open.
pub fn associated_data(kind: u32, author_hex: &str) -> String {
    format!("dicetray:{kind}:{author_hex}")
}

/// The GM-only key between my device and `peer` (the GM when I send; the sender when I am
/// the GM); `None` if `peer` is not a valid public key.
pub fn gm_key(table_key: &[u8; 32], me: &DeviceKey, peer: &[u8; 32]) -> Option<[u8; 32]> {
    let x = me.shared_x(peer)?;
    let mut hash = Sha256::new();
    hash.update(b"dicetray gm-only");
    hash.update(table_key);
    hash.update(x);
    Some(hash.finalize().into())
}

/// Seals `plaintext` under `key` with a fresh 24-byte nonce.
pub fn seal(
    which: Sealed,
    key: &[u8; 32],
    kind: u32,
    author_hex: &str,
    plaintext: &[u8],
    nonce: &[u8; 24],
) -> String {
    let cipher = XChaCha20Poly1305::new(&(*key).into());
    let aad = associated_data(kind, author_hex);
    let sealed = cipher
        .encrypt(
            &XNonce::from(*nonce),
            Payload {
                msg: plaintext,
                aad: aad.as_bytes(),
            },
        )
        .unwrap_or_default();
    let mut bytes = Vec::with_capacity(24 + sealed.len());
    bytes.extend_from_slice(nonce);
    bytes.extend_from_slice(&sealed);
    format!("{}{}", which.prefix(), base64url(&bytes))
}

/// Opens a content sealed as `which` under `key`; `None` if the prefix differs or it does not
/// open (another key, kind or author, or any byte changed).
pub fn open(
    which: Sealed,
    key: &[u8; 32],
    kind: u32,
    author_hex: &str,
    content: &str,
) -> Option<Vec<u8>> {
    let body = content.strip_prefix(which.prefix())?;
    let bytes = from_base64url(body)?;
    if bytes.len() < 24 + 16 {
        return None;
    }
    let (nonce, sealed) = bytes.split_at(24);
    let nonce: [u8; 24] = nonce.try_into().ok()?;
    let cipher = XChaCha20Poly1305::new(&(*key).into());
    let aad = associated_data(kind, author_hex);
    cipher
        .decrypt(
            &XNonce::from(nonce),
            Payload {
                msg: sealed,
                aad: aad.as_bytes(),
            },
        )
        .ok()
}

/// The prefix of a content sealed with a later table key: `k1.<key id>.`.
const KEYED: &str = "k1.";

/// A table key's id: the first 8 bytes of `SHA-256("dicetray key id" | key)`, in hex. It names
/// the key a `k1.` content is sealed with, and tells nothing of the key.
pub fn key_id(key: &[u8; 32]) -> String {
    let mut hash = Sha256::new();
    hash.update(b"dicetray key id");
    hash.update(key);
    super::bytes::hex(&hash.finalize()[..8])
}

/// Whether `text` is a key id as [`key_id`] writes it (16 lowercase hex digits).
pub fn is_key_id(text: &str) -> bool {
    text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The key id a `k1.` content names; `None` for any other content.
pub fn keyed_id(content: &str) -> Option<&str> {
    let id = content.strip_prefix(KEYED)?.get(..16)?;
    (is_key_id(id) && content.as_bytes().get(KEYED.len() + 16) == Some(&b'.')).then_some(id)
}

/// A content `sealed` for the table (`t1.`) under a later table `key`, named as such:
/// `k1.<key id>.<sealed>`.
pub fn keyed(key: &[u8; 32], sealed: &str) -> String {
    let body = sealed
        .strip_prefix(Sealed::Table.prefix())
        .unwrap_or(sealed);
    format!("{KEYED}{}.{body}", key_id(key))
}

/// Opens a `k1.` content under `key`; `None` if it names another key or does not open.
pub fn open_keyed(key: &[u8; 32], kind: u32, author_hex: &str, content: &str) -> Option<Vec<u8>> {
    if keyed_id(content)? != key_id(key) {
        return None;
    }
    let body = &content[KEYED.len() + 17..];
    open(
        Sealed::Table,
        key,
        kind,
        author_hex,
        &format!("{}{body}", Sealed::Table.prefix()),
    )
}

/// The key that seals a new table key for one member: `SHA-256("dicetray rekey" | key id |
/// x(ECDH(GM, member)))`, which only that GM and member can derive.
fn share_key(me: &DeviceKey, peer: &[u8; 32], new_key_id: &str) -> Option<[u8; 32]> {
    let x = me.shared_x(peer)?;
    let mut hash = Sha256::new();
    hash.update(b"dicetray rekey");
    hash.update(new_key_id.as_bytes());
    hash.update(x);
    Some(hash.finalize().into())
}

/// Length of a share in base64url: nonce (24), key (32), tag (16).
pub const SHARE_CHARS: usize = 96;

/// The new table `key` sealed for `member` by the GM `me`: base64url of nonce | sealed key,
/// bound to the member's key. `None` if `member` is not a valid public key.
pub fn share(
    me: &DeviceKey,
    member: &[u8; 32],
    key: &[u8; 32],
    nonce: &[u8; 24],
) -> Option<String> {
    let id = key_id(key);
    let wrap = share_key(me, member, &id)?;
    let sealed = seal(
        Sealed::Table,
        &wrap,
        0,
        &super::bytes::hex(member),
        key,
        nonce,
    );
    Some(sealed[Sealed::Table.prefix().len()..].to_string())
}

/// The table key with id `key_id` from a share the GM `gm` sealed for me; `None` if it does
/// not open or is not that key.
pub fn open_share(
    me: &DeviceKey,
    gm: &[u8; 32],
    key_id_named: &str,
    share: &str,
) -> Option<[u8; 32]> {
    let wrap = share_key(me, gm, key_id_named)?;
    let opened = open(
        Sealed::Table,
        &wrap,
        0,
        &me.public_hex(),
        &format!("{}{share}", Sealed::Table.prefix()),
    )?;
    let key: [u8; 32] = opened.try_into().ok()?;
    (key_id(&key) == key_id_named).then_some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyed_seal_opens_with_its_key_only_and_a_share_for_its_member_only() {
        let key = [5u8; 32];
        let other = [6u8; 32];
        let content = keyed(
            &key,
            &seal(Sealed::Table, &key, 7237, "ab", b"hello", &[1; 24]),
        );
        assert_eq!(keyed_id(&content), Some(key_id(&key).as_str()));
        assert_eq!(
            open_keyed(&key, 7237, "ab", &content).as_deref(),
            Some(&b"hello"[..])
        );
        assert_eq!(open_keyed(&other, 7237, "ab", &content), None);
        assert_eq!(open_keyed(&key, 7237, "cd", &content), None);
        assert_eq!(keyed_id("t1.abc"), None);
        assert_eq!(keyed_id("k1.0123456789abcdeX.x"), None);
        assert_eq!(keyed_id("k1.0123"), None);
        let gm = DeviceKey::from_secret([7; 32]).unwrap();
        let ana = DeviceKey::from_secret([9; 32]).unwrap();
        let ben = DeviceKey::from_secret([11; 32]).unwrap();
        let for_ana = share(&gm, &ana.public(), &key, &[2; 24]).unwrap();
        assert_eq!(for_ana.len(), SHARE_CHARS);
        let id = key_id(&key);
        assert_eq!(open_share(&ana, &gm.public(), &id, &for_ana), Some(key));
        assert_eq!(open_share(&ben, &gm.public(), &id, &for_ana), None);
        assert_eq!(open_share(&ana, &ben.public(), &id, &for_ana), None);
        assert_eq!(
            open_share(&ana, &gm.public(), &key_id(&other), &for_ana),
            None
        );
        // The GM shares with itself, to read the key back after a reload.
        let for_gm = share(&gm, &gm.public(), &key, &[3; 24]).unwrap();
        assert_eq!(open_share(&gm, &gm.public(), &id, &for_gm), Some(key));
    }
}
