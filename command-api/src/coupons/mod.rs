//! Coupons: checking a code for the order form, spending and giving back value, and the
//! admin's issue and edit commands. Each is a command on the coupon's own stream
//! (`coupon-{CODE}`), so two orders can never spend the same value twice: the second
//! append finds the version moved, decides again on the new balance, and gets the rest.
//! A batch of coupons is one request and a process of its own ([`batch`]).

pub mod batch;

use api_core::auth::AdminUser;
use api_core::values::Money;
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use chrono::{DateTime, Utc};
use domain::coupon::{self, CouponError, CouponOrigin};
use domain::money::format_pln;
use event_store::{Metadata, StreamName};
use projections::coupons::CouponsProjection;
use projections::Projection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::aggregate::{self, CouponAgg, ExecuteError};
use crate::idempotency::NewId;
use crate::CommandState;

/// The form's field for the code.
const FIELD: &str = "coupon.code";

fn stream(code: &str) -> Result<StreamName, ApiError> {
    StreamName::parse(coupon::stream_name(code)).map_err(|_| spend_error(CouponError::NotFound))
}

/// A refusal to spend as the order form's answer.
pub fn spend_error(e: CouponError) -> ApiError {
    let message = match e {
        CouponError::NotFound => "This coupon code does not exist.",
        CouponError::Expired => "This coupon has expired.",
        CouponError::NothingLeft => "This coupon has been used up.",
        _ => "This coupon cannot be used.",
    };
    ApiError::refusal_on(FIELD, domain::ErrorCode::code(&e), message)
}

/// Give back to coupon `code` what order `order_id` spent and has not got back yet
/// (`refund_id` makes a retry harmless).
pub async fn refund_spend(state: &CommandState, code: &str, order_id: Uuid, refund_id: Uuid) -> Result<(), ApiError> {
    refund(state, code, order_id, refund_id, None).await
}

/// Give back `amount` (at most what the order spent and has not got back; `None`: all of
/// it) to the coupon.
pub async fn refund(
    state: &CommandState,
    code: &str,
    order_id: Uuid,
    refund_id: Uuid,
    amount: Option<i64>,
) -> Result<(), ApiError> {
    let stream = stream(code)?;
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: Utc::now(), ..Metadata::default() };
    let result = aggregate::execute::<CouponAgg, _, _>(state.store.as_ref(), &stream, refund_id, &metadata, |c| {
        let outstanding = match c {
            coupon::Coupon::Issued(issued) => issued.spent_by(order_id).map_or(0, |s| s.spent - s.refunded),
            coupon::Coupon::Unissued => 0,
        };
        let amount = amount.map_or(outstanding, |a| a.min(outstanding));
        if amount <= 0 {
            return Ok(vec![]);
        }
        coupon::decide_refund(&coupon::RefundCoupon { code: code.to_owned(), order_id, refund_id, amount }, c)
    })
    .await;
    match result {
        Ok(_) => Ok(()),
        Err(ExecuteError::Refused(CouponError::NotFound)) => Ok(()),
        Err(ExecuteError::Refused(e)) => Err(ApiError::Internal(format!("refunding coupon {code}: {e}"))),
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CheckInput {
    /// The code (required; blanks are refused).
    #[schema(inline, required = true)]
    #[serde(default)]
    code: api_core::values::Sent<api_core::values::Line<40>>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CouponAnswer {
    pub code: String,
    pub value: i64,
    pub value_formatted: String,
    pub initial_value: i64,
    pub expires_at: Option<DateTime<Utc>>,
}

/// `POST /order/coupon/check`: whether a code can be used now, and its value.
#[utoipa::path(post, path = "/api/order/coupon/check", tag = "order", request_body = CheckInput,
    responses((status = 200, description = "`{\"data\": CouponAnswer}`", body = Data<CouponAnswer>),
        (status = 422, description = "unknown, expired or used up (field coupon.code)")))]
pub async fn check(
    State(state): State<CommandState>,
    AppJson(input): AppJson<CheckInput>,
) -> Result<Data<CouponAnswer>, ApiError> {
    let code = match input.code.parsed() {
        Ok(code) => code.as_str(),
        Err(api_core::values::ValueError::Blank) => {
            return Err(ApiError::refusal_on(
                FIELD,
                domain::ErrorCode::code(&CouponError::EmptyCode),
                "Please enter a coupon code.",
            ))
        }
        // Longer than any code, or more than a line: no coupon has it.
        Err(_) => return Err(spend_error(CouponError::NotFound)),
    };
    let loaded = aggregate::load::<CouponAgg>(state.store.as_ref(), &stream(code)?).await?;
    let coupon::Coupon::Issued(c) = &loaded.state else { return Err(spend_error(CouponError::NotFound)) };
    if c.is_expired(Utc::now()) {
        return Err(spend_error(CouponError::Expired));
    }
    if c.current_value <= 0 {
        return Err(spend_error(CouponError::NothingLeft));
    }
    Ok(Data::new(CouponAnswer {
        code: c.code.clone(),
        value: c.current_value,
        value_formatted: format_pln(c.current_value),
        initial_value: c.initial_value,
        expires_at: c.expires_at,
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SaveInput {
    /// A new coupon's code: up to 40 letters, digits or dashes; one is made up when left out.
    #[schema(pattern = "^[A-Za-z0-9-]{1,40}$")]
    #[serde(default)]
    code: Option<String>,
    /// A new coupon's value in grosze, 1 to 100 000 000 (required on create).
    #[schema(minimum = 1, maximum = 100_000_000)]
    #[serde(default)]
    value: Option<i64>,
    /// On a change: the value left, 0 to 100 000 000 grosze.
    #[schema(value_type = Option<Money>)]
    #[serde(default)]
    current_value: Option<i64>,
    #[serde(default)]
    expires_at: Option<DateTime<Utc>>,
}

/// `POST /order/coupon/save` (admin): issue a coupon (with an `Idempotency-Key`, a repeat
/// answers the first answer); `PUT …/save?id=CODE`: change its current value or expiry.
#[utoipa::path(post, path = "/api/order/coupon/save", tag = "order", security(("bearer" = [])), request_body = SaveInput,
    params(("Idempotency-Key" = Option<String>, Header, description = "repeating a key repeats the first answer: 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    responses((status = 201, description = "`{\"data\": CouponAnswer}`", body = Data<CouponAnswer>),
        (status = 403, description = "admins only"), (status = 422, description = "bad code or value, or an expiry that has passed")))]
pub async fn create(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    NewId(command_id): NewId,
    AppJson(input): AppJson<SaveInput>,
) -> Result<impl IntoResponse, ApiError> {
    // A code is given as the document's pattern has it, or left out (`null`) for a made-up one.
    let code = match input.code.as_deref() {
        Some(code) => {
            check_code(code)?;
            coupon::normalize_code(code)
        }
        None => new_code(),
    };
    let value = input
        .value
        .ok_or_else(|| ApiError::invalid_field("value", api_core::codes::FIELD_BLANK, "This field is required."))?;
    check_value(value)?;
    check_expiry(input.expires_at)?;
    let metadata = Metadata { user_id: Some(admin.id.to_string()), occurred_at: Utc::now(), ..Metadata::default() };
    let command = coupon::IssueCoupon {
        code: code.clone(),
        value,
        expires_at: input.expires_at,
        user_id: None,
        origin: CouponOrigin::Admin,
    };
    let (_, after) =
        aggregate::execute::<CouponAgg, _, _>(state.store.as_ref(), &stream(&code)?, command_id, &metadata, |c| {
            coupon::decide_issue(&command, c)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(CouponError::AlreadyExists) => ApiError::refusal_on(
                "code",
                domain::ErrorCode::code(&CouponError::AlreadyExists),
                "A coupon with this code already exists.",
            ),
            ExecuteError::Refused(e) => ApiError::refusal_on("code", domain::ErrorCode::code(&e), &e.to_string()),
            ExecuteError::Store(e) => e.into(),
        })?;
    // What a client reads next (the coupon, the list) shows the new coupon.
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream(&code)?, CouponsProjection.name()).await?;
    Ok((StatusCode::CREATED, Data::new(answer(&after)?)))
}

/// `PUT /order/coupon/save?id=CODE` (admin): change a coupon's current value or expiry;
/// fields left out keep their values.
#[utoipa::path(put, path = "/api/order/coupon/save", tag = "order", security(("bearer" = [])), request_body = SaveInput,
    params(("id" = api_core::values::NotBlank, Query, description = "the coupon's code")),
    responses((status = 200, description = "`{\"data\": CouponAnswer}`", body = Data<CouponAnswer>),
        (status = 403, description = "admins only"), (status = 404, description = "no such coupon"),
        (status = 422, description = "a bad value or expiry")))]
pub async fn update(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<SaveInput>,
) -> Result<Data<CouponAnswer>, ApiError> {
    let code = params
        .raw("id")
        .map(str::to_string)
        .ok_or_else(|| ApiError::BadRequest("id (the coupon code) is required".into()))?;
    let stream = stream(&code).map_err(|_| ApiError::NotFound("There is no such coupon.".into()))?;
    // A change keeps the code and the first value; sent back with it (as a form does), they
    // still have to be what the document allows.
    input.code.as_deref().map(check_code).transpose()?;
    input.value.map(check_value).transpose()?;
    if let Some(v) = input.current_value {
        Money::new(v).map_err(|e| {
            ApiError::refusal_on("current_value", e.code(), "The value must be between 0 and 1 000 000 zł.")
                .with_params(e.params())
        })?;
    }
    let metadata = Metadata { user_id: Some(admin.id.to_string()), occurred_at: Utc::now(), ..Metadata::default() };
    let (_, after) =
        aggregate::execute::<CouponAgg, _, _>(state.store.as_ref(), &stream, Uuid::new_v4(), &metadata, |c| {
            let coupon::Coupon::Issued(issued) = c else { return Err(CouponError::NotFound) };
            let command = coupon::ChangeCoupon {
                code: issued.code.clone(),
                current_value: input.current_value.unwrap_or(issued.current_value),
                expires_at: input.expires_at.or(issued.expires_at),
            };
            coupon::decide_change(&command, c)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(CouponError::NotFound) => ApiError::NotFound("There is no such coupon.".into())
                .with_code(domain::ErrorCode::code(&CouponError::NotFound)),
            ExecuteError::Refused(e) => {
                ApiError::refusal_on("current_value", domain::ErrorCode::code(&e), &e.to_string())
            }
            ExecuteError::Store(e) => e.into(),
        })?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, CouponsProjection.name()).await?;
    Ok(Data::new(answer(&after)?))
}

/// A new coupon's expiry lies ahead: one already past would issue a coupon nobody can
/// use. (A change may set a past expiry: that is how an office ends a coupon at once.)
fn check_expiry(expires_at: Option<DateTime<Utc>>) -> Result<(), ApiError> {
    match expires_at {
        Some(at) if at <= Utc::now() => Err(ApiError::refusal_on(
            "expires_at",
            api_core::codes::COUPON_EXPIRY_PASSED,
            "The expiry date has passed: choose a later one.",
        )),
        _ => Ok(()),
    }
}

/// A code as the document's pattern has it: 1 to 40 letters, digits or dashes.
fn check_code(code: &str) -> Result<(), ApiError> {
    let valid = !code.is_empty() && code.len() <= 40 && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if valid {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "code",
            api_core::codes::FIELD_BAD_CHARACTERS,
            "A code has up to 40 letters, digits or dashes.",
        )
        .with_params([("max", 40)]))
    }
}

/// A coupon's first value: 1 grosz to 1 000 000 zł.
/// A new coupon's value: an amount ([`Money`]) of at least 1 grosz.
fn check_value(value: i64) -> Result<(), ApiError> {
    if value >= 1 && Money::new(value).is_ok() {
        Ok(())
    } else {
        Err(ApiError::refusal_on(
            "value",
            api_core::codes::FIELD_OUT_OF_RANGE,
            "The value must be between 0,01 zł and 1 000 000 zł.",
        )
        .with_params([("min", 1), ("max", Money::MAX)]))
    }
}

fn answer(c: &coupon::Coupon) -> Result<CouponAnswer, ApiError> {
    let coupon::Coupon::Issued(c) = c else { return Err(ApiError::Internal("the coupon is not issued".into())) };
    Ok(CouponAnswer {
        code: c.code.clone(),
        value: c.current_value,
        value_formatted: format_pln(c.current_value),
        initial_value: c.initial_value,
        expires_at: c.expires_at,
    })
}

/// A new code: `NK-` and 8 characters without look-alikes.
pub fn new_code() -> String {
    format!("NK-{}", crate::payments::random_code(8))
}
