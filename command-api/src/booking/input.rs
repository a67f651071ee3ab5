//! The booking state the web app sends (spec section 3), and its validation by step.
//!
//! The shapes are lenient where the web app is (flags as `0/1` or booleans, an empty
//! `courseReturn` object for a one-way trip); the checks are strict and name the field
//! in the `422` answer, with the spec's messages where it has them.

use api_core::polish::{is_nip, is_postal_code, normalize_vat_number};
use api_core::FieldError;
use serde::{Deserialize, Deserializer};
use uuid::Uuid;

/// The most seats one order may take.
pub const MAX_SEATS: u32 = 50;

/// A stop as search returned it (`{id, name}`); only the id is used.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StopRef {
    pub id: Option<i64>,
}

/// A course as search returned it; only the course and its stops are used.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CourseRef {
    pub course_id: Option<Uuid>,
    #[serde(default)]
    pub from: StopRef,
    #[serde(default)]
    pub to: StopRef,
}

impl CourseRef {
    /// The course and its two stops, when all three are given.
    pub fn parts(&self) -> Option<(Uuid, i64, i64)> {
        Some((self.course_id?, self.from.id?, self.to.id?))
    }
}

/// One ticket line: how many passengers, and their discount.
#[derive(Debug, Clone, Deserialize)]
pub struct TicketInput {
    #[serde(default = "one")]
    pub qty: i64,
    #[serde(default)]
    pub discount_id: Option<i64>,
}

fn one() -> i64 {
    1
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct CustomerInput {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default, deserialize_with = "flag")]
    pub consent_statute: bool,
    #[serde(default, deserialize_with = "flag")]
    pub consent_gdpr: bool,
    #[serde(default, deserialize_with = "flag")]
    pub notify_by_sms: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct InvoiceInput {
    #[serde(default, deserialize_with = "flag")]
    pub is_selected: bool,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub vat_number: String,
    #[serde(default)]
    pub company_name: String,
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub city: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct CouponInput {
    #[serde(default)]
    pub code: Option<String>,
}

/// The booking state.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookingInput {
    #[serde(default, deserialize_with = "course_or_empty")]
    pub course: Option<CourseRef>,
    #[serde(default, deserialize_with = "course_or_empty")]
    pub course_return: Option<CourseRef>,
    #[serde(default)]
    pub tickets: Vec<TicketInput>,
    #[serde(default)]
    pub customer: CustomerInput,
    #[serde(default)]
    pub invoice: InvoiceInput,
    #[serde(default)]
    pub coupon: Option<CouponInput>,
}

impl BookingInput {
    /// The coupon code, trimmed, if one was given.
    pub fn coupon_code(&self) -> Option<String> {
        let code = self.coupon.as_ref()?.code.as_deref()?.trim();
        (!code.is_empty()).then(|| code.to_owned())
    }
}

/// A step of the order form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Tickets,
    Customer,
    Invoice,
}

impl Step {
    pub fn parse(step: &str) -> Option<Step> {
        match step {
            "tickets" => Some(Step::Tickets),
            "customer" => Some(Step::Customer),
            "invoice" => Some(Step::Invoice),
            _ => None,
        }
    }
}

/// The field errors of one step (empty: the step is valid). Checks the shape only; the
/// course, stops and discounts are checked against the catalogue by the caller.
pub fn check_step(input: &BookingInput, step: Step) -> Vec<FieldError> {
    let mut errors = Vec::new();
    match step {
        Step::Tickets => check_tickets(input, &mut errors),
        Step::Customer => check_customer(&input.customer, &mut errors),
        Step::Invoice => check_invoice(&input.invoice, &mut errors),
    }
    errors
}

/// The field errors of every step.
pub fn check_all(input: &BookingInput) -> Vec<FieldError> {
    [Step::Tickets, Step::Customer, Step::Invoice].into_iter().flat_map(|s| check_step(input, s)).collect()
}

fn check_tickets(input: &BookingInput, errors: &mut Vec<FieldError>) {
    if input.course.as_ref().and_then(CourseRef::parts).is_none() {
        errors.push(FieldError::new("course", "Please select a ticket.").with_code(api_core::codes::FIELD_BLANK));
    }
    if let Some(back) = &input.course_return {
        if back.parts().is_none() {
            errors.push(
                FieldError::new("courseReturn", "Please select a ticket.").with_code(api_core::codes::FIELD_BLANK),
            );
        }
    }
    if input.tickets.is_empty() {
        errors.push(
            FieldError::new("tickets", "There should be at least one ticket in the order")
                .with_code(domain::ErrorCode::code(&domain::order::PlaceOrderError::NoLines)),
        );
        return;
    }
    let mut seats: i64 = 0;
    for (i, ticket) in input.tickets.iter().enumerate() {
        if !(1..=i64::from(MAX_SEATS)).contains(&ticket.qty) {
            errors.push(
                FieldError::new(
                    format!("tickets.{i}.qty"),
                    format!("The number of passengers must be between 1 and {MAX_SEATS}."),
                )
                .with_code(domain::ErrorCode::code(&domain::order::PlaceOrderError::BadQuantity {
                    line: 0,
                    quantity: 0,
                })),
            );
        }
        seats = seats.saturating_add(ticket.qty.max(0));
    }
    if seats > i64::from(MAX_SEATS) {
        errors.push(
            FieldError::new("tickets", format!("One order can hold at most {MAX_SEATS} seats."))
                .with_code(domain::ErrorCode::code(&domain::order::PlaceOrderError::TooManySeats { seats: 0 })),
        );
    }
}

impl CustomerInput {
    /// The customer as the order records them (trimmed).
    pub fn customer(&self) -> domain::order::Customer {
        domain::order::Customer {
            first_name: self.first_name.trim().to_owned(),
            last_name: self.last_name.trim().to_owned(),
            email: self.email.trim().to_owned(),
            phone: self.phone.trim().to_owned(),
            notify_by_sms: self.notify_by_sms,
        }
    }
}

impl InvoiceInput {
    /// The invoice asked for, as the order records it (trimmed, the NIP normalised);
    /// `None` when none is asked for.
    pub fn request(&self) -> Option<domain::order::InvoiceRequest> {
        self.is_selected.then(|| domain::order::InvoiceRequest {
            country: self.country.as_deref().unwrap_or("PL").trim().to_owned(),
            vat_number: normalize_vat_number(&self.vat_number),
            company_name: self.company_name.trim().to_owned(),
            address: self.address.trim().to_owned(),
            postal_code: self.postal_code.trim().to_owned(),
            city: self.city.trim().to_owned(),
        })
    }
}

fn check_customer(c: &CustomerInput, errors: &mut Vec<FieldError>) {
    check_contact(c, errors);
    check_consents(c, errors);
}

/// The customer's names, e-mail and phone (an admin's correction checks these too).
pub(crate) fn check_contact(c: &CustomerInput, errors: &mut Vec<FieldError>) {
    required(errors, "customer.first_name", &c.first_name, 100);
    required(errors, "customer.last_name", &c.last_name, 100);
    if !is_email(c.email.trim()) {
        errors.push(
            FieldError::new("customer.email", "Please enter a valid e-mail address.")
                .with_code(api_core::codes::FIELD_INVALID_EMAIL),
        );
    }
    if !is_phone(c.phone.trim()) {
        errors.push(
            FieldError::new("customer.phone", "Please enter a valid phone number.")
                .with_code(api_core::codes::FIELD_INVALID_PHONE),
        );
    }
}

fn check_consents(c: &CustomerInput, errors: &mut Vec<FieldError>) {
    if !c.consent_statute {
        errors.push(
            FieldError::new("customer.consent_statute", "You must accept the terms and conditions.")
                .with_code(api_core::codes::TERMS_NOT_ACCEPTED),
        );
    }
    if !c.consent_gdpr {
        errors.push(
            FieldError::new("customer.consent_gdpr", "You must consent to the processing of your data.")
                .with_code(api_core::codes::DATA_CONSENT_MISSING),
        );
    }
}

pub(crate) fn check_invoice(inv: &InvoiceInput, errors: &mut Vec<FieldError>) {
    if !inv.is_selected {
        return;
    }
    let country = inv.country.as_deref().unwrap_or("PL").trim();
    if country.len() != 2 || !country.chars().all(|c| c.is_ascii_uppercase()) {
        errors.push(
            FieldError::new("invoice.country", "Please choose a country.").with_code(api_core::codes::FIELD_BLANK),
        );
    }
    required(errors, "invoice.company_name", &inv.company_name, 200);
    required(errors, "invoice.address", &inv.address, 200);
    required(errors, "invoice.city", &inv.city, 100);
    let vat = normalize_vat_number(&inv.vat_number);
    if country == "PL" {
        if !is_nip(&vat) {
            errors.push(
                FieldError::new("invoice.vat_number", "Please enter a valid NIP (10 digits).")
                    .with_code(api_core::codes::FIELD_INVALID_VAT_NUMBER),
            );
        }
        if !is_postal_code(inv.postal_code.trim()) {
            errors.push(
                FieldError::new("invoice.postal_code", "Please enter a postal code like 37-400.")
                    .with_code(api_core::codes::FIELD_INVALID_POSTAL_CODE),
            );
        }
    } else {
        required(errors, "invoice.vat_number", &inv.vat_number, 30);
        required(errors, "invoice.postal_code", &inv.postal_code, 20);
    }
}

/// Non-blank, and at most `max` characters as sent.
fn required(errors: &mut Vec<FieldError>, field: &str, value: &str, max: usize) {
    if value.trim().is_empty() {
        errors.push(FieldError::new(field, "This field is required.").with_code(api_core::codes::FIELD_BLANK));
    } else if value.chars().count() > max {
        errors.push(
            FieldError::new(field, format!("At most {max} characters.")).with_code(api_core::codes::FIELD_TOO_LONG),
        );
    }
}

fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    !local.is_empty()
        && email.len() <= 254
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && !domain.contains('@')
}

fn is_phone(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    (9..=15).contains(&digits) && phone.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')'))
}

/// `0`/`1`, `true`/`false`, `"0"`/`"1"` or null (false).
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    Ok(match Option::<Flag>::deserialize(d)? {
        None => false,
        Some(Flag::Bool(b)) => b,
        Some(Flag::Int(i)) => i != 0,
        Some(Flag::Text(t)) => matches!(t.as_str(), "1" | "true"),
    })
}

/// `null`, `{}` (no course chosen) or a course.
fn course_or_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Option<CourseRef>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    match value {
        None => Ok(None),
        Some(serde_json::Value::Object(map)) if map.is_empty() => Ok(None),
        Some(v) => CourseRef::deserialize(v).map(Some).map_err(serde::de::Error::custom),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn booking(json: serde_json::Value) -> BookingInput {
        serde_json::from_value(json).expect("valid shape")
    }

    fn fields(errors: &[FieldError]) -> Vec<&str> {
        errors.iter().map(|e| e.field.as_str()).collect()
    }

    #[test]
    fn an_order_needs_a_course_and_at_least_one_ticket() {
        let errors = check_step(&booking(serde_json::json!({"course": {}, "tickets": []})), Step::Tickets);
        assert_eq!(fields(&errors), vec!["course", "tickets"]);
        assert_eq!(errors[0].message, "Please select a ticket.");
        assert_eq!(errors[1].message, "There should be at least one ticket in the order");
    }

    #[test]
    fn quantities_are_between_one_and_fifty() {
        let course = serde_json::json!({"course_id": Uuid::nil(), "from": {"id": 1}, "to": {"id": 2}});
        for (qty, ok) in [(0, false), (-3, false), (1, true), (50, true), (51, false), (i64::MAX, false)] {
            let input = booking(serde_json::json!({"course": course, "tickets": [{"qty": qty}]}));
            assert_eq!(check_step(&input, Step::Tickets).is_empty(), ok, "qty {qty}");
        }
        let input = booking(serde_json::json!({"course": course, "tickets": [{"qty": 30}, {"qty": 30}]}));
        assert_eq!(fields(&check_step(&input, Step::Tickets)), vec!["tickets"]);
    }

    #[test]
    fn both_consents_are_required_and_flags_accept_numbers() {
        let input = booking(serde_json::json!({"customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": "jan@example.com", "phone": "+48 600 100 200",
            "consent_statute": 1, "consent_gdpr": 0}}));
        assert_eq!(fields(&check_step(&input, Step::Customer)), vec!["customer.consent_gdpr"]);
    }

    #[test]
    fn an_invoice_is_checked_only_when_requested() {
        assert!(check_step(&booking(serde_json::json!({"invoice": {"is_selected": 0}})), Step::Invoice).is_empty());
        let input = booking(serde_json::json!({"invoice": {"is_selected": 1, "vat_number": "123"}}));
        assert_eq!(
            fields(&check_step(&input, Step::Invoice)),
            vec![
                "invoice.company_name",
                "invoice.address",
                "invoice.city",
                "invoice.vat_number",
                "invoice.postal_code"
            ]
        );
    }
}
