//! Time as the carrier's customers mean it: Europe/Warsaw.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
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
}
