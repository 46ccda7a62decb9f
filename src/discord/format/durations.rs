//! Durations and points in time in words: the durations users type (`3d`, `12h`) read
//! back, durations written out ("1 day 12 hours") or as people say a time left ("29 days"),
//! points in time as Discord shows them, the deadline with what is left of a time bank, and
//! the labels of the time-per-move suggestions.

use super::super::i18n::{tr, Lang};

/// A point in time as Discord shows it to each reader, in their language, relative
/// ("in 3 days").
pub(crate) fn relative_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:R>")
}

/// A duration in words: "3 days", "12 hours", "1 day 12 hours" (「1日 12時間」).
pub(crate) fn duration(lang: Lang, seconds: i64) -> String {
    const UNITS: [(i64, &str); 4] = [
        (86_400, "duration-days"),
        (3_600, "duration-hours"),
        (60, "duration-minutes"),
        (1, "duration-seconds"),
    ];
    let mut left = seconds.max(0);
    let mut parts = Vec::new();
    for (size, key) in UNITS {
        let count = left / size;
        if count > 0 {
            parts.push(tr!(lang, key, n = count));
            left -= count * size;
        }
    }
    if parts.is_empty() {
        tr!(lang, "duration-seconds", n = 0i64)
    } else {
        parts.join(&tr!(lang, "duration-separator"))
    }
}

/// A time left as people say it, not to the second: whole days from three days on
/// ("29 days", 「29日」), days and hours below that ("1 day 12 hours"), hours from three
/// hours ("3 hours"), hours and minutes below that, minutes below an hour, and "less than
/// a minute"; each rounded to its last unit.
pub(crate) fn duration_left(lang: Lang, seconds: i64) -> String {
    const DAY: i64 = 86_400;
    const HOUR: i64 = 3_600;
    const MINUTE: i64 = 60;
    let seconds = seconds.max(0);
    let rounded = |unit: i64| (seconds + unit / 2) / unit * unit;
    // From a day down to three hours, to the hour.
    let kept = if seconds >= 3 * DAY - HOUR / 2 {
        rounded(DAY)
    } else if seconds >= 3 * HOUR - MINUTE / 2 {
        rounded(HOUR)
    } else if seconds >= MINUTE - 1 {
        rounded(MINUTE)
    } else {
        return tr!(lang, "duration-under-a-minute");
    };
    duration(lang, kept)
}

/// Reads a time per move as users type it: `3d`, `12h`, `90m`, `1d12h`, `2 days`.
/// Returns the seconds, or a sentence (in `lang`) saying what to type instead.
pub(crate) fn parse_duration(lang: Lang, text: &str) -> Result<i64, String> {
    let bad = || tr!(lang, "bad-duration", text = format!("{text:?}"));
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if compact.is_empty() {
        return Err(bad());
    }
    let mut total: i64 = 0;
    let mut rest = compact.as_str();
    while !rest.is_empty() {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return Err(bad());
        }
        let count: i64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit_len = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let size = match unit {
            "d" | "day" | "days" => 86_400,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3_600,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            _ => return Err(bad()),
        };
        total = count
            .checked_mul(size)
            .and_then(|seconds| total.checked_add(seconds))
            .ok_or_else(bad)?;
    }
    Ok(total)
}

/// The words for "no time limit" in the time-per-move option.
pub(crate) fn means_no_clock(text: &str) -> bool {
    let word: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    matches!(
        word.as_str(),
        "none" | "no" | "unlimited" | "off" | "nolimit" | "∞" | "なし" | "없음"
    )
}

/// When the player to move runs out of time, as the `when` of a sentence about the
/// deadline: the time itself, and in a game with a time bank that the deadline includes
/// it and how much of it is left.
pub(crate) fn deadline_when(lang: Lang, deadline: i64, bank_left: Option<i64>) -> String {
    match bank_left {
        None => relative_time(deadline),
        Some(bank) => tr!(
            lang,
            "deadline-with-bank",
            when = relative_time(deadline),
            bank = bank_words(lang, bank)
        ),
    }
}

/// What is left of a time bank, as people say it ("2 days 4 hours"), or that it is empty.
fn bank_words(lang: Lang, seconds: i64) -> String {
    if seconds <= 0 {
        return tr!(lang, "bank-empty");
    }
    duration_left(lang, seconds)
}

/// A point in time as Discord shows it to each reader, in full in their own time zone.
pub(crate) fn absolute_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:f>")
}

/// The label of a time-per-move suggestion: the time per move (saying which is the
/// default), or no limit.
pub(crate) fn time_per_move_label(lang: Lang, seconds: Option<i64>) -> String {
    match seconds {
        Some(seconds) if seconds == crate::service::DEFAULT_SECONDS_PER_MOVE => tr!(
            lang,
            "time-per-move-default",
            time = duration(lang, seconds)
        ),
        Some(seconds) => tr!(lang, "challenge-per-move", time = duration(lang, seconds)),
        None => tr!(lang, "time-no-limit"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_users_type_them() {
        assert_eq!(parse_duration(Lang::En, "1d"), Ok(86_400));
        assert_eq!(parse_duration(Lang::En, "3d"), Ok(3 * 86_400));
        assert_eq!(parse_duration(Lang::En, "12h"), Ok(12 * 3_600));
        assert_eq!(parse_duration(Lang::En, "30m"), Ok(1_800));
        assert_eq!(parse_duration(Lang::En, "1d12h"), Ok(86_400 + 12 * 3_600));
        assert_eq!(parse_duration(Lang::En, " 2 Days "), Ok(2 * 86_400));
        for bad in ["", "d", "3", "3x", "-3d", "99999999999999999999d", "1.5d"] {
            let error = parse_duration(Lang::En, bad).unwrap_err();
            assert!(error.contains("`3d`"), "{bad}: {error}");
        }
        assert!(means_no_clock("None"));
        assert!(!means_no_clock("3d"));
    }

    #[test]
    fn times_left_are_said_as_people_say_them() {
        let (day, hour, minute) = (86_400, 3_600, 60);
        let said = |seconds| duration_left(Lang::En, seconds);
        assert_eq!(said(29 * day + 23 * hour + 59 * minute + 58), "30 days");
        assert_eq!(said(29 * day + 2 * hour), "29 days");
        assert_eq!(said(day + 12 * hour + 40 * minute), "1 day 13 hours");
        assert_eq!(said(2 * day + 23 * hour + 50 * minute), "3 days");
        assert_eq!(said(3 * hour + 10 * minute), "3 hours");
        assert_eq!(said(2 * hour + 14 * minute + 50), "2 hours 15 minutes");
        assert_eq!(said(45 * minute + 20), "45 minutes");
        assert_eq!(said(20), "less than a minute");
        assert_eq!(
            duration_left(Lang::Ja, 29 * day + 23 * hour + 59 * minute + 58),
            "30日"
        );
        assert_eq!(duration_left(Lang::Ja, 3 * hour + 5), "3時間");
        assert_eq!(duration_left(Lang::Ja, day + hour), "1日1時間");
        assert_eq!(duration_left(Lang::Ko, day + hour), "1일 1시간");
    }

    #[test]
    fn durations_print_in_words() {
        assert_eq!(duration(Lang::En, 3 * 86_400), "3 days");
        assert_eq!(duration(Lang::En, 86_400 + 3_600), "1 day 1 hour");
        assert_eq!(duration(Lang::En, 60), "1 minute");
        assert_eq!(duration(Lang::En, 0), "0 seconds");
    }

    #[test]
    fn the_bank_left_is_said_beside_the_deadline_as_people_say_it() {
        assert_eq!(
            deadline_when(Lang::En, 1_800_000_000, None),
            "<t:1800000000:R>"
        );
        assert_eq!(
            deadline_when(
                Lang::En,
                1_800_000_000,
                Some(2 * 86_400 + 4 * 3_600 + 59 * 60 + 12)
            ),
            "<t:1800000000:R>, time bank included: 2 days 5 hours left in the bank"
        );
        assert_eq!(bank_words(Lang::En, 3 * 3_600 + 12 * 60 + 5), "3 hours");
        assert_eq!(bank_words(Lang::En, 86_400 + 30), "1 day");
        assert_eq!(bank_words(Lang::En, 0), "none");
        assert_eq!(bank_words(Lang::Ja, 86_400 + 3_600 + 5), "1日1時間");
    }
}
