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

/// Bytes a relay has sent lately, leaking away at `per_s` bytes a second: a relay is over its
/// share when what it sent outruns the leak by more than one second's worth. A leak, not a
/// count per clock second, so a flood split across a second's turn is caught all the same.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ByteBucket {
    level: f64,
    at_ms: u64,
}

impl ByteBucket {
    /// Adds `bytes` received at `now_ms`; whether the bucket now holds more than `per_s`.
    pub fn over(&mut self, bytes: usize, now_ms: u64, per_s: usize) -> bool {
        let elapsed_s = now_ms.saturating_sub(self.at_ms) as f64 / 1000.0;
        self.level = (self.level - elapsed_s * per_s as f64).max(0.0) + bytes as f64;
        self.at_ms = self.at_ms.max(now_ms);
        self.level > per_s as f64
    }
}

#[cfg(test)]
mod byte_bucket_tests {
    use super::ByteBucket;

    #[test]
    fn a_flood_across_a_seconds_turn_is_over() {
        // 700 KB in 40 ms, the first half just before a second turns: over 512 KB.
        let mut bucket = ByteBucket::default();
        let over: Vec<bool> = (0..100)
            .map(|i| bucket.over(7_000, 999_980 + i * 40 / 100, 512 * 1024))
            .collect();
        assert!(over.iter().any(|&o| o));
        assert!(
            !over[0..70].iter().any(|&o| o),
            "70 frames of 7 KB are 490 KB"
        );
    }

    #[test]
    fn steady_traffic_under_the_rate_never_is() {
        // 100 KB every 250 ms is 400 KB a second, for a minute.
        let mut bucket = ByteBucket::default();
        assert!((0..240).all(|i| !bucket.over(100_000, i * 250, 512 * 1024)));
    }
}
