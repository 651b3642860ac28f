//! Keeping saved data on a phone: what the browser says about keeping it, when the player is
//! told (once) that it may not last, and the words for the last export and the space used.
//! The browser calls themselves live in `ui::platform::keeping` and `ui::platform::install`;
//! this decides and words, and is tested natively.

use super::words::plural;

/// What the browser says about keeping this site's saved data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// Promised (`navigator.storage.persisted()` is true): kept until the player clears it.
    Lasting,
    /// Not promised: the browser may clear it, for one when the site goes unvisited for
    /// some weeks (Safari: 7 days, unless installed).
    MayClear,
    /// The browser does not say (no `navigator.storage`, or the call failed).
    Unknown,
    /// No lasting storage at all: this tab keeps everything in memory.
    InMemory,
}

impl Keeping {
    /// From the browser's yes or no, `None` when it gave neither.
    pub fn from_answer(answer: Option<bool>) -> Self {
        match answer {
            Some(true) => Self::Lasting,
            Some(false) => Self::MayClear,
            None => Self::Unknown,
        }
    }

    /// How "Your data" says it, after "Storage: ".
    pub fn words(self) -> &'static str {
        match self {
            Self::Lasting => "kept until you clear it.",
            Self::MayClear => "the browser may clear it after some weeks unvisited.",
            Self::Unknown => "this browser does not say how long it keeps it.",
            Self::InMemory => "none: this tab keeps everything in memory until it closes.",
        }
    }

    /// Whether the player should be told, once, that their data may not last: when the
    /// browser promised nothing (or would not say) and Dicetray is not installed. Installed,
    /// Safari does not clear it after a week, and other browsers keep it too. Without
    /// storage at all the app has already said so.
    pub fn worth_a_warning(self, installed: bool) -> bool {
        !installed && matches!(self, Self::MayClear | Self::Unknown)
    }
}

/// Whether the browser runs on an iPhone, iPad or iPod (every browser there is WebKit, and
/// none offers an install button: the Share menu's "Add to Home Screen" does it). iPads ask
/// for desktop pages by default and then call themselves a Mac, one with a touch screen.
pub fn is_apple_mobile(user_agent: &str, touch_points: u32) -> bool {
    ["iPhone", "iPad", "iPod"]
        .iter()
        .any(|device| user_agent.contains(device))
        || (user_agent.contains("Macintosh") && touch_points > 1)
}

/// A moment in the player's own time zone: its calendar day (days since 1970 in local
/// time), its date and its time of day as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalMoment {
    /// Days since 1 January 1970, counted in local time ([`day_number`]).
    pub day: i64,
    /// "29 Nov 2026".
    pub date: String,
    /// "14:05".
    pub time: String,
}

/// The number of a calendar day, counted from 1 January 1970 (day 0), for a date given as
/// the year, the month from 0 (January) to 11, and the day of the month: the days of the
/// proleptic Gregorian calendar, so two dates' numbers differ by the days between them.
pub fn day_number(year: i64, month_from_0: u32, day: u32) -> i64 {
    // Counted in years that start on 1 March, so the leap day ends a year (Hinnant's method).
    let month = i64::from(month_from_0) + 1;
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// When everything was last exported, after "Last exported: ": "never", "today at 14:05",
/// "yesterday at 09:30", "29 Nov 2026 (4 days ago)"; a time after `today` (the clock was
/// put back) is given as a date.
pub fn last_export_words(last: Option<&LocalMoment>, today: i64) -> String {
    let Some(at) = last else {
        return "never".into();
    };
    match today - at.day {
        0 => format!("today at {}", at.time),
        1 => format!("yesterday at {}", at.time),
        days if days > 1 => format!("{} ({} ago)", at.date, plural(days, "day", "days")),
        _ => format!("{} at {}", at.date, at.time),
    }
}

/// A number of bytes as a person reads it: "900 bytes", "12 KB", "1.5 MB", "2.1 GB"
/// (1 KB = 1,024 bytes; rounded half up to the figure shown). Whole numbers only: the app
/// has no other use for formatting fractions, whose code is large.
pub fn size_words(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = KB * KB;
    const GB: u64 = MB * KB;
    // Tenths of `unit`, rounded half up; in parts, so that no product passes u64.
    let tenths = |unit: u64| bytes / unit * 10 + (bytes % unit * 10 + unit / 2) / unit;
    let kilobytes = bytes.saturating_add(KB / 2) / KB;
    // A size that rounds up to the next unit is said in that unit: "1.0 MB", not "1024 KB".
    let (tenths, unit) = if bytes < KB {
        return plural(bytes, "byte", "bytes");
    } else if kilobytes < KB {
        return format!("{kilobytes} KB");
    } else if tenths(MB) < 10 * KB {
        (tenths(MB), "MB")
    } else {
        (tenths(GB), "GB")
    };
    format!("{}.{} {unit}", tenths / 10, tenths % 10)
}
