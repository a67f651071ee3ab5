//! The till's rules, given/when/then.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::testing::given;

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 16, 0, 0).unwrap()
}

fn clerk() -> Uuid {
    Uuid::from_u128(7)
}

fn correction(amount: i64, reason: &str) -> CorrectCash {
    CorrectCash {
        day: day(),
        today: day(),
        movement_id: Uuid::from_u128(amount.unsigned_abs() as u128),
        amount,
        reason: reason.into(),
        by_user_id: clerk(),
        now: now(),
    }
}

fn corrected(amount: i64) -> TillEvent {
    decide_correct(&correction(amount, "float"), &TillDay::default()).unwrap().remove(0)
}

fn figures() -> DayFigures {
    DayFigures { opening_cash: 20_000, cash_sales: 7_800, cash_refunds: 3_900, card_sales: 5_000, card_refunds: 1_620 }
}

fn close(counted: i64, reason: &str, z: &str) -> CloseDay {
    CloseDay {
        day: day(),
        today: day(),
        figures: figures(),
        counted_cash: counted,
        reason: reason.into(),
        z_report: z.into(),
        by_user_id: clerk(),
        now: now(),
    }
}

#[test]
fn a_correction_records_its_reason_and_who() {
    given::<TillDay>([]).when(|s| decide_correct(&correction(-10_000, "  Wpłata do banku "), s)).then([
        TillEvent::CashCorrected {
            day: day(),
            movement_id: Uuid::from_u128(10_000),
            amount: -10_000,
            reason: "Wpłata do banku".into(),
            by_user_id: clerk(),
            at: now(),
        },
    ]);
}

#[test]
fn a_correction_needs_an_amount_and_a_reason_and_an_open_day_that_has_begun() {
    given::<TillDay>([]).when(|s| decide_correct(&correction(0, "float"), s)).then_err(TillError::ZeroAmount);
    given::<TillDay>([]).when(|s| decide_correct(&correction(500, " a "), s)).then_err(TillError::ReasonRequired);
    let future = CorrectCash { day: day().succ_opt().unwrap(), ..correction(500, "float") };
    given::<TillDay>([]).when(|s| decide_correct(&future, s)).then_err(TillError::FutureDay);
    let closed = decide_close(&close(23_900, "", "Z/123"), &TillDay::default()).unwrap();
    given::<TillDay>(closed).when(|s| decide_correct(&correction(500, "float"), s)).then_err(TillError::DayClosed);
}

#[test]
fn a_count_that_matches_closes_the_day_with_its_figures() {
    // 200,00 opening + 78,00 sold − 39,00 paid out + 50,00 float = 289,00.
    let events =
        given::<TillDay>([corrected(5_000)]).when(|s| decide_close(&close(28_900, "", " Z/0042 "), s)).outcome();
    let Ok(events) = events else { panic!("refused: {events:?}") };
    let [TillEvent::TillDayClosed { day: d, closing }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!(*d, day());
    assert_eq!(closing.expected_cash, 28_900);
    assert_eq!(closing.corrections, 5_000);
    assert_eq!((closing.counted_cash, closing.difference, closing.reason.as_deref()), (28_900, 0, None));
    assert_eq!((closing.card_sales, closing.card_refunds), (5_000, 1_620));
    assert_eq!(closing.z_report, "Z/0042");
    assert_eq!(closing.by_user_id, clerk());
}

#[test]
fn a_reason_longer_than_any_may_be_is_refused_even_when_the_count_agrees() {
    let long = "x".repeat(301);
    given::<TillDay>([corrected(5_000)])
        .when(|s| decide_close(&close(28_900, &long, "Z/1"), s))
        .then_err(TillError::ReasonRequired);
    // Spaces around a reason count too: the API's limit is on what is sent.
    let padded = format!(" {} ", "x".repeat(299));
    given::<TillDay>([]).when(|s| decide_close(&close(23_800, &padded, "Z/1"), s)).then_err(TillError::ReasonRequired);
    given::<TillDay>([]).when(|s| decide_correct(&correction(500, &padded), s)).then_err(TillError::ReasonRequired);
}

#[test]
fn a_count_that_differs_records_the_difference_and_needs_its_reason() {
    given::<TillDay>([]).when(|s| decide_close(&close(23_800, "", "Z/1"), s)).then_err(TillError::ReasonRequired);
    let events = decide_close(&close(23_800, "Wydano za dużo reszty", "Z/1"), &TillDay::default()).unwrap();
    let TillEvent::TillDayClosed { closing, .. } = &events[0] else { panic!() };
    assert_eq!((closing.expected_cash, closing.difference), (23_900, -100));
    assert_eq!(closing.reason.as_deref(), Some("Wydano za dużo reszty"));
}

#[test]
fn a_day_closes_once() {
    let closed = decide_close(&close(23_900, "", "Z/1"), &TillDay::default()).unwrap();
    given::<TillDay>(closed).when(|s| decide_close(&close(23_900, "", "Z/2"), s)).then_err(TillError::DayClosed);
}

#[test]
fn a_close_needs_the_z_report_a_real_count_and_a_day_that_has_begun() {
    let t = TillDay::default();
    assert_eq!(decide_close(&close(23_900, "", "  "), &t), Err(TillError::ZReportRequired));
    assert_eq!(decide_close(&close(23_900, "", "Z<script>"), &t), Err(TillError::ZReportInvalid));
    assert_eq!(decide_close(&close(23_900, "", &"1".repeat(31)), &t), Err(TillError::ZReportInvalid));
    assert_eq!(decide_close(&close(-1, "x y z", "Z/1"), &t), Err(TillError::NegativeCount));
    let future = CloseDay { day: day().succ_opt().unwrap(), ..close(23_900, "", "Z/1") };
    assert_eq!(decide_close(&future, &t), Err(TillError::FutureDay));
}

#[test]
fn the_close_event_keeps_its_shape_as_stored() {
    let events = decide_close(&close(23_900, "", "Z/1"), &TillDay::default()).unwrap();
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(json["type"], "TillDayClosed");
    assert_eq!(json["day"], "2026-11-30");
    assert_eq!(json["counted_cash"], 23_900);
    let back: TillEvent = serde_json::from_value(json).unwrap();
    assert_eq!(back, events[0]);
}
