//! Sealed content: XChaCha20-Poly1305 bound to the event's kind and author.
//!
//! `t1.` is sealed with the table key; `g1.` (GM only) with a key only the sender and the GM
//! can derive: `SHA-256("dicetray gm-only" | table key | x(ECDH(sender, GM)))`.

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
