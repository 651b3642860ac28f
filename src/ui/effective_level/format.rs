//! Numbers as the tray writes them: means to one decimal place, whole percentages, signed
//! modifiers. Written out by hand, so no float formatting code comes into the app.

/// A number to one decimal place: "3.8", "−1.2" (a net effect against an opposition can be
/// below 0); a value that rounds to zero has no sign.
pub fn tenths(value: f64) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "−" } else { "" };
    let size = tenths.unsigned_abs();
    format!("{sign}{}.{}", size / 10, size % 10)
}

/// A mean that may go either way, with its sign: "+1.2", "−0.4", "0.0".
pub fn signed_tenths(value: f64) -> String {
    let text = tenths(value);
    if text.starts_with('−') || text == "0.0" {
        text
    } else {
        format!("+{text}")
    }
}

/// A probability as a whole percentage, for summaries: "94%".
pub fn percent(p: f64) -> String {
    format!("{}%", (p * 100.0).round().clamp(0.0, 100.0) as u32)
}

/// A modifier with its sign: "+2", "−1".
pub fn signed(value: i32) -> String {
    if value < 0 {
        format!("−{}", value.unsigned_abs())
    } else {
        format!("+{value}")
    }
}
