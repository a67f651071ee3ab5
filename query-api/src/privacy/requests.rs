//! The office's list of requests about personal data, and the copy of the data one is
//! about.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, Scope};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::booking::my_data::{collect, MyData, Whose};
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "number", column: "r.number", kind: FieldType::Text },
    ListField { name: "kind", column: "r.kind", kind: FieldType::Text },
    ListField { name: "channel", column: "r.channel", kind: FieldType::Text },
    ListField { name: "state", column: "r.state", kind: FieldType::Text },
    ListField { name: "received_at", column: "r.received_at", kind: FieldType::Timestamp },
    ListField { name: "respond_by", column: "r.respond_by", kind: FieldType::Date },
    ListField { name: "days_left", column: "r.days_left", kind: FieldType::Integer },
    ListField { name: "done_at", column: "r.done_at", kind: FieldType::Timestamp },
];
/// Open ones first, nearest deadline first; then the done ones, newest first.
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "r.days_left asc nulls last, r.received_at desc" };
const COLUMNS: &str = "r.id, r.number, r.kind, r.channel, r.email, r.received_at, r.respond_by, r.days_left, r.state, \
    r.done_at, r.done_by_email, r.orders, r.outcome";
/// The requests with their state and days left on today's Warsaw date.
const FROM: &str = "(select q.*, case when q.done_at is null then 'open' else 'done' end as state, \
        case when q.done_at is null then q.respond_by - (now() at time zone 'Europe/Warsaw')::date end as days_left, \
        case when u.role = 'SuperAdmin' then u.email end as done_by_email \
    from privacy_requests q left join users u on u.id = q.done_by) r";

/// A request about personal data.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PrivacyRequestView {
    pub id: Uuid,
    /// `RODO-2026-000001`.
    pub number: String,
    /// `export` (a copy of the data) or `erasure`.
    pub kind: String,
    /// `account` (deleted by the customer), `link` (a guest, by the e-mailed link), `letter`, `desk` or `email`.
    pub channel: String,
    /// Whose data, while open; `null` once done.
    pub email: Option<String>,
    pub received_at: DateTime<Utc>,
    /// The day the answer is due (a month after it was received).
    pub respond_by: NaiveDate,
    /// Days left to answer (negative: overdue); `null` once done.
    pub days_left: Option<i32>,
    /// `open` or `done`.
    pub state: String,
    pub done_at: Option<DateTime<Utc>>,
    /// The admin who did it; `null` when the person did it themselves.
    pub done_by_email: Option<String>,
    /// The orders it covered, by number.
    pub orders: Vec<String>,
    /// What was done: orders erased, what stays until when (no personal value).
    pub outcome: Option<String>,
}

/// The requests about personal data, open ones by their deadline (admin).
#[utoipa::path(get, path = "/api/privacy/request/all", tag = "privacy", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "number, kind, channel, state, received_at, respond_by, days_left, done_at; \
            -field descends (default: open ones by days left, then newest)", pattern = "^-?(number|kind|channel|state|received_at|respond_by|days_left|done_at)(,-?(number|kind|channel|state|received_at|respond_by|days_left|done_at))*$"),
        ("filter[state][eq]" = Option<String>, Query, max_length = 200, description = "open or done"),
        ("filter[days_left][lte]" = Option<i64>, Query, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [PrivacyRequestView], \"pagination\": …}}`", body = Data<Page<PrivacyRequestView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<PrivacyRequestView>>, ApiError> {
    let q = query.parse(SPEC)?;
    Ok(Data::new(fetch_page::<PrivacyRequestView>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?))
}

/// Everything held under an open request's e-mail: the account with it, every order and
/// complaint naming it (admin; to send to the person).
#[utoipa::path(get, path = "/api/privacy/request/export", tag = "privacy", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the request's id")),
    responses((status = 200, description = "`{\"data\": MyData}`", body = Data<MyData>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such request (`privacy.request_not_found`)"),
        (status = 409, description = "the request is done: it names nobody any more (`privacy.request_done`)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn export(_: AdminUser, State(state): State<QueryState>, params: Params) -> Result<Data<MyData>, ApiError> {
    let id = params.uuid()?;
    let email: Option<Option<String>> = sqlx::query_scalar("select email from privacy_requests where id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?;
    match email {
        None => Err(ApiError::NotFound("There is no such request.".into())
            .with_code(api_core::codes::PRIVACY_REQUEST_NOT_FOUND)),
        Some(None) => Err(ApiError::Conflict("This request is done: it names nobody any more.".into())
            .with_code(api_core::codes::PRIVACY_REQUEST_DONE)),
        Some(Some(email)) => Ok(Data::new(collect(&state.pool, Whose::Email(&email)).await?)),
    }
}
