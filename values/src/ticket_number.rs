//! [`TicketNumber`]: a ticket's number as a customer types it (from the e-mail, the PDF or
//! the QR code's text), the key a return, a change, an invoice asked for and a stamp find
//! the ticket by.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, Line, ValueError};

/// A ticket's number: one line of at most [`TicketNumber::MAX`] characters as sent,
/// trimmed and in capitals (numbers are issued in capitals; people type them in either).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TicketNumber(String);

impl TicketNumber {
    pub const MAX: usize = 40;

    /// The number in `text`, or why it is none.
    pub fn parse(text: &str) -> Result<TicketNumber, ValueError> {
        Line::<{ Self::MAX }>::parse(text).map(|line| TicketNumber(line.as_str().to_uppercase()))
    }
}

text_value!(TicketNumber);

impl PartialSchema for TicketNumber {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A ticket's number, in either case: one line of at most 40 characters as sent.",
            Line::<{ Self::MAX }>::PATTERN,
            Self::MAX,
        )
    }
}

impl ToSchema for TicketNumber {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("TicketNumber")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trimmed_in_capitals() {
        assert_eq!(TicketNumber::parse(" ab-12/2026 ").unwrap().as_str(), "AB-12/2026");
        assert_eq!(TicketNumber::parse(" "), Err(ValueError::Blank));
        assert_eq!(TicketNumber::parse(&"A".repeat(41)), Err(ValueError::TooLong { max: 40 }));
        assert_eq!(TicketNumber::parse("A\u{7}").unwrap_err().code(), "field.bad_characters");
    }
}
