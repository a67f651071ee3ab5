//! Time as the carrier's customers mean it: Europe/Warsaw.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Europe::Warsaw;

/// `YYYY-MM-DD HH:MM:SS` (Warsaw local time, as the spec's banner filter sends it) or
/// RFC 3339 with an offset.
pub fn parse_timestamp(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Some(t.with_timezone(&Utc));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok()?;
    // In the autumn hour that happens twice, take the first; in the spring gap, none.
    Warsaw.from_local_datetime(&local).earliest().map(|t| t.with_timezone(&Utc))
}

/// The instant with Warsaw's offset of the day (`2026-07-10T08:00:00+02:00`).
pub fn warsaw(t: DateTime<Utc>) -> DateTime<FixedOffset> {
    t.with_timezone(&Warsaw).fixed_offset()
}

/// Today's date in Warsaw.
pub fn warsaw_today() -> NaiveDate {
    Utc::now().with_timezone(&Warsaw).date_naive()
}

/// The Warsaw date of an instant.
pub fn warsaw_date(t: DateTime<Utc>) -> NaiveDate {
    t.with_timezone(&Warsaw).date_naive()
}

/// A Warsaw wall-clock time on a date as an instant. In the autumn hour that happens
/// twice, the first; in the spring gap (02:00–03:00 on the last Sunday of March), none.
pub fn warsaw_instant(date: NaiveDate, time: NaiveTime) -> Option<DateTime<Utc>> {
    Warsaw.from_local_datetime(&NaiveDateTime::new(date, time)).earliest().map(|t| t.with_timezone(&Utc))
}

/// Warsaw midnight starting `date`, as an instant (midnight always exists in Warsaw).
pub fn warsaw_midnight(date: NaiveDate) -> Option<DateTime<Utc>> {
    warsaw_instant(date, NaiveTime::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warsaw_local_times_and_rfc3339_parse() {
        let winter = parse_timestamp("2026-01-10 12:00:00").unwrap();
        assert_eq!(winter.to_rfc3339(), "2026-01-10T11:00:00+00:00");
        let summer = parse_timestamp("2026-07-10 12:00:00").unwrap();
        assert_eq!(summer.to_rfc3339(), "2026-07-10T10:00:00+00:00");
        assert!(parse_timestamp("2026-07-10T12:00:00Z").is_some());
        assert!(parse_timestamp("2026-03-29 02:30:00").is_none(), "the spring gap does not exist");
        assert!(parse_timestamp("yesterday").is_none());
    }
    #[test]
    fn local_times_follow_the_warsaw_offset_of_the_day() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        assert_eq!(warsaw_instant(d(2026, 1, 10), t(7, 30)).unwrap().to_rfc3339(), "2026-01-10T06:30:00+00:00");
        assert_eq!(warsaw_instant(d(2026, 7, 10), t(7, 30)).unwrap().to_rfc3339(), "2026-07-10T05:30:00+00:00");
        assert_eq!(warsaw_instant(d(2026, 3, 29), t(2, 30)), None);
        assert_eq!(warsaw_instant(d(2026, 10, 25), t(2, 30)).unwrap().to_rfc3339(), "2026-10-25T00:30:00+00:00");
        let summer = warsaw_instant(d(2026, 7, 10), t(7, 30)).unwrap();
        assert_eq!(warsaw(summer).to_rfc3339(), "2026-07-10T07:30:00+02:00");
        assert_eq!(warsaw_date(warsaw_midnight(d(2026, 7, 10)).unwrap()), d(2026, 7, 10));
    }
}
