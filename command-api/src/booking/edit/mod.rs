//! An admin's corrections of an order (docs/office.md, 'An admin corrects an order in one command':
//! every change is a command on the
//! order with an event of its own, who, when and why; never an edit of a read table):
//!
//! - `PUT /order/order/save?id=`: the customer's details and/or the invoice data, with a
//!   reason.
//! - `PUT /order/order-customer/save?id=`: the customer's details alone.
//! - `PUT /order/order-invoice/save?id=`: the invoice data alone.
//!
//! Each save is one [`EditOrder`]: the order is loaded once, [`order::decide_edit`]
//! returns every event of the change (the customer's details; the invoice data, or after
//! the invoice was issued a correction invoice of the buyer's data) and they are appended
//! at once with the expected version, or the whole save is refused and nothing is
//! written. The rules are the domain's; the one thing done here beforehand is the IO a
//! correction needs: its number in the correction series, reserved for this change when
//! [`EditOrder::correction_due`] says so; or, when invoice data are given to a paid order
//! without an invoice ([`EditOrder::invoice_due`]), the deadline checked and the
//! invoice's number reserved ([`crate::booking::invoice_request`]), so the invoice is
//! issued in the same decision. Refusals: an issued invoice cannot be withdrawn
//! (`409`), nor corrected once it was corrected to zero (`409`: after a full return); an
//! order that ended unpaid takes no invoice (`409`); an invoice asked for after 3 months
//! from the end of the month of the sale (`422`, `invoice.too_late`).

mod input;

use api_core::auth::AdminUser;
use api_core::{codes, ApiError, AppJson, Data, FieldError, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, EditError, EditOrder, OrderEvent, ReservedCorrection};
use domain::ErrorCode;
use event_store::Metadata;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use self::input::{check, Sold};
pub use self::input::{ContactInput, CustomerSaveInput, InvoiceDataInput, InvoiceSaveInput, OrderSaveInput};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::place::OfficePayment;
use crate::streams::order_stream;
use crate::CommandState;

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
    /// The number of the invoice issued at once because it was asked for after payment.
    pub invoice_number: Option<String>,
}

fn order_id(params: &Params) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be an order id (a UUID)"))
}

/// Correct an order's customer details and/or invoice data (admin).
#[utoipa::path(put, path = "/api/order/order/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    request_body = OrderSaveInput,
    responses((status = 200, description = "`{\"data\": OrderSaved}`", body = Data<OrderSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"),
        (status = 409, description = "the invoice was issued and cannot be withdrawn, or was corrected to zero; or the order ended unpaid and takes no invoice"),
        (status = 422, description = "a field is not valid (a NIP with a wrong checksum, a blank name, no reason) or id is not a UUID; or an invoice asked for after payment is past its deadline (`invoice.too_late`)")))]
pub async fn save(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderSaveInput>,
) -> Result<Data<OrderSaved>, ApiError> {
    let id = order_id(&params)?;
    let asked = Asked {
        customer: input.customer.as_ref(),
        invoice: input.invoice.as_ref().map(Option::as_ref),
        reason: &input.reason,
    };
    apply(&state, admin.id, id, asked).await.map(Data::new)
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
    let asked = Asked { customer: Some(&input.customer), invoice: None, reason: &input.reason };
    apply(&state, admin.id, id, asked).await.map(Data::new)
}

/// Correct an order's invoice data (admin): before issue they change, after it a
/// correction invoice is issued.
#[utoipa::path(put, path = "/api/order/order-invoice/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the order's id")),
    request_body = InvoiceSaveInput,
    responses((status = 200, description = "`{\"data\": OrderSaved}`", body = Data<OrderSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 409, description = "the invoice was corrected to zero, or the order ended unpaid and takes no invoice"),
        (status = 422, description = "a field is not valid (a NIP with a wrong checksum), or id is not a UUID; or an invoice asked for after payment is past its deadline (`invoice.too_late`)")))]
pub async fn save_invoice(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<InvoiceSaveInput>,
) -> Result<Data<OrderSaved>, ApiError> {
    let id = order_id(&params)?;
    let asked = Asked { customer: None, invoice: Some(Some(&input.invoice)), reason: &input.reason };
    apply(&state, admin.id, id, asked).await.map(Data::new)
}

/// What a save asks for, before its checks.
struct Asked<'a> {
    customer: Option<&'a ContactInput>,
    invoice: Option<Option<&'a InvoiceDataInput>>,
    reason: &'a api_core::values::Sent<api_core::values::Text<500>>,
}

/// Make the change: one [`EditOrder`] decided on the order as it is and appended at
/// once, or refused as a whole. The input is checked against the order as loaded (an
/// order sold at the desk needs no e-mail or phone, as at its sale). A correction's
/// number is reserved first when the edit issues one (`correction/data/{change id}`, so a
/// retried decision takes the same).
async fn apply(state: &CommandState, admin: Uuid, order_id: Uuid, asked: Asked<'_>) -> Result<OrderSaved, ApiError> {
    let stream = order_stream(order_id)?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    let at_desk = loaded.state.placed().is_some_and(|o| OfficePayment::of_provider(&o.payment.provider).is_some());
    let sold = if at_desk { Sold::AtDesk } else { Sold::Online };
    let change = check(asked.customer, asked.invoice, asked.reason, sold)?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let withdrawing = matches!(change.invoice, Some(None));
    let mut edit = EditOrder {
        order_id,
        change_id: Uuid::new_v4(),
        customer: change.customer,
        invoice: change.invoice,
        reason: change.reason,
        correction: None,
        invoice_issue: None,
        by_user_id: Some(admin),
        now,
    };
    if let Some(field) = edit.blanks_contact(&loaded.state) {
        let message = "This order has it: correct it rather than leave it blank.";
        let error = FieldError::new(format!("customer.{field}"), codes::FIELD_BLANK, message);
        return Err(ApiError::Validation { message: "The changes are not valid.".into(), errors: vec![error] });
    }
    if edit.correction_due(&loaded.state) {
        edit.correction = Some(reserve_correction(state, edit.change_id).await?);
    }
    if edit.invoice_due(&loaded.state) {
        edit.invoice_issue = Some(crate::booking::invoice_request::reserve(state, &loaded.state, now).await?);
    }
    let (events, after) = aggregate::execute_loaded::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        edit.change_id,
        &metadata,
        |o| order::decide_edit(&edit, o),
        loaded,
    )
    .await
    .map_err(|e| edit_error(e, withdrawing))?;
    Ok(OrderSaved {
        id: order_id,
        version: after.version.unwrap_or(0),
        customer_changed: events.iter().any(|e| matches!(e, OrderEvent::CustomerDetailsChanged { .. })),
        invoice_changed: events.iter().any(|e| {
            matches!(
                e,
                OrderEvent::InvoiceDataChanged { .. }
                    | OrderEvent::InvoiceCorrected { .. }
                    | OrderEvent::RejectedInvoiceAmended { .. }
            )
        }),
        correction_number: events.iter().find_map(|e| match e {
            OrderEvent::InvoiceCorrected { number, .. } => Some(number.clone()),
            _ => None,
        }),
        invoice_number: events.iter().find_map(|e| match e {
            OrderEvent::InvoiceIssued { number, .. } => Some(number.clone()),
            _ => None,
        }),
    })
}

/// A number of the correction series for the edit `change_id`, and the seller now.
async fn reserve_correction(state: &CommandState, change_id: Uuid) -> Result<ReservedCorrection, ApiError> {
    let settings = state.settings.get(&state.pool).await?;
    let series = format!("{}-KOR", settings.invoice_prefix);
    let number =
        crate::processes::invoice_numbers::invoice_number(state, &series, &format!("correction/data/{change_id}"))
            .await
            .map_err(|e| ApiError::Unavailable(format!("numbering the correction: {e}")))?;
    Ok(ReservedCorrection { number, seller: settings.seller.clone(), send_consumers: settings.ksef_send_consumers })
}

/// The refusal as the API answers it; withdrawing an issued invoice is said in words an
/// admin can act on.
fn edit_error(e: ExecuteError<EditError>, withdrawing: bool) -> ApiError {
    match e {
        ExecuteError::Refused(EditError::NotFound) => {
            ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code())
        }
        ExecuteError::Refused(EditError::InvoiceIssued) if withdrawing => ApiError::Conflict(
            "The invoice was issued: it cannot be withdrawn (cancel the order or return its tickets instead).".into(),
        )
        .with_code(EditError::InvoiceIssued.code()),
        ExecuteError::Refused(EditError::InvoiceTooLate { deadline }) => {
            crate::booking::invoice_request::too_late(deadline)
        }
        ExecuteError::Refused(e) => ApiError::Conflict(format!("{e}.")).with_code(e.code()),
        ExecuteError::Store(e) => e.into(),
    }
}
