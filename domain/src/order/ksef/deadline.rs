//! The offline modes' legal deadline (`tryby-offline.md`): a document issued in
//! offline24 mode must reach KSeF by the end of the next working day after its issue
//! date. A working day is neither a Saturday, a Sunday nor a Polish public holiday
//! (the Act of 18 January 1951 on public holidays, as amended: 24 December is one
//! from 2025).

use chrono::{Datelike, Days, NaiveDate, Weekday};

/// The last day (inclusive) to send a document issued offline on `issued_on`.
pub fn offline_deadline(issued_on: NaiveDate) -> NaiveDate {
    next_working_day(issued_on)
}

/// The last deadline an alert is raised for on `today`: an offline document whose
/// deadline is on or before this day (today, the next working day, or already past)
/// must reach KSeF within one working day, so the admin panel and the daily report
/// name it.
pub fn alert_cutoff(today: NaiveDate) -> NaiveDate {
    next_working_day(today)
}

/// Whether an offline document's `deadline` is near enough on `today` to be an alert
/// (see [`alert_cutoff`]).
pub fn deadline_is_near(deadline: NaiveDate, today: NaiveDate) -> bool {
    deadline <= alert_cutoff(today)
}

/// The first working day after `day`.
pub fn next_working_day(day: NaiveDate) -> NaiveDate {
    let mut next = day;
    loop {
        next = next.checked_add_days(Days::new(1)).unwrap_or(NaiveDate::MAX);
        if next == NaiveDate::MAX || is_working_day(next) {
            return next;
        }
    }
}

/// Neither a weekend day nor a Polish public holiday.
pub fn is_working_day(day: NaiveDate) -> bool {
    !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) && !is_public_holiday(day)
}

/// A Polish public holiday (non-working day by law).
fn is_public_holiday(day: NaiveDate) -> bool {
    let fixed = [(1, 1), (1, 6), (5, 1), (5, 3), (8, 15), (11, 1), (11, 11), (12, 25), (12, 26)];
    if fixed.contains(&(day.month(), day.day())) {
        return true;
    }
    if day.year() >= 2025 && (day.month(), day.day()) == (12, 24) {
        return true;
    }
    let Some(easter) = easter_sunday(day.year()) else { return false };
    // Easter Monday (+1), Pentecost Sunday (+49), Corpus Christi (+60); Easter Sunday
    // and Pentecost are Sundays anyway.
    [0u64, 1, 49, 60].iter().any(|offset| easter.checked_add_days(Days::new(*offset)) == Some(day))
}

/// Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm).
fn easter_sunday(year: i32) -> Option<NaiveDate> {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, u32::try_from(month).ok()?, u32::try_from(day).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("a date")
    }

    #[test]
    fn easter_is_computed_for_known_years() {
        assert_eq!(easter_sunday(2026), Some(d(2026, 4, 5)));
        assert_eq!(easter_sunday(2027), Some(d(2027, 3, 28)));
        assert_eq!(easter_sunday(2025), Some(d(2025, 4, 20)));
    }

    #[test]
    fn the_deadline_is_the_next_working_day() {
        // A Tuesday: Wednesday.
        assert_eq!(offline_deadline(d(2026, 11, 24)), d(2026, 11, 25));
        // A Friday: Monday.
        assert_eq!(offline_deadline(d(2026, 11, 27)), d(2026, 11, 30));
        // Saturday: Monday.
        assert_eq!(offline_deadline(d(2026, 11, 28)), d(2026, 11, 30));
    }

    #[test]
    fn a_deadline_within_one_working_day_is_an_alert() {
        // Wednesday 25 November 2026: today, tomorrow and any day past are near; Friday not.
        let wednesday = d(2026, 11, 25);
        assert!(deadline_is_near(d(2026, 11, 25), wednesday));
        assert!(deadline_is_near(d(2026, 11, 26), wednesday));
        assert!(deadline_is_near(d(2026, 11, 24), wednesday));
        assert!(!deadline_is_near(d(2026, 11, 27), wednesday));
        // On a Friday, Monday is the next working day; Tuesday is not near.
        assert!(deadline_is_near(d(2026, 11, 30), d(2026, 11, 27)));
        assert!(!deadline_is_near(d(2026, 12, 1), d(2026, 11, 27)));
        // On a Saturday too; and before Independence Day (Wed 11 November), Thursday is.
        assert!(deadline_is_near(d(2026, 11, 30), d(2026, 11, 28)));
        assert!(deadline_is_near(d(2026, 11, 12), d(2026, 11, 10)));
        assert!(!deadline_is_near(d(2026, 11, 13), d(2026, 11, 10)));
        assert_eq!(alert_cutoff(d(2026, 12, 23)), d(2026, 12, 28));
    }

    #[test]
    fn public_holidays_are_skipped() {
        // Tuesday 10 November 2026: 11 November (Independence Day) is a Wednesday.
        assert_eq!(offline_deadline(d(2026, 11, 10)), d(2026, 11, 12));
        // 23 December 2026 (Wednesday): 24, 25, 26 (Thu, Fri, Sat), 27 Sunday: Monday 28.
        assert_eq!(offline_deadline(d(2026, 12, 23)), d(2026, 12, 28));
        // Good Friday 2026 (working): Easter Monday 6 April is a holiday.
        assert_eq!(offline_deadline(d(2026, 4, 3)), d(2026, 4, 7));
        // Corpus Christi 2026 is Thursday 4 June.
        assert_eq!(offline_deadline(d(2026, 6, 3)), d(2026, 6, 5));
        // New Year's Eve 2026 (Thursday): 1 January is a holiday, the 2nd a Saturday.
        assert_eq!(offline_deadline(d(2026, 12, 31)), d(2027, 1, 4));
        // Before 2025, 24 December was a working day.
        assert!(is_working_day(d(2024, 12, 24)));
        assert!(!is_working_day(d(2027, 12, 24)));
    }
}
