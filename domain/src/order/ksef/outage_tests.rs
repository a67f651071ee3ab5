//! The offline modes' deadlines, per mode: weekends, holidays, an announcement extended,
//! overlapping announcements, and the guide's own example.

use super::*;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("a date")
}

fn unavailable(from: NaiveDate, to: NaiveDate) -> Outage {
    Outage::new(OutageKind::Unavailable, from, to).expect("an outage")
}

fn emergency(from: NaiveDate, to: NaiveDate) -> Outage {
    Outage::new(OutageKind::Emergency, from, to).expect("an outage")
}

#[test]
fn without_announcements_the_deadline_is_offline24s() {
    // Friday 27 November 2026: Monday.
    assert_eq!(legal_deadline(d(2026, 11, 27), &[]), d(2026, 11, 30));
    assert_eq!(legal_deadline(d(2026, 11, 10), &[]), d(2026, 11, 12));
}

#[test]
fn an_unavailability_runs_from_its_end() {
    // Issued Tuesday 24 November 2026 during an unavailability of 23-26 November
    // (Thursday): Friday 27.
    let outage = unavailable(d(2026, 11, 23), d(2026, 11, 26));
    assert_eq!(legal_deadline(d(2026, 11, 24), &[outage]), d(2026, 11, 27));
    // Ending on a Friday: Monday; ending on 10 November: 11th is a holiday, the 12th.
    assert_eq!(legal_deadline(d(2026, 11, 24), &[unavailable(d(2026, 11, 24), d(2026, 11, 27))]), d(2026, 11, 30));
    assert_eq!(legal_deadline(d(2026, 11, 9), &[unavailable(d(2026, 11, 9), d(2026, 11, 10))]), d(2026, 11, 12));
    // Ending before Christmas (Wednesday 23 December 2026): Monday 28.
    assert_eq!(legal_deadline(d(2026, 12, 21), &[unavailable(d(2026, 12, 20), d(2026, 12, 23))]), d(2026, 12, 28));
}

#[test]
fn an_unavailability_not_covering_the_issue_date_changes_nothing() {
    let later = unavailable(d(2026, 11, 25), d(2026, 11, 30));
    let earlier = unavailable(d(2026, 11, 16), d(2026, 11, 23));
    assert_eq!(legal_deadline(d(2026, 11, 24), &[later, earlier]), d(2026, 11, 25));
}

#[test]
fn an_emergency_gives_seven_working_days_from_its_end() {
    // Issued Monday 23 November 2026 in an emergency ending Wednesday 25: 26, 27, 30,
    // 1, 2, 3, 4 December.
    assert_eq!(legal_deadline(d(2026, 11, 23), &[emergency(d(2026, 11, 23), d(2026, 11, 25))]), d(2026, 12, 4));
    // Over Christmas: ending 22 December 2026 (Tuesday): 23, 28, 29, 30, 31 December, 4, 5
    // January (24-27 and 1 January are holidays or weekends, 2-3 a weekend, 6 Epiphany).
    assert_eq!(legal_deadline(d(2026, 12, 21), &[emergency(d(2026, 12, 21), d(2026, 12, 22))]), d(2027, 1, 5));
}

#[test]
fn the_guides_example_an_emergency_announced_during_offline24() {
    // 2025-07-08: offline24, due 07-09; an emergency announced on 07-09, ended Saturday
    // 07-12: 7 working days from it, Tuesday 07-22.
    assert_eq!(legal_deadline(d(2025, 7, 8), &[]), d(2025, 7, 9));
    assert_eq!(legal_deadline(d(2025, 7, 8), &[emergency(d(2025, 7, 9), d(2025, 7, 12))]), d(2025, 7, 22));
}

#[test]
fn an_emergency_after_the_deadline_or_before_the_issue_changes_nothing() {
    let after = emergency(d(2025, 7, 10), d(2025, 7, 12));
    let before = emergency(d(2025, 7, 1), d(2025, 7, 7));
    assert_eq!(legal_deadline(d(2025, 7, 8), &[after, before]), d(2025, 7, 9));
}

#[test]
fn an_emergency_announced_within_the_seven_days_restarts_the_count() {
    // First emergency 23-25 November 2026: due 4 December. Another announced on 3
    // December, ending 7 December (Monday): 8, 9, 10, 11, 14, 15, 16 December.
    let first = emergency(d(2026, 11, 23), d(2026, 11, 25));
    let second = emergency(d(2026, 12, 3), d(2026, 12, 7));
    assert_eq!(legal_deadline(d(2026, 11, 23), &[second, first]), d(2026, 12, 16));
    // One announced after 4 December is too late: the document was already due.
    let too_late = emergency(d(2026, 12, 7), d(2026, 12, 9));
    assert_eq!(legal_deadline(d(2026, 11, 23), &[first, too_late]), d(2026, 12, 4));
}

#[test]
fn an_announcement_extended_counts_from_its_new_end() {
    // Entered again with a later end: the later end wins, whichever is listed first.
    let announced = unavailable(d(2026, 11, 23), d(2026, 11, 24));
    let extended = unavailable(d(2026, 11, 23), d(2026, 11, 26));
    assert_eq!(legal_deadline(d(2026, 11, 23), &[extended, announced]), d(2026, 11, 27));
    assert_eq!(legal_deadline(d(2026, 11, 23), &[announced, extended]), d(2026, 11, 27));
    let emergency_extended = [emergency(d(2026, 11, 23), d(2026, 11, 24)), emergency(d(2026, 11, 23), d(2026, 11, 25))];
    assert_eq!(legal_deadline(d(2026, 11, 23), &emergency_extended), d(2026, 12, 4));
}

#[test]
fn overlapping_modes_give_the_latest_deadline() {
    // Issued in an unavailability (23-27 November 2026: due 30 November) during which an
    // emergency is announced (26-27 November): 7 working days from the 27th.
    let both = [unavailable(d(2026, 11, 23), d(2026, 11, 27)), emergency(d(2026, 11, 26), d(2026, 11, 27))];
    assert_eq!(legal_deadline(d(2026, 11, 24), &both), d(2026, 12, 8));
    // An emergency announced on the unavailability's deadline day still counts.
    let on_the_day = [unavailable(d(2026, 11, 23), d(2026, 11, 27)), emergency(d(2026, 11, 30), d(2026, 11, 30))];
    assert_eq!(legal_deadline(d(2026, 11, 24), &on_the_day), d(2026, 12, 9));
}

#[test]
fn an_announcement_ending_before_it_starts_or_of_no_known_kind_is_refused() {
    assert_eq!(
        Outage::new(OutageKind::Emergency, d(2026, 11, 24), d(2026, 11, 23)),
        Err(OutageError::EndsBeforeStart { from: d(2026, 11, 24), to: d(2026, 11, 23) })
    );
    assert_eq!(OutageKind::parse("total"), Err(OutageError::UnknownKind("total".into())));
    assert_eq!(OutageKind::parse("emergency"), Ok(OutageKind::Emergency));
    assert_eq!(OutageKind::parse(OutageKind::Unavailable.code()), Ok(OutageKind::Unavailable));
    // A one-day outage is fine.
    assert!(Outage::new(OutageKind::Unavailable, d(2026, 11, 24), d(2026, 11, 24)).is_ok());
}

#[test]
fn working_days_are_counted_after_the_day() {
    assert_eq!(add_working_days(d(2026, 11, 27), 0), d(2026, 11, 27));
    assert_eq!(add_working_days(d(2026, 11, 27), 1), d(2026, 11, 30));
    assert_eq!(add_working_days(d(2025, 7, 12), 7), d(2025, 7, 22));
}

#[test]
fn a_recorded_deadline_is_only_extended_by_announcements() {
    let issued = d(2026, 11, 24);
    // Recorded when it went offline: kept while no announcement moves the legal deadline.
    assert_eq!(due_by(issued, Some(d(2026, 11, 25)), &[]), d(2026, 11, 25));
    let later = unavailable(d(2026, 11, 30), d(2026, 12, 1));
    assert_eq!(due_by(issued, Some(d(2026, 11, 25)), &[later]), d(2026, 11, 25));
    // An unavailability covering the issue, entered after: its end.
    let covering = unavailable(d(2026, 11, 23), d(2026, 11, 26));
    assert_eq!(due_by(issued, Some(d(2026, 11, 25)), &[covering]), d(2026, 11, 27));
    // Never offline: the legal deadline.
    assert_eq!(due_by(issued, None, &[]), d(2026, 11, 25));
    assert_eq!(due_by(issued, None, &[covering]), d(2026, 11, 27));
}
