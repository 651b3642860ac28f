//! Relay frames (NIP-01): reading what a relay says, writing what we send.

use super::event::Event;

/// One frame from a relay. Anything else is `None` from [`parse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// `["EVENT", sub, event]`: the event's JSON, for [`Event::from_json`] to check.
    Event {
        /// The subscription it answers.
        sub: String,
        /// The event as JSON text.
        event_json: String,
    },
    /// `["OK", id, accepted, message]`: the relay's answer to a publish.
    Ok {
        /// The published event's id.
        id: String,
        /// Whether the relay stored it.
        accepted: bool,
        /// The relay's reason (`duplicate:`, `blocked:`, …).
        message: String,
    },
    /// `["EOSE", sub]`: stored events are all sent; live ones follow.
    Eose {
        /// The subscription.
        sub: String,
    },
    /// `["CLOSED", sub, message]`: the relay ended a subscription.
    Closed {
        /// The subscription.
        sub: String,
        /// The relay's reason.
        message: String,
    },
    /// `["NOTICE", message]`: for humans.
    Notice(String),
    /// `["AUTH", challenge]` (NIP-42): the table does not authenticate, but knows it was asked.
    Auth,
}

/// The longest frame read: an event of the largest size with its subscription around it.
/// Anything longer is not parsed at all.
pub const MAX_FRAME_BYTES: usize = super::event::MAX_EVENT_BYTES + 512;

/// Reads a frame from a relay's text; `None` for anything not a well-formed frame, or
/// longer than [`MAX_FRAME_BYTES`] (checked before parsing). Never panics.
pub fn parse(text: &str) -> Option<Frame> {
    if text.len() > MAX_FRAME_BYTES {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let items = value.as_array()?;
    let string = |i: usize| items.get(i).and_then(|v| v.as_str()).map(str::to_string);
    match items.first()?.as_str()? {
        "EVENT" if items.len() == 3 && items[2].is_object() => Some(Frame::Event {
            sub: string(1)?,
            event_json: serde_json::to_string(&items[2]).ok()?,
        }),
        "OK" if items.len() >= 3 => Some(Frame::Ok {
            id: string(1)?,
            accepted: items[2].as_bool()?,
            message: string(3).unwrap_or_default(),
        }),
        "EOSE" => Some(Frame::Eose { sub: string(1)? }),
        "CLOSED" => Some(Frame::Closed {
            sub: string(1)?,
            message: string(2).unwrap_or_default(),
        }),
        "NOTICE" => Some(Frame::Notice(string(1)?)),
        "AUTH" => Some(Frame::Auth),
        _ => None,
    }
}

/// `["REQ", sub, filter…]`, the filters given as a JSON array (as `Table::filters` makes).
pub fn req(sub: &str, filters_json: &str) -> String {
    let mut frame = vec![serde_json::json!("REQ"), serde_json::json!(sub)];
    match serde_json::from_str::<serde_json::Value>(filters_json) {
        Ok(serde_json::Value::Array(filters)) => frame.extend(filters),
        Ok(filter) => frame.push(filter),
        Err(_) => {}
    }
    serde_json::to_string(&frame).unwrap_or_default()
}

/// `["EVENT", event]`: publishing one of ours.
pub fn publish(event: &Event) -> String {
    serde_json::to_string(&("EVENT", event)).unwrap_or_default()
}

/// `["CLOSE", sub]`: ending our subscription.
pub fn close(sub: &str) -> String {
    serde_json::to_string(&("CLOSE", sub)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames() {
        assert_eq!(
            parse(r#"["OK","ab",false,"duplicate: have it"]"#),
            Some(Frame::Ok {
                id: "ab".into(),
                accepted: false,
                message: "duplicate: have it".into()
            })
        );
        assert_eq!(
            parse(r#"["EVENT","s",{"id":"x","kind":1}]"#),
            Some(Frame::Event {
                sub: "s".into(),
                event_json: r#"{"id":"x","kind":1}"#.into()
            })
        );
        assert_eq!(
            parse(r#"["EOSE","s"]"#),
            Some(Frame::Eose { sub: "s".into() })
        );
        assert_eq!(
            parse(r#"["CLOSED","s","error: no"]"#),
            Some(Frame::Closed {
                sub: "s".into(),
                message: "error: no".into()
            })
        );
        assert_eq!(
            parse(r#"["NOTICE","hi"]"#),
            Some(Frame::Notice("hi".into()))
        );
        assert_eq!(parse(r#"["AUTH","c"]"#), Some(Frame::Auth));
        for junk in [
            "",
            "[]",
            "{}",
            "[1]",
            r#"["EVENT","s"]"#,
            r#"["OK","a","yes"]"#,
            "[[[[",
            &format!(r#"["NOTICE","{}"]"#, "x".repeat(MAX_FRAME_BYTES)),
        ] {
            assert_eq!(parse(junk), None, "{junk}");
        }
        assert_eq!(
            req("s", r#"[{"kinds":[1]},{"kinds":[2]}]"#),
            r#"["REQ","s",{"kinds":[1]},{"kinds":[2]}]"#
        );
        assert_eq!(close("s"), r#"["CLOSE","s"]"#);
    }
}
