//! The complaints' lists and one complaint.

use api_core::auth::{AdminUser, AuthUser, Role};
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, Scope};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "number", column: "c.number", kind: FieldType::Text },
    ListField { name: "order_number", column: "c.order_number", kind: FieldType::Text },
    ListField { name: "email", column: "c.email", kind: FieldType::Text },
    ListField { name: "state", column: "c.state", kind: FieldType::Text },
    ListField { name: "days_left", column: "c.days_left", kind: FieldType::Integer },
    ListField { name: "filed_at", column: "c.filed_at", kind: FieldType::Timestamp },
    ListField { name: "respond_by", column: "c.respond_by", kind: FieldType::Date },
    ListField { name: "answer_by", column: "c.answer_by", kind: FieldType::Date },
];
/// Nearest deadline first; answered ones (no deadline left) last, newest first.
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "c.days_left asc nulls last, c.filed_at desc" };
/// A customer's own: newest first.
const MY_SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "c.filed_at desc" };
const COLUMNS: &str = "c.complaint_id, c.number, c.order_id, c.order_number, c.ticket_number, c.email, c.language, \
    c.user_id, c.text, c.attachments, c.state, c.filed_at, c.respond_by, c.answer_by, c.responded_at, c.answer, \
    c.answered_at, c.days_to_respond, c.days_to_answer, c.days_left, c.received_via";
/// The read table with the days left on today's Warsaw date.
const FROM: &str = "(select r.*, \
        case when r.responded_at is null then r.respond_by - d.today end as days_to_respond, \
        case when r.answered_at is null then r.answer_by - d.today end as days_to_answer, \
        case when r.responded_at is null then r.respond_by - d.today \
             when r.answered_at is null then r.answer_by - d.today end as days_left \
    from rm_complaints r cross join (select (now() at time zone 'Europe/Warsaw')::date as today) d) c";

/// An attachment as listed (its bytes at `/api/complaint/attachment/download?id=`).
#[derive(Debug, Clone, Serialize, serde::Deserialize, ToSchema)]
pub struct ComplaintAttachmentView {
    pub id: Uuid,
    pub name: String,
    /// jpeg, png, gif, webp or pdf (what its content is).
    pub kind: String,
    pub size: i64,
}

/// A complaint.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ComplaintView {
    #[sqlx(rename = "complaint_id")]
    pub id: Uuid,
    /// `RK-2026-000001`.
    pub number: String,
    pub order_id: Uuid,
    pub order_number: String,
    pub ticket_number: Option<String>,
    pub email: String,
    /// `pl` or `en`.
    pub language: String,
    pub user_id: Option<Uuid>,
    pub text: String,
    #[schema(value_type = Vec<ComplaintAttachmentView>)]
    pub attachments: Json<Vec<ComplaintAttachmentView>>,
    /// received, acknowledged, accepted, rejected or answered.
    pub state: String,
    pub filed_at: DateTime<Utc>,
    /// The 1-month deadline to say accepted, rejected or under consideration.
    pub respond_by: NaiveDate,
    /// The 3-month deadline for the final answer.
    pub answer_by: NaiveDate,
    pub responded_at: Option<DateTime<Utc>>,
    /// The final answer, as sent.
    pub answer: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    /// Days left to respond (negative: overdue); `null` once responded.
    pub days_to_respond: Option<i32>,
    /// Days left to answer (negative: overdue); `null` once answered.
    pub days_to_answer: Option<i32>,
    /// Days left to the open deadline; `null` once answered.
    pub days_left: Option<i32>,
    /// Filed by the office for a passenger who called (`phone`), wrote (`letter`) or came
    /// to the `desk`; `null`: filed online by the passenger.
    pub received_via: Option<String>,
}

/// The order a complaint is about, as the admin's page shows it beside the complaint
/// (its history: `/api/order/order/timeline?id=`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ComplaintOrder {
    pub order_id: Uuid,
    pub hash_id: String,
    pub number: String,
    pub status: String,
    pub route_name: String,
    pub departure_at: DateTime<Utc>,
    pub email: String,
}

/// A complaint with its order (when the order is in the read model).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplaintDetails {
    #[serde(flatten)]
    pub complaint: ComplaintView,
    pub order: Option<ComplaintOrder>,
}

/// The complaints, nearest deadline first (admin).
#[utoipa::path(get, path = "/api/complaint/complaint/all", tag = "complaint", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "number, order_number, email, state, days_left, filed_at, \
            respond_by, answer_by; -field descends (default: days_left, then newest)", pattern = "^-?(number|order_number|email|state|days_left|filed_at|respond_by|answer_by)(,-?(number|order_number|email|state|days_left|filed_at|respond_by|answer_by))*$"),
        ("filter[state][eq]" = Option<String>, Query, max_length = 200, description = "received, acknowledged, accepted, rejected, answered"),
        ("filter[days_left][lte]" = Option<i64>, Query, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [ComplaintView], \"pagination\": …}}`", body = Data<Page<ComplaintView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<ComplaintView>>, ApiError> {
    let q = query.parse(SPEC)?;
    Ok(Data::new(fetch_page::<ComplaintView>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?))
}

/// The logged-in customer's complaints, with the answers: those filed logged in, and those
/// filed as a guest with the account's e-mail (verified when the account was activated).
#[utoipa::path(get, path = "/api/complaint/complaint/my", tag = "complaint", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, pattern = "^-?(number|order_number|email|state|days_left|filed_at|respond_by|answer_by)(,-?(number|order_number|email|state|days_left|filed_at|respond_by|answer_by))*$")),
    responses((status = 200, description = "`{\"data\": {\"models\": [ComplaintView], \"pagination\": …}}`", body = Data<Page<ComplaintView>>),
        (status = 401, description = "no token"), (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query, user))]
pub async fn my(
    user: AuthUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<ComplaintView>>, ApiError> {
    let q = query.parse(MY_SPEC)?;
    // The user's id is a UUID (no quoting to escape); their e-mail is read in SQL.
    let mine = format!(
        "(select * from {FROM} where c.user_id = '{id}' or (c.user_id is null \
           and lower(c.email) = (select lower(email) from users where id = '{id}' and active))) c",
        id = user.id
    );
    Ok(Data::new(fetch_page::<ComplaintView>(&state.pool, COLUMNS, &mine, Scope::All, &q).await?))
}

/// One complaint with its order (the admin, or the customer who filed it logged in).
#[utoipa::path(get, path = "/api/complaint/complaint/one", tag = "complaint", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the complaint's id")),
    responses((status = 200, description = "`{\"data\": ComplaintDetails}`", body = Data<ComplaintDetails>),
        (status = 401, description = "no token"), (status = 403, description = "someone else's complaint"),
        (status = 404, description = "no such complaint"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params, user))]
pub async fn one(
    user: AuthUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<ComplaintDetails>, ApiError> {
    let id = params.uuid()?;
    let complaint: ComplaintView = sqlx::query_as(&format!("select {COLUMNS} from {FROM} where c.complaint_id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(not_found)?;
    may_see(&user, complaint.user_id, &complaint.email)?;
    let order: Option<ComplaintOrder> = sqlx::query_as(
        "select order_id, hash_id, number, status, route_name, departure_at, email from rm_orders where order_id = $1",
    )
    .bind(complaint.order_id)
    .fetch_optional(&state.pool)
    .await?;
    Ok(Data::new(ComplaintDetails { complaint, order }))
}

/// The admin sees every complaint; a customer those they filed logged in, and those filed
/// as a guest with their account's e-mail.
pub(super) fn may_see(user: &AuthUser, owner: Option<Uuid>, email: &str) -> Result<(), ApiError> {
    let guests_own = owner.is_none() && !email.is_empty() && email.eq_ignore_ascii_case(&user.email);
    if user.role == Role::SuperAdmin || owner == Some(user.id) || guests_own {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

pub(super) fn not_found() -> ApiError {
    ApiError::NotFound("There is no such complaint.".into()).with_code("complaint.not_found")
}
