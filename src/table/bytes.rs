//! Hex and base64url (no padding): the only text encodings the protocol uses for bytes.

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Lowercase hex, as NIP-01 writes ids, keys and signatures.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

/// Reads lowercase hex only (NIP-01 allows no other case), `None` on anything else.
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        }
    }
    let raw = text.as_bytes();
    if !raw.len().is_multiple_of(2) {
        return None;
    }
    raw.chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// Reads exactly `N` bytes of lowercase hex (a 32-byte id or key, a 64-byte signature).
pub fn from_hex_array<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != N * 2 {
        return None;
    }
    from_hex(text)?.try_into().ok()
}

/// Base64url without padding, as the invite code and the sealed content use it.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (*b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Reads base64url without padding; `None` for any other character, a length no encoder
/// writes, or stray bits in the last character (so each byte string has one spelling).
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        B64.iter().position(|x| *x == c).map(|p| p as u32)
    }
    let raw = text.as_bytes();
    if raw.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(raw.len() * 3 / 4);
    for chunk in raw.chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= value(*c)? << (18 - 6 * i);
        }
        let bytes = chunk.len() - 1;
        let kept = n >> (24 - 8 * bytes) << (24 - 8 * bytes);
        if kept != n {
            return None;
        }
        for i in 0..bytes {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(hex(&[0, 15, 255]), "000fff");
        assert_eq!(from_hex("000fff"), Some(vec![0, 15, 255]));
        assert_eq!(from_hex("0A"), None);
        assert_eq!(from_hex("abc"), None);
        // RFC 4648 section 10, in the URL alphabet and unpadded.
        for (plain, code) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url(plain.as_bytes()), code);
            assert_eq!(from_base64url(code).as_deref(), Some(plain.as_bytes()));
        }
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(from_base64url("Zh"), None, "stray bits");
        assert_eq!(from_base64url("Zm9v="), None);
        assert_eq!(from_base64url("Z"), None);
        assert_eq!(from_base64url("Zm+v"), None);
    }

    #[test]
    fn round_trips() {
        let all: Vec<u8> = (0..=255).collect();
        for len in 0..all.len() {
            assert_eq!(
                from_base64url(&base64url(&all[..len])).unwrap(),
                &all[..len]
            );
            assert_eq!(from_hex(&hex(&all[..len])).unwrap(), &all[..len]);
        }
    }
}
