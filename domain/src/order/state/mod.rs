//! The state of an order, folded from its events by [`evolve`].
//!
//! Here: [`Order`] (not placed, abandoned, or placed) and the statuses. The placed
//! order's record is [`OrderState`] (`order_state`), its tickets' [`TicketState`]
//! (`tickets`) and its invoice [`Invoice`] (`invoice`); `evolve` holds the fold.

mod evolve;
mod invoice;
mod order_state;
mod tickets;

use serde::{Deserialize, Serialize};

pub use evolve::evolve;
pub use invoice::{Invoice, InvoiceCorrection};
pub use order_state::{Compensation, DisruptionChosenRecord, DisruptionRecord, OrderState, Payment};
pub use tickets::{ChangePayment, PendingChange, TicketState, TicketUse};

/// An order as its events leave it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Order {
    /// No event yet: the stream does not exist.
    #[default]
    Unplaced,
    /// The placement did not finish; the id is burnt.
    Abandoned,
    /// Boxed: an order is large and `Unplaced`/`Abandoned` are empty.
    Placed(Box<OrderState>),
}

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    PendingPayment,
    Paid,
    Expired,
    Cancelled,
    /// Every ticket was returned.
    Returned,
    Abandoned,
}

impl OrderStatus {
    /// The status as the API and read models spell it (`pending_payment`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::PendingPayment => "pending_payment",
            OrderStatus::Paid => "paid",
            OrderStatus::Expired => "expired",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Returned => "returned",
            OrderStatus::Abandoned => "abandoned",
        }
    }
}

/// Where a ticket stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    Valid,
    Returned,
    /// A passenger boarded with it ([`OrderEvent::TicketUsed`]).
    Used,
}

impl TicketStatus {
    /// The status as the API and read models spell it (`valid`, `returned`, `used`).
    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Valid => "valid",
            TicketStatus::Returned => "returned",
            TicketStatus::Used => "used",
        }
    }
}

impl Order {
    /// The placed order, if it was placed.
    pub fn placed(&self) -> Option<&OrderState> {
        match self {
            Order::Placed(order) => Some(order.as_ref()),
            Order::Unplaced | Order::Abandoned => None,
        }
    }

    /// The status; `None` before the order exists.
    pub fn status(&self) -> Option<OrderStatus> {
        match self {
            Order::Unplaced => None,
            Order::Abandoned => Some(OrderStatus::Abandoned),
            Order::Placed(order) => Some(order.status),
        }
    }
}
