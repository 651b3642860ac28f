//! Which relay addresses a table may use, the defaults, and how long to wait to reconnect.

/// The relays a device uses when an invite names none.
pub const DEFAULT_RELAYS: [&str; 3] = [
    "wss://relay.damus.io",
    "wss://nos.lol",
    "wss://relay.primal.net",
];

/// Longest relay address, in bytes.
pub const MAX_RELAY_BYTES: usize = 200;

/// A relay address as the table will use it (trimmed), or why it cannot be used:
/// `wss://` to any host, `ws://` only to this device (`127.0.0.1` or `localhost`).
pub fn check_relay_url(text: &str) -> Result<String, String> {
    let url = text.trim();
    if url.is_empty() {
        return Err("The relay address is empty.".into());
    }
    if url.len() > MAX_RELAY_BYTES {
        return Err(format!(
            "The relay address is longer than {MAX_RELAY_BYTES} bytes."
        ));
    }
    let (secure, rest) = if let Some(rest) = url.strip_prefix("wss://") {
        (true, rest)
    } else if let Some(rest) = url.strip_prefix("ws://") {
        (false, rest)
    } else {
        return Err(format!("{url} is not a relay address (wss://…)."));
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    let host_ok = !host.is_empty()
        && !host.starts_with(['.', '-'])
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.chars().all(|c| c.is_ascii_digit()));
    if !host_ok || !port_ok || url.chars().any(char::is_whitespace) {
        return Err(format!("{url} is not a relay address."));
    }
    if !(secure || host == "127.0.0.1" || host.eq_ignore_ascii_case("localhost")) {
        return Err(format!(
            "{url} is not encrypted: use wss:// (ws:// only for this device)."
        ));
    }
    Ok(url.to_string())
}

/// Milliseconds to wait before reconnection attempt `attempt` (0 first): 1 s doubling,
/// capped at 60 s, plus the caller's random `jitter`.
pub fn backoff_ms(attempt: u32, jitter: u32) -> u32 {
    let base = 1000u32.saturating_mul(1u32.checked_shl(attempt.min(16)).unwrap_or(u32::MAX));
    base.min(60_000).saturating_add(jitter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(
            check_relay_url("  wss://nos.lol \n"),
            Ok("wss://nos.lol".into())
        );
        assert!(check_relay_url("wss://relay.example.com:443/path").is_ok());
        assert!(check_relay_url("ws://127.0.0.1:7000").is_ok());
        assert!(check_relay_url("ws://localhost/").is_ok());
        assert!(check_relay_url("ws://relay.damus.io").is_err());
        assert!(check_relay_url("ws://127.0.0.1.evil.com").is_err());
        assert!(check_relay_url("https://nos.lol").is_err());
        assert!(check_relay_url("wss://").is_err());
        assert!(check_relay_url("wss://a b").is_err());
        assert!(check_relay_url("wss://user@host").is_err());
        assert!(check_relay_url(&format!("wss://{}", "a".repeat(200))).is_err());
        for url in DEFAULT_RELAYS {
            assert_eq!(check_relay_url(url), Ok(url.to_string()));
        }
    }

    #[test]
    fn backoff() {
        assert_eq!(backoff_ms(0, 0), 1000);
        assert_eq!(backoff_ms(1, 0), 2000);
        assert_eq!(backoff_ms(5, 7), 32_007);
        assert_eq!(backoff_ms(6, 0), 60_000);
        assert_eq!(backoff_ms(u32::MAX, u32::MAX), u32::MAX);
    }
}
