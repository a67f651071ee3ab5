//! Reading stored metadata quickly.
//!
//! Every event read carries its [`Metadata`] as JSON text, and a replay reads millions of
//! them, so the text the store itself writes (`serde_json::to_string(&Metadata)`: the
//! fields in declaration order, no whitespace, times as RFC 3339 in UTC with a `Z`) is
//! read by a small scanner over the borrowed text. Anything else (other spacing or order,
//! escapes, `null`, unknown fields, offsets other than `Z`) goes to serde_json, so the
//! result is always what serde_json would answer for the text; the fast path only ever
//! accepts texts on which both agree.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::model::Metadata;

/// Parse stored metadata.
pub(super) fn parse(text: &str) -> Result<Metadata, serde_json::Error> {
    match fast(text) {
        Some(metadata) => Ok(metadata),
        None => serde_json::from_str(text),
    }
}

/// The store's own form, or `None` for serde_json to decide.
fn fast(text: &str) -> Option<Metadata> {
    let mut rest = text.strip_prefix('{')?.strip_suffix('}')?;
    let mut metadata = Metadata::default();
    // Fields must come at most once and in declaration order, as serialised.
    let mut next_field = 0;
    while !rest.is_empty() {
        // `"key":"value"`, the quotes found with memchr (a key never holds a quote).
        let body = rest.strip_prefix('"')?;
        let key_end = body.find('"')?;
        let key = &body[..key_end];
        let after_key = body[key_end..].strip_prefix("\":\"")?;
        let value_end = after_key.find('"')?;
        let (value, after_value) = (&after_key[..value_end], &after_key[value_end + 1..]);
        if value.contains('\\') {
            return None; // an escape: the value may go on after this quote
        }
        let field = match key {
            "correlation_id" => 0,
            "causation_id" => 1,
            "user_id" => 2,
            "occurred_at" => 3,
            _ => return None,
        };
        if field < next_field {
            return None;
        }
        next_field = field + 1;
        match field {
            0 => metadata.correlation_id = Some(Uuid::parse_str(value).ok()?),
            1 => metadata.causation_id = Some(Uuid::parse_str(value).ok()?),
            2 => {
                if value.chars().any(char::is_control) {
                    return None; // invalid unescaped in JSON: let serde_json refuse it
                }
                metadata.user_id = Some(value.to_owned());
            }
            _ => metadata.occurred_at = utc_time(value)?,
        }
        rest = match after_value.strip_prefix(',') {
            Some(more) if !more.is_empty() => more,
            Some(_) => return None,
            None if after_value.is_empty() => after_value,
            None => return None,
        };
    }
    Some(metadata)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the form chrono writes for `DateTime<Utc>`.
fn utc_time(text: &str) -> Option<DateTime<Utc>> {
    let b = text.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<u32> {
        b[from..to].iter().try_fold(0u32, |n, &c| c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0')))
    };
    let (year, month, day) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    let (hour, minute, second) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
    let tail = &b[19..];
    let nanos = match tail {
        [b'Z'] => 0,
        [b'.', digits @ .., b'Z'] if (1..=9).contains(&digits.len()) => {
            let n = num(20, 20 + digits.len())?;
            n * 10u32.pow(9 - digits.len() as u32)
        }
        _ => return None,
    };
    if second > 59 {
        return None; // a leap second: chrono's parser knows how
    }
    let date = NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)?;
    Some(date.and_hms_nano_opt(hour, minute, second, nanos)?.and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_as_serde(text: &str) {
        let want: Result<Metadata, _> = serde_json::from_str(text);
        let got = parse(text);
        match (want, got) {
            (Ok(want), Ok(got)) => assert_eq!(got, want, "{text}"),
            (Err(_), Err(_)) => {}
            (want, got) => panic!("{text}: serde_json {want:?}, parse {got:?}"),
        }
    }

    #[test]
    fn the_stores_own_form_takes_the_fast_path() {
        let metadata = Metadata {
            correlation_id: Some(Uuid::new_v4()),
            causation_id: Some(Uuid::new_v4()),
            user_id: Some("jan@example.pl".into()),
            occurred_at: Utc::now(),
        };
        let text = serde_json::to_string(&metadata).unwrap();
        assert_eq!(fast(&text), Some(metadata.clone()), "{text}");
        let sparse = Metadata { correlation_id: None, causation_id: None, user_id: None, ..metadata };
        let text = serde_json::to_string(&sparse).unwrap();
        assert_eq!(fast(&text), Some(sparse), "{text}");
        for time in ["2025-06-01T12:00:00Z", "2025-06-01T12:00:00.1Z", "2025-06-01T12:00:00.123456Z"] {
            let text = format!(r#"{{"occurred_at":"{time}"}}"#);
            assert!(fast(&text).is_some(), "{text}");
            same_as_serde(&text);
        }
    }

    #[test]
    fn anything_else_is_what_serde_json_says() {
        let id = Uuid::new_v4();
        for text in [
            "{}".to_string(),
            r#"{ "occurred_at": "2025-06-01T12:00:00Z" }"#.into(),
            r#"{"occurred_at":"2025-06-01T12:00:00Z","correlation_id":"X"}"#.replace('X', &id.to_string()),
            r#"{"occurred_at":"2025-06-01T12:00:00Z","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"user_id":"a\"b","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"user_id":"a\\","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"user_id":"a\u00e9","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            "{\"user_id\":\"a\tb\",\"occurred_at\":\"2025-06-01T12:00:00Z\"}".into(),
            r#"{"user_id":null,"occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"extra":"x","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"occurred_at":"2025-06-01T14:00:00+02:00"}"#.into(),
            r#"{"occurred_at":"2016-12-31T23:59:60Z"}"#.into(),
            r#"{"occurred_at":"2025-02-30T12:00:00Z"}"#.into(),
            r#"{"occurred_at":"2025-06-01T12:00:00.1234567890Z"}"#.into(),
            r#"{"occurred_at":"2025-06-01T12:00:00Z",}"#.into(),
            r#"{"correlation_id":"not-a-uuid","occurred_at":"2025-06-01T12:00:00Z"}"#.into(),
            r#"{"correlation_id":"X","occurred_at":"2025-06-01T12:00:00Z"}"#.replace('X', &id.simple().to_string()),
            "not json".into(),
        ] {
            same_as_serde(&text);
        }
    }
}
