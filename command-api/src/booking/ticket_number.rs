//! A ticket's number as the customer's and the admin's forms send it (a return, a change,
//! an invoice asked for, a stamp): the value type [`TicketNumber`], worded as the forms
//! word it.

use api_core::values::{Sent, TicketNumber, ToFieldError, ValueError};
use api_core::{codes, ApiError, FieldError};

/// The number in `sent`, or the field error that names `field`.
pub(crate) fn parse(sent: &Sent<TicketNumber>, field: &str) -> Result<String, FieldError> {
    sent.parsed().map(|n| n.as_str().to_owned()).map_err(|e| match e {
        ValueError::Blank => FieldError::new(field, codes::FIELD_BLANK, "Please enter the ticket number."),
        ValueError::TooLong { max } => e.field_error_with(field, format!("At most {max} characters.")),
        _ => e.field_error_with(field, "A ticket number is one line of text."),
    })
}

/// [`parse`], a refusal of the whole request (coded as its field) when it fails.
pub(crate) fn required(sent: &Sent<TicketNumber>, field: &str) -> Result<String, ApiError> {
    parse(sent, field).map_err(|e| {
        let (code, params) = (e.code, e.params.clone().unwrap_or_default());
        ApiError::field(e).with_code(code).with_params(params)
    })
}
