//! `POST /order/order/place`: the placement process.
//!
//! Placing an order spans streams, so it is a process with compensation, never one
//! transaction (`ARCHITECTURE.md`):
//! 1. check the booking state and look up the courses, prices and discounts;
//! 2. hold the seats on the outbound course and, for a return, on the back course
//!    (through the course's single writer: concurrent orders share one append);
//! 3. spend the coupon;
//! 4. register the payment with the gateway;
//! 5. record `OrderPlaced` in the new order stream (expected: no stream).
//!
//! A step that fails undoes the ones before it (seats released, coupon value given
//! back) and the answer says why: `409` when there are not enough seats, `422` for a bad
//! coupon or input. The order stream is the arbiter: whoever creates it first decides
//! the order's fate. A process that dies between steps leaves holds without an order;
//! the recovery sweep ([`crate::processes::recovery`]) burns such an order id with
//! `OrderAbandoned` and gives the seats and the coupon value back, and a placement that
//! then tries to record its order finds the stream taken and undoes its own steps.

use api_core::auth::MaybeUser;
use api_core::{ApiError, Data};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Datelike, Duration, Utc};
use domain::coupon;
use domain::money::format_pln;
use domain::order::{self, CouponUse, Customer, InvoiceRequest, Leg, LegKind, PaymentRef, PlaceOrder};
use domain::seat_inventory::{self, HoldSeats, ReleaseReason, ReleaseSeats};
use event_store::{Metadata, StoreError, StreamName};
use payment::{Language, RegisterTransaction};
use serde::Serialize;
use uuid::Uuid;

use super::catalogue::{course_leg, discounts, CourseLeg};
use super::input::{check_all, BookingInput, CourseRef};
use super::pricing::price_lines;
use crate::aggregate::{self, CouponAgg, ExecuteError, OrderAgg};
use crate::coupons::spend_error;
use crate::holds::Holds;
use crate::{idempotency, CommandState};

const SCOPE: &str = "order.place";

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

/// The handler: idempotency around [`place_order`].
#[utoipa::path(post, path = "/api/order/order/place", tag = "order",
    params(("Idempotency-Key" = Option<String>, Header, description = "repeating a key repeats the first answer")),
    request_body(content = serde_json::Value, description = "The booking state (spec section 3): course, courseReturn, tickets, customer, invoice, coupon"),
    responses((status = 201, description = "`{\"data\": Placed}`: pending payment", body = Placed),
        (status = 409, description = "not enough seats"), (status = 422, description = "bad input, discount or coupon")))]
pub async fn place(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let input: BookingInput = serde_json::from_slice(&body)
        .map_err(|e| ApiError::BadRequest(format!("The order is not valid JSON of the booking state: {e}")))?;
    let user_id = user.as_ref().map(|u| u.id);
    let Some(key) = idempotency::key_of(&headers)? else {
        let placed = place_order(&state, user_id, input, new_order_id(), headers_language(&headers)).await?;
        return Ok((StatusCode::CREATED, Data::new(placed)).into_response());
    };
    // The key is the client's, per user: two users cannot collide on one.
    let scoped_key = format!("{}:{key}", user_id.map(|u| u.to_string()).unwrap_or_default());
    let hash = idempotency::request_hash(&body);
    let order_id = match idempotency::begin(&state.pool, SCOPE, &scoped_key, &hash, new_order_id()).await? {
        idempotency::Claim::Done(status, body) => return Ok((status, axum::Json(body)).into_response()),
        idempotency::Claim::Fresh(order_id) => order_id,
    };
    let outcome = place_order(&state, user_id, input, order_id, headers_language(&headers)).await;
    let (status, body) = match &outcome {
        Ok(placed) => (StatusCode::CREATED, serde_json::json!({ "data": placed })),
        Err(e) => (e.status(), error_body(e)),
    };
    idempotency::finish(&state.pool, SCOPE, &scoped_key, status, &body).await?;
    outcome.map(|placed| (StatusCode::CREATED, Data::new(placed)).into_response())
}

/// The error's body as the client sees it (kept for a repeated key): name, message,
/// status, code and, for a `422`, the field errors.
fn error_body(e: &ApiError) -> serde_json::Value {
    serde_json::json!(e.body())
}

pub(crate) fn language_prefix(language: Language) -> &'static str {
    match language {
        Language::En => "/en",
        Language::Pl => "",
    }
}

pub(crate) fn headers_language(headers: &HeaderMap) -> Language {
    let lang = headers.get("accept-language").and_then(|v| v.to_str().ok()).unwrap_or("pl");
    if lang.trim_start().starts_with("en") {
        Language::En
    } else {
        Language::Pl
    }
}

/// Run the placement for `order_id` (a retry with the same id converges: every step is
/// idempotent by the order id).
pub async fn place_order(
    state: &CommandState,
    user_id: Option<Uuid>,
    input: BookingInput,
    order_id: Uuid,
    language: Language,
) -> Result<Placed, ApiError> {
    let errors = check_all(&input);
    if !errors.is_empty() {
        return Err(ApiError::Validation { message: "The order is not complete.".into(), errors });
    }
    let settings = state.settings.get(&state.pool).await?;
    let outbound = leg_of(state, "course", input.course.as_ref()).await?;
    let back = match input.course_return.as_ref() {
        Some(course) => Some(leg_of(state, "courseReturn", Some(course)).await?),
        None => None,
    };
    if let Some(back) = &back {
        if back.departure_at <= outbound.arrival_at {
            return Err(ApiError::invalid_field(
                "courseReturn",
                "The return trip must leave after the outbound trip arrives.",
            ));
        }
    }
    let now = Utc::now();
    let expires_at = now + Duration::minutes(i64::from(settings.payment_time_minutes));
    let metadata = Metadata {
        correlation_id: Some(order_id),
        causation_id: None,
        user_id: user_id.map(|u| u.to_string()),
        occurred_at: now,
    };
    // 2. Seats. First the process's own record, so a crash from here on is undone.
    let out_hold = hold_id(order_id, LegKind::Outbound);
    let back_hold = hold_id(order_id, LegKind::Back);
    let mut courses = vec![outbound.course_id];
    let mut hold_ids = vec![out_hold];
    if let Some(back) = &back {
        courses.push(back.course_id);
        hold_ids.push(back_hold);
    }
    crate::processes::recovery::start(state, order_id, &courses, &hold_ids, input.coupon_code().as_deref()).await?;
    let outcome =
        run_steps(state, &input, order_id, user_id, language, &settings, outbound, back, now, expires_at, &metadata)
            .await;
    crate::processes::recovery::finish(state, order_id);
    outcome
}

#[allow(clippy::too_many_arguments)]
async fn run_steps(
    state: &CommandState,
    input: &BookingInput,
    order_id: Uuid,
    user_id: Option<Uuid>,
    language: Language,
    settings: &crate::settings::BookingSettings,
    outbound: CourseLeg,
    back: Option<CourseLeg>,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    metadata: &Metadata,
) -> Result<Placed, ApiError> {
    let ids: Vec<i64> = input.tickets.iter().filter_map(|t| t.discount_id).collect();
    // The order's number is taken beside the discounts' lookup: no round trip of its own.
    let (found, number) = tokio::try_join!(discounts(&state.pool, &ids), next_order_number(state, now))?;
    let lines = price_lines(&input.tickets, &found, &outbound, back.as_ref())?;
    let seats: u32 = lines.iter().map(|l| l.quantity).sum();
    let total: i64 = lines.iter().map(|l| l.total).sum();
    let holds = Holds::new(state, metadata.clone());
    let cutoff = u32::try_from(settings.sales_close_minutes).unwrap_or(0);
    let out_hold = hold_id(order_id, LegKind::Outbound);
    let back_hold = hold_id(order_id, LegKind::Back);
    let hold = |leg: &CourseLeg, hold_id: Uuid| HoldSeats {
        course_id: leg.course_id,
        hold_id,
        from_waypoint: leg.from_waypoint_id,
        to_waypoint: leg.to_waypoint_id,
        seats,
        expires_at,
        now,
        sale_cutoff_minutes: cutoff,
    };
    holds.hold(hold(&outbound, out_hold)).await.map_err(|e| e.for_field("course"))?;
    let mut undo = Undo { holds: vec![(outbound.course_id, out_hold)], coupon: None };
    if let Some(back) = &back {
        if let Err(e) = holds.hold(hold(back, back_hold)).await {
            undo.run(state, &holds, order_id).await;
            return Err(e.for_field("courseReturn"));
        }
        undo.holds.push((back.course_id, back_hold));
    }

    crate::failpoint("place-after-hold");

    // 3. The coupon.
    let coupon = match input.coupon_code() {
        None => None,
        Some(code) => match spend_coupon(state, &code, order_id, total, now, metadata).await {
            Ok(used) => {
                undo.coupon = Some(used.code.clone());
                Some(used)
            }
            Err(e) => {
                undo.run(state, &holds, order_id).await;
                return Err(e);
            }
        },
    };
    let coupon_amount = coupon.as_ref().map_or(0, |c| c.amount);
    let to_pay = total - coupon_amount;

    // 4. The payment.
    let hash_id = new_hash_id();
    let payment = if to_pay > 0 {
        let registration = state
            .gateway
            .register(RegisterTransaction {
                session_id: order_id.to_string(),
                amount: to_pay,
                currency: "PLN".into(),
                description: crate::payments::description(
                    &settings.company_name,
                    &number,
                    std::iter::once(&outbound).chain(back.as_ref()).map(|l| (l.from_name.as_str(), l.to_name.as_str())),
                    language,
                ),
                email: input.customer.email.trim().to_owned(),
                url_return: format!(
                    "{}{}/order/after-payment?hash_id={hash_id}",
                    state.public_url,
                    language_prefix(language)
                ),
                url_status: format!("{}/api/payment/notify/{}", state.public_url, state.gateway.provider()),
                language,
            })
            .await;
        match registration {
            Ok(r) => PaymentRef {
                provider: state.gateway.provider().to_owned(),
                session_id: order_id.to_string(),
                token: r.token,
            },
            Err(e) => {
                undo.run(state, &holds, order_id).await;
                return Err(ApiError::Unavailable(format!("registering the payment: {e}")));
            }
        }
    } else {
        PaymentRef { provider: "none".into(), session_id: order_id.to_string(), token: String::new() }
    };

    // 5. The order.
    let command = PlaceOrder {
        order_id,
        hash_id,
        number,
        now,
        expires_at,
        user_id,
        customer: customer_of(input),
        invoice: invoice_of(input),
        outbound: leg(LegKind::Outbound, &outbound, out_hold),
        back: back.as_ref().map(|b| leg(LegKind::Back, b, back_hold)),
        lines,
        coupon,
        total,
        to_pay,
        payment,
    };
    let stream = order_stream(order_id)?;
    let recorded =
        aggregate::execute_new::<OrderAgg, _, _>(state.store.as_ref(), &stream, order_id, metadata, |order| {
            order::decide_place(&command, order)
        })
        .await;
    let placed = match recorded {
        Ok((_, order::Order::Placed(placed))) => placed,
        Ok(_) => {
            undo.run(state, &holds, order_id).await;
            return Err(ApiError::Internal("the order was recorded in an unexpected state".into()));
        }
        Err(ExecuteError::Refused(order::PlaceOrderError::AlreadyExists)) => {
            // A retry of a placement that finished: answer it; one that was abandoned:
            // undo ours.
            let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
            if let order::Order::Placed(placed) = loaded.state {
                return Ok(answer(state, &placed));
            }
            undo.run(state, &holds, order_id).await;
            return Err(ApiError::Conflict(
                "The reservation took too long and was cancelled; please order again.".into(),
            ));
        }
        Err(ExecuteError::Refused(e)) => {
            undo.run(state, &holds, order_id).await;
            return Err(ApiError::Internal(format!("the order's figures do not hold together: {e}")));
        }
        Err(ExecuteError::Store(e)) => {
            undo.run(state, &holds, order_id).await;
            return Err(e.into());
        }
    };
    // A fully coupon-paid order needs no gateway: it is paid at once.
    if placed.to_pay == 0 {
        crate::payments::pay_without_gateway(state, order_id).await?;
    }
    Ok(answer(state, &placed))
}

fn answer(state: &CommandState, placed: &order::OrderState) -> Placed {
    let coupon_amount = placed.coupon.as_ref().map_or(0, |c| c.amount);
    Placed {
        order_id: placed.order_id,
        hash_id: placed.hash_id.clone(),
        number: placed.display_number().to_owned(),
        status: "pending_payment",
        total: placed.total,
        total_formatted: format_pln(placed.total),
        coupon_amount,
        coupon_amount_formatted: format_pln(coupon_amount),
        to_pay: placed.to_pay,
        to_pay_formatted: format_pln(placed.to_pay),
        expires_at: placed.expires_at,
        payment_url: crate::payments::payment_url(state, &placed.payment),
    }
}

/// The steps done so far, to undo when a later one fails.
struct Undo {
    holds: Vec<(Uuid, Uuid)>,
    coupon: Option<String>,
}

impl Undo {
    /// Give back what was taken. Failures are logged: the recovery sweep finishes the
    /// job (the holds and the spend are recorded under the order id).
    async fn run(&self, state: &CommandState, holds: &Holds, order_id: Uuid) {
        let release_id = Uuid::new_v5(&order_id, b"placement-undone");
        for (course_id, hold_id) in &self.holds {
            let release = ReleaseSeats { hold_id: *hold_id, release_id, seats: None, reason: ReleaseReason::Abandoned };
            if let Err(e) = holds.release(*course_id, release).await {
                tracing::warn!(%order_id, %course_id, error = %e, "could not release the seats of a failed placement");
            }
        }
        if let Some(code) = &self.coupon {
            if let Err(e) = crate::coupons::refund_spend(state, code, order_id, release_id).await {
                tracing::warn!(%order_id, code, error = %e, "could not give back the coupon of a failed placement");
            }
        }
    }
}

async fn leg_of(state: &CommandState, field: &str, course: Option<&CourseRef>) -> Result<CourseLeg, ApiError> {
    let (course_id, from, to) =
        course.and_then(CourseRef::parts).ok_or_else(|| ApiError::invalid_field(field, "Please select a ticket."))?;
    let leg = course_leg(&state.pool, field, course_id, from, to).await?;
    if !leg.sale_open {
        return Err(ApiError::invalid_field(field, "This course is not on sale."));
    }
    Ok(leg)
}

async fn spend_coupon(
    state: &CommandState,
    code: &str,
    order_id: Uuid,
    total: i64,
    now: DateTime<Utc>,
    metadata: &Metadata,
) -> Result<CouponUse, ApiError> {
    let code = coupon::normalize_code(code);
    let stream = StreamName::parse(coupon::stream_name(&code))
        .map_err(|_| ApiError::invalid_field("coupon.code", "This coupon code does not exist."))?;
    let command = coupon::SpendCoupon { code: code.clone(), order_id, wanted: total, now };
    let command_id = Uuid::new_v5(&order_id, b"coupon-spend");
    let (_, after) = aggregate::execute::<CouponAgg, _, _>(state.store.as_ref(), &stream, command_id, metadata, |c| {
        coupon::decide_spend(&command, c)
    })
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(e) => spend_error(e),
        ExecuteError::Store(e) => e.into(),
    })?;
    let amount = match &after {
        coupon::Coupon::Issued(c) => c.spent_by(order_id).map_or(0, |s| s.spent),
        coupon::Coupon::Unissued => 0,
    };
    Ok(CouponUse { code, amount })
}

/// The hold id of an order's leg: derived, so a retried placement holds nothing more.
pub fn hold_id(order_id: Uuid, kind: LegKind) -> Uuid {
    match kind {
        LegKind::Outbound => Uuid::new_v5(&order_id, b"hold-outbound"),
        LegKind::Back => Uuid::new_v5(&order_id, b"hold-back"),
    }
}

fn leg(kind: LegKind, leg: &CourseLeg, hold_id: Uuid) -> Leg {
    Leg {
        kind,
        course_id: leg.course_id,
        hold_id,
        route_id: leg.route_id,
        route_name: leg.route_name.clone(),
        from_waypoint_id: leg.from_waypoint_id,
        from_name: leg.from_name.clone(),
        to_waypoint_id: leg.to_waypoint_id,
        to_name: leg.to_name.clone(),
        departure_at: leg.departure_at,
        arrival_at: leg.arrival_at,
        unit_price: leg.unit_price,
    }
}

fn customer_of(input: &BookingInput) -> Customer {
    let c = &input.customer;
    Customer {
        first_name: c.first_name.trim().to_owned(),
        last_name: c.last_name.trim().to_owned(),
        email: c.email.trim().to_owned(),
        phone: c.phone.trim().to_owned(),
        notify_by_sms: c.notify_by_sms,
    }
}

fn invoice_of(input: &BookingInput) -> Option<InvoiceRequest> {
    let i = &input.invoice;
    i.is_selected.then(|| InvoiceRequest {
        country: i.country.as_deref().unwrap_or("PL").trim().to_owned(),
        vat_number: super::input::normalize_vat_number(&i.vat_number),
        company_name: i.company_name.trim().to_owned(),
        address: i.address.trim().to_owned(),
        postal_code: i.postal_code.trim().to_owned(),
        city: i.city.trim().to_owned(),
    })
}

/// A new order's id: UUID v7, time-ordered, so a new order's rows land at the right edge
/// of every index keyed by its id (the order, its events, its placement record) instead
/// of on a random page of each. It is not a secret: the public links use the hash id.
pub fn new_order_id() -> Uuid {
    Uuid::now_v7()
}

/// The next readable order number (`NB-2026-000123`): consecutive across orders (a
/// placement that fails after taking one leaves a gap, as a sequence does).
async fn next_order_number(state: &CommandState, now: DateTime<Utc>) -> Result<String, ApiError> {
    let sequence: i64 = sqlx::query_scalar("select nextval('order_number_seq')")
        .fetch_one(&state.pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("numbering the order: {e}")))?;
    let year = now.with_timezone(&chrono_tz::Europe::Warsaw).year();
    Ok(order::order_number(year, sequence))
}

/// A public, unguessable id for the order's links: 128 random bits, hex.
fn new_hash_id() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn order_stream(order_id: Uuid) -> Result<StreamName, ApiError> {
    StreamName::parse(order::stream_name(order_id)).map_err(|e: StoreError| ApiError::Internal(e.to_string()))
}

/// Used by the seat-hold helpers to name the course stream.
pub fn course_stream(course_id: Uuid) -> Result<StreamName, ApiError> {
    StreamName::parse(seat_inventory::stream_name(course_id)).map_err(|e| ApiError::Internal(e.to_string()))
}
