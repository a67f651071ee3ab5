//! What the order edits take: the bodies of the three saves (utoipa documents them) and
//! their checks, which turn them into what [`super::apply`] decides on or a `422` with
//! every field's error.

use api_core::values::{Email, Line, Phone, Sent, Text, ValueError};
use api_core::{ApiError, Fields};
use domain::order;
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use crate::booking::input::{check_contact, check_desk_contact, check_invoice, CustomerInput, InvoiceInput};

/// The customer's details as an admin corrects them. The e-mail and the phone are
/// required, except on an order sold at the desk, where either may be blank as at its
/// sale (one that is given is checked all the same).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ContactInput {
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub first_name: Sent<Line<100>>,
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub last_name: Sent<Line<100>>,
    /// Blank only on an order that has none (a walk-in passenger's sale at the desk): one
    /// the order has is corrected, never blanked (`422`, `field.blank`).
    #[serde(default)]
    #[schema(inline, required = true)]
    pub email: Sent<Email>,
    /// Blank only on an order that has none, as the e-mail.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub phone: Sent<Phone>,
    #[serde(default)]
    pub notify_by_sms: bool,
}

/// The invoice data (the buyer) as an admin corrects them.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct InvoiceDataInput {
    /// `PL` when absent or `null`.
    #[serde(default)]
    pub country: Option<api_core::values::Country>,
    /// For `PL` a NIP with a valid checksum (dashes, spaces and a `PL` prefix allowed).
    #[serde(default)]
    #[schema(required = true, max_length = 30)]
    pub vat_number: String,
    #[serde(default)]
    #[schema(inline, required = true)]
    pub company_name: Sent<Line<200>>,
    #[serde(default)]
    #[schema(inline, required = true)]
    pub address: Sent<Line<200>>,
    /// For `PL` like `37-400`.
    #[serde(default)]
    #[schema(required = true, max_length = 20)]
    pub postal_code: String,
    #[serde(default)]
    #[schema(inline, required = true)]
    pub city: Sent<Line<100>>,
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
    #[schema(inline, required = true)]
    pub reason: Sent<Text<500>>,
}

/// `PUT /order/order-customer/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerSaveInput {
    #[serde(flatten)]
    pub customer: ContactInput,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub reason: Sent<Text<500>>,
}

/// `PUT /order/order-invoice/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InvoiceSaveInput {
    #[serde(flatten)]
    pub invoice: InvoiceDataInput,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub reason: Sent<Text<500>>,
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

/// Whose contact rule a customer's correction follows: an order sold at the desk may
/// have neither an e-mail nor a phone (issue 29).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sold {
    Online,
    AtDesk,
}

pub(super) fn check(
    customer: Option<&ContactInput>,
    invoice: Option<Option<&InvoiceDataInput>>,
    reason: &Sent<Text<500>>,
    sold: Sold,
) -> Result<Change, ApiError> {
    let mut errors = Fields::default();
    let customer = customer.map(|c| {
        let input = CustomerInput {
            first_name: c.first_name.clone(),
            last_name: c.last_name.clone(),
            email: c.email.clone(),
            phone: c.phone.clone(),
            notify_by_sms: c.notify_by_sms,
            ..CustomerInput::default()
        };
        match sold {
            Sold::Online => check_contact(&input, &mut errors),
            Sold::AtDesk => check_desk_contact(&input, &mut errors),
        }
        // The language is the order's own: `decide_edit` keeps it.
        input.customer(domain::order::Language::Pl)
    });
    let invoice = invoice.map(|i| {
        i.and_then(|i| {
            let input = InvoiceInput {
                is_selected: true,
                country: i.country.clone(),
                vat_number: i.vat_number.clone(),
                company_name: i.company_name.text().to_owned(),
                address: i.address.text().to_owned(),
                postal_code: i.postal_code.clone(),
                city: i.city.text().to_owned(),
            };
            check_invoice(&input, &mut errors);
            input.request()
        })
    });
    let reason = errors.value_with("reason", reason.parsed().cloned().map_err(Clone::clone), |e| match e {
        ValueError::Blank => "Please say why.".into(),
        ValueError::TooLong { max } => format!("At most {max} characters."),
        other => format!("The reason {other}."),
    });
    errors.finish_with("The changes are not valid.")?;
    // Every given customer parsed: the errors above refuse one that does not.
    Ok(Change { customer: customer.flatten(), invoice, reason: reason.map(Text::into_string).unwrap_or_default() })
}
