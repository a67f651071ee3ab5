//! An invoice asked for after payment (docs/invoices.md, 'An invoice asked for after payment';
//! Polish VAT act art. 106b(3)):
//! `POST /order/order/request-invoice`, by the customer from the ticket page (the
//! logged-in owner by the ticket's number, a guest with its number and code, as a
//! return is authorised), and by an admin's order edit ([`super::edit`]).
//!
//! Either way it is one decision of the order ([`order::decide_request_invoice`],
//! [`order::decide_edit`]): the buyer's data and the invoice, numbered like any other
//! (`invoice/{order id}` in the invoice series, the number the booking process would
//! take), appended at once. The deadline is checked before the number is reserved, so a
//! late request leaves no gap in the series. The document is then e-mailed, and sent to
//! KSeF for a buyer with a NIP, by the booking process on `InvoiceIssued` as for any
//! invoice.

use api_core::auth::MaybeUser;
use api_core::values::{Sent, TicketNumber};
use api_core::{ApiError, AppJson, Data, Fields};
use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use domain::order::{self, Order, OrderEvent, RequestInvoice, RequestInvoiceError, ReservedInvoice};
use domain::ErrorCode;
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::edit::InvoiceDataInput;
use crate::booking::input::{check_invoice, InvoiceInput};
use crate::payments::order_of_ticket;
use crate::streams::order_stream;
use crate::CommandState;

/// `POST /order/order/request-invoice`: the ticket that shows the order is theirs, and
/// the buyer's data.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestInvoiceInput {
    /// The number of one of the order's tickets (required; blanks are refused).
    #[schema(inline, required = true)]
    #[serde(default)]
    number: Sent<TicketNumber>,
    /// The ticket's code: a guest's proof (a logged-in owner may leave it out).
    #[serde(default)]
    #[schema(max_length = 40)]
    code: Option<String>,
    /// The buyer (`invoice.*` fields, checked as at ordering).
    #[serde(default)]
    invoice: InvoiceDataInput,
}

/// The invoice issued.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceRequested {
    pub order_id: Uuid,
    /// The invoice's number (`{prefix}/{year}/{n}`).
    pub number: String,
}

/// A customer asks for an invoice of their paid order.
#[utoipa::path(post, path = "/api/order/order/request-invoice", tag = "order", security((), ("bearer" = [])),
    request_body = RequestInvoiceInput,
    responses((status = 200, description = "`{\"data\": InvoiceRequested}`: issued, and e-mailed", body = Data<InvoiceRequested>),
        (status = 400, description = "not JSON"), (status = 403, description = "someone else's order"),
        (status = 404, description = "no such ticket"),
        (status = 409, description = "the invoice was issued already (`invoice.already_issued`), or the order is not paid"),
        (status = 422, description = "a field of the buyer is not valid, the code is missing or wrong, or the deadline passed (`invoice.too_late`: 3 months after the end of the month of the sale)")))]
pub async fn request_invoice(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    AppJson(input): AppJson<RequestInvoiceInput>,
) -> Result<Data<InvoiceRequested>, ApiError> {
    let (number, code, buyer) = check(&input)?;
    let order_id =
        order_of_ticket(&state, &number).await?.ok_or_else(|| refusal(RequestInvoiceError::TicketNotFound))?;
    let stream = order_stream(order_id)?;
    let now = Utc::now();
    let by_user_id = user.as_ref().map(|u| u.id);
    let mut command = RequestInvoice {
        order_id,
        change_id: Uuid::new_v4(),
        ticket_number: number,
        code,
        by_user_id,
        invoice: buyer,
        reserved: None,
        now,
    };
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    // Refused as it would be, before a number is taken for it.
    order::decide_request_invoice(&command, &loaded.state).map_err(refusal)?;
    command.reserved = Some(reserve(&state, &loaded.state, now).await?);
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let (events, _) = aggregate::execute_loaded::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        command.change_id,
        &metadata,
        |o| order::decide_request_invoice(&command, o),
        loaded,
    )
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(e) => refusal(e),
        ExecuteError::Store(e) => e.into(),
    })?;
    let number = events.iter().find_map(|e| match e {
        OrderEvent::InvoiceIssued { number, .. } => Some(number.clone()),
        _ => None,
    });
    // The data were what the order had (asked for at ordering): the process issues it.
    let number = number.or_else(|| command.reserved.as_ref().map(|r| r.number.clone())).unwrap_or_default();
    Ok(Data::new(InvoiceRequested { order_id, number }))
}

/// The ticket's number and code, and the buyer, or a `422` naming every bad field.
fn check(input: &RequestInvoiceInput) -> Result<(String, Option<String>, order::InvoiceRequest), ApiError> {
    let mut errors = Fields::default();
    let number =
        crate::booking::ticket_number::parse(&input.number, "number").map_err(|e| errors.push(e)).unwrap_or_default();
    let i = &input.invoice;
    let invoice = InvoiceInput {
        is_selected: true,
        country: i.country.clone(),
        vat_number: i.vat_number.clone(),
        company_name: i.company_name.text().to_owned(),
        address: i.address.text().to_owned(),
        postal_code: i.postal_code.clone(),
        city: i.city.text().to_owned(),
    };
    check_invoice(&invoice, &mut errors);
    errors.finish_with("The invoice data are not valid.")?;
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    let buyer = invoice.request().ok_or_else(|| {
        ApiError::invalid_field("invoice", api_core::codes::FIELD_BLANK, "Please give the buyer's data.")
    })?;
    Ok((number, code, buyer))
}

/// The day of `at` in Warsaw: the days the deadline counts by.
pub(crate) fn warsaw_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&chrono_tz::Europe::Warsaw).date_naive()
}

/// The invoice's number and days for an invoice asked for now on `state`: refused after
/// the deadline before any number is taken; then the number of `invoice/{order id}`.
pub(crate) async fn reserve(
    state: &CommandState,
    order: &Order,
    now: DateTime<Utc>,
) -> Result<ReservedInvoice, ApiError> {
    let placed = order.placed().ok_or_else(|| refusal(RequestInvoiceError::NotFound))?;
    let sale_date = warsaw_day(placed.paid.as_ref().map_or(now, |p| p.paid_at));
    let today = warsaw_day(now);
    order::invoice_request_open(sale_date, today).map_err(too_late)?;
    let settings = state.settings.get(&state.pool).await?;
    let purpose = format!("invoice/{}", placed.order_id);
    let number = crate::processes::invoice_numbers::invoice_number(state, &settings.invoice_prefix, &purpose)
        .await
        .map_err(|e| ApiError::Unavailable(format!("numbering the invoice: {e}")))?;
    Ok(ReservedInvoice {
        number,
        vat_rate: settings.vat_rate.get(),
        sale_date,
        today,
        seller: settings.seller.clone(),
        send_consumers: settings.ksef_send_consumers,
    })
}

/// The deadline passed: a `422` that names the last day.
pub(crate) fn too_late(deadline: NaiveDate) -> ApiError {
    let e = RequestInvoiceError::TooLate { deadline };
    ApiError::refusal_on(
        "invoice",
        e.code(),
        &format!(
            "An invoice can be asked for until 3 months after the end of the month of the sale: the last day was {}.",
            deadline.format("%Y-%m-%d")
        ),
    )
}

/// The order's refusal as an answer.
fn refusal(e: RequestInvoiceError) -> ApiError {
    let code = e.code();
    match e {
        RequestInvoiceError::NotFound | RequestInvoiceError::TicketNotFound => {
            ApiError::NotFound("There is no ticket with this number.".into())
        }
        RequestInvoiceError::Denied(denied) => return super::returns::access_error(denied),
        RequestInvoiceError::NotPaid => ApiError::Conflict("Only a paid order takes an invoice.".into()),
        RequestInvoiceError::AlreadyIssued => ApiError::Conflict("The invoice was issued already.".into()),
        RequestInvoiceError::TooLate { deadline } => return too_late(deadline),
    }
    .with_code(code)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_sale_day_is_the_day_in_warsaw() {
        // 30 April, 23:30 in Warsaw (summer time, UTC+2) is still April: its deadline
        // is the end of July; an hour later it is 1 May, with the end of August.
        let late_april = Utc.with_ymd_and_hms(2026, 4, 30, 21, 30, 0).single().expect("a time");
        assert_eq!(warsaw_day(late_april), NaiveDate::from_ymd_opt(2026, 4, 30).expect("a date"));
        let may = Utc.with_ymd_and_hms(2026, 4, 30, 22, 30, 0).single().expect("a time");
        assert_eq!(warsaw_day(may), NaiveDate::from_ymd_opt(2026, 5, 1).expect("a date"));
        assert_eq!(order::invoice_deadline(warsaw_day(may)), NaiveDate::from_ymd_opt(2026, 8, 31).expect("a date"));
    }
}
