//! `POST /order/order/cancel-reservation?hash_id=`: the customer gives up a reservation
//! that waits for payment (issue 30), from the order's page, the payment page or the page
//! the gateway sends them back to. The hash id is the secret of the order's links, so a
//! guest needs no login, as for paying again; a logged-in customer is recorded as who did
//! it. The seats and the coupon value go back at once (and again, harmlessly, by the
//! reactions), the payment link stops working (a cancelled order registers and takes no
//! payment), and the answer waits for the order's read model, so the page that reloads
//! the order next shows it cancelled.

use api_core::auth::MaybeUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, CancelOrderError, CancelReservation};
use domain::ErrorCode;
use event_store::Metadata;
use serde::Serialize;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::processes::effects;
use crate::streams::order_stream;
use crate::CommandState;

/// The reservation, cancelled.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReservationCancelled {
    pub hash_id: String,
    /// Always `cancelled`.
    pub status: &'static str,
    /// The coupon value given back to the coupon, in grosz.
    pub coupon_refund: i64,
}

#[utoipa::path(post, path = "/api/order/order/cancel-reservation", tag = "order", security((), ("bearer" = [])),
    params(("hash_id" = inline(api_core::values::NotBlank), Query, description = "the order's public hash id (from its links)")),
    responses((status = 200, description = "`{\"data\": ReservationCancelled}`: cancelled (also when it was already)", body = Data<ReservationCancelled>),
        (status = 400, description = "no hash_id"), (status = 404, description = "no such order"),
        (status = 409, description = "the order is not waiting for payment (paid, expired…)")))]
#[tracing::instrument(skip(state, user, params))]
pub async fn cancel_reservation(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    params: Params,
) -> Result<Data<ReservationCancelled>, ApiError> {
    let hash_id = params
        .raw("hash_id")
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .ok_or_else(|| ApiError::BadRequest("hash_id is required".into()))?;
    let order_id = order_of_link(&state, hash_id).await?.ok_or_else(not_found)?;
    let now = Utc::now();
    let by_user_id = user.map(|u| u.id);
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = CancelReservation { order_id, by_user_id, now };
    let stream = order_stream(order_id)?;
    let (_, after) = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        Uuid::new_v5(&order_id, b"cancel-reservation"),
        &metadata,
        |o| order::decide_cancel_reservation(&command, o),
    )
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(CancelOrderError::NotFound) => not_found(),
        ExecuteError::Refused(e) => {
            ApiError::Conflict("This order is not waiting for payment, so it cannot be cancelled here.".into())
                .with_code(e.code())
        }
        ExecuteError::Store(e) => e.into(),
    })?;
    let placed = after.placed().ok_or_else(not_found)?;
    effects::after_end(&state, placed, effects::End::Cancelled, &metadata).await;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, "orders").await?;
    Ok(Data::new(ReservationCancelled {
        hash_id: placed.hash_id.clone(),
        status: "cancelled",
        coupon_refund: placed.coupon_amount(),
    }))
}

/// The order whose links carry `hash_id` (hex, as the placement makes them).
async fn order_of_link(state: &CommandState, hash_id: &str) -> Result<Option<Uuid>, ApiError> {
    if hash_id.len() > 64 || !hash_id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    sqlx::query_scalar("select order_id from rm_orders where hash_id = $1")
        .bind(hash_id)
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("finding the order: {e}")))
}

fn not_found() -> ApiError {
    ApiError::NotFound("There is no such order.".into()).with_code(CancelOrderError::NotFound.code())
}
