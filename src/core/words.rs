//! Small helpers every system's readable words share: a count with its noun, and a list cut
//! to a length a chat message can carry.

use std::fmt::Display;

/// The noun for `n` of a thing: `one` for exactly 1, else `many` ("die", "dice"), for any
/// kind of whole number.
pub fn noun<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// A count with its noun: "1 die", "3 dice", "0 items".
pub fn plural<N: Copy + Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// `parts` joined by `separator`, stopping before the text would pass `max_chars`; what is
/// left out is counted at the end ("… and 12 more"). A full narrative tray rolls 140 dice,
/// and shared text should stay short enough to paste into a chat.
pub fn join_within(parts: &[String], separator: &str, max_chars: usize) -> String {
    let mut text = String::new();
    let mut length = 0;
    for (shown, part) in parts.iter().enumerate() {
        let added = part.chars().count() + if shown == 0 { 0 } else { separator.len() };
        if shown > 0 && length + added > max_chars {
            let left = (parts.len() - shown) as u32;
            text.push_str(&format!("{separator}… and {left} more"));
            return text;
        }
        if shown > 0 {
            text.push_str(separator);
        }
        text.push_str(part);
        length += added;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_with_their_noun() {
        assert_eq!(plural(1, "die", "dice"), "1 die");
        assert_eq!(plural(0, "die", "dice"), "0 dice");
        assert_eq!(plural(3, "die", "dice"), "3 dice");
    }

    #[test]
    fn any_whole_number_takes_its_noun() {
        assert_eq!(plural(1usize, "item", "items"), "1 item");
        assert_eq!(plural(2usize, "item", "items"), "2 items");
        assert_eq!(noun(1i64, "die", "dice"), "die");
        assert_eq!(noun(-1i64, "die", "dice"), "dice");
        assert_eq!(noun(0u32, "point is", "points are"), "points are");
    }

    #[test]
    fn a_long_list_is_cut_and_says_how_much_is_left() {
        let parts: Vec<String> = ["one", "two", "three", "four"].map(String::from).into();
        assert_eq!(join_within(&parts, "; ", 100), "one; two; three; four");
        // "one; two" is 8 characters; "; three" would make 15.
        assert_eq!(join_within(&parts, "; ", 14), "one; two; … and 2 more");
        assert_eq!(
            join_within(&parts, "; ", 15),
            "one; two; three; … and 1 more"
        );
        // The first part is always shown, however long.
        assert_eq!(join_within(&parts, "; ", 1), "one; … and 3 more");
        assert_eq!(join_within(&[], "; ", 10), "");
    }
}
