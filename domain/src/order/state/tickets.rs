//! A ticket of a paid order and what happened to it since: returned, used, moved to
//! another course, or waiting for a change's difference to be paid.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::TicketStatus;
use crate::order::{Leg, PaymentRef, Ticket};

/// When and by whom a ticket was used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketUse {
    pub used_at: DateTime<Utc>,
    pub course_id: Uuid,
    pub by_user_id: Uuid,
    pub check_in_id: Uuid,
}

/// A ticket and what happened to it since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketState {
    /// As issued at payment.
    pub ticket: Ticket,
    pub status: TicketStatus,
    /// The course the ticket is for now (another one once it was changed).
    pub course: Leg,
    /// The course was changed (allowed once).
    pub course_changed: bool,
    /// When it was last moved to another course (the tickets one choice or change moved
    /// together share it: their message is one).
    pub moved_at: Option<chrono::DateTime<chrono::Utc>>,
    /// What the seat costs now: the price at payment plus the difference of a change.
    pub price: i64,
    /// The boarding, once it was used.
    pub used: Option<TicketUse>,
    /// A change to a dearer course waiting for its difference to be paid.
    pub pending_change: Option<PendingChange>,
    /// The payment of the difference of a change to a dearer course, once paid: money
    /// that goes back with the ticket is paid back through it first.
    pub change_paid: Option<ChangePayment>,
}

/// The payment of a change's difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangePayment {
    pub amount: i64,
    /// The gateway it was paid through (an office sale's change is paid online).
    pub provider: String,
    pub transaction_id: String,
    pub session_id: String,
}

/// A change of course waiting for the payment of its difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingChange {
    pub to_course: Leg,
    pub price_difference: i64,
    pub payment: PaymentRef,
    pub expires_at: DateTime<Utc>,
}
