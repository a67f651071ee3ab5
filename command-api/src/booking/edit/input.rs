//! What the order edits take: the bodies of the three saves (utoipa documents them) and
//! their checks, which turn them into what [`super::apply`] decides on or a `422` with
//! every field's error.

use api_core::{ApiError, FieldError};
use domain::order;
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use crate::booking::input::{check_contact, check_invoice, CustomerInput, InvoiceInput};

/// The customer's details as an admin corrects them.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ContactInput {
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 100,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub first_name: String,
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 100,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub last_name: String,
    /// A valid e-mail address.
    #[serde(default)]
    #[schema(required = true, max_length = 254)]
    pub email: String,
    /// A valid phone number.
    #[serde(default)]
    #[schema(required = true, max_length = 30)]
    pub phone: String,
    #[serde(default)]
    pub notify_by_sms: bool,
}

/// The invoice data (the buyer) as an admin corrects them.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct InvoiceDataInput {
    /// ISO country code, `PL` by default.
    #[serde(default)]
    #[schema(max_length = 2)]
    pub country: Option<String>,
    /// For `PL` a NIP with a valid checksum (dashes, spaces and a `PL` prefix allowed).
    #[serde(default)]
    #[schema(required = true, max_length = 30)]
    pub vat_number: String,
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 200,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub company_name: String,
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 200,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub address: String,
    /// For `PL` like `37-400`.
    #[serde(default)]
    #[schema(required = true, max_length = 20)]
    pub postal_code: String,
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 100,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub city: String,
}

/// `PUT /order/order/save?id=`: what to change, and why.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderSaveInput {
    /// The customer's new details; absent: unchanged.
    #[serde(default)]
    pub customer: Option<ContactInput>,
    /// The new invoice data; absent: unchanged; `null`: no invoice (only before issue).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<InvoiceDataInput>)]
    pub invoice: Option<Option<InvoiceDataInput>>,
    /// Why (kept with the event): 1 to 500 characters.
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 500,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub reason: String,
}

/// `PUT /order/order-customer/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerSaveInput {
    #[serde(flatten)]
    pub customer: ContactInput,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 500,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub reason: String,
}

/// `PUT /order/order-invoice/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InvoiceSaveInput {
    #[serde(flatten)]
    pub invoice: InvoiceDataInput,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 500,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    pub reason: String,
}

/// A field that is present (even `null`) is `Some`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// What one save asks for, checked.
pub(super) struct Change {
    pub(super) customer: Option<order::Customer>,
    pub(super) invoice: Option<Option<order::InvoiceRequest>>,
    pub(super) reason: String,
}

pub(super) fn check(
    customer: Option<&ContactInput>,
    invoice: Option<Option<&InvoiceDataInput>>,
    reason: &str,
) -> Result<Change, ApiError> {
    let mut errors: Vec<FieldError> = Vec::new();
    let customer = customer.map(|c| {
        let input = CustomerInput {
            first_name: c.first_name.clone(),
            last_name: c.last_name.clone(),
            email: c.email.clone(),
            phone: c.phone.clone(),
            notify_by_sms: c.notify_by_sms,
            ..CustomerInput::default()
        };
        check_contact(&input, &mut errors);
        input.customer()
    });
    let invoice = invoice.map(|i| {
        i.and_then(|i| {
            let input = InvoiceInput {
                is_selected: true,
                country: i.country.clone(),
                vat_number: i.vat_number.clone(),
                company_name: i.company_name.clone(),
                address: i.address.clone(),
                postal_code: i.postal_code.clone(),
                city: i.city.clone(),
            };
            check_invoice(&input, &mut errors);
            input.request()
        })
    });
    if reason.trim().is_empty() {
        errors.push(FieldError::new("reason", "Please say why.").with_code(api_core::codes::FIELD_BLANK));
    } else if reason.chars().count() > 500 {
        errors.push(FieldError::new("reason", "At most 500 characters.").with_code(api_core::codes::FIELD_TOO_LONG));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation { message: "The changes are not valid.".into(), errors });
    }
    Ok(Change { customer, invoice, reason: reason.trim().to_owned() })
}
