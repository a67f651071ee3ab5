//! `POST /order/order/return-ticket`: a customer returns a ticket (a guest shows the
//! ticket's number and code; a logged-in owner needs only the number).
//!
//! The order decides (cutoff, fee, what goes back to the coupon and what to the
//! customer); the seat and the coupon value go back at once, and the reactions to
//! `TicketReturned` ([`crate::processes::reactions`]) make sure of it after a crash.

use api_core::auth::MaybeUser;
use api_core::values::{Sent, TicketNumber};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::Utc;
use domain::money::format_pln;
use domain::order::{self, AccessDenied, OrderEvent, ReturnTicket, ReturnTicketError};
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::place::OfficePayment;
use crate::booking::ticket_number;
use crate::payments::order_of_ticket;
use crate::processes::effects;
use crate::streams::order_stream;
use crate::CommandState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReturnInput {
    /// The ticket's number (required; blanks are refused).
    #[schema(inline, required = true)]
    #[serde(default)]
    number: Sent<TicketNumber>,
    #[serde(default)]
    code: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Returned {
    pub number: String,
    pub price: i64,
    pub price_formatted: String,
    pub fee: i64,
    pub fee_formatted: String,
    pub coupon_refund: i64,
    pub coupon_refund_formatted: String,
    pub money_refund: i64,
    pub money_refund_formatted: String,
    /// Where the money part goes, as [`ReturnQuote::money_to`] says it.
    #[schema(pattern = "^(payment|office|terminal|none)$")]
    pub money_to: String,
}

#[utoipa::path(post, path = "/api/order/order/return-ticket", tag = "order", security((), ("bearer" = [])), request_body = ReturnInput,
    responses((status = 200, description = "`{\"data\": Returned}`", body = Data<Returned>),
        (status = 403, description = "someone else's ticket"), (status = 404, description = "no such ticket"),
        (status = 409, description = "returned already or not paid"), (status = 422, description = "code missing or wrong, or after the cutoff")))]
pub async fn return_ticket(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    AppJson(input): AppJson<ReturnInput>,
) -> Result<Data<Returned>, ApiError> {
    let number = ticket_number::required(&input.number, "number")?;
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    return_one(&state, user.as_ref(), number, code).await.map(Data::new)
}

/// What returning a ticket would give back and where, before the customer confirms: the
/// order's own decision taken on its current state and not recorded, so the quote and the
/// return cannot disagree. A wrong code or a ticket past its cutoff is refused here as the
/// return would refuse it, so the customer learns it before being asked to confirm.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReturnQuote {
    pub number: String,
    pub price: i64,
    pub fee: i64,
    /// `coupon_refund + money_refund`: `price - fee`.
    pub back: i64,
    pub coupon_refund: i64,
    pub money_refund: i64,
    /// The coupon the coupon part goes back to (the order's), to use again by its code.
    pub coupon_code: Option<String>,
    /// Where the money part goes: `payment` (back to the card or account that paid, through
    /// the gateway), `office` (paid in cash at the ticket office: given back there in cash),
    /// `terminal` (paid by card on the office's terminal: refunded to that card on the
    /// terminal, as the refund is recorded, `at_terminal`), `none`.
    #[schema(pattern = "^(payment|office|terminal|none)$")]
    pub money_to: String,
}

#[utoipa::path(post, path = "/api/order/order/return-quote", tag = "order", security((), ("bearer" = [])), request_body = ReturnInput,
    responses((status = 200, description = "`{\"data\": ReturnQuote}`: nothing is returned yet", body = Data<ReturnQuote>),
        (status = 403, description = "someone else's ticket"), (status = 404, description = "no such ticket"),
        (status = 409, description = "returned already or not paid"), (status = 422, description = "code missing or wrong, or after the cutoff")))]
pub async fn return_quote(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    AppJson(input): AppJson<ReturnInput>,
) -> Result<Data<ReturnQuote>, ApiError> {
    let number = ticket_number::required(&input.number, "number")?;
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    let (command, cutoff) = return_command(&state, user.as_ref(), number.clone(), code).await?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(command.order_id)?).await?;
    let events = order::decide_return(&command, &loaded.state).map_err(|e| return_error(e, cutoff))?;
    let Some(OrderEvent::TicketReturned { price, fee, coupon_refund, money_refund, .. }) = events.first() else {
        return Err(ApiError::Conflict("This ticket was returned already.".into()));
    };
    let placed = loaded.state.placed();
    Ok(Data::new(ReturnQuote {
        number,
        price: *price,
        fee: *fee,
        back: coupon_refund + money_refund,
        coupon_refund: *coupon_refund,
        money_refund: *money_refund,
        coupon_code: placed.and_then(|o| o.coupon.as_ref()).filter(|_| *coupon_refund > 0).map(|c| c.code.clone()),
        money_to: money_to(placed, *money_refund).into(),
    }))
}

/// The return of ticket `number` as the order is asked to decide it, and the cutoff (in
/// minutes before departure) its refusal names.
async fn return_command(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    number: String,
    code: Option<String>,
) -> Result<(ReturnTicket, i32), ApiError> {
    let order_id = order_of_ticket(state, &number).await?.ok_or_else(not_found)?;
    let settings = state.settings.get(&state.pool).await?;
    let command = ReturnTicket {
        order_id,
        number,
        code,
        by_user_id: user.as_ref().map(|u| u.id),
        // An admin returns on the customer's behalf without the code.
        by_staff: user.as_ref().is_some_and(|u| u.role == api_core::auth::Role::SuperAdmin),
        now: Utc::now(),
        cutoff_minutes: settings.return_cutoff.get(),
        fee_percent: settings.return_fee.get(),
    };
    Ok((command, i32::try_from(settings.return_cutoff.get()).unwrap_or(i32::MAX)))
}

/// Return the ticket `number`, for the holder of its `code`, its owner, or an admin
/// acting for the customer (a ticket save does this too).
pub(crate) async fn return_one(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    number: String,
    code: Option<String>,
) -> Result<Returned, ApiError> {
    let (command, cutoff) = return_command(state, user, number.clone(), code).await?;
    let (order_id, now, by_user_id) = (command.order_id, command.now, command.by_user_id);
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let stream = order_stream(order_id)?;
    let command_id = Uuid::new_v5(&order_id, format!("return/{number}").as_bytes());
    let (events, after) =
        aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
            order::decide_return(&command, o)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(e) => return_error(e, cutoff),
            ExecuteError::Store(e) => e.into(),
        })?;
    let Some(OrderEvent::TicketReturned { ticket_id, price, fee, coupon_refund, money_refund, .. }) = events.first()
    else {
        return Err(ApiError::Conflict("This ticket was returned already.".into()));
    };
    if let Some(placed) = after.placed() {
        effects::after_return(state, placed, *ticket_id, *coupon_refund, &metadata).await;
    }
    Ok(Returned {
        number,
        price: *price,
        price_formatted: format_pln(*price),
        fee: *fee,
        fee_formatted: format_pln(*fee),
        coupon_refund: *coupon_refund,
        coupon_refund_formatted: format_pln(*coupon_refund),
        money_refund: *money_refund,
        money_refund_formatted: format_pln(*money_refund),
        money_to: money_to(after.placed(), *money_refund).into(),
    })
}

/// Where `money_refund` of the order `placed` goes: the way the refund owed is recorded
/// ([`crate::processes::refunds::owe`]), so the quote, the answer and the refund agree.
fn money_to(placed: Option<&domain::order::OrderState>, money_refund: i64) -> &'static str {
    if money_refund == 0 {
        return "none";
    }
    match placed.and_then(|o| OfficePayment::of_provider(&o.payment.provider)) {
        Some(OfficePayment::Cash) => "office",
        Some(OfficePayment::CardTerminal) => "terminal",
        None => "payment",
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound("There is no ticket with this number.".into())
        .with_code(domain::ErrorCode::code(&ReturnTicketError::TicketNotFound))
}

/// The order's refusal as an answer.
pub fn access_error(e: AccessDenied) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        AccessDenied::CodeRequired => ApiError::invalid_field("code", code, "Please enter the ticket's code."),
        AccessDenied::WrongCode => ApiError::invalid_field("code", code, "The code does not match this ticket."),
        AccessDenied::NotOwner => ApiError::Forbidden,
    }
    .with_code(code)
}

fn return_error(e: ReturnTicketError, cutoff: i32) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    let params = domain::ErrorCode::params(&e);
    match e {
        ReturnTicketError::NotFound | ReturnTicketError::TicketNotFound => not_found(),
        ReturnTicketError::Denied(e) => access_error(e),
        ReturnTicketError::AlreadyReturned => ApiError::Conflict("This ticket was returned already.".into()),
        ReturnTicketError::Used => ApiError::Conflict("This ticket was used: a passenger boarded with it.".into()),
        ReturnTicketError::NotPaid => ApiError::Conflict("Only tickets of a paid order can be returned.".into()),
        ReturnTicketError::TooLate(_) => ApiError::invalid_field(
            "number",
            code,
            &format!("Tickets can be returned until {cutoff} minutes before departure."),
        ),
    }
    .with_code(code)
    .with_params(params)
}
