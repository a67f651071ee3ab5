//! Stable codes for the decisions' refusals, so a client can tell them apart without
//! reading English. Each error enum of a command answers [`ErrorCode::code`]; the HTTP
//! edge puts it in the error body (`ApiError::...with_code(e.code())`). The same fact
//! has the same code whichever command meets it (`order.not_found`); within one enum no
//! two variants share a code. A code never changes once published; `docs/errors.md`
//! lists them with their statuses. Form: `^[a-z_]+(\.[a-z_]+)*$`.
//!
//! The matches are total (no `_` arm): a new variant does not build until it has a code.

use crate::coupon::CouponError;
use crate::seat_inventory::{ChangeCapacityError, DisruptError, HoldError, OpenInventoryError};
use crate::stamp_card::StampCardError;
use crate::till::TillError;

mod every;
mod order;

pub use every::{all_codes, every_refusal};

/// A refusal's stable, machine-readable code.
pub trait ErrorCode {
    fn code(&self) -> &'static str;

    /// The numbers the refusal's message states, by name (`max`, `minutes`, `line`), so a
    /// client words its own message from the code and these. None by default.
    fn params(&self) -> Vec<(&'static str, i64)> {
        Vec::new()
    }
}

impl ErrorCode for HoldError {
    fn code(&self) -> &'static str {
        match self {
            HoldError::NotOpened => "inventory.not_open",
            HoldError::UnknownStop(_) => "course.unknown_stop",
            HoldError::WrongDirection => "course.wrong_direction",
            HoldError::NoSeatsRequested => "order.no_tickets",
            HoldError::NotEnoughSeats { .. } => "seats.not_enough",
            HoldError::SaleClosed => "course.sale_closed",
            HoldError::HoldNotFound => "hold.not_found",
            HoldError::HoldReleased => "hold.released",
            HoldError::CourseCancelled => "course.cancelled",
        }
    }
}

impl ErrorCode for DisruptError {
    fn code(&self) -> &'static str {
        match self {
            DisruptError::NotOpened => "inventory.not_open",
            DisruptError::AlreadyCancelled => "course.already_cancelled",
            DisruptError::Arrived => "course.arrived",
            DisruptError::NotAStop => "course.not_a_stop",
            DisruptError::ReasonRequired => "course.reason_required",
        }
    }
}

impl ErrorCode for OpenInventoryError {
    fn code(&self) -> &'static str {
        match self {
            OpenInventoryError::NoSeats => "inventory.no_seats",
            OpenInventoryError::TooFewStops(_) => "inventory.too_few_stops",
            OpenInventoryError::RepeatedStop => "inventory.repeated_stop",
            OpenInventoryError::MinutesNotIncreasing => "inventory.minutes_not_increasing",
            OpenInventoryError::AlreadyOpened => "inventory.already_open",
        }
    }
}

impl ErrorCode for ChangeCapacityError {
    fn code(&self) -> &'static str {
        match self {
            ChangeCapacityError::NotOpened => "inventory.not_open",
            ChangeCapacityError::NoSeats => "inventory.no_seats",
            ChangeCapacityError::BelowTaken { .. } => "inventory.below_taken",
        }
    }
}

impl ErrorCode for TillError {
    fn code(&self) -> &'static str {
        match self {
            TillError::DayClosed => "till.day_closed",
            TillError::FutureDay => "till.future_day",
            TillError::ZeroAmount => "till.zero_amount",
            TillError::NegativeCount => "till.negative_count",
            TillError::ReasonRequired => "till.reason_required",
            TillError::ZReportRequired => "till.z_report_required",
            TillError::ZReportInvalid => "till.z_report_invalid",
        }
    }

    fn params(&self) -> Vec<(&'static str, i64)> {
        match self {
            TillError::ReasonRequired => {
                vec![("min", crate::till::REASON_MIN as i64), ("max", crate::till::REASON_MAX as i64)]
            }
            TillError::ZReportInvalid => vec![("max", crate::till::Z_REPORT_MAX as i64)],
            _ => Vec::new(),
        }
    }
}

impl ErrorCode for StampCardError {
    fn code(&self) -> &'static str {
        match self {
            StampCardError::NoStampsPerReward => "stamp_card.no_stamps_per_reward",
            StampCardError::BadReward => "stamp_card.bad_reward",
        }
    }
}

impl ErrorCode for CouponError {
    fn code(&self) -> &'static str {
        match self {
            CouponError::NotFound => "coupon.not_found",
            CouponError::Expired => "coupon.expired",
            CouponError::NothingLeft => "coupon.used_up",
            CouponError::AlreadyExists => "coupon.exists",
            CouponError::BadValue => "coupon.bad_value",
            CouponError::NothingWanted => "coupon.bad_amount",
            CouponError::NotSpentByOrder => "coupon.not_spent_by_order",
            CouponError::NotDue => "coupon.not_due",
            CouponError::EmptyCode => "coupon.empty_code",
        }
    }
}
