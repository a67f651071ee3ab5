//! The office's list of messages (`GET /messages/message/all`, admin): every e-mail and
//! text message the outbox holds, newest first, with where it stands (queued, sent,
//! delivered, failed with the reason and the attempts) and the order it is about. The
//! bodies stay out of the list (they may hold tickets and personal data): the order's own
//! history says what each one was.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, Scope};
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "m.id", kind: FieldType::Integer },
    ListField { name: "kind", column: "m.kind", kind: FieldType::Text },
    ListField { name: "channel", column: "m.channel", kind: FieldType::Text },
    ListField { name: "recipient", column: "m.recipient", kind: FieldType::Text },
    ListField { name: "state", column: "m.state", kind: FieldType::Text },
    ListField { name: "attempts", column: "m.attempts", kind: FieldType::Integer },
    ListField { name: "order_number", column: "m.order_number", kind: FieldType::Text },
    ListField { name: "created_at", column: "m.created_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "m.created_at desc, m.id desc" };
const COLUMNS: &str = "m.id, m.order_id, m.order_number, m.kind, m.channel, m.recipient, m.subject, m.state, \
    m.attempts, m.last_error, m.created_at, m.sent_at, m.delivered_at, m.next_attempt_at";
const FROM: &str =
    "(select x.*, o.number as order_number from outbox x left join rm_orders o on o.order_id = x.order_id) m";

/// A message and where it stands.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MessageView {
    pub id: i64,
    pub order_id: Option<Uuid>,
    pub order_number: Option<String>,
    /// What it is: `tickets-email`, `disruption/{notice}`, `disruption/{notice}/sms`,
    /// `payment-link`, `mail` (an account's e-mail), …
    pub kind: String,
    /// `email` or `sms`.
    pub channel: String,
    pub recipient: String,
    /// An e-mail's subject (empty for a text message).
    pub subject: String,
    /// `queued`, `sent`, `delivered` or `failed`.
    pub state: String,
    pub attempts: i32,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// A queued message's next attempt.
    pub next_attempt_at: DateTime<Utc>,
}

/// The messages, newest first (admin).
#[utoipa::path(get, path = "/api/messages/message/all", tag = "messages", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, kind, channel, recipient, state, attempts, order_number, created_at; -field descends (default: newest)",
            pattern = "^-?(id|kind|channel|recipient|state|attempts|order_number|created_at)(,-?(id|kind|channel|recipient|state|attempts|order_number|created_at))*$"),
        ("filter[state][eq]" = Option<String>, Query, max_length = 200, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [MessageView], \"pagination\": …}}`", body = Data<Page<MessageView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<MessageView>>, ApiError> {
    let q = query.parse(SPEC)?;
    Ok(Data::new(fetch_page::<MessageView>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?))
}

pub fn router() -> Router<QueryState> {
    Router::new().route("/messages/message/all", get(all))
}

/// The messages' reads in `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(all),
    components(schemas(MessageView)),
    tags((name = "messages", description = "Every e-mail and text message and where it stands"),
        (name = "sms", description = "The SMS gateway's delivery reports"))
)]
pub struct MessagesApi;
