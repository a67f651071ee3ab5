//! `POST /order/order/cancel` (admin): cancel a pending or paid order. Its seats and
//! coupon value go back at once (and again, harmlessly, by the reactions).

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, CancelOrder, CancelOrderError, OrderEvent};
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::processes::effects;
use crate::streams::order_stream;
use crate::CommandState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CancelInput {
    /// The order (required).
    #[schema(value_type = Uuid, required = true)]
    id: Option<Uuid>,
    /// Why (kept with the event): at most 500 characters.
    #[serde(default)]
    #[schema(max_length = 500)]
    reason: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Cancelled {
    pub id: Uuid,
    pub status: &'static str,
    pub refund: i64,
    pub coupon_refund: i64,
}

#[utoipa::path(post, path = "/api/order/order/cancel", tag = "order", security(("bearer" = [])), request_body = CancelInput,
    responses((status = 200, description = "`{\"data\": Cancelled}`", body = Data<Cancelled>),
        (status = 403, description = "admins only"), (status = 404, description = "no such order"), (status = 409, description = "not cancellable"), (status = 422, description = "no order id, or not a UUID")))]
pub async fn cancel(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<CancelInput>,
) -> Result<Data<Cancelled>, ApiError> {
    let order_id = input
        .id
        .ok_or_else(|| ApiError::invalid_field("id", api_core::codes::FIELD_BLANK, "This field is required."))?;
    // Counted as sent, as the document's maxLength counts it.
    if input.reason.chars().count() > 500 {
        return Err(ApiError::invalid_field("reason", api_core::codes::FIELD_TOO_LONG, "At most 500 characters.")
            .with_params([("max", 500)]));
    }
    let reason = input.reason.trim();
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = CancelOrder { order_id, by_user_id: admin.id, reason: reason.to_owned(), now };
    let command_id = Uuid::new_v5(&order_id, b"cancel");
    let (events, after) = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id)?,
        command_id,
        &metadata,
        |o| order::decide_cancel(&command, o),
    )
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(CancelOrderError::NotFound) => ApiError::NotFound("There is no such order.".into())
            .with_code(domain::ErrorCode::code(&CancelOrderError::NotFound)),
        ExecuteError::Refused(e) => ApiError::Conflict(format!("{e}.")).with_code(domain::ErrorCode::code(&e)),
        ExecuteError::Store(e) => e.into(),
    })?;
    let (refund, coupon_refund) = match events.first() {
        Some(OrderEvent::OrderCancelled { refund, coupon_refund, .. }) => (*refund, *coupon_refund),
        _ => (0, 0),
    };
    if let Some(placed) = after.placed() {
        effects::after_end(&state, placed, effects::End::Cancelled, &metadata).await;
    }
    Ok(Data::new(Cancelled { id: order_id, status: "cancelled", refund, coupon_refund }))
}
