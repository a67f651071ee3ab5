//! The codes of the order's refusals (one enum per command of the order aggregate).

use super::ErrorCode;
use crate::order::{
    AbandonOrderError, AccessDenied, AttachGuestError, CancelOrderError, ChangeTicketCourseError, CheckInError,
    DisruptionError, EditError, ExpireChangeError, ExpireOrderError, InvoiceError, PayChangeError, PayOrderError,
    PayOutError, PlaceOrderError, RefundLatePaymentError, RegisterPaymentError, RequestInvoiceError, ReturnTicketError,
};

impl ErrorCode for DisruptionError {
    fn code(&self) -> &'static str {
        match self {
            DisruptionError::NotFound => "order.not_found",
            DisruptionError::NotOnCourse => "disruption.not_on_course",
            DisruptionError::AlreadyChosen => "disruption.already_chosen",
            DisruptionError::ChoiceClosed => "disruption.choice_closed",
            DisruptionError::NoChoice => "disruption.no_choice",
            DisruptionError::NotYetDue => "disruption.not_yet_due",
            DisruptionError::SameCourse => "change.same_course",
            DisruptionError::DifferentStops => "change.different_stops",
            DisruptionError::NotAnAlternative => "disruption.not_an_alternative",
            DisruptionError::NoCompensation => "disruption.no_compensation",
            DisruptionError::CompensationPaid => "disruption.compensation_paid",
        }
    }
}

impl ErrorCode for PayOutError {
    fn code(&self) -> &'static str {
        match self {
            PayOutError::NotFound => "order.not_found",
            PayOutError::AlreadyPaidOut => "till.already_paid_out",
            PayOutError::NotAtTheDesk => "till.not_at_the_desk",
            PayOutError::NothingToPay => "till.nothing_to_pay",
        }
    }
}

impl ErrorCode for AccessDenied {
    fn code(&self) -> &'static str {
        match self {
            AccessDenied::CodeRequired => "ticket.code_required",
            AccessDenied::WrongCode => "ticket.wrong_code",
            AccessDenied::NotOwner => "ticket.not_owner",
        }
    }
}

impl ErrorCode for PlaceOrderError {
    fn code(&self) -> &'static str {
        match self {
            PlaceOrderError::AlreadyExists => "order.exists",
            PlaceOrderError::NoLines => "order.no_tickets",
            PlaceOrderError::BadQuantity { .. } => "order.bad_quantity",
            PlaceOrderError::TooManySeats { .. } => "order.too_many_seats",
            PlaceOrderError::DuplicateLine(_) => "order.duplicate_line",
            PlaceOrderError::TooManyPassengerNames(_) => "order.too_many_passenger_names",
            PlaceOrderError::WrongLegKind => "order.wrong_legs",
            PlaceOrderError::BackPriceMismatch(_) => "order.back_price_mismatch",
            PlaceOrderError::NegativePrice(_) => "order.negative_price",
            PlaceOrderError::LineTotalMismatch { .. } => "order.line_total_mismatch",
            PlaceOrderError::TotalMismatch { .. } => "order.total_mismatch",
            PlaceOrderError::BadCouponAmount => "order.bad_coupon_amount",
            PlaceOrderError::ToPayMismatch { .. } => "order.to_pay_mismatch",
        }
    }

    fn params(&self) -> Vec<(&'static str, i64)> {
        let max = ("max", i64::from(crate::order::MAX_SEATS));
        match self {
            PlaceOrderError::BadQuantity { line, .. } => vec![("line", i64::from(*line)), max],
            PlaceOrderError::TooManySeats { .. } => vec![max],
            _ => Vec::new(),
        }
    }
}

impl ErrorCode for PayOrderError {
    fn code(&self) -> &'static str {
        match self {
            PayOrderError::NotFound => "order.not_found",
            PayOrderError::AlreadyPaid => "order.already_paid",
            PayOrderError::AlreadyRefunded => "payment.refunded",
            PayOrderError::Cancelled => "order.cancelled",
            PayOrderError::Expired => "reservation.expired",
            PayOrderError::AmountMismatch { .. } => "payment.amount_mismatch",
            PayOrderError::TicketCountMismatch { .. } => "payment.ticket_count_mismatch",
            PayOrderError::ReheldMismatch => "payment.reheld_mismatch",
        }
    }
}

impl ErrorCode for RegisterPaymentError {
    fn code(&self) -> &'static str {
        match self {
            RegisterPaymentError::NotFound => "order.not_found",
            RegisterPaymentError::NotPending(_) => "order.not_pending",
            RegisterPaymentError::Expired => "reservation.expired",
            RegisterPaymentError::NothingToPay => "order.nothing_to_pay",
        }
    }
}

impl ErrorCode for CancelOrderError {
    fn code(&self) -> &'static str {
        match self {
            CancelOrderError::NotFound => "order.not_found",
            CancelOrderError::NotCancellable(_) => "order.not_cancellable",
        }
    }
}

impl ErrorCode for ExpireOrderError {
    fn code(&self) -> &'static str {
        match self {
            ExpireOrderError::NotFound => "order.not_found",
            ExpireOrderError::NotPending(_) => "order.not_pending",
            ExpireOrderError::NotYetDue => "order.not_yet_due",
        }
    }
}

impl ErrorCode for AbandonOrderError {
    fn code(&self) -> &'static str {
        match self {
            AbandonOrderError::AlreadyPlaced => "order.already_placed",
        }
    }
}

impl ErrorCode for RefundLatePaymentError {
    fn code(&self) -> &'static str {
        match self {
            RefundLatePaymentError::NotFound => "order.not_found",
            RefundLatePaymentError::StillPayable => "payment.still_payable",
            RefundLatePaymentError::PaidTheOrder => "payment.paid_the_order",
        }
    }
}

impl ErrorCode for InvoiceError {
    fn code(&self) -> &'static str {
        match self {
            InvoiceError::NotFound => "order.not_found",
            InvoiceError::NoInvoiceRequested => "invoice.not_requested",
            InvoiceError::NotPaid => "order.not_paid",
            InvoiceError::NotIssued => "invoice.not_issued",
            InvoiceError::NothingToCorrect => "invoice.nothing_to_correct",
            InvoiceError::BelowZero => "invoice.below_zero",
            InvoiceError::NothingLeft => "invoice.nothing_left",
        }
    }
}

impl ErrorCode for AttachGuestError {
    fn code(&self) -> &'static str {
        match self {
            AttachGuestError::NotFound => "order.not_found",
            AttachGuestError::NotPaid => "order.not_paid",
            AttachGuestError::OtherAccount => "order.has_account",
            AttachGuestError::OtherEmail => "order.other_email",
        }
    }
}

impl ErrorCode for EditError {
    fn code(&self) -> &'static str {
        match self {
            EditError::NotFound => "order.not_found",
            EditError::InvoiceIssued => "invoice.issued",
            EditError::Ended => "order.ended",
            EditError::Unchanged => "order.unchanged",
            EditError::HasAccount => "order.has_account",
            EditError::NothingLeft => "invoice.nothing_left",
            EditError::InvoiceTooLate { .. } => "invoice.too_late",
        }
    }
}

impl ErrorCode for RequestInvoiceError {
    fn code(&self) -> &'static str {
        match self {
            RequestInvoiceError::NotFound => "order.not_found",
            RequestInvoiceError::TicketNotFound => "ticket.not_found",
            RequestInvoiceError::Denied(denied) => denied.code(),
            RequestInvoiceError::NotPaid => "order.not_paid",
            RequestInvoiceError::AlreadyIssued => "invoice.already_issued",
            RequestInvoiceError::TooLate { .. } => "invoice.too_late",
        }
    }
}

impl ErrorCode for ReturnTicketError {
    fn code(&self) -> &'static str {
        match self {
            ReturnTicketError::NotFound => "order.not_found",
            ReturnTicketError::TicketNotFound => "ticket.not_found",
            ReturnTicketError::Denied(denied) => denied.code(),
            ReturnTicketError::AlreadyReturned => "ticket.already_returned",
            ReturnTicketError::Used => "ticket.used",
            ReturnTicketError::NotPaid => "order.not_paid",
            ReturnTicketError::TooLate(_) => "return.too_late",
        }
    }

    fn params(&self) -> Vec<(&'static str, i64)> {
        match self {
            ReturnTicketError::TooLate(minutes) => vec![("minutes", i64::from(*minutes))],
            _ => Vec::new(),
        }
    }
}

impl ErrorCode for PayChangeError {
    fn code(&self) -> &'static str {
        match self {
            PayChangeError::NotFound => "order.not_found",
            PayChangeError::NothingWaiting => "change.nothing_waiting",
            PayChangeError::WrongAmount(_) => "change.wrong_amount",
        }
    }
}

impl ErrorCode for ExpireChangeError {
    fn code(&self) -> &'static str {
        match self {
            ExpireChangeError::NotFound => "order.not_found",
            ExpireChangeError::NothingWaiting => "change.nothing_waiting",
            ExpireChangeError::NotYetDue => "change.not_yet_due",
        }
    }
}

impl ErrorCode for CheckInError {
    fn code(&self) -> &'static str {
        match self {
            CheckInError::NotFound => "order.not_found",
            CheckInError::TicketNotFound => "ticket.not_found",
            CheckInError::Returned => "ticket.already_returned",
            CheckInError::AlreadyUsed { .. } => "ticket.used",
            CheckInError::NotPaid => "order.not_paid",
            CheckInError::OtherCourse => "check_in.other_course",
            CheckInError::TooEarly => "check_in.too_early",
            CheckInError::Expired => "check_in.expired",
        }
    }
}

impl ErrorCode for ChangeTicketCourseError {
    fn code(&self) -> &'static str {
        match self {
            ChangeTicketCourseError::NotFound => "order.not_found",
            ChangeTicketCourseError::TicketNotFound => "ticket.not_found",
            ChangeTicketCourseError::Denied(denied) => denied.code(),
            ChangeTicketCourseError::TicketReturned => "ticket.already_returned",
            ChangeTicketCourseError::Used => "ticket.used",
            ChangeTicketCourseError::NotPaid => "order.not_paid",
            ChangeTicketCourseError::AlreadyChanged => "ticket.already_changed",
            ChangeTicketCourseError::SameCourse => "change.same_course",
            ChangeTicketCourseError::DifferentRoute => "change.different_route",
            ChangeTicketCourseError::DifferentStops => "change.different_stops",
            ChangeTicketCourseError::TooLate(_) => "change.too_late",
            ChangeTicketCourseError::CostsMore(_) => "change.costs_more",
            ChangeTicketCourseError::ChangePending => "change.pending",
        }
    }

    fn params(&self) -> Vec<(&'static str, i64)> {
        match self {
            ChangeTicketCourseError::TooLate(minutes) => vec![("minutes", i64::from(*minutes))],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod params_tests {
    use super::*;

    #[test]
    fn refusals_that_state_numbers_carry_them() {
        let bad = PlaceOrderError::BadQuantity { line: 2, quantity: 0 };
        assert_eq!(bad.params(), [("line", 2), ("max", 50)]);
        assert_eq!(PlaceOrderError::TooManySeats { seats: 60 }.params(), [("max", 50)]);
        assert_eq!(ReturnTicketError::TooLate(120).params(), [("minutes", 120)]);
        assert_eq!(ChangeTicketCourseError::TooLate(30).params(), [("minutes", 30)]);
        assert!(PlaceOrderError::NoLines.params().is_empty());
    }
}
