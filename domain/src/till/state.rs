//! The state of a till day, folded from its events.

use super::{Closing, TillEvent};

/// A day of the till: open (with its corrections so far) until closed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TillDay {
    /// The sum of the day's corrections (cash in less cash out).
    pub corrections: i64,
    /// The close, once the day is closed.
    pub closed: Option<Closing>,
}

impl TillDay {
    pub fn is_closed(&self) -> bool {
        self.closed.is_some()
    }
}

/// The state after `event`.
pub fn evolve(mut state: TillDay, event: &TillEvent) -> TillDay {
    match event {
        TillEvent::CashCorrected { amount, .. } => state.corrections += amount,
        TillEvent::TillDayClosed { closing, .. } => state.closed = Some(closing.clone()),
    }
    state
}
