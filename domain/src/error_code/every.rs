//! Every refusal, one value per variant: the list of the domain's codes (for
//! `docs/errors.md` and the OpenAPI document) and the checks that they are unique per
//! variant, the same for the same fact, and well formed.

use super::ErrorCode;
use crate::coupon::CouponError;
use crate::order::OrderStatus;
use crate::order::{
    AbandonOrderError, AccessDenied, AttachGuestError, CancelOrderError, ChangeTicketCourseError, CheckInError,
    DisruptionError, EditError, ExpireChangeError, ExpireOrderError, InvoiceError, PayChangeError, PayOrderError,
    PayOutError, PlaceOrderError, RefundLatePaymentError, RegisterPaymentError, RequestInvoiceError, ReturnTicketError,
};
use crate::seat_inventory::{ChangeCapacityError, DisruptError, HoldError, OpenInventoryError};
use crate::stamp_card::StampCardError;
use crate::till::TillError;

/// One value of every variant of every refusal, grouped by enum (for the checks below
/// and for the list of codes in `docs/errors.md`, which a test in `app` compares).
pub fn every_refusal() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    [the_seats(), cards_and_money(), the_sale(), after_the_sale(), the_tickets()].concat()
}

/// Each error of `errors` as its message and its code.
fn all<E: ErrorCode + std::fmt::Display>(errors: Vec<E>) -> Vec<(String, &'static str)> {
    errors.into_iter().map(|e| (e.to_string(), e.code())).collect()
}

/// The seat inventory's and the disruptions' refusals.
fn the_seats() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    vec![
        (
            "HoldError",
            all(vec![
                HoldError::NotOpened,
                HoldError::UnknownStop(1),
                HoldError::WrongDirection,
                HoldError::NoSeatsRequested,
                HoldError::NotEnoughSeats { available: 2 },
                HoldError::SaleClosed,
                HoldError::HoldNotFound,
                HoldError::HoldReleased,
                HoldError::CourseCancelled,
            ]),
        ),
        (
            "DisruptError",
            all(vec![
                DisruptError::NotOpened,
                DisruptError::AlreadyCancelled,
                DisruptError::Arrived,
                DisruptError::ReasonRequired,
                DisruptError::NotAStop,
            ]),
        ),
        (
            "DisruptionError",
            all(vec![
                DisruptionError::NotFound,
                DisruptionError::NotOnCourse,
                DisruptionError::AlreadyChosen,
                DisruptionError::ChoiceClosed,
                DisruptionError::NoChoice,
                DisruptionError::NotYetDue,
                DisruptionError::SameCourse,
                DisruptionError::DifferentStops,
                DisruptionError::NotAnAlternative,
                DisruptionError::NoCompensation,
                DisruptionError::CompensationPaid,
            ]),
        ),
        (
            "OpenInventoryError",
            all(vec![
                OpenInventoryError::NoSeats,
                OpenInventoryError::TooFewStops(1),
                OpenInventoryError::RepeatedStop,
                OpenInventoryError::MinutesNotIncreasing,
                OpenInventoryError::AlreadyOpened,
            ]),
        ),
        (
            "ChangeCapacityError",
            all(vec![
                ChangeCapacityError::NotOpened,
                ChangeCapacityError::NoSeats,
                ChangeCapacityError::BelowTaken { taken: 3 },
            ]),
        ),
    ]
}

/// The stamp card's, the till's, the desk's pay-outs' and the coupon's refusals.
fn cards_and_money() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    vec![
        ("StampCardError", all(vec![StampCardError::NoStampsPerReward, StampCardError::BadReward])),
        (
            "TillError",
            all(vec![
                TillError::DayClosed,
                TillError::FutureDay,
                TillError::ZeroAmount,
                TillError::NegativeCount,
                TillError::ReasonRequired,
                TillError::ZReportRequired,
                TillError::ZReportInvalid,
            ]),
        ),
        (
            "PayOutError",
            all(vec![
                PayOutError::NotFound,
                PayOutError::AlreadyPaidOut,
                PayOutError::NotAtTheDesk,
                PayOutError::NothingToPay,
            ]),
        ),
        (
            "CouponError",
            all(vec![
                CouponError::NotFound,
                CouponError::Expired,
                CouponError::NothingLeft,
                CouponError::AlreadyExists,
                CouponError::BadValue,
                CouponError::NothingWanted,
                CouponError::NotSpentByOrder,
                CouponError::NotDue,
                CouponError::EmptyCode,
            ]),
        ),
    ]
}

/// The order's refusals up to its payment.
fn the_sale() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    let pending = OrderStatus::PendingPayment;
    vec![
        ("AccessDenied", all(vec![AccessDenied::CodeRequired, AccessDenied::WrongCode, AccessDenied::NotOwner])),
        (
            "PlaceOrderError",
            all(vec![
                PlaceOrderError::AlreadyExists,
                PlaceOrderError::NoLines,
                PlaceOrderError::BadQuantity { line: 1, quantity: 0 },
                PlaceOrderError::TooManySeats { seats: 99 },
                PlaceOrderError::DuplicateLine(1),
                PlaceOrderError::TooManyPassengerNames(1),
                PlaceOrderError::WrongLegKind,
                PlaceOrderError::BackPriceMismatch(1),
                PlaceOrderError::NegativePrice(1),
                PlaceOrderError::LineTotalMismatch { line: 1, expected: 100 },
                PlaceOrderError::TotalMismatch { expected: 100 },
                PlaceOrderError::BadCouponAmount,
                PlaceOrderError::ToPayMismatch { expected: 100 },
            ]),
        ),
        (
            "PayOrderError",
            all(vec![
                PayOrderError::NotFound,
                PayOrderError::AlreadyPaid,
                PayOrderError::AlreadyRefunded,
                PayOrderError::Cancelled,
                PayOrderError::Expired,
                PayOrderError::AmountMismatch { expected: 100, got: 50 },
                PayOrderError::TicketCountMismatch { expected: 2, got: 1 },
                PayOrderError::ReheldMismatch,
            ]),
        ),
        (
            "RegisterPaymentError",
            all(vec![
                RegisterPaymentError::NotFound,
                RegisterPaymentError::NotPending(OrderStatus::Paid),
                RegisterPaymentError::Expired,
                RegisterPaymentError::NothingToPay,
            ]),
        ),
        ("CancelOrderError", all(vec![CancelOrderError::NotFound, CancelOrderError::NotCancellable(pending)])),
        (
            "ExpireOrderError",
            all(vec![
                ExpireOrderError::NotFound,
                ExpireOrderError::NotPending(OrderStatus::Paid),
                ExpireOrderError::NotYetDue,
            ]),
        ),
        ("AbandonOrderError", all(vec![AbandonOrderError::AlreadyPlaced])),
        (
            "RefundLatePaymentError",
            all(vec![
                RefundLatePaymentError::NotFound,
                RefundLatePaymentError::StillPayable,
                RefundLatePaymentError::PaidTheOrder,
            ]),
        ),
    ]
}

/// The order's refusals after its payment: invoices, edits, the customer's account.
fn after_the_sale() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    vec![
        (
            "InvoiceError",
            all(vec![
                InvoiceError::NotFound,
                InvoiceError::NoInvoiceRequested,
                InvoiceError::NotPaid,
                InvoiceError::NotIssued,
                InvoiceError::NothingToCorrect,
                InvoiceError::BelowZero,
                InvoiceError::NothingLeft,
            ]),
        ),
        (
            "EditError",
            all(vec![
                EditError::NotFound,
                EditError::InvoiceIssued,
                EditError::Ended,
                EditError::Unchanged,
                EditError::HasAccount,
                EditError::NothingLeft,
                EditError::InvoiceTooLate { deadline: chrono::NaiveDate::MIN },
            ]),
        ),
        (
            "AttachGuestError",
            all(vec![
                AttachGuestError::NotFound,
                AttachGuestError::NotPaid,
                AttachGuestError::OtherAccount,
                AttachGuestError::OtherEmail,
            ]),
        ),
        (
            "RequestInvoiceError",
            all(vec![
                RequestInvoiceError::NotFound,
                RequestInvoiceError::TicketNotFound,
                RequestInvoiceError::Denied(AccessDenied::CodeRequired),
                RequestInvoiceError::Denied(AccessDenied::WrongCode),
                RequestInvoiceError::Denied(AccessDenied::NotOwner),
                RequestInvoiceError::NotPaid,
                RequestInvoiceError::AlreadyIssued,
                RequestInvoiceError::TooLate { deadline: chrono::NaiveDate::MIN },
            ]),
        ),
    ]
}

/// The tickets' refusals: returns, boarding, changes of course; the complaints'.
fn the_tickets() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    vec![
        (
            "ReturnTicketError",
            all(vec![
                ReturnTicketError::NotFound,
                ReturnTicketError::TicketNotFound,
                ReturnTicketError::Denied(AccessDenied::CodeRequired),
                ReturnTicketError::Denied(AccessDenied::WrongCode),
                ReturnTicketError::Denied(AccessDenied::NotOwner),
                ReturnTicketError::AlreadyReturned,
                ReturnTicketError::NotPaid,
                ReturnTicketError::TooLate(10),
                ReturnTicketError::Used,
            ]),
        ),
        (
            "CheckInError",
            all(vec![
                CheckInError::NotFound,
                CheckInError::TicketNotFound,
                CheckInError::Returned,
                CheckInError::AlreadyUsed { at: chrono::DateTime::UNIX_EPOCH },
                CheckInError::NotPaid,
                CheckInError::OtherCourse,
                CheckInError::TooEarly,
                CheckInError::Expired,
            ]),
        ),
        (
            "ChangeTicketCourseError",
            all(vec![
                ChangeTicketCourseError::NotFound,
                ChangeTicketCourseError::TicketNotFound,
                ChangeTicketCourseError::Denied(AccessDenied::CodeRequired),
                ChangeTicketCourseError::Denied(AccessDenied::WrongCode),
                ChangeTicketCourseError::Denied(AccessDenied::NotOwner),
                ChangeTicketCourseError::TicketReturned,
                ChangeTicketCourseError::NotPaid,
                ChangeTicketCourseError::AlreadyChanged,
                ChangeTicketCourseError::SameCourse,
                ChangeTicketCourseError::DifferentRoute,
                ChangeTicketCourseError::DifferentStops,
                ChangeTicketCourseError::TooLate(10),
                ChangeTicketCourseError::CostsMore(500),
                ChangeTicketCourseError::Used,
                ChangeTicketCourseError::ChangePending,
            ]),
        ),
        (
            "PayChangeError",
            all(vec![PayChangeError::NotFound, PayChangeError::NothingWaiting, PayChangeError::WrongAmount(600)]),
        ),
        (
            "ExpireChangeError",
            all(vec![ExpireChangeError::NotFound, ExpireChangeError::NothingWaiting, ExpireChangeError::NotYetDue]),
        ),
        ("ComplaintError", all(crate::complaint::every_error())),
    ]
}

/// Every code a domain refusal can have, sorted, without repeats.
pub fn all_codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> =
        every_refusal().into_iter().flat_map(|(_, errors)| errors.into_iter().map(|(_, code)| code)).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn well_formed(code: &str) -> bool {
        code.split('.').all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
    }

    #[test]
    fn every_code_is_well_formed() {
        for code in all_codes() {
            assert!(well_formed(code), "{code} does not match ^[a-z_]+(\\.[a-z_]+)*$");
        }
    }

    #[test]
    fn within_an_enum_each_variant_has_its_own_code() {
        for (name, errors) in every_refusal() {
            let mut seen: HashMap<&str, &str> = HashMap::new();
            for (message, code) in &errors {
                if let Some(other) = seen.insert(code, message) {
                    assert_eq!(other, message, "{name}: \"{other}\" and \"{message}\" share {code}");
                }
            }
        }
    }

    #[test]
    fn the_same_fact_has_the_same_code_everywhere() {
        // A message (the fact) may appear in several enums; its code must not differ.
        let mut by_message: HashMap<String, &str> = HashMap::new();
        for (name, errors) in every_refusal() {
            for (message, code) in errors {
                if let Some(other) = by_message.insert(message.clone(), code) {
                    assert_eq!(other, code, "{name}: \"{message}\" is {code} here and {other} elsewhere");
                }
            }
        }
    }

    #[test]
    fn the_codes_clients_rely_on() {
        assert_eq!(HoldError::NotEnoughSeats { available: 0 }.code(), "seats.not_enough");
        assert_eq!(ReturnTicketError::AlreadyReturned.code(), "ticket.already_returned");
        assert_eq!(RegisterPaymentError::Expired.code(), "reservation.expired");
        assert_eq!(CancelOrderError::NotFound.code(), "order.not_found");
        assert_eq!(ReturnTicketError::Denied(AccessDenied::WrongCode).code(), "ticket.wrong_code");
    }
}
