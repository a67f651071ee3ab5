//! `POST /order/order/place`: the placement process.
//!
//! Placing an order spans streams, so it is a process with compensation, never one
//! transaction (docs/booking-rules.md, 'Placement is a process that undoes itself').
//! First the request is checked and priced
//! ([`prepare`]: the booking state, the courses, the return-trip rule, the discounts and
//! the order's number); then the process records itself for the recovery sweep and runs
//! its steps ([`steps`]), each with what undoes it:
//!
//! | step | on the stream | undone by |
//! |---|---|---|
//! | hold the seats, outbound then back | `course-{id}` (its single writer) | releasing the hold |
//! | spend the coupon | `coupon-{CODE}` | giving the spend back |
//! | register the payment | the gateway | nothing: an unpaid transaction lapses |
//! | record the order | `order-{id}` (expected: no stream) | — |
//!
//! A step that fails undoes the ones before it, in reverse, and the answer says why:
//! `409` when there are not enough seats, `422` for a bad coupon or input. The order
//! stream is the arbiter: whoever creates it first decides the order's fate. A process
//! that dies between steps leaves holds without an order; the recovery sweep
//! ([`crate::processes::recovery`]) burns such an order id with `OrderAbandoned` and
//! gives the seats and the coupon value back under the same derived ids
//! ([`domain::ids`]), and a placement that then tries to record its order finds the
//! stream taken and undoes its own steps.
//!
//! An `Idempotency-Key` is handled by the layer every creating command shares
//! ([`crate::idempotency`]); the order id is the key's ([`NewId`]).

pub mod numbers;
mod prepare;
mod steps;

use api_core::auth::MaybeUser;
use api_core::{ApiError, Data};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use payment::Language;
use serde::Serialize;
use uuid::Uuid;

use super::input::BookingInput;
use super::language::headers_language;
use crate::idempotency::NewId;
use crate::CommandState;

/// Where an order is sold, and so how it is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sale {
    /// On the website: paid through the gateway (or by a coupon alone).
    Online,
    /// At the carrier's office by the admin `admin`, paid there by `method`: the same
    /// seat, price and coupon rules, no gateway.
    Office { admin: Uuid, method: OfficePayment },
}

/// How an office sale is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OfficePayment {
    Cash,
    CardTerminal,
}

impl OfficePayment {
    /// The payment's provider as the order records it.
    pub fn provider(self) -> &'static str {
        match self {
            OfficePayment::Cash => "cash",
            OfficePayment::CardTerminal => "card_terminal",
        }
    }

    /// How an order whose payment's provider is `provider` was paid at the office, if it was.
    pub fn of_provider(provider: &str) -> Option<Self> {
        [OfficePayment::Cash, OfficePayment::CardTerminal].into_iter().find(|method| method.provider() == provider)
    }
}

/// The answer to a placed order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Placed {
    pub order_id: Uuid,
    pub hash_id: String,
    /// The readable order number people see (`NB-2026-000123`).
    pub number: String,
    pub status: &'static str,
    pub total: i64,
    pub total_formatted: String,
    pub coupon_amount: i64,
    pub coupon_amount_formatted: String,
    pub to_pay: i64,
    pub to_pay_formatted: String,
    pub expires_at: DateTime<Utc>,
    pub payment_url: String,
}

/// The handler: the booking state in, [`place_order`] under the request's order id.
#[utoipa::path(post, path = "/api/order/order/place", tag = "order",
    params(("Idempotency-Key" = Option<String>, Header, description = "repeating a key repeats the first answer: 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    request_body(content = crate::booking::input::required::PlaceOrderRequest, description = "The booking state (spec section 3)"),
    responses((status = 201, description = "`{\"data\": Placed}`: pending payment", body = Data<Placed>),
        (status = 409, description = "not enough seats"), (status = 422, description = "bad input, discount or coupon")))]
pub async fn place(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    NewId(order_id): NewId,
    headers: HeaderMap,
    body: Bytes,
) -> Result<(StatusCode, Data<Placed>), ApiError> {
    let input = BookingInput::from_body(&body)?;
    let placed =
        place_order(&state, user.map(|u| u.id), input, order_id, headers_language(&headers), Sale::Online).await?;
    Ok((StatusCode::CREATED, Data::new(placed)))
}

/// Run the placement for `order_id` (a retry with the same id converges: every step is
/// idempotent by the order id).
pub async fn place_order(
    state: &CommandState,
    user_id: Option<Uuid>,
    input: BookingInput,
    order_id: Uuid,
    language: Language,
    sale: Sale,
) -> Result<Placed, ApiError> {
    let placement = prepare::prepare(state, user_id, &input, order_id, language, sale).await?;
    // The process's own record first, so a crash from here on is undone.
    let (courses, holds): (Vec<Uuid>, Vec<Uuid>) = placement.legs().map(|l| (l.course.course_id, l.hold_id)).unzip();
    crate::processes::recovery::start(state, order_id, &courses, &holds, placement.coupon_code.as_deref()).await?;
    let outcome = steps::run(&placement).await;
    crate::processes::recovery::finish(state, order_id);
    outcome
}

/// A new order's id: UUID v7, time-ordered, so a new order's rows land at the right edge
/// of every index keyed by its id (the order, its events, its placement record) instead
/// of on a random page of each. It is not a secret: the public links use the hash id.
pub fn new_order_id() -> Uuid {
    Uuid::now_v7()
}
