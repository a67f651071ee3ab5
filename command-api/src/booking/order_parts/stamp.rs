//! `POST|PUT /course/stamp/save`: give or take back the stamp of a paid ticket.

use api_core::auth::AdminUser;
use api_core::values::{Sent, TicketNumber};
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::TicketStatus;
use event_store::Metadata;
use projections::stamps::StampsProjection;
use projections::Projection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{id_param, load_order};
use crate::aggregate::{self};
use crate::CommandState;

/// `POST /course/stamp/save`, `PUT /course/stamp/save?id={user}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StampInput {
    /// The account (required on POST; the `id` of a PUT).
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// A paid ticket of the user's own order (required).
    #[serde(default)]
    #[schema(inline, required = true)]
    pub ticket_number: Sent<TicketNumber>,
    /// `true` (default) gives the stamp, `false` takes it back.
    #[serde(default)]
    pub stamped: Option<bool>,
}

/// An account's id, in the document (a UUID).
pub struct AccountId;

impl utoipa::PartialSchema for AccountId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid))).into()
    }
}

impl ToSchema for AccountId {}

api_core::create_body!(
    /// The body of `POST /course/stamp/save`: [`StampInput`] with the account it needs.
    NewStampInput, StampInput, "user_id" => AccountId
);

/// What a stamp save did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StampSaved {
    pub user_id: Uuid,
    pub ticket_number: String,
    pub stamped: bool,
}

/// Give the stamp of a paid ticket of the user's own order (admin).
#[utoipa::path(post, path = "/api/course/stamp/save", tag = "order", security(("bearer" = [])), request_body = NewStampInput,
    responses((status = 200, description = "`{\"data\": StampSaved}`", body = Data<StampSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket"), (status = 409, description = "not the user's ticket, or not a valid paid ticket"),
        (status = 422, description = "user_id or ticket_number missing")))]
pub async fn create_stamp(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<StampInput>,
) -> Result<Data<StampSaved>, ApiError> {
    let user_id = input.user_id.ok_or_else(|| {
        ApiError::invalid_field("user_id", api_core::codes::FIELD_BLANK, "Please choose the account.")
    })?;
    stamp(&state, admin.id, user_id, &input.ticket_number, input.stamped.unwrap_or(true)).await.map(Data::new)
}

/// Give or take back the stamp of a ticket of the user's own order (admin).
#[utoipa::path(put, path = "/api/course/stamp/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the user")),
    request_body = StampInput,
    responses((status = 200, description = "`{\"data\": StampSaved}`", body = Data<StampSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket"), (status = 409, description = "not the user's ticket, or not a valid paid ticket"),
        (status = 422, description = "ticket_number missing, or id is not a UUID")))]
pub async fn update_stamp(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<StampInput>,
) -> Result<Data<StampSaved>, ApiError> {
    let user_id = id_param(&params, "a user id")?;
    stamp(&state, admin.id, user_id, &input.ticket_number, input.stamped.unwrap_or(true)).await.map(Data::new)
}

async fn stamp(
    state: &CommandState,
    admin: Uuid,
    user_id: Uuid,
    number: &Sent<TicketNumber>,
    stamped: bool,
) -> Result<StampSaved, ApiError> {
    let number = crate::booking::ticket_number::parse(number, "ticket_number").map_err(ApiError::field)?;
    let order_id = crate::payments::order_of_ticket(state, &number)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no ticket with this number.".into()))?;
    let order = load_order(state, order_id).await?;
    if order.user_id != Some(user_id) {
        return Err(ApiError::Conflict("The ticket is not of this user's order.".into()));
    }
    let ticket = order
        .ticket_by_number(&number)
        .ok_or_else(|| ApiError::NotFound("There is no ticket with this number.".into()))?;
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    };
    if stamped {
        if ticket.status != TicketStatus::Valid {
            return Err(ApiError::Conflict("Only a valid ticket of a paid order earns a stamp.".into()));
        }
        // The command's id names the card's version, so a stamp given again after it was
        // taken back is a new command, and a retry of this one is not.
        let card = event_store::StreamName::parse(domain::stamp_card::stream_name(user_id))
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let version = aggregate::load::<crate::aggregate::StampCardAgg>(state.store.as_ref(), &card).await?.version;
        let command_id = Uuid::new_v5(&ticket.ticket.ticket_id, format!("stamp/admin/{version:?}").as_bytes());
        crate::processes::effects::add_stamp(state, user_id, order_id, ticket.ticket.ticket_id, command_id, &metadata)
            .await
            .map_err(|e| ApiError::Conflict(format!("The stamp could not be given: {e}.")))?;
    } else {
        crate::processes::effects::remove_stamp(state, user_id, ticket.ticket.ticket_id, &metadata).await;
    }
    // The stamp list read next shows it.
    let card = event_store::StreamName::parse(domain::stamp_card::stream_name(user_id))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &card, StampsProjection.name()).await?;
    Ok(StampSaved { user_id, ticket_number: number, stamped })
}
