//! # Till: the office desk's money, one day at a time
//!
//! One aggregate per office day, in the stream `till-{YYYY-MM-DD}` ([`stream_name`]; the
//! day is Warsaw's). The desk's sales and the refunds it pays out are the orders' own
//! events (`OrderPaid` of an office sale, `RefundPaidOut`); what only the till knows is
//! recorded here (docs/till.md):
//!
//! - [`CorrectCash`] ([`decide_correct`]): cash put into the till (a float) or taken out
//!   (to the bank), with its reason and who did it; only on a day still open.
//! - [`CloseDay`] ([`decide_close`]): the day closed once, by counting the cash. The
//!   figures the desk recorded (opening cash, cash and card sales and refunds) come with
//!   the command, the corrections from this stream; the difference between the count and
//!   what the till should hold is recorded, with its reason when it is not zero, and the
//!   fiscal printer's daily (Z) report number is required: the product is no fiscal
//!   device.
//!
//! Amounts in grosz. A day in the future can be neither corrected nor closed.

mod close;
mod correct;
mod events;
mod state;
#[cfg(test)]
mod tests;

pub use close::{decide_close, CloseDay, DayFigures, Z_REPORT_MAX};
pub use correct::{decide_correct, CorrectCash};
pub use events::{stream_name, Closing, TillEvent, STREAM_PREFIX};
pub use state::{evolve, TillDay};

/// The shortest and longest reason of a correction or of a count that differs.
pub const REASON_MIN: usize = 3;
pub const REASON_MAX: usize = 300;

/// Why the till refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TillError {
    #[error("the day is closed already")]
    DayClosed,
    #[error("the day has not begun yet")]
    FutureDay,
    #[error("the amount must not be zero")]
    ZeroAmount,
    #[error("the counted cash must not be negative")]
    NegativeCount,
    #[error("a reason of {REASON_MIN} to {REASON_MAX} characters is required")]
    ReasonRequired,
    #[error("the fiscal printer's daily report number is required")]
    ZReportRequired,
    #[error("the daily report number has at most {Z_REPORT_MAX} letters, digits, '/', '-' or '.'")]
    ZReportInvalid,
}

/// A reason as given, trimmed, when it is long enough and not too long (as sent: the
/// API's schema counts the characters sent).
fn reason(text: &str) -> Option<String> {
    let trimmed = text.trim();
    let n = trimmed.chars().count();
    ((REASON_MIN..=REASON_MAX).contains(&n) && !too_long(text)).then(|| trimmed.to_owned())
}

/// Longer than any reason may be: refused even where no reason is needed.
fn too_long(text: &str) -> bool {
    text.chars().count() > REASON_MAX
}

/// A day of the till, in `till-{day}`.
impl crate::Aggregate for TillDay {
    type Event = TillEvent;
    type Id = chrono::NaiveDate;

    fn evolve(self, event: &TillEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &TillEvent) -> &'static str {
        event.event_type()
    }

    fn stream(day: &chrono::NaiveDate) -> String {
        stream_name(*day)
    }
}
