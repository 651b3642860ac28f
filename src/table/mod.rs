//! The live table's protocol, in plain Rust (see `docs/table-protocol.md`).
