//! `POST /order/order/save`: a sale at the carrier's office. An admin places the order
//! for a customer at the desk and takes the money there (cash or the card terminal,
//! recorded as the payment's provider; no gateway). It is the placement process of the
//! website ([`super::place::place_order`]) with [`Sale::Office`]: the same seat holds on
//! the same course streams, prices, discounts and coupon rules, so an office sale can
//! never oversell a course against online customers. The order belongs to no account
//! (it is the customer's, not the admin's); the events name the admin as who sold it.

use api_core::auth::AdminUser;
use api_core::{ApiError, Data};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use payment::Language;
use projections::orders::OrdersProjection;
use projections::Projection;
use serde::Deserialize;
use utoipa::ToSchema;

use super::input::BookingInput;
use super::place::{place_order, OfficePayment, Placed, Sale};
use crate::idempotency::NewId;
use crate::CommandState;

#[derive(Deserialize)]
struct Method {
    #[serde(default)]
    payment_method: Option<serde_json::Value>,
}

/// The body of an office sale, as the document states it: the booking state of `POST
/// /order/order/place` and how the customer pays. (The handler reads the two parts
/// apart, so a missing method is named on its field.)
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct OfficeSaleRequest {
    #[serde(flatten)]
    order: BookingInput,
    /// `cash` or `card_terminal`.
    payment_method: OfficePayment,
}

/// Sell an order at the office, paid there (admin).
#[utoipa::path(post, path = "/api/order/order/save", tag = "order", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "repeating a key repeats the first answer: 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    request_body(content = OfficeSaleRequest, description = "The booking state of `POST /order/order/place` and `payment_method`: `cash` or `card_terminal`"),
    responses((status = 201, description = "`{\"data\": Placed}`: paid", body = Data<Placed>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 409, description = "not enough seats"), (status = 422, description = "bad input, discount, coupon or payment method")))]
pub async fn sell(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    NewId(order_id): NewId,
    body: Bytes,
) -> Result<(StatusCode, Data<Placed>), ApiError> {
    let method: Method = serde_json::from_slice(&body)
        .map_err(|e| ApiError::BadRequest(format!("The order is not valid JSON of the booking state: {e}")))?;
    let method =
        method.payment_method.and_then(|m| serde_json::from_value::<OfficePayment>(m).ok()).ok_or_else(|| {
            ApiError::invalid_field(
                "payment_method",
                api_core::codes::FIELD_INVALID_CHOICE,
                "Please choose how the customer pays: cash or card_terminal.",
            )
        })?;
    let input = BookingInput::from_body(&body)?;
    let placed =
        place_order(&state, None, input, order_id, Language::Pl, Sale::Office { admin: admin.id, method }).await?;
    // The admin opens the order next: its page reads it from the orders read model.
    let stream = crate::streams::order_stream(placed.order_id)?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, OrdersProjection.name()).await?;
    Ok((StatusCode::CREATED, Data::new(placed)))
}
