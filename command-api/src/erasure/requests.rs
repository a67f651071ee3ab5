//! Requests about personal data and the month the carrier has to answer them (RODO art.
//! 12(3)), in `privacy_requests`. The office records one received by letter, at the desk
//! or by e-mail (`POST /privacy/request/save`), then erases on the person's behalf
//! (`…/erase`: everything under the e-mail, [`super::person`]) or, for a copy of the data
//! (sent from `GET /privacy/request/export`), marks it answered (`…/close`). What a
//! person does themselves (an account deleted, a guest's erasure by link) is recorded
//! done at once. A request done keeps no e-mail: only the orders it covered and what was
//! done.

use api_core::auth::AdminUser;
use api_core::values::Email;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Months, NaiveDate, Utc};
use privacy::Actor;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use super::person::{self, KeptData, PersonErased, Whose};
use super::Request;
use crate::CommandState;

/// What is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A copy of the data (art. 15, 20).
    Export,
    /// Their erasure (art. 17).
    Erasure,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::Export => "export",
            Kind::Erasure => "erasure",
        }
    }
}

/// How the request came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// The customer deleted their account.
    Account,
    /// A guest, by the link e-mailed to their order's address.
    Link,
    Office(OfficeChannel),
}

/// How a request the office records came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OfficeChannel {
    Letter,
    Desk,
    Email,
}

impl Channel {
    fn code(self) -> &'static str {
        match self {
            Channel::Account => "account",
            Channel::Link => "link",
            Channel::Office(OfficeChannel::Letter) => "letter",
            Channel::Office(OfficeChannel::Desk) => "desk",
            Channel::Office(OfficeChannel::Email) => "email",
        }
    }
}

/// The day a request received today must be answered by: a month on (Warsaw).
fn respond_by() -> NaiveDate {
    let today = api_core::time::warsaw_today();
    today.checked_add_months(Months::new(1)).unwrap_or(today)
}

async fn next_number(pool: &PgPool) -> Result<String, ApiError> {
    let n: i64 = sqlx::query_scalar("select nextval('privacy_request_number_seq')").fetch_one(pool).await?;
    Ok(format!("RODO-{}-{n:06}", chrono::Datelike::year(&api_core::time::warsaw_today())))
}

/// A request the person made and saw done at once (by `by`, the customer, or none for a guest).
pub async fn record_done(
    pool: &PgPool,
    kind: Kind,
    channel: Channel,
    by: Option<Uuid>,
    erased: &PersonErased,
) -> Result<String, ApiError> {
    let number = next_number(pool).await?;
    sqlx::query(
        "insert into privacy_requests (id, number, kind, channel, respond_by, done_at, done_by, orders, outcome)
         values ($1, $2, $3, $4, $5, now(), $6, $7, $8)",
    )
    .bind(Uuid::now_v7())
    .bind(&number)
    .bind(kind.code())
    .bind(channel.code())
    .bind(respond_by())
    .bind(by)
    .bind(&erased.orders)
    .bind(erased.outcome())
    .execute(pool)
    .await?;
    Ok(number)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PrivacyRequestInput {
    pub kind: Kind,
    pub channel: OfficeChannel,
    /// Whose data: the e-mail address the person gave (their account's or their orders').
    pub email: Email,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PrivacyRequestStepInput {
    /// The request.
    pub id: Uuid,
}

/// A request after a step.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PrivacyRequestDone {
    /// The request (named so, not `id`: the document's `id` parameters are other things' ids).
    pub request_id: Uuid,
    /// `RODO-2026-000001`.
    pub number: String,
    /// The day the answer is due.
    pub respond_by: NaiveDate,
    pub done: bool,
    /// Orders whose personal data were erased now (an erasure).
    pub orders_erased: usize,
    /// What the law keeps for now, with until when and why (an erasure).
    pub kept: Vec<KeptData>,
}

/// Records a request the office received (admin).
#[utoipa::path(post, path = "/api/privacy/request/save", tag = "privacy", request_body = PrivacyRequestInput,
    security(("bearer" = [])),
    responses((status = 201, description = "`{\"data\": PrivacyRequestDone}`: recorded, due in a month", body = Data<PrivacyRequestDone>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "an unknown kind or channel, or not an e-mail address")))]
#[tracing::instrument(skip_all, fields(admin = %admin.0.id))]
pub async fn save(
    State(state): State<CommandState>,
    admin: AdminUser,
    AppJson(input): AppJson<PrivacyRequestInput>,
) -> Result<(StatusCode, Data<PrivacyRequestDone>), ApiError> {
    let id = Uuid::now_v7();
    let number = next_number(&state.pool).await?;
    let respond_by = respond_by();
    sqlx::query(
        "insert into privacy_requests (id, number, kind, channel, email, respond_by, recorded_by)
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(&number)
    .bind(input.kind.code())
    .bind(Channel::Office(input.channel).code())
    .bind(input.email.as_str())
    .bind(respond_by)
    .bind(admin.0.id)
    .execute(&state.pool)
    .await?;
    let done =
        PrivacyRequestDone { request_id: id, number, respond_by, done: false, orders_erased: 0, kept: Vec::new() };
    Ok((StatusCode::CREATED, Data::new(done)))
}

#[derive(sqlx::FromRow)]
struct Open {
    number: String,
    kind: String,
    email: Option<String>,
    respond_by: NaiveDate,
    done: bool,
}

/// Request `id` while open: its e-mail; 404 for none, 409 once done.
async fn open(pool: &PgPool, id: Uuid) -> Result<(Open, String), ApiError> {
    let request: Open = sqlx::query_as(
        "select number, kind, email, respond_by, done_at is not null as done from privacy_requests where id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(not_found)?;
    match request.email.clone() {
        Some(email) if !request.done => Ok((request, email)),
        _ => Err(done_already()),
    }
}

/// Marks request `id` done; `false` when another step was first.
async fn finish(pool: &PgPool, id: Uuid, by: Uuid, orders: &[String], outcome: &str) -> Result<bool, ApiError> {
    let finished = sqlx::query(
        "update privacy_requests set done_at = now(), done_by = $2, orders = $3, outcome = $4, email = null
         where id = $1 and done_at is null",
    )
    .bind(id)
    .bind(by)
    .bind(orders)
    .bind(outcome)
    .execute(pool)
    .await?;
    Ok(finished.rows_affected() == 1)
}

/// Erases, on the person's behalf, everything held under the request's e-mail as far as
/// the law allows now, and marks the request done (admin).
#[utoipa::path(post, path = "/api/privacy/request/erase", tag = "privacy", request_body = PrivacyRequestStepInput,
    security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": PrivacyRequestDone}`: erased; what stays, until when", body = Data<PrivacyRequestDone>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such request (`privacy.request_not_found`)"),
        (status = 409, description = "the request is done already (`privacy.request_done`), or asks for a copy, not an erasure (`privacy.not_erasure`)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip_all, fields(admin = %admin.0.id, id = %input.id))]
pub async fn erase(
    State(state): State<CommandState>,
    admin: AdminUser,
    AppJson(input): AppJson<PrivacyRequestStepInput>,
) -> Result<Data<PrivacyRequestDone>, ApiError> {
    let (request, email) = open(&state.pool, input.id).await?;
    if request.kind != Kind::Erasure.code() {
        return Err(ApiError::Conflict("This request asks for a copy of the data, not their erasure.".into())
            .with_code(api_core::codes::PRIVACY_NOT_ERASURE));
    }
    let reason = format!("wniosek {}", request.number);
    let asked = Request { actor: Actor::Admin, by: Some(admin.0.id), reason: &reason, now: Utc::now() };
    let erased = person::erase(&state, Whose::Email(&email), &asked).await?;
    if !finish(&state.pool, input.id, admin.0.id, &erased.orders, &erased.outcome()).await? {
        return Err(done_already());
    }
    Ok(Data::new(done(input.id, request, erased)))
}

/// Marks a request answered without erasing (the copy of the data was sent, or there was
/// nothing to erase) (admin).
#[utoipa::path(post, path = "/api/privacy/request/close", tag = "privacy", request_body = PrivacyRequestStepInput,
    security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": PrivacyRequestDone}`: done", body = Data<PrivacyRequestDone>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such request (`privacy.request_not_found`)"),
        (status = 409, description = "the request is done already (`privacy.request_done`)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip_all, fields(admin = %admin.0.id, id = %input.id))]
pub async fn close(
    State(state): State<CommandState>,
    admin: AdminUser,
    AppJson(input): AppJson<PrivacyRequestStepInput>,
) -> Result<Data<PrivacyRequestDone>, ApiError> {
    let (request, _) = open(&state.pool, input.id).await?;
    let outcome = if request.kind == Kind::Export.code() { "wydano kopię danych" } else { "zamknięto bez usuwania" };
    if !finish(&state.pool, input.id, admin.0.id, &[], outcome).await? {
        return Err(done_already());
    }
    Ok(Data::new(done(input.id, request, PersonErased::default())))
}

/// The answer of a step that finished request `id`.
fn done(id: Uuid, request: Open, erased: PersonErased) -> PrivacyRequestDone {
    PrivacyRequestDone {
        request_id: id,
        number: request.number,
        respond_by: request.respond_by,
        done: true,
        orders_erased: erased.orders_erased,
        kept: erased.kept,
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound("There is no such request.".into()).with_code(api_core::codes::PRIVACY_REQUEST_NOT_FOUND)
}

fn done_already() -> ApiError {
    ApiError::Conflict("This request is done already.".into()).with_code(api_core::codes::PRIVACY_REQUEST_DONE)
}
