//! `POST /order/order/pay-again?hash_id=`: a new gateway transaction for a reservation
//! whose payment failed or was left unfinished, while its seats are still held.
//!
//! The earlier transaction stays as the gateway left it (a failed one stays failed).
//! The order is checked before the gateway is asked, so an expired or paid order
//! registers nothing; then the transaction is registered under the order's next session
//! id and recorded as `PaymentRegistered`. Should the customer pay an earlier
//! transaction as well, the second payment is paid back (see [`crate::payments`]).
//! The hash id is the secret of the order's links, so no login is needed, as for the
//! after-payment page that calls this.

use api_core::{ApiError, Data, Params};
use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use domain::order::{self, OrderState, PaymentRef, RegisterPayment, RegisterPaymentError};
use event_store::Metadata;
use payment::RegisterTransaction;
use serde::Serialize;
use uuid::Uuid;

use super::language::{headers_language, language_prefix};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// Where to pay now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentAgain {
    /// The gateway's page of the new transaction.
    pub payment_url: String,
    /// The reservation holds the seats until then (unchanged by paying again).
    pub expires_at: DateTime<Utc>,
}

#[utoipa::path(post, path = "/api/order/order/pay-again", tag = "order", security((), ("bearer" = [])),
    params(("hash_id" = inline(api_core::values::NotBlank), Query, description = "the order's public hash id (from its links)"),
        ("Idempotency-Key" = Option<String>, Header, description = "repeating a key repeats the first answer: 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    responses((status = 200, description = "`{\"data\": PaymentAgain}`: a new transaction to pay", body = Data<PaymentAgain>),
        (status = 400, description = "no hash_id"), (status = 404, description = "no such order"),
        (status = 409, description = "the reservation has expired, or the order is not waiting for payment"),
        (status = 422, description = "the Idempotency-Key was used before for a different request"),
        (status = 503, description = "the payment gateway cannot be reached")))]
#[tracing::instrument(skip(state, headers))]
pub async fn pay_again(
    State(state): State<CommandState>,
    params: Params,
    headers: HeaderMap,
) -> Result<Data<PaymentAgain>, ApiError> {
    let hash_id = params
        .raw("hash_id")
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .ok_or_else(|| ApiError::BadRequest("hash_id is required".into()))?;
    let not_found = || {
        ApiError::NotFound("There is no such order.".into())
            .with_code(domain::ErrorCode::code(&RegisterPaymentError::NotFound))
    };
    if hash_id.len() > 64 || !hash_id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found());
    }
    let order_id: Uuid = sqlx::query_scalar("select order_id from rm_orders where hash_id = $1")
        .bind(hash_id)
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("finding the order: {e}")))?
        .ok_or_else(not_found)?;
    let stream = order_stream(order_id)?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    let order = loaded.state.placed().ok_or_else(not_found)?.clone();
    let now = Utc::now();

    // Refuse before the gateway is asked: an expired or paid order registers nothing.
    let probe = RegisterPayment {
        order_id,
        payment: PaymentRef { provider: String::new(), session_id: String::new(), token: String::new() },
        now,
    };
    order::decide_register_payment(&probe, &loaded.state).map_err(register_error)?;

    let language = headers_language(&headers);
    let session_id = order::next_payment_session(&order);
    let registration = state
        .gateway
        .register(RegisterTransaction {
            session_id: session_id.clone(),
            amount: order.to_pay,
            currency: "PLN".into(),
            description: description(&state, &order, language).await?,
            email: super::send::address(&order.customer.email),
            url_return: format!(
                "{}{}/order/after-payment?hash_id={}",
                state.public_url,
                language_prefix(language),
                order.hash_id
            ),
            url_status: format!("{}/api/payment/notify/{}", state.public_url, state.gateway.provider()),
            language,
        })
        .await
        .map_err(|e| ApiError::Unavailable(format!("registering the payment: {e}")))?;
    let command = RegisterPayment {
        order_id,
        payment: PaymentRef { provider: state.gateway.provider().to_owned(), session_id, token: registration.token },
        now,
    };
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command_id = Uuid::new_v5(&order_id, format!("pay-again/{}", command.payment.session_id).as_bytes());
    let (_, after) = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_register_payment(&command, o)
    })
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(e) => register_error(e),
        ExecuteError::Store(e) => e.into(),
    })?;
    // Two clicks at once register two transactions; the order records one, and both
    // answers send the customer to it.
    let placed = after.placed().ok_or_else(not_found)?;
    Ok(Data::new(PaymentAgain {
        payment_url: crate::payments::payment_url(&state, &placed.payment),
        expires_at: placed.expires_at,
    }))
}

async fn description(
    state: &CommandState,
    order: &OrderState,
    language: payment::Language,
) -> Result<String, ApiError> {
    let settings = state.settings.get(&state.pool).await?;
    let legs = order.legs().map(|l| (l.from_name.as_str(), l.to_name.as_str()));
    Ok(crate::payments::description(&settings.company_name, order.display_number(), legs, language))
}

fn register_error(e: RegisterPaymentError) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        RegisterPaymentError::NotFound => ApiError::NotFound("There is no such order.".into()),
        RegisterPaymentError::Expired => ApiError::Conflict("The reservation has expired.".into()),
        RegisterPaymentError::NotPending(_) | RegisterPaymentError::NothingToPay => {
            ApiError::Conflict("The order is not waiting for payment.".into())
        }
    }
    .with_code(code)
}
