//! The events of the streams an order touches in words, Polish and English: the order's
//! own ([`super::order_words`]), its seats', its coupon's and its stamp card's.

use domain::coupon::CouponEvent;
use domain::money::{format_pln, format_pln_en};
use domain::order::OrderEvent;
use domain::seat_inventory::{ReleaseReason, SeatInventoryEvent};
use domain::stamp_card::StampCardEvent;

use super::order_words::order_event;

/// The event in words, Polish and English; `None` for an event this version cannot read.
pub(super) fn describe(stream: &str, data: &serde_json::Value) -> Option<(String, String)> {
    let data = data.clone();
    if stream.starts_with(domain::order::STREAM_PREFIX) {
        return serde_json::from_value::<OrderEvent>(data).ok().map(|e| order_event(&e));
    }
    if stream.starts_with(domain::seat_inventory::STREAM_PREFIX) {
        return serde_json::from_value::<SeatInventoryEvent>(data).ok().map(|e| seat_event(&e));
    }
    if stream.starts_with(domain::coupon::STREAM_PREFIX) {
        return serde_json::from_value::<CouponEvent>(data).ok().map(|e| coupon_event(&e));
    }
    if stream.starts_with(domain::stamp_card::STREAM_PREFIX) {
        return serde_json::from_value::<StampCardEvent>(data).ok().map(|e| stamp_event(&e));
    }
    None
}

pub(super) fn both(pl: String, en: String) -> (String, String) {
    (pl, en)
}

fn seat_event(event: &SeatInventoryEvent) -> (String, String) {
    match event {
        SeatInventoryEvent::SeatsHeld { seats, .. } => {
            both(format!("Zarezerwowano miejsca: {seats}"), format!("{seats} seat(s) held"))
        }
        SeatInventoryEvent::HoldConfirmed { .. } => {
            both("Rezerwację miejsc potwierdzono (sprzedane)".into(), "The seat hold was confirmed (sold)".into())
        }
        SeatInventoryEvent::SeatsReleased { seats, reason, .. } => {
            let (pl, en) = match reason {
                ReleaseReason::Expired => ("brak zapłaty", "not paid"),
                ReleaseReason::Abandoned => ("przerwane składanie", "placement abandoned"),
                ReleaseReason::Cancelled => ("anulowanie", "cancelled"),
                ReleaseReason::Returned => ("zwrot biletu", "ticket returned"),
                ReleaseReason::CourseChanged => ("zmiana kursu", "course changed"),
                ReleaseReason::PaymentFailed => ("płatność odrzucona", "payment refused"),
            };
            both(format!("Zwolniono miejsca: {seats} ({pl})"), format!("{seats} seat(s) released ({en})"))
        }
        SeatInventoryEvent::InventoryOpened { seats, .. } => {
            both(format!("Otwarto sprzedaż: {seats} miejsc"), format!("Sale opened: {seats} seats"))
        }
        SeatInventoryEvent::CapacityChanged { previous_seats, seats, .. } => both(
            format!("Zmieniono liczbę miejsc z {previous_seats} na {seats}"),
            format!("Capacity changed from {previous_seats} to {seats}"),
        ),
        SeatInventoryEvent::CourseCancelled { reason, by, .. } => {
            both(format!("Kurs odwołany ({by}): {reason}"), format!("Course cancelled ({by}): {reason}"))
        }
        SeatInventoryEvent::DelayAnnounced { minutes, reason, by, .. } => both(
            format!("Opóźnienie {minutes} min ({by}): {reason}"),
            format!("Delay of {minutes} min ({by}): {reason}"),
        ),
        SeatInventoryEvent::DelayCleared { by, .. } => {
            both(format!("Odwołano opóźnienie ({by})"), format!("Delay cleared ({by})"))
        }
        SeatInventoryEvent::CourseDeparted { by, .. } => {
            both(format!("Kurs odjechał (oznaczył {by})"), format!("The course left (marked by {by})"))
        }
    }
}

fn coupon_event(event: &CouponEvent) -> (String, String) {
    match event {
        CouponEvent::CouponSpent { code, amount, .. } => both(
            format!("Użyto kuponu {code}: {}", format_pln(*amount)),
            format!("Coupon {code} spent: {}", format_pln_en(*amount)),
        ),
        CouponEvent::CouponRefunded { code, amount, .. } => both(
            format!("Zwrócono na kupon {code}: {}", format_pln(*amount)),
            format!("Given back to coupon {code}: {}", format_pln_en(*amount)),
        ),
        CouponEvent::CouponIssued { code, value, .. } => both(
            format!("Wydano kupon {code} o wartości {}", format_pln(*value)),
            format!("Coupon {code} issued worth {}", format_pln_en(*value)),
        ),
        CouponEvent::CouponChanged { code, current_value, .. } => both(
            format!("Zmieniono kupon {code}: wartość {}", format_pln(*current_value)),
            format!("Coupon {code} changed: value {}", format_pln_en(*current_value)),
        ),
        CouponEvent::CouponExpired { code, .. } => {
            both(format!("Kupon {code} wygasł"), format!("Coupon {code} expired"))
        }
    }
}

fn stamp_event(event: &StampCardEvent) -> (String, String) {
    match event {
        StampCardEvent::StampAdded { .. } => both("Dodano pieczątkę".into(), "A stamp was added".into()),
        StampCardEvent::StampRemoved { .. } => both("Odjęto pieczątkę".into(), "A stamp was taken away".into()),
        StampCardEvent::RewardEarned { coupon_code, value, .. } => both(
            format!("Nagroda za pieczątki: kupon {coupon_code} ({})", format_pln(*value)),
            format!("Stamp reward: coupon {coupon_code} ({})", format_pln_en(*value)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    #[test]
    fn events_are_told_in_words_and_unknown_ones_by_their_type() {
        let released = serde_json::json!({
            "type": "SeatsReleased", "course_id": Uuid::nil(), "hold_id": Uuid::nil(), "release_id": Uuid::nil(),
            "from": 0, "to": 2, "seats": 3, "reason": "returned"
        });
        let (pl, en) = describe("course-x", &released).expect("described");
        assert_eq!(pl, "Zwolniono miejsca: 3 (zwrot biletu)");
        assert_eq!(en, "3 seat(s) released (ticket returned)");
        assert!(describe("course-x", &serde_json::json!({"type": "Unknown"})).is_none());
        assert!(describe("elsewhere-1", &released).is_none());
    }
}
