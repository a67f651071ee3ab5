//! Which courses the timetables call for: pure, so the calendar rules are tested without
//! a database.

use std::collections::{HashMap, HashSet};

use api_core::time::warsaw_instant;
use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, Utc};

/// A timetable as the planner needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Timetable {
    pub id: i64,
    pub route_id: i64,
    pub departure_times: Vec<NaiveTime>,
    /// 0 = Sunday.
    pub week_days: Vec<i16>,
    pub seats: i32,
    pub days_before_generate: i32,
    pub valid_from: Option<NaiveDate>,
    pub valid_to: Option<NaiveDate>,
}

/// An exception of a timetable on a date.
#[derive(Debug, Clone, Copy)]
pub struct Exception {
    pub excluded: bool,
    pub seats: Option<i32>,
}

/// A course to create (unless it exists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned {
    pub route_id: i64,
    pub settings_id: i64,
    pub departure_at: DateTime<Utc>,
    pub seats: i32,
}

/// The courses of `timetables` from `today` for `days` days (each timetable's own
/// `days_before_generate` when `None`), on their week days and valid dates, minus the
/// excluded dates, at their Warsaw local times, later than `now`. A departure two
/// timetables of one route share is planned once (the first timetable's). A time that
/// does not exist that day (the spring DST gap) is skipped.
pub fn plan(
    timetables: &[Timetable],
    exceptions: &HashMap<(i64, NaiveDate), Exception>,
    today: NaiveDate,
    days: Option<u32>,
    now: DateTime<Utc>,
) -> Vec<Planned> {
    let mut seen = HashSet::new();
    let mut planned = Vec::new();
    for t in timetables {
        let horizon = days.unwrap_or(t.days_before_generate.max(0) as u32);
        for offset in 0..horizon {
            let Some(date) = today.checked_add_days(Days::new(u64::from(offset))) else { break };
            if t.valid_from.is_some_and(|from| date < from) || t.valid_to.is_some_and(|to| date > to) {
                continue;
            }
            if !t.week_days.contains(&(date.weekday().num_days_from_sunday() as i16)) {
                continue;
            }
            let exception = exceptions.get(&(t.id, date));
            if exception.is_some_and(|e| e.excluded) {
                continue;
            }
            let seats = exception.and_then(|e| e.seats).unwrap_or(t.seats);
            for time in &t.departure_times {
                let Some(departure_at) = warsaw_instant(date, *time) else { continue };
                if departure_at <= now || !seen.insert((t.route_id, departure_at)) {
                    continue;
                }
                planned.push(Planned { route_id: t.route_id, settings_id: t.id, departure_at, seats });
            }
        }
    }
    planned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn timetable(id: i64, week_days: Vec<i16>, times: Vec<NaiveTime>) -> Timetable {
        Timetable {
            id,
            route_id: 1,
            departure_times: times,
            week_days,
            seats: 49,
            days_before_generate: 7,
            valid_from: None,
            valid_to: None,
        }
    }

    // Monday 2026-07-06, early morning.
    fn now() -> DateTime<Utc> {
        warsaw_instant(d(2026, 7, 6), t(5, 0)).unwrap()
    }

    #[test]
    fn weekdays_only_for_a_week_at_warsaw_times() {
        let plans =
            plan(&[timetable(1, vec![1, 2, 3, 4, 5], vec![t(7, 30)])], &HashMap::new(), d(2026, 7, 6), None, now());
        assert_eq!(plans.len(), 5);
        assert_eq!(plans[0].departure_at.to_rfc3339(), "2026-07-06T05:30:00+00:00");
        assert_eq!(plans[4].departure_at.to_rfc3339(), "2026-07-10T05:30:00+00:00");
        assert!(plans.iter().all(|p| p.seats == 49 && p.settings_id == 1));
    }

    #[test]
    fn sunday_is_day_0_and_past_times_of_today_are_skipped() {
        let early = vec![t(4, 0), t(18, 0)];
        let plans = plan(&[timetable(1, vec![0, 1], early)], &HashMap::new(), d(2026, 7, 6), Some(7), now());
        let dates: Vec<String> = plans.iter().map(|p| p.departure_at.to_rfc3339()).collect();
        assert_eq!(dates, ["2026-07-06T16:00:00+00:00", "2026-07-12T02:00:00+00:00", "2026-07-12T16:00:00+00:00"]);
    }

    #[test]
    fn valid_dates_and_exceptions_apply() {
        let mut tt = timetable(1, vec![0, 1, 2, 3, 4, 5, 6], vec![t(12, 0)]);
        tt.valid_from = Some(d(2026, 7, 7));
        tt.valid_to = Some(d(2026, 7, 9));
        let mut exceptions = HashMap::new();
        exceptions.insert((1, d(2026, 7, 8)), Exception { excluded: true, seats: None });
        exceptions.insert((1, d(2026, 7, 9)), Exception { excluded: false, seats: Some(20) });
        let plans = plan(&[tt], &exceptions, d(2026, 7, 6), None, now());
        let got: Vec<(String, i32)> =
            plans.iter().map(|p| (p.departure_at.date_naive().to_string(), p.seats)).collect();
        assert_eq!(got, [("2026-07-07".to_string(), 49), ("2026-07-09".to_string(), 20)]);
    }

    #[test]
    fn a_departure_two_timetables_share_is_planned_once() {
        let a = timetable(1, vec![1], vec![t(8, 0)]);
        let b = timetable(2, vec![1], vec![t(8, 0), t(9, 0)]);
        let plans = plan(&[a, b], &HashMap::new(), d(2026, 7, 6), Some(1), now());
        assert_eq!(plans.iter().map(|p| p.settings_id).collect::<Vec<_>>(), [1, 2]);
    }

    #[test]
    fn the_spring_gap_has_no_departures() {
        let gap_day = d(2026, 3, 29);
        let before = warsaw_instant(d(2026, 3, 28), t(0, 0)).unwrap();
        let plans = plan(&[timetable(1, vec![0], vec![t(2, 30), t(3, 30)])], &HashMap::new(), gap_day, Some(1), before);
        assert_eq!(plans.len(), 1);
    }
}
