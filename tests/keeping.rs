//! Keeping saved data: when the player is told it may not last, how the last export and the
//! space used read, and which browsers are on an iPhone or iPad. Expected values are written
//! out here by hand.

use dicetray::core::keeping::{
    Keeping, LocalMoment, day_number, is_apple_mobile, last_export_words, size_words,
};

#[test]
fn the_browser_answer_reads_as_a_keeping() {
    assert_eq!(Keeping::from_answer(Some(true)), Keeping::Lasting);
    assert_eq!(Keeping::from_answer(Some(false)), Keeping::MayClear);
    assert_eq!(Keeping::from_answer(None), Keeping::Unknown);
}

#[test]
fn only_unpromised_storage_outside_an_installed_app_is_worth_a_warning() {
    // (what the browser says, installed?, warn?)
    let table = [
        (Keeping::Lasting, false, false),
        (Keeping::Lasting, true, false),
        (Keeping::MayClear, false, true),
        (Keeping::MayClear, true, false),
        (Keeping::Unknown, false, true),
        (Keeping::Unknown, true, false),
        // Memory only: the app has said so already, in its own notice.
        (Keeping::InMemory, false, false),
        (Keeping::InMemory, true, false),
    ];
    for (keeping, installed, warn) in table {
        assert_eq!(
            keeping.worth_a_warning(installed),
            warn,
            "{keeping:?} installed {installed}"
        );
    }
}

#[test]
fn each_keeping_has_its_own_words() {
    assert_eq!(Keeping::Lasting.words(), "kept until you clear it.");
    assert_eq!(
        Keeping::MayClear.words(),
        "the browser may clear it after some weeks unvisited."
    );
    assert!(Keeping::Unknown.words().contains("does not say"));
    assert!(Keeping::InMemory.words().contains("memory"));
}

fn moment(day: i64) -> LocalMoment {
    LocalMoment {
        day,
        date: "29 Nov 2026".into(),
        time: "14:05".into(),
    }
}

#[test]
fn the_last_export_reads_by_calendar_day() {
    // 29 Nov 2026 is day 20,786 since 1 January 1970 (56 years, 14 of them leap: 56 * 365 +
    // 14 = 20,454 days to 1 Jan 2026, then 332 more to 29 Nov).
    let day = 20_786;
    assert_eq!(last_export_words(None, day), "never");
    assert_eq!(last_export_words(Some(&moment(day)), day), "today at 14:05");
    assert_eq!(
        last_export_words(Some(&moment(day)), day + 1),
        "yesterday at 14:05"
    );
    assert_eq!(
        last_export_words(Some(&moment(day)), day + 2),
        "29 Nov 2026 (2 days ago)"
    );
    assert_eq!(
        last_export_words(Some(&moment(day)), day + 400),
        "29 Nov 2026 (400 days ago)"
    );
    // The clock was put back: the export seems to come from tomorrow.
    assert_eq!(
        last_export_words(Some(&moment(day)), day - 1),
        "29 Nov 2026 at 14:05"
    );
}

#[test]
fn calendar_days_are_numbered_from_1970() {
    // (year, month from 0, day, days since 1 January 1970), counted by hand: 365 a year and
    // one more for each 29 February passed.
    let table = [
        (1970, 0, 1, 0),
        (1970, 0, 2, 1),
        (1970, 2, 1, 59), // 31 + 28
        (1969, 11, 31, -1),
        (1972, 2, 1, 365 * 2 + 31 + 29), // 1972 is a leap year
        (2000, 2, 1, 11_017),            // 30 years, 7 leap days (72 to 96), then 31 + 29 of 2000
        (2026, 10, 29, 20_786),          // 56 years, 14 leap days, then 332 days of 2026
        (2026, 11, 3, 20_790),           // 4 days later
        (2100, 2, 1, 47_541),            // 130 years, 32 leap days (1972 to 2096), then 31 + 28
    ];
    for (year, month, day, number) in table {
        assert_eq!(day_number(year, month, day), number, "{year}-{month}-{day}");
    }
    // 2100 is not a leap year, 2000 was: the day after 28 February.
    assert_eq!(day_number(2100, 2, 1) - day_number(2100, 1, 28), 1);
    assert_eq!(day_number(2000, 2, 1) - day_number(2000, 1, 28), 2);
    // Every day of 1970 to 2100 follows the one before: no gaps and no repeats.
    let mut last = day_number(1969, 11, 31);
    for year in 1970..=2100 {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let lengths = [
            31,
            if leap { 29 } else { 28 },
            31,
            30,
            31,
            30,
            31,
            31,
            30,
            31,
            30,
            31,
        ];
        for (month, &length) in lengths.iter().enumerate() {
            for day in 1..=length {
                let number = day_number(year, month as u32, day);
                assert_eq!(number, last + 1, "{year}-{month}-{day}");
                last = number;
            }
        }
    }
}

#[test]
fn sizes_read_in_bytes_kilobytes_megabytes_and_gigabytes() {
    let table = [
        (0, "0 bytes"),
        (1, "1 byte"),
        (1_023, "1023 bytes"),
        (1_024, "1 KB"),
        (12_800, "13 KB"),              // 12.5 KB, half up
        (12_799, "12 KB"),              // just under
        (1_048_063, "1023 KB"),         // 1023.5 KB less a byte
        (1_048_575, "1.0 MB"),          // a byte short of 1 MB rounds to it
        (1_048_576, "1.0 MB"),          // 1024 * 1024
        (1_572_864, "1.5 MB"),          // 1.5 * 1024 * 1024
        (1_625_293, "1.6 MB"),          // 1.55 * 1024 * 1024 = 1,625,292.8: just past half
        (1_073_689_396, "1.0 GB"),      // past 1023.95 MB (1,073,689,395.2): 1024.0 MB
        (3_221_225_472, "3.0 GB"),      // 3 * 1024^3
        (u64::MAX, "17179869184.0 GB"), // 2^64 / 2^30 = 2^34, no overflow
    ];
    for (bytes, words) in table {
        assert_eq!(size_words(bytes), words, "{bytes}");
    }
}

#[test]
fn iphones_and_ipads_are_found_by_their_user_agent() {
    // (user agent, touch points, on an iPhone, iPad or iPod?)
    let table = [
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
            5,
            true,
        ),
        (
            "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
            5,
            true,
        ),
        // Chrome on an iPhone is WebKit too, with the same Share menu.
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
            5,
            true,
        ),
        // An iPad asking for desktop pages calls itself a Mac, with a touch screen.
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
            5,
            true,
        ),
        // A Mac has no touch screen.
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
            0,
            false,
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
            5,
            false,
        ),
        (
            "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
            0,
            false,
        ),
    ];
    for (agent, touch, apple) in table {
        assert_eq!(is_apple_mobile(agent, touch), apple, "{agent}");
    }
}
