//! An admin's corrections of an order (`DECISIONS.md`: every change is a command on the
//! order with an event of its own, who, when and why; never an edit of a read table):
//!
//! - `PUT /order/order/save?id=`: the customer's details and/or the invoice data, with a
//!   reason.
//! - `PUT /order/order-customer/save?id=`: the customer's details alone.
//! - `PUT /order/order-invoice/save?id=`: the invoice data alone.
//!
//! Before the invoice is issued its data simply change ([`order::decide_change_invoice_data`];
//! asking for an invoice of a paid order makes the process issue it). Once it is issued,
//! new data are a correction invoice of the buyer's data: a number of the correction
//! series is reserved for this change, then [`order::decide_correct_invoice`] records it
//! with the new buyer and no change of the amount. An invoice cannot be withdrawn after
//! issue (`409`), nor corrected once it was corrected to zero (`409`: a correction after
//! a full return).

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, FieldError, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::{
    self, ChangeCustomerDetails, ChangeInvoiceData, CorrectInvoice, EditError, InvoiceError, OrderEvent,
};
use domain::ErrorCode;
use event_store::Metadata;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::input::{check_contact, check_invoice, CustomerInput, InvoiceInput};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

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

/// What the save did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderSaved {
    pub id: Uuid,
    /// The order stream's version after the change (the read model's `one` shows it once
    /// it has caught up).
    pub version: u64,
    pub customer_changed: bool,
    pub invoice_changed: bool,
    /// The number of the correction invoice issued for new buyer data, if one was.
    pub correction_number: Option<String>,
}

/// What one save asks for, checked.
struct Change {
    customer: Option<order::Customer>,
    invoice: Option<Option<order::InvoiceRequest>>,
    reason: String,
}

fn check(
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

fn order_id(params: &Params) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw).map_err(|_| ApiError::invalid_field("id", "id must be an order id (a UUID)"))
}

/// Correct an order's customer details and/or invoice data (admin).
#[utoipa::path(put, path = "/api/order/order/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    request_body = OrderSaveInput,
    responses((status = 200, description = "`{\"data\": OrderSaved}`", body = Data<OrderSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"),
        (status = 409, description = "the invoice was issued and cannot be withdrawn, or was corrected to zero"),
        (status = 422, description = "a field is not valid (a NIP with a wrong checksum, a blank name, no reason) or id is not a UUID")))]
pub async fn save(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderSaveInput>,
) -> Result<Data<OrderSaved>, ApiError> {
    let id = order_id(&params)?;
    let change = check(input.customer.as_ref(), input.invoice.as_ref().map(Option::as_ref), &input.reason)?;
    apply(&state, admin.id, id, change).await.map(Data::new)
}

/// Correct an order's customer details (admin).
#[utoipa::path(put, path = "/api/order/order-customer/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    request_body = CustomerSaveInput,
    responses((status = 200, description = "`{\"data\": OrderSaved}`", body = Data<OrderSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 422, description = "a field is not valid, or id is not a UUID")))]
pub async fn save_customer(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<CustomerSaveInput>,
) -> Result<Data<OrderSaved>, ApiError> {
    let id = order_id(&params)?;
    let change = check(Some(&input.customer), None, &input.reason)?;
    apply(&state, admin.id, id, change).await.map(Data::new)
}

/// Correct an order's invoice data (admin): before issue they change, after it a
/// correction invoice is issued.
#[utoipa::path(put, path = "/api/order/order-invoice/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the order's id")),
    request_body = InvoiceSaveInput,
    responses((status = 200, description = "`{\"data\": OrderSaved}`", body = Data<OrderSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 409, description = "the invoice was corrected to zero"),
        (status = 422, description = "a field is not valid (a NIP with a wrong checksum), or id is not a UUID")))]
pub async fn save_invoice(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<InvoiceSaveInput>,
) -> Result<Data<OrderSaved>, ApiError> {
    let id = order_id(&params)?;
    let change = check(None, Some(Some(&input.invoice)), &input.reason)?;
    apply(&state, admin.id, id, change).await.map(Data::new)
}

/// Make the changes, each a command on the order with its own event; a part that
/// changes nothing is skipped.
async fn apply(state: &CommandState, admin: Uuid, order_id: Uuid, change: Change) -> Result<OrderSaved, ApiError> {
    let stream = order_stream(order_id)?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    let Some(placed) = loaded.state.placed() else {
        return Err(ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code()));
    };
    let mut saved = OrderSaved {
        id: order_id,
        version: loaded.version.unwrap_or(0),
        customer_changed: false,
        invoice_changed: false,
        correction_number: None,
    };
    // Refuse before writing anything: withdrawing an issued invoice.
    if matches!(change.invoice, Some(None)) && placed.invoice.is_some() {
        return Err(ApiError::Conflict(
            "The invoice was issued: it cannot be withdrawn (cancel the order or return its tickets instead).".into(),
        )
        .with_code(EditError::InvoiceIssued.code()));
    }
    if let Some(invoice) = placed.invoice.as_ref() {
        if matches!(change.invoice, Some(Some(_))) && invoice.current_total() == 0 {
            return Err(ApiError::Conflict(format!("{}.", InvoiceError::NothingLeft))
                .with_code(InvoiceError::NothingLeft.code()));
        }
    }
    let change_id = Uuid::new_v4();
    if let Some(customer) = change.customer {
        let command = ChangeCustomerDetails {
            order_id,
            change_id,
            customer,
            by_user_id: Some(admin),
            reason: change.reason.clone(),
            now,
        };
        match aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, change_id, &metadata, |o| {
            order::decide_change_customer(&command, o)
        })
        .await
        {
            Ok((events, _)) => saved.customer_changed = !events.is_empty(),
            Err(ExecuteError::Refused(EditError::Unchanged)) => {}
            Err(e) => return Err(edit_error(e)),
        }
    }
    if let Some(invoice) = change.invoice {
        let command_id = Uuid::new_v5(&change_id, b"invoice");
        let command = ChangeInvoiceData {
            order_id,
            change_id: command_id,
            invoice: invoice.clone(),
            by_user_id: Some(admin),
            reason: change.reason.clone(),
            now,
        };
        match aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
            order::decide_change_invoice_data(&command, o)
        })
        .await
        {
            Ok((events, _)) => saved.invoice_changed = !events.is_empty(),
            Err(ExecuteError::Refused(EditError::Unchanged)) => {}
            Err(ExecuteError::Refused(EditError::InvoiceIssued)) => {
                saved.correction_number =
                    correct_buyer(state, &stream, &metadata, command_id, invoice, &change.reason).await?;
                saved.invoice_changed = saved.correction_number.is_some();
            }
            Err(e) => return Err(edit_error(e)),
        }
    }
    let after = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    saved.version = after.version.unwrap_or(0);
    Ok(saved)
}

/// The correction invoice of the buyer's data: its number reserved for this change
/// first (`correction/data/{command id}`), then appended; `None` when the data are what
/// the invoice says already.
async fn correct_buyer(
    state: &CommandState,
    stream: &event_store::StreamName,
    metadata: &Metadata,
    command_id: Uuid,
    buyer: Option<order::InvoiceRequest>,
    reason: &str,
) -> Result<Option<String>, ApiError> {
    let settings = state.settings.get(&state.pool).await?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), stream).await?;
    let current = loaded.state.placed().and_then(|o| o.invoice.as_ref()).and_then(|i| i.buyer.clone());
    if buyer.is_none() || buyer == current {
        return Ok(None);
    }
    let series = format!("{}-KOR", settings.invoice_prefix);
    let number = crate::processes::reactions::invoice_number(state, &series, &format!("correction/data/{command_id}"))
        .await
        .map_err(|e| ApiError::Unavailable(format!("numbering the correction: {e}")))?;
    let Some(order_id) = loaded.state.placed().map(|o| o.order_id) else {
        return Err(ApiError::NotFound("There is no such order.".into()));
    };
    let command = CorrectInvoice {
        order_id,
        number: number.clone(),
        amount: 0,
        now: Utc::now(),
        reason: format!("Zmiana danych nabywcy: {reason}"),
        buyer,
        seller: settings.seller.clone(),
    };
    let correction_id = Uuid::new_v5(&command_id, b"correction");
    let (events, _) =
        aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), stream, correction_id, metadata, |o| {
            order::decide_correct_invoice(&command, o)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(InvoiceError::NotFound) => ApiError::NotFound("There is no such order.".into()),
            ExecuteError::Refused(e) => ApiError::Conflict(format!("{e}.")).with_code(e.code()),
            ExecuteError::Store(e) => e.into(),
        })?;
    Ok(events.iter().find_map(|e| match e {
        OrderEvent::InvoiceCorrected { number, .. } => Some(number.clone()),
        _ => None,
    }))
}

fn edit_error(e: ExecuteError<EditError>) -> ApiError {
    match e {
        ExecuteError::Refused(EditError::NotFound) => {
            ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code())
        }
        ExecuteError::Refused(e) => ApiError::Conflict(format!("{e}.")).with_code(e.code()),
        ExecuteError::Store(e) => e.into(),
    }
}
