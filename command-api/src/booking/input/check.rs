//! The order form's checks by step, each value through its one rule
//! (`api_core::values`), worded with the spec's messages. They check the shape only;
//! the course, stops and discounts are checked against the catalogue by the caller.

use api_core::codes;
use api_core::values::{Line, Nip, OrEmpty, PostalCode, ToFieldError, ValueError};
use api_core::{FieldError, Fields};
use domain::order::{PlaceOrderError, MAX_SEATS};
use domain::ErrorCode;

use super::{BookingInput, CourseRef, CustomerInput, InvoiceInput, Step};

/// The field errors of one step (empty: the step is valid).
pub fn check_step(input: &BookingInput, step: Step) -> Vec<FieldError> {
    let mut f = Fields::default();
    match step {
        Step::Tickets => tickets(input, &mut f),
        Step::Customer => {
            check_contact(&input.customer, &mut f);
            consents(&input.customer, &mut f);
        }
        Step::Invoice => check_invoice(&input.invoice, &mut f),
    }
    f.into_errors()
}

/// The field errors of every step.
pub fn check_all(input: &BookingInput) -> Vec<FieldError> {
    [Step::Tickets, Step::Customer, Step::Invoice].into_iter().flat_map(|s| check_step(input, s)).collect()
}

/// The field errors of a sale at the office: every step's, except that a walk-in
/// passenger need not give an e-mail or a phone (the tickets are printed at the desk).
/// One that is given is checked by the same rule as online.
pub fn check_at_office(input: &BookingInput) -> Vec<FieldError> {
    let mut f = Fields::default();
    tickets(input, &mut f);
    contact(&input.customer, Contact::Optional, &mut f);
    consents(&input.customer, &mut f);
    check_invoice(&input.invoice, &mut f);
    f.into_errors()
}

/// Whether the e-mail and the phone must be given.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contact {
    Required,
    /// At the desk: either may be left blank.
    Optional,
}

fn tickets(input: &BookingInput, errors: &mut Fields<'_>) {
    if input.course.as_ref().and_then(CourseRef::parts).is_none() {
        errors.push(FieldError::new("course", codes::FIELD_BLANK, "Please select a ticket."));
    }
    if let Some(back) = &input.course_return {
        if back.parts().is_none() {
            errors.push(FieldError::new("courseReturn", codes::FIELD_BLANK, "Please select a ticket."));
        }
    }
    if input.tickets.is_empty() {
        errors.push(FieldError::new(
            "tickets",
            PlaceOrderError::NoLines.code(),
            "There should be at least one ticket in the order",
        ));
        return;
    }
    let max = i64::from(MAX_SEATS);
    let mut seats: i64 = 0;
    for (i, ticket) in input.tickets.iter().enumerate() {
        if !(1..=max).contains(&ticket.qty) {
            let refusal = PlaceOrderError::BadQuantity { line: 0, quantity: 0 };
            errors.push(
                FieldError::new(
                    format!("tickets.{i}.qty"),
                    refusal.code(),
                    format!("The number of passengers must be between 1 and {MAX_SEATS}."),
                )
                .with_params([("min", 1), ("max", max)]),
            );
        }
        seats = seats.saturating_add(ticket.qty.max(0));
        passengers(i, ticket, errors);
    }
    if seats > max {
        let refusal = PlaceOrderError::TooManySeats { seats: 0 };
        errors.push(
            FieldError::new("tickets", refusal.code(), format!("One order can hold at most {MAX_SEATS} seats."))
                .with_params(refusal.params()),
        );
    }
}

/// A line's passengers' names: each one optional, by the buyer's name's rule, and no
/// more of them than the line's seats.
fn passengers(i: usize, ticket: &super::TicketInput, errors: &mut Fields<'_>) {
    if i64::try_from(ticket.passengers.len()).unwrap_or(i64::MAX) > ticket.qty.max(0) {
        let refusal = PlaceOrderError::TooManyPassengerNames(0);
        errors.push(FieldError::new(
            format!("tickets.{i}.passengers"),
            refusal.code(),
            "More names than passengers on this line.",
        ));
    }
    for (j, name) in ticket.passengers.iter().enumerate() {
        if let Err(e) = OrEmpty::<Line<200>>::parse(name) {
            let message = match e {
                ValueError::TooLong { max } => format!("At most {max} characters."),
                _ => "One line of text, without control characters.".to_owned(),
            };
            errors.push(e.field_error_with(format!("tickets.{i}.passengers.{j}"), message));
        }
    }
}

impl CustomerInput {
    /// The customer as the order records them, speaking `language`: the names as parsed,
    /// the e-mail and the phone when given (the contact's check has refused any that does
    /// not parse). `None` when a name does not parse, which that check refuses first.
    pub fn customer(&self, language: domain::order::Language) -> Option<domain::order::Customer> {
        Some(domain::order::Customer {
            first_name: self.first_name.parsed().ok()?.clone(),
            last_name: self.last_name.parsed().ok()?.clone(),
            email: self.email.parsed().ok().cloned(),
            phone: self.phone.parsed().ok().cloned(),
            notify_by_sms: self.notify_by_sms,
            language,
        })
    }
}

impl InvoiceInput {
    /// The country asked for, `PL` when none.
    fn country(&self) -> &str {
        self.country.as_ref().map_or("PL", api_core::values::Country::as_str)
    }

    /// The invoice asked for, as the order records it (trimmed, a Polish NIP normalised);
    /// `None` when none is asked for.
    pub fn request(&self) -> Option<domain::order::InvoiceRequest> {
        self.is_selected.then(|| domain::order::InvoiceRequest {
            country: self.country().to_owned(),
            vat_number: api_core::values::polish::normalize_vat_number(&self.vat_number),
            company_name: self.company_name.trim().to_owned(),
            address: self.address.trim().to_owned(),
            postal_code: self.postal_code.trim().to_owned(),
            city: self.city.trim().to_owned(),
        })
    }
}

/// The customer's names, e-mail and phone, into `errors` (an admin's correction checks
/// these too).
pub(crate) fn check_contact(c: &CustomerInput, errors: &mut Fields<'_>) {
    contact(c, Contact::Required, errors);
}

/// [`check_contact`] for an order sold at the desk (an admin's correction of it): as at
/// the sale, the e-mail and the phone may be left blank, and one that is given is checked
/// by the same rule.
pub(crate) fn check_desk_contact(c: &CustomerInput, errors: &mut Fields<'_>) {
    contact(c, Contact::Optional, errors);
}

fn contact(c: &CustomerInput, rule: Contact, errors: &mut Fields<'_>) {
    for (field, name) in [("customer.first_name", &c.first_name), ("customer.last_name", &c.last_name)] {
        if let Err(e) = name.parsed() {
            line_refused(errors, field, e);
        }
    }
    let required = rule == Contact::Required;
    if required || !c.email.is_blank() {
        if let Err(e) = c.email.parsed() {
            errors.push(typed_error(
                e,
                "customer.email",
                codes::FIELD_INVALID_EMAIL,
                "Please enter a valid e-mail address.",
            ));
        }
    }
    if required || !c.phone.is_blank() || c.notify_by_sms {
        if let Err(e) = c.phone.parsed() {
            errors.push(typed_error(
                e,
                "customer.phone",
                codes::FIELD_INVALID_PHONE,
                "Please enter a valid phone number.",
            ));
        }
    }
}

fn consents(c: &CustomerInput, errors: &mut Fields<'_>) {
    if !c.consent_statute {
        errors.push(FieldError::new(
            "customer.consent_statute",
            codes::TERMS_NOT_ACCEPTED,
            "You must accept the terms and conditions.",
        ));
    }
    if !c.consent_gdpr {
        errors.push(FieldError::new(
            "customer.consent_gdpr",
            codes::DATA_CONSENT_MISSING,
            "You must consent to the processing of your data.",
        ));
    }
}

/// The invoice data, when an invoice is asked for, into `errors` (an admin's correction
/// checks these too).
pub(crate) fn check_invoice(inv: &InvoiceInput, errors: &mut Fields<'_>) {
    if !inv.is_selected {
        return;
    }
    // The country is a `Country` already (its rule refused any other when the body was read).
    let country = inv.country();
    line::<200>(errors, "invoice.company_name", &inv.company_name);
    line::<200>(errors, "invoice.address", &inv.address);
    line::<100>(errors, "invoice.city", &inv.city);
    if country == "PL" {
        if let Err(e) = Nip::parse(&inv.vat_number) {
            let code = codes::FIELD_INVALID_VAT_NUMBER;
            errors.push(typed_error(&e, "invoice.vat_number", code, "Please enter a valid NIP (10 digits)."));
        }
        if let Err(e) = PostalCode::parse(&inv.postal_code) {
            let code = codes::FIELD_INVALID_POSTAL_CODE;
            errors.push(typed_error(&e, "invoice.postal_code", code, "Please enter a postal code like 37-400."));
        }
    } else {
        line::<30>(errors, "invoice.vat_number", &inv.vat_number);
        line::<20>(errors, "invoice.postal_code", &inv.postal_code);
    }
}

/// A required line of at most `MAX` characters as sent.
fn line<const MAX: usize>(errors: &mut Fields<'_>, field: &str, value: &str) {
    if let Err(e) = Line::<MAX>::parse(value) {
        line_refused(errors, field, &e);
    }
}

/// A required line's refusal, in the spec's words.
fn line_refused(errors: &mut Fields<'_>, field: &str, e: &ValueError) {
    let message = match e {
        ValueError::TooLong { max } => format!("At most {max} characters."),
        ValueError::Blank => "This field is required.".to_owned(),
        _ => "One line of text, without control characters.".to_owned(),
    };
    errors.push(e.field_error_with(field, message));
}

/// The spec's wording of a typed value's problem: too long says its limit; anything
/// else (blank included) is `message` with the type's `code`.
fn typed_error(e: &ValueError, field: &str, code: &'static str, message: &str) -> FieldError {
    match e {
        ValueError::TooLong { max } => e.field_error_with(field, format!("At most {max} characters.")),
        _ => FieldError::new(field, code, message),
    }
}

#[cfg(test)]
mod tests;
