//! Our signed events still waiting for a relay's OK; kept across reloads so nothing is lost.

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::wire;

/// Most events kept waiting; beyond it the oldest is given up.
pub const MAX_OUTBOX: usize = 200;

/// Signed events not yet accepted by any relay. A resend sends the same event (same id), so
/// relays and phones see one message however often it is sent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outbox {
    waiting: Vec<Event>,
}

impl Outbox {
    /// An empty outbox.
    pub fn new() -> Outbox {
        Outbox::default()
    }

    /// Adds an event to send (once; the oldest goes beyond [`MAX_OUTBOX`]).
    pub fn push(&mut self, event: Event) {
        if self.waiting.iter().any(|e| e.id == event.id) {
            return;
        }
        self.waiting.push(event);
        if self.waiting.len() > MAX_OUTBOX {
            let extra = self.waiting.len() - MAX_OUTBOX;
            self.waiting.drain(..extra);
        }
    }

    /// Keeps the events waiting within `max` bytes (as JSON): the oldest go first. What
    /// goes still stands in History; it was made long enough ago that a cut passed it.
    pub fn keep_within(&mut self, max: usize) {
        let mut total: usize = self.waiting.iter().map(|e| e.to_json().len() + 1).sum();
        while total > max && !self.waiting.is_empty() {
            total -= self.waiting[0].to_json().len() + 1;
            self.waiting.remove(0);
        }
    }

    /// A relay's OK: the event stops waiting if it was stored, already there (`duplicate:`),
    /// or refused for good (`invalid:`, `blocked:`, `restricted:`, `pow:`); it stays for
    /// `rate-limited:`, `error:` and the like. Returns whether it stopped waiting.
    pub fn answered(&mut self, id: &str, accepted: bool, message: &str) -> bool {
        const FINAL: [&str; 5] = ["duplicate:", "invalid:", "blocked:", "restricted:", "pow:"];
        let done = accepted || FINAL.iter().any(|p| message.starts_with(p));
        let before = self.waiting.len();
        if done {
            self.waiting.retain(|e| e.id != id);
        }
        self.waiting.len() != before
    }

    /// The `EVENT` frames to (re)send, oldest first, e.g. after a relay (re)connects.
    pub fn frames(&self) -> Vec<String> {
        self.waiting.iter().map(wire::publish).collect()
    }

    /// The events waiting, oldest first.
    pub fn waiting(&self) -> &[Event] {
        &self.waiting
    }

    /// How many events wait.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::keys::DeviceKey;

    #[test]
    fn waits_until_ok_and_stays_bounded() {
        let key = DeviceKey::from_secret([5; 32]).unwrap();
        let event = |i: u64| Event::signed(&key, i, 7237, vec![], String::new(), &[0; 32]);
        let mut outbox = Outbox::new();
        let first = event(1);
        outbox.push(first.clone());
        outbox.push(first.clone());
        assert_eq!(outbox.len(), 1);
        assert!(!outbox.answered(&first.id, false, "rate-limited: slow down"));
        let json = serde_json::to_string(&outbox).unwrap();
        let mut outbox: Outbox = serde_json::from_str(&json).unwrap();
        assert_eq!(outbox.frames(), vec![wire::publish(&first)]);
        assert!(outbox.answered(&first.id, false, "duplicate: already have it"));
        assert!(outbox.is_empty());
        for i in 0..250 {
            outbox.push(event(i));
        }
        assert_eq!(outbox.len(), MAX_OUTBOX);
        assert_eq!(outbox.waiting()[0].created_at, 50);
        let last_ten: usize = outbox.waiting()[190..]
            .iter()
            .map(|e| e.to_json().len() + 1)
            .sum();
        outbox.keep_within(last_ten);
        assert_eq!(outbox.len(), 10);
        assert_eq!(outbox.waiting()[0].created_at, 240);
    }
}
