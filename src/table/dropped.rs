//! Why an event from a relay was dropped (silently for the log; named for tests and logs).

/// The reasons the protocol gives for dropping an event (see "What every phone drops").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// Over 16 KB as JSON.
    TooBig,
    /// Not an event's JSON, or a field of the wrong type or length.
    BadJson,
    /// The id is not the SHA-256 of the event's fields.
    BadId,
    /// The signature does not verify against the pubkey.
    BadSignature,
    /// The first tag is not this table's `t` tag.
    WrongTable,
    /// A kind the table does not use.
    WrongKind,
    /// The seal does not open (other key, kind or author, tampered, or GM-only for others).
    Seal,
    /// The opened plaintext is not a message this version accepts.
    Plaintext,
    /// More messages than a phone holds (a flood): the newest wait for room.
    Full,
    /// An id already seen: a replay, or the same event from a second relay.
    Seen,
    /// Sealed with a table key this phone does not hold (yet): kept aside, and opened when
    /// the GM's share of that key arrives.
    Locked,
}

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Dropped::TooBig => "event over 16 KB",
            Dropped::BadJson => "not a valid event",
            Dropped::BadId => "wrong event id",
            Dropped::BadSignature => "bad signature",
            Dropped::WrongTable => "not this table's tag",
            Dropped::WrongKind => "not a table kind",
            Dropped::Seal => "seal does not open",
            Dropped::Plaintext => "unreadable message",
            Dropped::Full => "no room for more messages",
            Dropped::Seen => "already seen",
            Dropped::Locked => "sealed with a key not held",
        })
    }
}
