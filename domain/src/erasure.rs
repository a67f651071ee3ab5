//! Whether a data subject's personal data may be erased now (RODO art. 17), shared by the
//! aggregates that hold some: an order (`order::erasure`) and a complaint
//! (`complaint::erasure`).

use chrono::{DateTime, Utc};

/// Why a subject's data stay for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeptFor {
    /// The order waits for its payment.
    AwaitingPayment,
    /// A ticket still to travel on.
    JourneyAhead,
    /// An issued invoice names the buyer.
    Invoice,
    /// A complaint not answered yet (its answer goes to the complainant).
    OpenComplaint,
}

impl KeptFor {
    /// The reason's code in the API (`awaiting_payment`, `journey_ahead`, `invoice`,
    /// `open_complaint`).
    pub fn code(self) -> &'static str {
        match self {
            KeptFor::AwaitingPayment => "awaiting_payment",
            KeptFor::JourneyAhead => "journey_ahead",
            KeptFor::Invoice => "invoice",
            KeptFor::OpenComplaint => "open_complaint",
        }
    }
}

/// Whether a subject's data may go now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Erasable {
    Now,
    /// Not before `until`, because of `why`.
    Kept {
        until: DateTime<Utc>,
        why: KeptFor,
    },
}
