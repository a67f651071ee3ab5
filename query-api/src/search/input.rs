//! The search form, parsed: `{tripMode, start, end, date, dateBack?}`.

use api_core::time::{parse_timestamp, warsaw_date};
use api_core::ApiError;
use api_core::Fields;
use chrono::NaiveDate;
use serde_json::Value;

/// One way (the default), or there and back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TripMode {
    OneWay,
    RoundTrip,
}

/// A valid search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    pub start: i64,
    pub end: i64,
    pub date: NaiveDate,
    /// Only for a round trip.
    pub date_back: Option<NaiveDate>,
}

/// `YYYY-MM-DD`, or a timestamp (the form's "today at midnight" may arrive as
/// `2026-07-09T22:00:00.000Z` or `2026-07-10 00:00:00`), read as its Warsaw date.
fn parse_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().or_else(|| parse_timestamp(text).map(warsaw_date))
}

fn date_field(f: &mut Fields<'_>, name: &str) -> Option<NaiveDate> {
    match f.raw(name) {
        None => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => {
            let parsed = parse_date(s);
            if parsed.is_none() {
                f.error_coded(name, api_core::codes::FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD"));
            }
            parsed
        }
        Some(_) => {
            f.error_coded(name, api_core::codes::FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD"));
            None
        }
    }
}

/// Check the form against `today` (Warsaw). Every problem is reported at once; a date
/// in the past is refused (`422`) rather than answered with nothing, so the form can say
/// why.
pub fn parse(body: &Value, today: NaiveDate) -> Result<Search, ApiError> {
    let mut f = Fields::new(body)?;
    let mode = match f.raw("tripMode") {
        None => TripMode::OneWay,
        Some(Value::String(s)) if s == "one_way" => TripMode::OneWay,
        Some(Value::String(s)) if s == "round_trip" => TripMode::RoundTrip,
        Some(_) => {
            f.error_coded("tripMode", api_core::codes::FIELD_INVALID_CHOICE, "tripMode is one_way or round_trip");
            TripMode::OneWay
        }
    };
    let start = f.id("start");
    let end = f.id("end");
    if f.is_ok("start") && f.is_ok("end") && start == end {
        f.error_coded("end", api_core::codes::SAME_STOPS, "the destination must differ from the start");
    }
    let date = date_field(&mut f, "date");
    let date_back = date_field(&mut f, "dateBack");
    match date {
        None if f.is_ok("date") => f.error_coded("date", api_core::codes::FIELD_BLANK, "date is required"),
        Some(d) if d < today => f.error_coded("date", api_core::codes::DATE_IN_PAST, "date is in the past"),
        _ => {}
    }
    if mode == TripMode::RoundTrip {
        match (date, date_back) {
            (_, None) if f.is_ok("dateBack") => {
                f.error_coded("dateBack", api_core::codes::FIELD_BLANK, "a return trip needs dateBack")
            }
            (Some(d), Some(back)) if back < d => {
                f.error_coded("dateBack", api_core::codes::DATE_BEFORE_START, "dateBack must not be before date")
            }
            _ => {}
        }
    }
    f.finish()?;
    let Some(date) = date else {
        return Err(ApiError::refusal_on("date", api_core::codes::FIELD_BLANK, "date is required"));
    };
    Ok(Search { start, end, date, date_back: if mode == TripMode::RoundTrip { date_back } else { None } })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 7, 10).unwrap()
    }

    fn fields(body: Value) -> Vec<String> {
        match parse(&body, today()) {
            Err(ApiError::Validation { errors, .. }) => errors.into_iter().map(|e| e.field).collect(),
            other => panic!("422 expected, got {other:?}"),
        }
    }

    #[test]
    fn a_one_way_search_ignores_date_back() {
        let s = parse(&json!({"start": 1, "end": 2, "date": "2026-07-10", "dateBack": "2026-07-01"}), today()).unwrap();
        assert_eq!(s, Search { start: 1, end: 2, date: today(), date_back: None });
    }

    #[test]
    fn the_forms_midnight_timestamp_is_read_as_a_warsaw_date() {
        let s = parse(&json!({"start": 1, "end": 2, "date": "2026-07-09T22:00:00.000Z"}), today()).unwrap();
        assert_eq!(s.date, today());
    }

    #[test]
    fn every_problem_is_named() {
        assert_eq!(
            fields(json!({"tripMode": "both", "start": "x", "date": "10.07.2026"})),
            ["tripMode", "start", "end", "date"]
        );
        assert_eq!(fields(json!({"start": 1, "end": 1, "date": "2026-07-09"})), ["end", "date"]);
        assert_eq!(fields(json!({"tripMode": "round_trip", "start": 1, "end": 2, "date": "2026-07-10"})), ["dateBack"]);
        assert_eq!(
            fields(
                json!({"tripMode": "round_trip", "start": 1, "end": 2, "date": "2026-07-12", "dateBack": "2026-07-11"})
            ),
            ["dateBack"]
        );
    }
}
