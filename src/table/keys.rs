//! A device's key at one table: BIP-340 signatures and the x-only ECDH behind GM-only seals.

use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use super::bytes::{from_hex_array, hex};
use super::random::{NoRandom, Random};

/// A secp256k1 key made for one table; its x-only public key is the device's identity there.
#[derive(Clone)]
pub struct DeviceKey {
    secret: [u8; 32],
    signing: SigningKey,
}

impl DeviceKey {
    /// The key for these 32 secret bytes, `None` if they are not a valid scalar (0 or ≥ n).
    pub fn from_secret(secret: [u8; 32]) -> Option<DeviceKey> {
        let signing = SigningKey::from_slice(&secret).ok()?;
        Some(DeviceKey { secret, signing })
    }

    /// A fresh key from the caller's randomness (the browser's crypto RNG in the app),
    /// drawing again in the astronomically rare case the bytes are not a valid scalar. A
    /// source that fails, or keeps giving what is no key (all zeros), is refused after a
    /// few draws rather than waited on.
    pub fn generate(random: Random) -> Result<DeviceKey, NoRandom> {
        for _ in 0..4 {
            let mut secret = [0u8; 32];
            random(&mut secret)?;
            if let Some(key) = DeviceKey::from_secret(secret) {
                return Ok(key);
            }
        }
        Err(NoRandom)
    }

    /// The 32 secret bytes, as given (kept only on this device).
    pub fn secret(&self) -> [u8; 32] {
        self.secret
    }

    /// The x-only public key (BIP-340).
    pub fn public(&self) -> [u8; 32] {
        self.signing.verifying_key().to_bytes().into()
    }

    /// The x-only public key in lowercase hex: the device's name in events.
    pub fn public_hex(&self) -> String {
        hex(&self.public())
    }

    /// BIP-340 signature of a 32-byte event id with the given auxiliary randomness.
    pub fn sign(&self, id: &[u8; 32], aux: &[u8; 32]) -> [u8; 64] {
        let mut aux = *aux;
        loop {
            // Fails only when the nonce is zero (probability ~2^-256): then hash the aux again.
            if let Ok(sig) = self.signing.sign_raw(id, &aux) {
                return sig.to_bytes();
            }
            aux = Sha256::digest(aux).into();
        }
    }

    /// The x coordinate of the ECDH point between this secret and another x-only public key
    /// (lifted to even y); `None` if that key is not on the curve.
    pub fn shared_x(&self, their_public: &[u8; 32]) -> Option<[u8; 32]> {
        let theirs = VerifyingKey::from_slice(their_public).ok()?;
        let shared =
            k256::ecdh::diffie_hellman(self.signing.as_nonzero_scalar(), theirs.as_affine());
        let mut x = [0u8; 32];
        x.copy_from_slice(shared.raw_secret_bytes());
        Some(x)
    }
}

/// Checks a BIP-340 signature of a 32-byte message by an x-only public key.
pub fn verify(public: &[u8; 32], message: &[u8; 32], signature: &[u8; 64]) -> bool {
    let Ok(key) = VerifyingKey::from_slice(public) else {
        return false;
    };
    let Ok(sig) = Signature::from_slice(signature) else {
        return false;
    };
    key.verify_raw(message, &sig).is_ok()
}

/// Whether 32 bytes are the x coordinate of a point on the curve (a usable public key).
pub fn valid_public(public: &[u8; 32]) -> bool {
    VerifyingKey::from_slice(public).is_ok()
}

impl std::fmt::Debug for DeviceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeviceKey({})", self.public_hex())
    }
}

impl PartialEq for DeviceKey {
    fn eq(&self, other: &Self) -> bool {
        self.secret == other.secret
    }
}

impl Eq for DeviceKey {}

/// Stored (in the device's own localStorage only) as the secret in hex.
impl Serialize for DeviceKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex(&self.secret))
    }
}

impl<'de> Deserialize<'de> for DeviceKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        from_hex_array(&text)
            .and_then(DeviceKey::from_secret)
            .ok_or_else(|| serde::de::Error::custom("not a device key"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_x_is_symmetric_and_keys_round_trip() {
        let a = DeviceKey::from_secret([7; 32]).unwrap();
        let b = DeviceKey::from_secret([9; 32]).unwrap();
        assert_eq!(a.shared_x(&b.public()), b.shared_x(&a.public()));
        assert_ne!(a.shared_x(&b.public()), a.shared_x(&a.public()));
        assert!(DeviceKey::from_secret([0; 32]).is_none());
        assert!(DeviceKey::from_secret([0xff; 32]).is_none());
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<DeviceKey>(&json).unwrap(), a);
        let sig = a.sign(&[1; 32], &[2; 32]);
        assert!(verify(&a.public(), &[1; 32], &sig));
        assert!(!verify(&b.public(), &[1; 32], &sig));
    }

    #[test]
    fn a_failing_or_stuck_random_source_is_refused_not_waited_on() {
        assert_eq!(DeviceKey::generate(&mut |_| Err(NoRandom)), Err(NoRandom));
        // All zeros is no key: refused after a few draws (it used to loop for ever).
        assert_eq!(
            DeviceKey::generate(&mut |b: &mut [u8]| {
                b.fill(0);
                Ok(())
            }),
            Err(NoRandom)
        );
        let key = DeviceKey::generate(&mut |b: &mut [u8]| {
            b.fill(7);
            Ok(())
        });
        assert_eq!(key, DeviceKey::from_secret([7; 32]).ok_or(NoRandom));
    }
}
