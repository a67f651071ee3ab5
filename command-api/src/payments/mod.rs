//! Payments: the gateway's notification, and recording an order as paid.
//!
//! `POST /payment/notify/{provider}` receives the gateway's signed notification (the
//! Przelewy24 protocol; the built-in sandbox speaks it too). It is checked (signature
//! with the CRC key, our merchant), matched with its order (the session id is one the
//! order registered: the order id, or `{order id}-{n}` after paying again; amount = what
//! the order asks), verified with the gateway (`transaction/verify`), and only then
//! recorded. A second payment of an order paid already (the customer paid an earlier
//! transaction too) is paid back. A forged notification changes nothing (`400`); a repeated one is
//! recognised by its transaction id and changes nothing (`200`).
//!
//! An order that expired before its payment arrived has lost its seats: they are held
//! again if still free (and the order is paid), otherwise the payment is recorded as
//! refunded (`LatePaymentRefunded`).

use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use chrono::{Datelike, Utc};
use domain::order::{self, LegHold, LegKind, OrderState, PayOrder, PayOrderError, PaymentRef, TicketNumber};
use domain::seat_inventory::{HoldSeats, ReleaseReason, ReleaseSeats};
use event_store::{Metadata, StreamName};
use payment::Notification;
use rand::Rng;
use serde_json::json;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::holds::Holds;
use crate::streams::order_stream;
use crate::CommandState;

mod change;

use change::pay_change;

/// The domain's code of a notification whose amount is not the order's, refused here
/// before the command is tried.
fn amount_mismatch() -> &'static str {
    domain::ErrorCode::code(&PayOrderError::AmountMismatch { expected: 0, got: 0 })
}

/// Characters of ticket codes and generated coupon codes: no `0/O`, `1/I/L`.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// `len` random characters of [`ALPHABET`].
pub fn random_code(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len).map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())])).collect()
}

/// What the customer reads on the gateway's page: the company, the order's number and
/// every leg (a return names both ways).
pub fn description<'a>(
    company: &str,
    number: &str,
    legs: impl Iterator<Item = (&'a str, &'a str)>,
    language: payment::Language,
) -> String {
    let legs: Vec<String> = legs.map(|(from, to)| format!("{from} – {to}")).collect();
    let joined = match language {
        payment::Language::Pl => legs.join(", powrót "),
        payment::Language::En => legs.join(", return "),
    };
    format!("{company} {number}: {joined}")
}

/// Where the customer pays an order.
pub fn payment_url(state: &CommandState, payment: &PaymentRef) -> String {
    if payment.token.is_empty() {
        return String::new();
    }
    format!("{}{}", state.payment_page_base, payment.token)
}

/// `POST /payment/notify/{provider}`.
pub async fn notify(
    State(state): State<CommandState>,
    Path(provider): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<serde_json::Value>, ApiError> {
    if provider != state.gateway.provider() {
        return Err(ApiError::NotFound(format!("no payment provider {provider}")));
    }
    let notification: Notification = serde_json::from_slice(&body)
        .map_err(|e| ApiError::BadRequest(format!("the notification is not valid: {e}")))?;
    state
        .gateway
        .check_notification(&notification)
        .map_err(|e| ApiError::BadRequest(format!("the notification was refused: {e}")))?;
    let order_id = order::order_of_session(&notification.session_id)
        .ok_or_else(|| ApiError::BadRequest("the notification's session id is not an order".into()))?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    let order = loaded.state.placed().ok_or_else(|| ApiError::NotFound("There is no such order.".into()))?;
    if order::is_change_session(&notification.session_id) {
        return pay_change(&state, order, &notification).await.map(|_| Json(json!({ "status": "OK" })));
    }
    if !order.payment_sessions.contains(&notification.session_id) {
        return Err(ApiError::BadRequest("the notification's session was not registered for the order".into()));
    }
    if notification.amount != order.to_pay || notification.currency != "PLN" {
        return Err(ApiError::refusal_on("amount", amount_mismatch(), "The amount paid does not match the order."));
    }
    let transaction_id = notification.order_id.to_string();
    if order.paid.as_ref().is_some_and(|p| p.transaction_id == transaction_id) {
        return Ok(Json(json!({ "status": "OK" })));
    }
    state
        .gateway
        .verify(&notification)
        .await
        .map_err(|e| ApiError::BadRequest(format!("the gateway did not confirm the payment: {e}")))?;
    // The order as loaded above: a change since (the gateway's answer took a moment) loses
    // the append's race and is loaded again.
    let (amount, session_id) = (notification.amount, notification.session_id.as_str());
    pay_order_by(&state, order_id, amount, &transaction_id, session_id, None, Some(loaded)).await?;
    Ok(Json(json!({ "status": "OK" })))
}

/// An order whose coupon covers everything is paid at once, without a gateway.
pub async fn pay_without_gateway(state: &CommandState, order_id: Uuid) -> Result<(), ApiError> {
    pay_order(state, order_id, 0, &format!("coupon-{order_id}"), &order_id.to_string()).await.map(|_| ())
}

/// An order sold at the office is paid there at once (cash or the card terminal,
/// recorded as such, no gateway) by the admin who sold it.
pub async fn pay_at_office(
    state: &CommandState,
    order_id: Uuid,
    amount: i64,
    provider: &str,
    admin: Uuid,
) -> Result<PaymentOutcome, ApiError> {
    let transaction_id = format!("{provider}-{order_id}");
    pay_order_by(state, order_id, amount, &transaction_id, &order_id.to_string(), Some(admin), None).await
}

/// What became of a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentOutcome {
    Paid,
    Refunded,
}

/// Record the payment `transaction_id` of `amount`, made through the gateway session
/// `session_id`, for the order.
pub async fn pay_order(
    state: &CommandState,
    order_id: Uuid,
    amount: i64,
    transaction_id: &str,
    session_id: &str,
) -> Result<PaymentOutcome, ApiError> {
    pay_order_by(state, order_id, amount, transaction_id, session_id, None, None).await
}

/// [`pay_order`], taken by `user` (an admin at the office) or a process (`None`), on the
/// order as the caller `loaded` it if it did (one read of its stream fewer).
async fn pay_order_by(
    state: &CommandState,
    order_id: Uuid,
    amount: i64,
    transaction_id: &str,
    session_id: &str,
    user: Option<Uuid>,
    loaded: Option<aggregate::Loaded<OrderAgg>>,
) -> Result<PaymentOutcome, ApiError> {
    let stream = order_stream(order_id)?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        causation_id: None,
        user_id: user.map(|u| u.to_string()),
        occurred_at: now,
    };
    let loaded = match loaded {
        Some(loaded) => loaded,
        None => aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?,
    };
    let placed = loaded.state.placed().ok_or_else(|| ApiError::NotFound("There is no such order.".into()))?.clone();
    let numbers = ticket_numbers(state, order_id, placed.ticket_count()).await?;
    let command = PayOrder {
        order_id,
        now,
        amount,
        transaction_id: transaction_id.to_owned(),
        session_id: session_id.to_owned(),
        tickets: numbers,
        reheld: Vec::new(),
    };
    let command_id = Uuid::new_v5(&order_id, format!("pay/{transaction_id}").as_bytes());
    // On the state loaded above (the ticket numbers were reserved since): a lost race loads
    // it again and decides again.
    let result = aggregate::execute_loaded::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        command_id,
        &metadata,
        |o| order::decide_pay(&command, o),
        loaded,
    )
    .await;
    match result {
        Ok(_) => return Ok(PaymentOutcome::Paid),
        Err(ExecuteError::Refused(PayOrderError::AlreadyPaid)) => {
            // Paid twice (an earlier transaction and the one of paying again): the
            // order keeps the first payment, this one goes back.
            return refund_payment(state, order_id, amount, transaction_id, session_id, &metadata).await;
        }
        Err(ExecuteError::Refused(PayOrderError::Expired)) => {}
        Err(ExecuteError::Refused(e)) => return Err(pay_error(e)),
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    }

    pay_late(state, &stream, command_id, &metadata, command, &placed).await
}

/// A payment that came after the order expired: its seats held again if still free (and
/// the order paid), otherwise the money paid back.
async fn pay_late(
    state: &CommandState,
    stream: &StreamName,
    command_id: Uuid,
    metadata: &Metadata,
    mut command: PayOrder,
    placed: &OrderState,
) -> Result<PaymentOutcome, ApiError> {
    let (order_id, amount) = (command.order_id, command.amount);
    let (transaction_id, session_id) = (command.transaction_id.clone(), command.session_id.clone());
    let transaction_id = transaction_id.as_str();
    let settings = state.settings.get(&state.pool).await?;
    let holds = Holds::new(state, metadata.clone());
    match hold_again(&holds, placed, transaction_id, &settings).await {
        Some(reheld) => {
            command.reheld = reheld.clone();
            let paid = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), stream, command_id, metadata, |o| {
                order::decide_pay(&command, o)
            })
            .await;
            match paid {
                Ok(_) => Ok(PaymentOutcome::Paid),
                Err(e) => {
                    release_again(&holds, placed, &reheld, transaction_id).await;
                    Err(match e {
                        ExecuteError::Refused(e) => pay_error(e),
                        ExecuteError::Store(e) => e.into(),
                    })
                }
            }
        }
        None => {
            tracing::warn!(%order_id, transaction_id, "a late payment found its seats gone; it is to be refunded");
            refund_payment(state, order_id, amount, transaction_id, &session_id, metadata).await
        }
    }
}

/// Record that the payment `transaction_id` is paid back (the order cannot take it).
async fn refund_payment(
    state: &CommandState,
    order_id: Uuid,
    amount: i64,
    transaction_id: &str,
    session_id: &str,
    metadata: &Metadata,
) -> Result<PaymentOutcome, ApiError> {
    let refund = order::RefundLatePayment {
        order_id,
        amount,
        transaction_id: transaction_id.to_owned(),
        session_id: session_id.to_owned(),
        now: Utc::now(),
    };
    let refund_id = Uuid::new_v5(&order_id, format!("late-refund/{transaction_id}").as_bytes());
    aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &order_stream(order_id)?, refund_id, metadata, |o| {
        order::decide_refund_late(&refund, o)
    })
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(e) => ApiError::Conflict(e.to_string()),
        ExecuteError::Store(e) => e.into(),
    })?;
    Ok(PaymentOutcome::Refunded)
}

/// The new hold id of a leg for a late payment.
fn late_hold_id(order_id: Uuid, kind: LegKind, transaction_id: &str) -> Uuid {
    Uuid::new_v5(&order_id, format!("late-hold/{kind:?}/{transaction_id}").as_bytes())
}

async fn hold_again(
    holds: &Holds,
    order: &OrderState,
    transaction_id: &str,
    settings: &crate::settings::BookingSettings,
) -> Option<Vec<LegHold>> {
    let now = Utc::now();
    let mut reheld = Vec::new();
    for leg in order.legs() {
        let hold_id = late_hold_id(order.order_id, leg.kind, transaction_id);
        let cmd = HoldSeats {
            course_id: leg.course_id,
            hold_id,
            from_waypoint: leg.from_waypoint_id,
            to_waypoint: leg.to_waypoint_id,
            seats: order.passengers(),
            expires_at: now + settings.payment_time.duration(),
            now,
            sale_cutoff_minutes: 0,
        };
        if holds.hold(cmd).await.is_err() {
            release_again(holds, order, &reheld, transaction_id).await;
            return None;
        }
        reheld.push(LegHold { leg: leg.kind, hold_id });
    }
    Some(reheld)
}

async fn release_again(holds: &Holds, order: &OrderState, reheld: &[LegHold], transaction_id: &str) {
    for hold in reheld {
        let Some(leg) = order.leg(hold.leg) else { continue };
        let release = ReleaseSeats {
            hold_id: hold.hold_id,
            release_id: Uuid::new_v5(&hold.hold_id, transaction_id.as_bytes()),
            seats: None,
            reason: ReleaseReason::PaymentFailed,
        };
        if let Err(e) = holds.release(leg.course_id, release).await {
            tracing::warn!(order_id = %order.order_id, error = %e, "could not release seats held for a late payment");
        }
    }
}

fn pay_error(e: PayOrderError) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        PayOrderError::NotFound => ApiError::NotFound("There is no such order.".into()),
        PayOrderError::AmountMismatch { .. } => {
            ApiError::refusal_on("amount", amount_mismatch(), "The amount paid does not match the order.")
        }
        other => ApiError::Conflict(format!("The payment cannot be recorded: {other}.")),
    }
    .with_code(code)
}

/// `count` new ticket numbers (`NK-2026-000123`) for the order, with their secret codes
/// (kept beside the numbers: the driver's check finds a ticket by either).
async fn ticket_numbers(state: &CommandState, order_id: Uuid, count: usize) -> Result<Vec<TicketNumber>, ApiError> {
    let codes: Vec<String> = (0..count.min(1000)).map(|_| random_code(12)).collect();
    let year = Utc::now().with_timezone(&chrono_tz::Europe::Warsaw).year();
    let numbers: Vec<(String, String)> = sqlx::query_as(
        "insert into ticket_numbers (number, order_id, code) \
         select 'NK-' || $2::int || '-' || lpad(nextval('ticket_number_seq')::text, 6, '0'), $1, c \
         from unnest($3::text[]) with ordinality as u(c, i) order by i \
         returning number, code",
    )
    .bind(order_id)
    .bind(year)
    .bind(&codes)
    .fetch_all(&state.pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("numbering tickets: {e}")))?;
    Ok(numbers.into_iter().map(|(number, code)| TicketNumber { number, code }).collect())
}

/// The order a ticket number belongs to.
pub async fn order_of_ticket(state: &CommandState, number: &str) -> Result<Option<Uuid>, ApiError> {
    sqlx::query_scalar("select order_id from ticket_numbers where number = $1")
        .bind(number.trim().to_uppercase())
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("finding the ticket: {e}")))
}
