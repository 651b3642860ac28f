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
    /// A kind the table does not use, or its tags are not as the protocol says.
    WrongKind,
    /// `created_at` more than 15 minutes ahead or older than 8 days.
    OutOfTime,
    /// The seal does not open (other key, kind or author, tampered, or GM-only for others).
    Seal,
    /// The opened plaintext is not a message this version accepts.
    Plaintext,
    /// A message only the GM may send, from a key that is not (yet) the GM.
    NotGm,
    /// An id already seen: a replay, or the same event from a second relay.
    Seen,
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
            Dropped::OutOfTime => "outside the time window",
            Dropped::Seal => "seal does not open",
            Dropped::Plaintext => "unreadable message",
            Dropped::NotGm => "GM-only message from a non-GM",
            Dropped::Seen => "already seen",
        })
    }
}
