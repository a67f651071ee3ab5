//! `PUT /order/order-user/save?id=`: give an order placed without an account to the
//! customer's account.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, AssignOrderToUser, EditError};
use domain::ErrorCode;
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{id_param, reason};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// `PUT /order/order-user/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderUserInput {
    /// The customer's account (required).
    #[schema(value_type = Uuid, required = true)]
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub reason: api_core::values::Sent<api_core::values::Text<500>>,
}

/// What an order-user save did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderUserSaved {
    pub order_id: Uuid,
    pub user_id: Uuid,
}

/// Give an order placed without an account to a customer's account (admin).
#[utoipa::path(put, path = "/api/order/order-user/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the order")),
    request_body = OrderUserInput,
    responses((status = 200, description = "`{\"data\": OrderUserSaved}`", body = Data<OrderUserSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order or account"), (status = 409, description = "the order belongs to an account already"),
        (status = 422, description = "no account or reason given, or id is not a UUID")))]
pub async fn save_user(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderUserInput>,
) -> Result<Data<OrderUserSaved>, ApiError> {
    let order_id = id_param(&params, "an order id")?;
    let user_id = input.user_id.ok_or_else(|| {
        ApiError::invalid_field("user_id", api_core::codes::FIELD_BLANK, "Please choose the account.")
    })?;
    let reason = reason(&input.reason)?;
    let exists: bool = sqlx::query_scalar("select exists(select 1 from users where id = $1)")
        .bind(user_id)
        .fetch_one(&state.pool)
        .await?;
    if !exists {
        return Err(ApiError::NotFound("There is no such account.".into()));
    }
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = AssignOrderToUser { order_id, user_id, by_user_id: Some(admin.id), reason, now };
    let command_id = Uuid::new_v5(&order_id, format!("assign/{user_id}").as_bytes());
    match aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id)?,
        command_id,
        &metadata,
        |o| order::decide_assign_user(&command, o),
    )
    .await
    {
        Ok(_) | Err(ExecuteError::Refused(EditError::Unchanged)) => Ok(Data::new(OrderUserSaved { order_id, user_id })),
        Err(ExecuteError::Refused(EditError::NotFound)) => {
            Err(ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code()))
        }
        Err(ExecuteError::Refused(e)) => Err(ApiError::Conflict(format!("{e}.")).with_code(e.code())),
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}
