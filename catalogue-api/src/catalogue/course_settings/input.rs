//! The two timetable fields with a shape of their own: departure times and week days,
//! each accepted as a JSON array or as a comma text.

use chrono::NaiveTime;
use serde_json::Value;

/// The parts of a comma text or of an array of texts or numbers.
fn items(value: Option<&Value>) -> Result<Vec<String>, ()> {
    match value {
        None => Ok(vec![]),
        Some(Value::String(s)) => Ok(s.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.trim().to_string()),
                Value::Number(n) => Ok(n.to_string()),
                _ => Err(()),
            })
            .collect(),
        Some(_) => Err(()),
    }
}

/// `HH:MM`, exactly.
fn parse_time(text: &str) -> Option<NaiveTime> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

/// Departure times, sorted, without repeats: 1 to 48 `HH:MM` (Warsaw local).
pub fn parse_times(value: Option<&Value>) -> Result<Vec<NaiveTime>, String> {
    let shape = "departure_times is a list of HH:MM times";
    let texts = items(value).map_err(|_| shape.to_string())?;
    if texts.is_empty() {
        return Err("departure_times needs at least one time".into());
    }
    if texts.len() > 48 {
        return Err("departure_times has at most 48 times".into());
    }
    let mut times = Vec::with_capacity(texts.len());
    for t in &texts {
        times.push(parse_time(t).ok_or_else(|| format!("{t:?} is not a time HH:MM (00:00 to 23:59)"))?);
    }
    times.sort();
    times.dedup();
    Ok(times)
}

/// Week days, sorted, without repeats: 0-6, 0 = Sunday.
pub fn parse_week_days(value: Option<&Value>) -> Result<Vec<i16>, String> {
    let shape = "week_days is a comma list of 0 to 6 (0 = Sunday)";
    let texts = items(value).map_err(|_| shape.to_string())?;
    if texts.is_empty() {
        return Err("week_days needs at least one day (0 to 6, 0 = Sunday)".into());
    }
    if texts.len() > 7 {
        return Err("week_days names at most 7 days".into());
    }
    let mut days = Vec::with_capacity(texts.len());
    for t in &texts {
        match t.parse::<i16>() {
            Ok(d) if (0..=6).contains(&d) => days.push(d),
            _ => return Err(format!("{t:?} is not a week day: {shape}")),
        }
    }
    days.sort();
    days.dedup();
    Ok(days)
}

/// `[1, 2, 3]` → `"1,2,3"`.
pub fn format_week_days(days: &[i16]) -> String {
    days.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn times_come_as_a_list_or_a_comma_text() {
        let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        assert_eq!(parse_times(Some(&json!(["15:00", "07:30", "07:30"]))), Ok(vec![t(7, 30), t(15, 0)]));
        assert_eq!(parse_times(Some(&json!("07:30, 23:59"))), Ok(vec![t(7, 30), t(23, 59)]));
        for bad in [json!(["7:30"]), json!(["24:00"]), json!(["07:60"]), json!("07:30:00"), json!([]), json!(5)] {
            assert!(parse_times(Some(&bad)).is_err(), "{bad}");
        }
        assert!(parse_times(None).is_err());
    }

    #[test]
    fn week_days_are_0_to_6_with_sunday_0() {
        assert_eq!(parse_week_days(Some(&json!("5,1,0,1"))), Ok(vec![0, 1, 5]));
        assert_eq!(parse_week_days(Some(&json!([6, "2"]))), Ok(vec![2, 6]));
        for bad in [json!("7"), json!("-1"), json!("mon"), json!(""), json!({})] {
            assert!(parse_week_days(Some(&bad)).is_err(), "{bad}");
        }
        assert_eq!(format_week_days(&[1, 2, 3]), "1,2,3");
    }
}
