//! Keeping saved data: when the player is told it may not last, how the last export and the
//! space used read, and which browsers are on an iPhone or iPad. Expected values are written
//! out here by hand.

use dicetray::core::keeping::{
    Keeping, LocalMoment, is_apple_mobile, last_export_words, size_words,
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
fn sizes_read_in_bytes_kilobytes_megabytes_and_gigabytes() {
    let table = [
        (0, "0 bytes"),
        (1, "1 byte"),
        (1_023, "1023 bytes"),
        (1_024, "1 KB"),
        (12_900, "13 KB"),         // 12.6 KB
        (1_572_864, "1.5 MB"),     // 1.5 * 1024 * 1024
        (3_221_225_472, "3.0 GB"), // 3 * 1024^3
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
